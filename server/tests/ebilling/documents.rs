//! `/api/ebilling/documents`: the branch's electronic documents (submitted through the real SRI
//! queue and worker against the stand-in), filters, detail with the SRI's messages, the
//! authorized XML, the SRI window's flags, and the company and branch boundaries.

use std::path::Path;
use std::time::Duration;

use chrono::TimeDelta;
use mostrador::domain::document_status::DocumentStatus;
use mostrador::models::auth::user::Role;
use mostrador::sri::model::Comprobante;
use mostrador::sri::queue::DocumentId;
use mostrador::sri::validate::ecuador_today;
use serde_json::Value;

use crate::sri::support::{RUC, SriTest, invoice};
use crate::util::{Backend, Client, on_both_backends};

on_both_backends!(
    list_filters_detail_and_authorized_xml,
    another_company_or_branch_sees_nothing,
    window_and_en_proceso_flags,
    the_page_renders_the_list_on_the_server,
    the_list_reads_the_company_clock,
);

const ADMIN: &str = "admin@emisor.ec";
const CASHIER: &str = "cajero@emisor.ec";

/// An example document of `server/sri/examples/` dated today with its own secuencial.
fn example(file: &str, sequential: u32) -> Comprobante {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("server/sri/examples")
        .join(file);
    let json = std::fs::read_to_string(path).expect("ejemplo");
    let mut doc = Comprobante::from_json_dated(&json, ecuador_today()).expect("ejemplo válido");
    let header = doc.header_mut();
    header.sequential = sequential;
    header.numeric_code = None;
    doc
}

async fn users(t: &SriTest) {
    t.app.user(RUC, ADMIN, Role::Admin, None).await;
    t.app.user(RUC, CASHIER, Role::Cashier, Some("001")).await;
}

/// `GET path`, which must answer 200, as JSON.
async fn ok_json(client: &mut Client, path: &str) -> Value {
    let r = client.get(path).await;
    assert_eq!(r.status.as_u16(), 200, "{path}: {}", r.text());
    r.json()
}

fn ids(page: &Value) -> Vec<i64> {
    let mut ids: Vec<i64> = page["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|d| d["_id"].as_i64().unwrap())
        .collect();
    ids.sort_unstable();
    ids
}

async fn list_filters_detail_and_authorized_xml(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    users(&t).await;
    let factura = t.submit(invoice(1)).await.unwrap();
    let devuelta = t.submit(invoice(2)).await.unwrap();
    let nota = t.submit(example("nota-credito.json", 3)).await.unwrap();
    let guia = t.submit(example("guia-remision.json", 4)).await.unwrap();
    // A document damaged after signing fails the SRI's schema check: DEVUELTA 35 with its message.
    t.sql(format!(
        "UPDATE sri_documents SET signed_xml = REPLACE(signed_xml, '<importeTotal>12.80</importeTotal>', '<importeTotal>doce</importeTotal>') WHERE id = {devuelta}"
    ))
    .await;
    let _worker = t.worker();
    for id in [factura, nota, guia] {
        t.wait_for(id, DocumentStatus::Authorized).await;
    }
    t.wait_for(devuelta, DocumentStatus::Returned).await;

    let mut admin = t.app.signed_in(ADMIN).await;
    let mut cashier = t.app.signed_in(CASHIER).await;
    let all = cashier.get("/api/ebilling/documents?limit=50").await;
    assert_eq!(all.status.as_u16(), 200, "{}", all.text());
    let all = all.json();
    assert_eq!(all["total"], 4);
    assert_eq!(ids(&all), vec![factura, devuelta, nota, guia]);

    let facturas = ok_json(&mut admin, "/api/ebilling/documents?type=factura").await;
    assert_eq!(ids(&facturas), vec![factura, devuelta]);
    let notas = ok_json(&mut admin, "/api/ebilling/documents?type=notaCredito").await;
    assert_eq!(ids(&notas), vec![nota]);
    let n = &notas["results"][0];
    assert_eq!(n["type"], "notaCredito");
    assert_eq!(n["typeName"], "Nota de crédito");
    assert_eq!(n["clientName"], "FERRETERÍA EL TORNILLO");
    assert_eq!(n["number"], "001-002-000000003");
    assert_eq!(n["state"], "authorized");
    assert_eq!(n["stateName"], "autorizado");
    assert_eq!(n["window"], Value::Null);
    let guias = ok_json(&mut admin, "/api/ebilling/documents?type=guiaRemision").await;
    assert_eq!(ids(&guias), vec![guia]);
    assert_eq!(guias["results"][0]["clientName"], "JUAN PÉREZ");
    let returned = ok_json(&mut admin, "/api/ebilling/documents?state=returned").await;
    assert_eq!(ids(&returned), vec![devuelta]);
    assert_eq!(returned["results"][0]["stateName"], "devuelta");
    let authorized = ok_json(
        &mut admin,
        "/api/ebilling/documents?state=authorized&type=factura",
    )
    .await;
    assert_eq!(ids(&authorized), vec![factura]);
    // Client text: without accents or case.
    let tornillo = ok_json(
        &mut admin,
        "/api/ebilling/documents?search=ferreteria%20el%20TORNILLO",
    )
    .await;
    assert_eq!(ids(&tornillo), vec![nota]);
    let today = ecuador_today();
    let tomorrow = today + TimeDelta::days(1);
    let none = ok_json(
        &mut admin,
        &format!("/api/ebilling/documents?from={tomorrow}"),
    )
    .await;
    assert_eq!(none["total"], 0);
    let todays = ok_json(
        &mut admin,
        &format!("/api/ebilling/documents?from={today}&to={today}"),
    )
    .await;
    assert_eq!(todays["total"], 4);
    let bad = admin.get("/api/ebilling/documents?type=boleta").await;
    assert_eq!(bad.status.as_u16(), 400);
    assert!(
        bad.message().contains("Tipo de comprobante"),
        "{}",
        bad.message()
    );
    let bad = admin.get("/api/ebilling/documents?state=AUTORIZADO").await;
    assert_eq!(bad.status.as_u16(), 400);

    // Detail: the SRI's messages of the returned one; authorization of the authorized one.
    let detail = ok_json(&mut admin, &format!("/api/ebilling/documents/{devuelta}")).await;
    assert_eq!(detail["state"], "returned");
    let messages = detail["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 1, "{detail}");
    assert_eq!(messages[0]["identifier"], "35");
    assert_eq!(messages[0]["stage"], "recepción");
    assert_eq!(messages[0]["sriStatus"], "DEVUELTA");
    assert_eq!(messages[0]["message"], "ARCHIVO NO CUMPLE ESTRUCTURA XML");
    let detail = ok_json(&mut admin, &format!("/api/ebilling/documents/{factura}")).await;
    let key = detail["accessKey"].as_str().unwrap().to_string();
    assert_eq!(key.len(), 49);
    assert!(detail["authorizationNumber"].as_str().is_some(), "{detail}");
    assert!(detail["authorizationDate"].as_str().is_some(), "{detail}");
    assert_eq!(detail["clientName"], "JUAN PÉREZ & HIJOS");
    assert_eq!(detail["total"], "12.80");

    // The authorized XML as a download; 409 for the returned one.
    let xml = cashier
        .get(&format!("/api/ebilling/documents/{factura}/xml"))
        .await;
    assert_eq!(xml.status.as_u16(), 200);
    assert!(
        xml.header("content-type")
            .unwrap()
            .starts_with("application/xml")
    );
    assert!(
        xml.header("content-disposition")
            .unwrap()
            .contains(&format!("{key}.xml"))
    );
    let text = xml.text();
    assert!(text.contains("<autorizacion"), "{text}");
    assert!(text.contains("AUTORIZADO"));
    assert!(text.contains(&key));
    let refused = cashier
        .get(&format!("/api/ebilling/documents/{devuelta}/xml"))
        .await;
    assert_eq!(refused.status.as_u16(), 409);
    assert!(refused.message().contains("no está autorizado"));
    let missing = cashier.get("/api/ebilling/documents/999999").await;
    assert_eq!(missing.status.as_u16(), 404);
}

async fn another_company_or_branch_sees_nothing(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    users(&t).await;
    let id = t.submit(invoice(7)).await.unwrap();
    let _worker = t.worker();
    t.wait_for(id, DocumentStatus::Authorized).await;
    // Another company's admin.
    t.app.company("0990000001001", "OTRA S.A.", 0).await;
    t.app
        .user("0990000001001", "admin@otra.ec", Role::Admin, None)
        .await;
    // A user of this company who works only in branch 002.
    let company = t.company_id;
    t.app
        .db(move |conn| {
            let at = mostrador::util::time::now();
            mostrador::models::config::branch_office::BranchOffice::insert(
                conn,
                &mostrador::models::config::branch_office::NewBranchOffice {
                    company_id: company.get(),
                    code: "002",
                    name: "Sucursal 002",
                    address: "Guayaquil",
                    created_at: at,
                    updated_at: at,
                },
            )
            .expect("sucursal")
        })
        .await;
    t.app
        .user(RUC, "cajero2@emisor.ec", Role::Cashier, Some("002"))
        .await;
    for email in ["admin@otra.ec", "cajero2@emisor.ec"] {
        let mut client = t.app.signed_in(email).await;
        let list = client.get("/api/ebilling/documents").await;
        assert_eq!(list.status.as_u16(), 200, "{email}");
        assert_eq!(list.json()["total"], 0, "{email}");
        for path in [
            format!("/api/ebilling/documents/{id}"),
            format!("/api/ebilling/documents/{id}/xml"),
        ] {
            let r = client.get(&path).await;
            assert_eq!(r.status.as_u16(), 404, "{email} {path}");
            assert!(!r.text().contains("autorizacion"));
        }
    }
    let mut admin = t.app.signed_in(ADMIN).await;
    assert_eq!(
        admin
            .get(&format!("/api/ebilling/documents/{id}/xml"))
            .await
            .status
            .as_u16(),
        200
    );
}

async fn set_times(
    t: &SriTest,
    id: DocumentId,
    created_ago: TimeDelta,
    sent_ago: Option<TimeDelta>,
    status: &'static str,
) {
    t.app
        .db(move |conn| {
            use diesel::prelude::*;
            use mostrador::db::schema::sri_documents as d;
            let now = mostrador::util::time::now();
            diesel::update(d::table.find(id))
                .set((
                    d::created_at.eq(now - created_ago),
                    d::last_sent_at.eq(sent_ago.map(|ago| now - ago)),
                    d::status.eq(status),
                ))
                .execute(conn)
                .expect("actualizar")
        })
        .await;
}

async fn window_and_en_proceso_flags(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    users(&t).await;
    // No worker: the documents stay as the test leaves them.
    let fresh = t.submit(invoice(11)).await.unwrap();
    let closing = t.submit(invoice(12)).await.unwrap();
    let missed = t.submit(invoice(13)).await.unwrap();
    let stuck = t.submit(invoice(14)).await.unwrap();
    let done = t.submit(invoice(15)).await.unwrap();
    set_times(&t, closing, TimeDelta::hours(30), None, "signed").await;
    set_times(&t, missed, TimeDelta::hours(80), None, "returned").await;
    set_times(
        &t,
        stuck,
        TimeDelta::hours(26),
        Some(TimeDelta::hours(25)),
        "in_process",
    )
    .await;
    set_times(&t, done, TimeDelta::hours(100), None, "authorized").await;
    let mut admin = t.app.signed_in(ADMIN).await;
    let d = ok_json(&mut admin, &format!("/api/ebilling/documents/{fresh}")).await;
    assert_eq!(d["window"], "aTiempo");
    assert_eq!(d["warnings"], serde_json::json!([]));
    assert_eq!(d["stalled"], false);
    let d = ok_json(&mut admin, &format!("/api/ebilling/documents/{closing}")).await;
    assert_eq!(d["window"], "porVencer");
    let w = d["warnings"][0].as_str().unwrap();
    assert!(
        w.starts_with("Por vencer: quedan 41 h") || w.starts_with("Por vencer: quedan 42 h"),
        "{w}"
    );
    let d = ok_json(&mut admin, &format!("/api/ebilling/documents/{missed}")).await;
    assert_eq!(d["window"], "fueraDePlazo");
    assert!(
        d["warnings"][0]
            .as_str()
            .unwrap()
            .starts_with("Fuera de plazo"),
        "{d}"
    );
    let d = ok_json(&mut admin, &format!("/api/ebilling/documents/{stuck}")).await;
    assert_eq!(d["stalled"], true);
    assert_eq!(d["stateName"], "en proceso");
    assert_eq!(d["window"], "porVencer");
    assert!(
        d["warnings"].as_array().unwrap().iter().any(|w| w
            .as_str()
            .unwrap()
            .starts_with("EN PROCESO hace más de un día")),
        "{d}"
    );
    let d = ok_json(&mut admin, &format!("/api/ebilling/documents/{done}")).await;
    assert_eq!(d["window"], Value::Null);
    assert_eq!(d["warnings"], serde_json::json!([]));
    // The list carries the same flags.
    let list = admin.get("/api/ebilling/documents?limit=50").await.json();
    let flags: Vec<(i64, Value)> = list["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["_id"].as_i64().unwrap(), d["window"].clone()))
        .collect();
    assert!(
        flags.contains(&(missed, Value::from("fueraDePlazo"))),
        "{flags:?}"
    );
    assert!(
        flags.contains(&(closing, Value::from("porVencer"))),
        "{flags:?}"
    );
}

async fn the_page_renders_the_list_on_the_server(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    users(&t).await;
    let mut cashier = t.app.signed_in(CASHIER).await;
    let empty = cashier.get("/admin/ebilling").await;
    assert_eq!(empty.status.as_u16(), 200, "{}", empty.text());
    assert!(
        empty
            .text()
            .contains("Todavía no hay comprobantes electrónicos en esta sucursal"),
        "empty state"
    );
    let missed = t.submit(invoice(21)).await.unwrap();
    t.submit(example("nota-credito.json", 22)).await.unwrap();
    set_times(&t, missed, TimeDelta::hours(80), None, "returned").await;
    let page = cashier.get("/admin/ebilling").await;
    assert_eq!(page.status.as_u16(), 200);
    let html = page.text();
    assert!(html.contains("001-002-000000021"), "server-rendered list");
    assert!(html.contains("FERRETERÍA EL TORNILLO"));
    assert!(html.contains(">devuelta<"), "state badge");
    assert!(html.contains(">firmado<"), "state badge");
    assert!(html.contains("Fuera de plazo"), "window warning");
    // The filters travel in the address.
    let filtered = cashier
        .get("/admin/ebilling?type=notaCredito&sort=date&order=desc")
        .await
        .text();
    assert!(filtered.contains("001-002-000000022"));
    assert!(!filtered.contains("001-002-000000021"));
    let none = cashier.get("/admin/ebilling?state=authorized").await.text();
    assert!(none.contains("No hay comprobantes electrónicos que coincidan"));
    // Another company's admin sees its own, empty, list.
    t.app.company("0990000001001", "OTRA S.A.", 0).await;
    t.app
        .user("0990000001001", "admin@otra.ec", Role::Admin, None)
        .await;
    let mut other = t.app.signed_in("admin@otra.ec").await;
    let theirs = other.get("/admin/ebilling").await.text();
    assert!(!theirs.contains("001-002-000000021"));
}

/// The list's times carry the company's zone (Galápagos, UTC−6), not the mainland's: 05:30 UTC on
/// the 27th is 23:30 on the 26th there.
async fn the_list_reads_the_company_clock(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    users(&t).await;
    let id = t.submit(invoice(41)).await.unwrap();
    t.sql("UPDATE companies SET time_zone = 'Pacific/Galapagos'".into())
        .await;
    t.sql(format!(
        "UPDATE sri_documents SET created_at = '2026-11-27 05:30:00' WHERE id = {id}"
    ))
    .await;
    let mut admin = t.app.signed_in(ADMIN).await;
    let list = ok_json(&mut admin, "/api/ebilling/documents").await;
    let d = &list["results"][0];
    assert_eq!(d["createdAt"], "2026-11-26T23:30:00-06:00", "{list}");
    assert!(
        d["deadline"].as_str().unwrap().ends_with("-06:00"),
        "{list}"
    );
    let detail = ok_json(&mut admin, &format!("/api/ebilling/documents/{id}")).await;
    assert_eq!(detail["createdAt"], "2026-11-26T23:30:00-06:00", "{detail}");
}
