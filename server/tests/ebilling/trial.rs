//! `POST /api/ebilling/test` and `/admin/ebilling/test`: a trial factura signed with the stored
//! certificate, sent to the SRI stand-in (`SRI_URL`), each step reported; refused without a
//! certificate; the set-up page shows the facts and never the file.

use std::time::Duration;

use mostrador::models::auth::user::Role;
use mostrador::services::signing::certificate::MISSING;
use mostrador::sri::simulator::FaultRule;

use super::support::upload_certificate;
use crate::sri::support::{RUC, SriTest};
use crate::sri::testpki::PASSWORD;
use crate::util::{Backend, Client, on_both_backends};

on_both_backends!(
    trial_signs_sends_and_reports_each_step,
    trial_reports_a_devuelta_and_needs_a_certificate,
    setup_page_shows_the_facts_and_ambiente,
);

const ADMIN: &str = "admin@prueba.ec";

/// The admin's client on a router whose `SRI_URL` is the stand-in.
async fn admin_on_simulator(t: &SriTest) -> Client {
    let admin = t.app.signed_in(ADMIN).await;
    let base = t.sim.base_url();
    let router = t
        .app
        .router_with(move |config| {
            config.sri.base_url = Some(base);
            config.sri.authorization_delay = Duration::from_millis(50);
        })
        .await;
    t.app.client_on(router, &admin)
}

async fn trial_signs_sends_and_reports_each_step(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    t.app.user(RUC, ADMIN, Role::Admin, None).await;
    upload_certificate(&t.app, ADMIN).await;
    let mut admin = admin_on_simulator(&t).await;
    let r = admin
        .post_json("/api/ebilling/test", serde_json::json!({}))
        .await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.text());
    let body = r.json();
    assert_eq!(body["ok"], true, "{body}");
    let steps = body["steps"].as_array().unwrap();
    let names: Vec<&str> = steps.iter().map(|s| s["step"].as_str().unwrap()).collect();
    assert_eq!(names, ["firma", "recepción", "autorización"]);
    assert!(steps.iter().all(|s| s["ok"] == true), "{body}");
    assert_eq!(steps[1]["detail"], "RECIBIDA por el SRI");
    assert!(
        steps[2]["detail"]
            .as_str()
            .unwrap()
            .starts_with("AUTORIZADO"),
        "{body}"
    );
    let key = body["accessKey"].as_str().unwrap();
    assert_eq!(key.len(), 49);
    assert_eq!(&key[23..24], "1", "ambiente de pruebas en la clave");
    // The stand-in really received it; the shop's data did not change.
    assert_eq!(t.sim.handle.receptions(key), 1);
    let queued = t
        .app
        .db(|conn| {
            use diesel::prelude::*;
            mostrador::db::schema::sri_documents::table
                .count()
                .get_result::<i64>(conn)
                .unwrap()
        })
        .await;
    assert_eq!(queued, 0, "la prueba no entra en la cola");
    assert!(!r.text().contains(PASSWORD));
}

async fn trial_reports_a_devuelta_and_needs_a_certificate(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    t.app.user(RUC, ADMIN, Role::Admin, None).await;
    let mut admin = admin_on_simulator(&t).await;
    let missing = admin
        .post_json("/api/ebilling/test", serde_json::json!({}))
        .await;
    assert_eq!(missing.status.as_u16(), 409);
    assert_eq!(missing.message(), MISSING);
    upload_certificate(&t.app, ADMIN).await;
    t.sim.handle.set_reception(FaultRule::reject(35).times(1));
    let r = admin
        .post_json("/api/ebilling/test", serde_json::json!({}))
        .await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.text());
    let body = r.json();
    assert_eq!(body["ok"], false);
    let steps = body["steps"].as_array().unwrap();
    assert_eq!(steps[0]["ok"], true);
    assert_eq!(steps[1]["ok"], false);
    assert!(
        steps[1]["detail"]
            .as_str()
            .unwrap()
            .starts_with("DEVUELTA: [ERROR 35]"),
        "{body}"
    );
    assert_eq!(steps[2]["ok"], false);
    assert!(
        steps[2]["detail"]
            .as_str()
            .unwrap()
            .starts_with("No se ejecutó")
    );
}

async fn setup_page_shows_the_facts_and_ambiente(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    t.app.user(RUC, ADMIN, Role::Admin, None).await;
    t.app
        .user(RUC, "cajero@prueba.ec", Role::Cashier, Some("001"))
        .await;
    let mut admin = t.app.signed_in(ADMIN).await;
    let before = admin.get("/admin/ebilling/test").await;
    assert_eq!(before.status.as_u16(), 200);
    assert!(
        before
            .text()
            .contains("La empresa no tiene un certificado de firma electrónica")
    );
    let facts = upload_certificate(&t.app, ADMIN).await;
    let page = admin.get("/admin/ebilling/test").await.text();
    assert!(page.contains(facts["serial"].as_str().unwrap()), "facts");
    assert!(page.contains("AC PRUEBAS MOSTRADOR"));
    assert!(page.contains("Pruebas: los comprobantes no tienen validez tributaria"));
    assert!(!page.contains(PASSWORD));
    let mut cashier = t.app.signed_in("cajero@prueba.ec").await;
    assert_eq!(
        cashier.get("/admin/ebilling/test").await.status.as_u16(),
        403
    );
}
