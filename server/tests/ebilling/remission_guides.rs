//! `/api/ebilling/remissionGuide`: electronic guías de remisión, standalone and from an inventory
//! transfer, signed with the company's stored certificate, taken by the real queue worker to the
//! SRI stand-in until AUTORIZADO; the signed XML verifies with `xmlsec1`; stock never moves;
//! validation errors store nothing and leave no gap in the numbers; one guía per transfer; another
//! company sees nothing; a DEVUELTA guía is corrected and resent with the same clave, by its own
//! route and by the documents' generic one.

use std::process::Command;
use std::time::{Duration, Instant};

use chrono::TimeDelta;
use diesel::prelude::*;
use mostrador::models::auth::user::Role;
use mostrador::sri::simulator::FaultRule;
use mostrador::sri::validate::ecuador_today;
use serde_json::{Value, json};

use super::support::{statements, upload_certificate};
use crate::sri::support::{RUC, SriTest};
use crate::sri::testpki::TestPki;
use crate::util::{Backend, Client, on_both_backends};

on_both_backends!(
    standalone_and_transfer_guides_reach_autorizado,
    validation_errors_store_nothing_and_numbers_stay_gapless,
    another_company_gets_404,
    two_guides_for_one_transfer_at_once,
    devuelta_guides_are_corrected_and_resent_with_the_same_clave,
    the_list_costs_the_same_queries_for_one_guide_or_many,
);

const ADMIN: &str = "admin@guias.ec";
const CASHIER: &str = "cajero@guias.ec";
const OTHER_RUC: &str = "0992345678001";
const OTHER_ADMIN: &str = "admin@otra.ec";

/// The stand-in, the company with its certificate, an admin and a cashier of branch 001.
async fn setup(backend: Backend) -> SriTest {
    let t = SriTest::new(backend, Duration::ZERO).await;
    t.app.user(RUC, ADMIN, Role::Admin, None).await;
    t.app.user(RUC, CASHIER, Role::Cashier, Some("001")).await;
    upload_certificate(&t.app, ADMIN).await;
    t
}

fn today() -> String {
    ecuador_today().to_string()
}

/// A standalone guía's body: one recipient, a product line and a free line.
fn standalone(product_id: i64) -> Value {
    json!({
        "originAddress": "Bodega central, Panamericana Norte km 5, Quito",
        "carrier": { "idType": "ruc", "identification": "1790016919001", "name": "Transportes Andinos Cía. Ltda." },
        "plate": "pba 1234",
        "startDate": today(),
        "endDate": (ecuador_today() + TimeDelta::days(1)).to_string(),
        "recipients": [{
            "idType": "cedula",
            "identification": "1710034065",
            "name": "Juan Pérez",
            "address": "Av. 9 de Octubre 100, Guayaquil",
            "reason": "Venta",
            "route": "Quito - Guayaquil",
            "lines": [
                { "productId": product_id, "quantity": "2" },
                { "code": "CAJ-1", "description": "Cajas de cartón", "quantity": "1.5" }
            ]
        }]
    })
}

/// A product with 10 units in the default warehouse, a second warehouse, and a transfer of 3 units
/// between them; answers `(product id, transfer id)`.
async fn product_and_transfer(c: &mut Client) -> (i64, i64) {
    let product = c
        .post_json(
            "/api/item/register",
            json!({ "code": "AR-1", "name": "Arroz 1 kg", "price": "1.25", "ivaCode": "4",
                    "unit": "unidad", "minStock": "0" }),
        )
        .await;
    assert_eq!(product.status.as_u16(), 201, "{}", product.text());
    let product = product.json()["_id"].as_i64().unwrap();
    let main = crate::inventory::stock::default_cellar(c).await;
    let second = c
        .post_json(
            "/api/inventory/cellar/register",
            json!({ "name": "Bodega trasera" }),
        )
        .await;
    assert_eq!(second.status.as_u16(), 201, "{}", second.text());
    let second = second.json()["_id"].as_i64().unwrap();
    let entry = c
        .post_json(
            "/api/inventory/adjustment/register",
            json!({ "cellarId": main, "reason": "Inventario inicial",
                    "lines": [{ "productId": product, "quantity": "10", "unitCost": "2" }] }),
        )
        .await;
    assert_eq!(entry.status.as_u16(), 201, "{}", entry.text());
    let transfer = c
        .post_json(
            "/api/inventory/transfer/register",
            json!({ "fromCellarId": main, "toCellarId": second, "carrierName": "Pedro Chofer",
                    "carrierIdentification": "1710034065", "plate": "gbc-123",
                    "startDate": today(), "endDate": today(),
                    "lines": [{ "productId": product, "quantity": "3" }] }),
        )
        .await;
    assert_eq!(transfer.status.as_u16(), 201, "{}", transfer.text());
    (product, transfer.json()["_id"].as_i64().unwrap())
}

/// Polls `GET /api/ebilling/remissionGuide/{id}` (as the page does) until the state is
/// `authorized`; answers the last detail.
async fn until_authorized(c: &mut Client, id: i64) -> Value {
    until_state(c, id, "authorized").await
}

/// Polls `GET /api/ebilling/remissionGuide/{id}` until the state is `state`; the last detail.
async fn until_state(c: &mut Client, id: i64, state: &str) -> Value {
    let started = Instant::now();
    loop {
        let r = c.get(&format!("/api/ebilling/remissionGuide/{id}")).await;
        assert_eq!(r.status.as_u16(), 200, "{}", r.text());
        let guide = r.json();
        if guide["state"] == state {
            return guide;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "la guía no llegó a {state}: {guide}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The signed XML of queue document `document_id` verifies with `xmlsec1` against the test
/// certificate.
async fn verify_with_xmlsec(t: &SriTest, document_id: i64) -> String {
    let xml = t.doc(document_id).await.signed_xml;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("guia.xml");
    let cert = dir.path().join("firma.pem");
    std::fs::write(&file, &xml).unwrap();
    std::fs::write(&cert, &TestPki::get().signing_cert_pem).unwrap();
    let v = Command::new("xmlsec1")
        .args([
            "--verify",
            "--pubkey-cert-pem",
            cert.to_str().unwrap(),
            "--id-attr:id",
            "guiaRemision",
            file.to_str().unwrap(),
        ])
        .output()
        .expect("xmlsec1");
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    xml
}

/// `(guías, their lines, queue documents)` stored.
async fn counts(t: &SriTest) -> (i64, i64, i64) {
    t.app
        .db(|conn| {
            use mostrador::db::schema::{remission_guide_lines, remission_guides, sri_documents};
            (
                remission_guides::table.count().get_result(conn).unwrap(),
                remission_guide_lines::table
                    .count()
                    .get_result(conn)
                    .unwrap(),
                sri_documents::table.count().get_result(conn).unwrap(),
            )
        })
        .await
}

async fn standalone_and_transfer_guides_reach_autorizado(backend: Backend) {
    let t = setup(backend).await;
    let mut admin = t.app.signed_in(ADMIN).await;
    let mut cashier = t.app.signed_in(CASHIER).await;
    let (product, transfer) = product_and_transfer(&mut admin).await;
    let stock = |v: Value| v["stock"].clone();
    assert_eq!(
        stock(admin.get(&format!("/api/item/{product}")).await.json()),
        "10"
    );
    let kardex_before = admin
        .get(&format!(
            "/api/inventory/kardex?productId={product}&limit=100"
        ))
        .await;
    assert_eq!(
        kardex_before.status.as_u16(),
        200,
        "{}",
        kardex_before.text()
    );
    let kardex_before = kardex_before.text();

    // The page: nothing issued yet, the transfer offered (and preselected from the transfers
    // screen's link).
    let page = admin
        .get(&format!(
            "/admin/ebilling/guiaDeRemision?transferId={transfer}"
        ))
        .await;
    assert_eq!(page.status.as_u16(), 200, "{}", page.text());
    let html = page.text();
    assert!(html.contains("Aún no se han emitido guías"), "{html}");
    assert!(html.contains("Transferencia 1 ·"), "{html}");
    assert!(html.contains("Traslado entre establecimientos"), "{html}");

    // Standalone, by a cashier (every role issues guías).
    let r = cashier
        .post_json("/api/ebilling/remissionGuide/register", standalone(product))
        .await;
    assert_eq!(r.status.as_u16(), 201, "{}", r.text());
    let first = r.json();
    assert_eq!(first["number"], "001-001-000000001");
    assert_eq!(first["plate"], "PBA-1234");
    assert_eq!(first["transferId"], Value::Null);
    assert_eq!(first["lines"].as_array().unwrap().len(), 2);
    assert_eq!(first["lines"][0]["code"], "AR-1");
    assert_eq!(first["lines"][0]["description"], "Arroz 1 kg");
    assert_eq!(first["lines"][1]["quantity"], "1.5");
    assert_eq!(first["accessKey"].as_str().unwrap().len(), 49);

    // From the transfer: carrier and plate from the body, recipient the company itself.
    let r = admin
        .post_json(
            "/api/ebilling/remissionGuide/register",
            json!({ "transferId": transfer,
                    "carrier": { "idType": "cedula", "identification": "1710034065", "name": "Pedro Chofer" },
                    "plate": "GBC-123", "startDate": today(), "endDate": today() }),
        )
        .await;
    assert_eq!(r.status.as_u16(), 201, "{}", r.text());
    let second = r.json();
    assert_eq!(second["number"], "001-001-000000002");
    assert_eq!(second["transferId"], transfer);
    assert_eq!(second["lines"][0]["quantity"], "3");

    let _worker = t.worker();
    let first = until_authorized(&mut admin, first["_id"].as_i64().unwrap()).await;
    let second = until_authorized(&mut cashier, second["_id"].as_i64().unwrap()).await;
    assert_eq!(first["stateName"], "autorizado");
    assert!(
        first["document"]["authorizationNumber"].is_string(),
        "{first}"
    );
    assert!(second["messages"].is_array());
    assert_eq!(second["document"]["type"], "guiaRemision");

    let xml = verify_with_xmlsec(&t, first["documentId"].as_i64().unwrap()).await;
    assert!(xml.contains("<placa>PBA-1234</placa>"), "{xml}");
    assert!(xml.contains("<rucTransportista>1790016919001</rucTransportista>"));
    assert!(xml.contains("<identificacionDestinatario>1710034065</identificacionDestinatario>"));
    let xml = verify_with_xmlsec(&t, second["documentId"].as_i64().unwrap()).await;
    assert!(
        xml.contains("<motivoTraslado>Traslado entre establecimientos</motivoTraslado>"),
        "{xml}"
    );
    assert!(xml.contains(&format!(
        "<identificacionDestinatario>{RUC}</identificacionDestinatario>"
    )));
    assert!(xml.contains("<codEstabDestino>001</codEstabDestino>"));
    assert!(xml.contains("<descripcion>Arroz 1 kg</descripcion>"));

    // The guías moved no stock.
    assert_eq!(
        stock(admin.get(&format!("/api/item/{product}")).await.json()),
        "10"
    );
    assert_eq!(
        admin
            .get(&format!(
                "/api/inventory/kardex?productId={product}&limit=100"
            ))
            .await
            .text(),
        kardex_before
    );

    // One guía per transfer.
    let again = admin
        .post_json(
            "/api/ebilling/remissionGuide/register",
            json!({ "transferId": transfer,
                    "carrier": { "idType": "cedula", "identification": "1710034065", "name": "Pedro Chofer" },
                    "plate": "GBC-123", "startDate": today(), "endDate": today() }),
        )
        .await;
    assert_eq!(again.status.as_u16(), 409, "{}", again.text());
    assert!(
        again.message().contains("ya tiene la guía"),
        "{}",
        again.message()
    );
    assert_eq!(counts(&t).await, (2, 3, 2));

    let list = cashier.get("/api/ebilling/remissionGuide").await;
    assert_eq!(list.status.as_u16(), 200, "{}", list.text());
    assert_eq!(list.json()["total"], 2);
    // The page offers no transfer that already has its guía, and lists the guías.
    let page = admin.get("/admin/ebilling/guiaDeRemision").await;
    assert_eq!(page.status.as_u16(), 200);
    let html = page.text();
    assert!(html.contains("001-001-000000002"), "{html}");
    assert!(!html.contains("Transferencia 1 ·"), "{html}");
}

/// The body of a guía for `transfer`.
fn from_transfer(transfer: i64) -> Value {
    json!({ "transferId": transfer,
            "carrier": { "idType": "cedula", "identification": "1710034065", "name": "Pedro Chofer" },
            "plate": "GBC-123", "startDate": today(), "endDate": today() })
}

async fn two_guides_for_one_transfer_at_once(backend: Backend) {
    let t = setup(backend).await;
    let mut a = t.app.signed_in(ADMIN).await;
    let mut b = t.app.signed_in(CASHIER).await;
    let (_, transfer) = product_and_transfer(&mut a).await;
    let (r1, r2) = tokio::join!(
        a.post_json(
            "/api/ebilling/remissionGuide/register",
            from_transfer(transfer)
        ),
        b.post_json(
            "/api/ebilling/remissionGuide/register",
            from_transfer(transfer)
        ),
    );
    let mut statuses = [r1.status.as_u16(), r2.status.as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409], "{} / {}", r1.text(), r2.text());
    let created = if r1.status.as_u16() == 201 { r1 } else { r2 };
    assert_eq!(created.json()["number"], "001-001-000000001");
    assert_eq!(counts(&t).await, (1, 1, 1));
}

async fn validation_errors_store_nothing_and_numbers_stay_gapless(backend: Backend) {
    let t = setup(backend).await;
    let mut c = t.app.signed_in(ADMIN).await;
    let yesterday = (ecuador_today() - TimeDelta::days(1)).to_string();
    let r = c
        .post_json(
            "/api/ebilling/remissionGuide/register",
            json!({ "carrier": { "idType": "ruc", "identification": "1790016919000", "name": "" },
                    "plate": "12", "startDate": today(), "endDate": yesterday, "recipients": [] }),
        )
        .await;
    assert_eq!(r.status.as_u16(), 400, "{}", r.text());
    let errors = &r.json()["errors"];
    assert!(
        errors["carrier.identification"]
            .as_str()
            .unwrap()
            .contains("RUC"),
        "{errors}"
    );
    assert_eq!(
        errors["carrier.name"],
        "El nombre del transportista es obligatorio"
    );
    assert!(
        errors["plate"].as_str().unwrap().contains("PBA-1234"),
        "{errors}"
    );
    assert_eq!(
        errors["endDate"],
        "La fecha de fin del transporte no puede ser anterior a la de inicio"
    );
    assert_eq!(errors["recipients"], "Agregue al menos un destinatario");

    let mut bad = standalone(999_999);
    bad["startDate"] = json!(yesterday);
    bad["recipients"][0]["identification"] = json!("1710034066");
    bad["recipients"][0]["lines"][1]["quantity"] = json!("0");
    let r = c
        .post_json("/api/ebilling/remissionGuide/register", bad)
        .await;
    assert_eq!(r.status.as_u16(), 400, "{}", r.text());
    let errors = &r.json()["errors"];
    assert!(
        errors["startDate"]
            .as_str()
            .unwrap()
            .contains("anterior a hoy"),
        "{errors}"
    );
    assert!(
        errors["recipients[0].identification"]
            .as_str()
            .unwrap()
            .contains("cédula"),
        "{errors}"
    );
    assert_eq!(
        errors["recipients[0].lines[0].productId"],
        "El producto no existe"
    );
    assert_eq!(
        errors["recipients[0].lines[1].quantity"],
        "La cantidad debe ser mayor que cero"
    );
    let mut no_lines = standalone(0);
    no_lines["recipients"][0]["lines"] = json!([]);
    let r = c
        .post_json("/api/ebilling/remissionGuide/register", no_lines)
        .await;
    assert_eq!(r.status.as_u16(), 400);
    assert_eq!(
        r.json()["errors"]["recipients[0].lines"],
        "Agregue al menos una línea"
    );
    assert_eq!(counts(&t).await, (0, 0, 0), "nothing stored");

    // Numbers: the refused attempts used none.
    let mut free = standalone(0);
    free["recipients"][0]["lines"] = json!([{ "description": "Muebles", "quantity": "4" }]);
    for expected in ["001-001-000000001", "001-001-000000002"] {
        let r = c
            .post_json("/api/ebilling/remissionGuide/register", free.clone())
            .await;
        assert_eq!(r.status.as_u16(), 201, "{}", r.text());
        assert_eq!(r.json()["number"], expected);
    }
    assert_eq!(counts(&t).await, (2, 2, 2));
}

async fn another_company_gets_404(backend: Backend) {
    let t = setup(backend).await;
    let mut a = t.app.signed_in(ADMIN).await;
    let (_, transfer) = product_and_transfer(&mut a).await;
    let mut free = standalone(0);
    free["recipients"][0]["lines"] = json!([{ "description": "Muebles", "quantity": "4" }]);
    let r = a
        .post_json("/api/ebilling/remissionGuide/register", free)
        .await;
    assert_eq!(r.status.as_u16(), 201, "{}", r.text());
    let guide = r.json()["_id"].as_i64().unwrap();

    t.app.company(OTHER_RUC, "OTRA EMPRESA S.A.", 0).await;
    t.app.user(OTHER_RUC, OTHER_ADMIN, Role::Admin, None).await;
    let mut b = t.app.signed_in(OTHER_ADMIN).await;
    let r = b
        .post_json(
            "/api/ebilling/remissionGuide/register",
            json!({ "transferId": transfer,
                    "carrier": { "idType": "cedula", "identification": "1710034065", "name": "Pedro Chofer" },
                    "plate": "GBC-123", "startDate": today(), "endDate": today() }),
        )
        .await;
    assert_eq!(r.status.as_u16(), 404, "{}", r.text());
    assert_eq!(r.message(), "No se encontró la transferencia");
    let r = b
        .get(&format!("/api/ebilling/remissionGuide/{guide}"))
        .await;
    assert_eq!(r.status.as_u16(), 404);
    assert_eq!(
        b.get("/api/ebilling/remissionGuide").await.json()["total"],
        0
    );
    assert_eq!(counts(&t).await, (1, 1, 1));
}

async fn devuelta_guides_are_corrected_and_resent_with_the_same_clave(backend: Backend) {
    let t = setup(backend).await;
    let mut admin = t.app.signed_in(ADMIN).await;
    let mut cashier = t.app.signed_in(CASHIER).await;
    let (product, transfer) = product_and_transfer(&mut admin).await;
    // The SRI returns both guías once (error 35).
    t.sim.handle.set_reception(FaultRule::reject(35).times(2));
    let r = cashier
        .post_json("/api/ebilling/remissionGuide/register", standalone(product))
        .await;
    assert_eq!(r.status.as_u16(), 201, "{}", r.text());
    let first = r.json();
    let r = admin
        .post_json(
            "/api/ebilling/remissionGuide/register",
            from_transfer(transfer),
        )
        .await;
    assert_eq!(r.status.as_u16(), 201, "{}", r.text());
    let second = r.json();
    let ids = [
        first["_id"].as_i64().unwrap(),
        second["_id"].as_i64().unwrap(),
    ];
    let docs = [
        first["documentId"].as_i64().unwrap(),
        second["documentId"].as_i64().unwrap(),
    ];
    let keys = [
        first["accessKey"].as_str().unwrap().to_string(),
        second["accessKey"].as_str().unwrap().to_string(),
    ];
    let worker = t.worker();
    for id in ids {
        let returned = until_state(&mut cashier, id, "returned").await;
        assert_eq!(returned["messages"][0]["identifier"], "35", "{returned}");
    }
    // Stop the worker so that the state stays put while the refusals are checked.
    drop(worker);

    // Another company's admin: 404 on both routes; nothing changes.
    t.app.company(OTHER_RUC, "OTRA EMPRESA S.A.", 0).await;
    t.app.user(OTHER_RUC, OTHER_ADMIN, Role::Admin, None).await;
    let mut b = t.app.signed_in(OTHER_ADMIN).await;
    for path in [
        format!("/api/ebilling/remissionGuide/{}/resend", ids[0]),
        format!("/api/ebilling/documents/{}/resend", docs[0]),
    ] {
        let r = b.post_json(&path, json!({})).await;
        assert_eq!(r.status.as_u16(), 404, "{path}: {}", r.text());
    }
    assert_eq!(t.doc(docs[0]).await.status, "returned");

    // The issuer's address is corrected; one guía is resent by its route, the other by the
    // generic one of /admin/ebilling.
    let mut company = admin.get("/api/company").await.json();
    company["mainAddress"] = json!("Av. Corregida 123, Quito");
    let r = admin.post_json("/api/company/update", company).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.text());
    // The resend may also correct the guía's own fields, checked like the register's: nothing is
    // stored or sent while one is wrong.
    let yesterday = (ecuador_today() - TimeDelta::days(1)).to_string();
    let r = cashier
        .post_json(
            &format!("/api/ebilling/remissionGuide/{}/resend", ids[0]),
            json!({ "carrier": { "idType": "ruc", "identification": "1790016919000", "name": " " },
                    "plate": "12", "reason": "", "startDate": yesterday }),
        )
        .await;
    assert_eq!(r.status.as_u16(), 400, "{}", r.text());
    let errors = &r.json()["errors"];
    assert!(
        errors["carrier.identification"]
            .as_str()
            .unwrap()
            .contains("RUC"),
        "{errors}"
    );
    assert_eq!(
        errors["carrier.name"],
        "El nombre del transportista es obligatorio"
    );
    assert!(
        errors["plate"].as_str().unwrap().contains("PBA-1234"),
        "{errors}"
    );
    assert_eq!(errors["reason"], "El motivo del traslado es obligatorio");
    assert_eq!(
        errors["startDate"],
        "La fecha de inicio del transporte no puede ser anterior a la fecha de emisión de la guía"
    );
    let r = cashier
        .post_json(
            &format!("/api/ebilling/remissionGuide/{}/resend", ids[0]),
            json!({ "plate": "PBA-1234", "colour": "rojo" }),
        )
        .await;
    assert_eq!(
        r.status.as_u16(),
        400,
        "unknown fields are refused: {}",
        r.text()
    );
    // A transfer's guía keeps its motive.
    let r = cashier
        .post_json(
            &format!("/api/ebilling/documents/{}/resend", docs[1]),
            json!({ "reason": "Venta" }),
        )
        .await;
    assert_eq!(r.status.as_u16(), 400, "{}", r.text());
    assert!(
        r.json()["errors"]["reason"]
            .as_str()
            .unwrap()
            .contains("Traslado entre establecimientos"),
        "{}",
        r.text()
    );
    assert_eq!(t.doc(docs[0]).await.status, "returned");
    assert_eq!(t.doc(docs[1]).await.status, "returned");
    let end = (ecuador_today() + TimeDelta::days(2)).to_string();
    let r = cashier
        .post_json(
            &format!("/api/ebilling/remissionGuide/{}/resend", ids[0]),
            json!({ "carrier": { "idType": "cedula", "identification": "1710034065",
                                 "name": "Pedro Corregido" },
                    "plate": "gbc 123", "reason": "Devolución", "startDate": today(),
                    "endDate": end }),
        )
        .await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.text());
    let resent = r.json();
    assert_eq!(resent["accessKey"], keys[0].as_str());
    assert_eq!(resent["state"], "signed");
    assert_eq!(resent["carrierName"], "Pedro Corregido");
    assert_eq!(resent["carrierIdentification"], "1710034065");
    assert_eq!(resent["plate"], "GBC-123");
    assert_eq!(resent["endDate"], end.as_str());
    let r = cashier
        .post_json(
            &format!("/api/ebilling/documents/{}/resend", docs[1]),
            json!({}),
        )
        .await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.text());
    assert_eq!(r.json()["accessKey"], keys[1].as_str());
    assert_eq!(r.json()["state"], "signed");

    let _worker = t.worker();
    for (i, id) in ids.into_iter().enumerate() {
        let done = until_authorized(&mut admin, id).await;
        assert_eq!(done["accessKey"], keys[i].as_str());
        assert_eq!(t.sim.handle.receptions(&keys[i]), 2, "{}", keys[i]);
        let xml = verify_with_xmlsec(&t, docs[i]).await;
        assert!(
            xml.contains("<dirMatriz>Av. Corregida 123, Quito</dirMatriz>"),
            "{xml}"
        );
    }
    // The corrected fields travelled in the re-signed guía.
    let xml = verify_with_xmlsec(&t, docs[0]).await;
    for part in [
        "<razonSocialTransportista>Pedro Corregido</razonSocialTransportista>",
        "<tipoIdentificacionTransportista>05</tipoIdentificacionTransportista>",
        "<rucTransportista>1710034065</rucTransportista>",
        "<placa>GBC-123</placa>",
        "<motivoTraslado>Devolución</motivoTraslado>",
        &format!("<fechaFinTransporte>{}</fechaFinTransporte>", {
            let d = ecuador_today() + TimeDelta::days(2);
            d.format("%d/%m/%Y").to_string()
        }),
    ] {
        assert!(xml.contains(part), "{part}: {xml}");
    }
    // Same rows, no stock moved by the guías.
    assert_eq!(counts(&t).await, (2, 3, 2));
    assert_eq!(
        admin.get(&format!("/api/item/{product}")).await.json()["stock"],
        "10"
    );

    // An authorized guía is not resent (409, in Spanish) by either route.
    let r = cashier
        .post_json(
            &format!("/api/ebilling/remissionGuide/{}/resend", ids[0]),
            json!({}),
        )
        .await;
    assert_eq!(r.status.as_u16(), 409, "{}", r.text());
    assert!(
        r.message().starts_with(
            "Solo se reenvía una guía de remisión DEVUELTA o NO AUTORIZADA; esta está «AUTORIZADO»"
        ),
        "{}",
        r.message()
    );
    let r = cashier
        .post_json(
            &format!("/api/ebilling/documents/{}/resend", docs[1]),
            json!({}),
        )
        .await;
    assert_eq!(r.status.as_u16(), 409, "{}", r.text());
    assert!(
        r.message()
            .starts_with("Solo se reenvía un comprobante DEVUELTO o NO AUTORIZADO"),
        "{}",
        r.message()
    );
    assert_eq!(t.sim.handle.receptions(&keys[0]), 2);
}

async fn the_list_costs_the_same_queries_for_one_guide_or_many(backend: Backend) {
    use mostrador::controllers::inventory::remission_guides::list_page;
    use mostrador::db::list::ListParams;

    let t = setup(backend).await;
    let mut admin = t.app.signed_in(ADMIN).await;
    let (product, first) = product_and_transfer(&mut admin).await;
    let cellars = admin
        .get(&format!("/api/inventory/transfer/{first}"))
        .await
        .json();
    let mut counted = Vec::new();
    for n in 1..=4_i64 {
        // Each guía documents its own transfer (whose number the list shows).
        let transfer = if n == 1 {
            first
        } else {
            let r = admin
                .post_json(
                    "/api/inventory/transfer/register",
                    json!({ "fromCellarId": cellars["fromCellarId"], "toCellarId": cellars["toCellarId"],
                            "lines": [{ "productId": product, "quantity": "1" }] }),
                )
                .await;
            assert_eq!(r.status.as_u16(), 201, "{}", r.text());
            r.json()["_id"].as_i64().unwrap()
        };
        let r = admin
            .post_json(
                "/api/ebilling/remissionGuide/register",
                from_transfer(transfer),
            )
            .await;
        assert_eq!(r.status.as_u16(), 201, "{}", r.text());
        if n == 1 || n == 4 {
            let (queries, page) = statements(&t.app, ADMIN, |conn, tenant| {
                list_page(conn, tenant, &ListParams::default()).expect("lista")
            })
            .await;
            assert_eq!(page.results.len() as i64, n);
            let mut numbers: Vec<i64> = page
                .results
                .iter()
                .filter_map(|g| g.transfer_number)
                .collect();
            numbers.sort_unstable();
            assert_eq!(numbers, (1..=n).collect::<Vec<_>>());
            counted.push(queries);
        }
    }
    // Before, one more query per guía (its transfer's number).
    assert_eq!(
        counted[0], counted[1],
        "consultas con 1 y con 4 guías: {counted:?}"
    );
}
