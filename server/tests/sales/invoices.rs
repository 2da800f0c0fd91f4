//! Factura express end to end: a sale registered as an electronic factura moves stock, kardex and
//! the shift once, and its document goes through the SRI stand-in to AUTORIZADO with a signature
//! `xmlsec1` verifies; refusals (consumidor final above USD 50, no certificate) store nothing and
//! skip no number; a DEVUELTA is corrected with the client's new data and resent with the same
//! clave without posting the sale again; concurrent facturas (also from two app servers on one
//! PostgreSQL) get gapless numbers and each document is sent once; another company gets 404.

use std::collections::BTreeSet;
use std::time::Duration;

use mostrador::db::Database;
use mostrador::services::sales::invoice::NO_CERTIFICATE;
use mostrador::services::sales::note::KEY_OF_OTHER_KIND;
use mostrador::sri::queue::worker::{Worker, WorkerHandle};
use mostrador::sri::simulator::{self, FaultRule, RunningSimulator, SimulatorConfig};
use serde_json::{Value, json};

use super::support::{Shop, cash_sale};
use crate::ebilling::support::upload_certificate;
use crate::sri::support::worker_config;
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    factura_express_reaches_autorizado_and_posts_the_sale_once,
    consumidor_final_above_50_is_refused_and_nothing_is_stored,
    without_a_certificate_nothing_is_stored,
    devuelta_is_corrected_and_resent_with_the_same_clave,
    concurrent_facturas_get_gapless_numbers_and_are_sent_once,
    reads_of_an_empty_branch_and_of_another_company,
);

/// A shop with its signing certificate, the SRI stand-in and this app's SRI worker (also used by
/// the electronic credit note tests).
pub(crate) struct EShop {
    pub app: TestApp,
    pub shop: Shop,
    pub sim: RunningSimulator,
    _worker: WorkerHandle,
}

impl EShop {
    pub async fn open(backend: Backend) -> EShop {
        let sim = simulator::spawn(SimulatorConfig {
            authorization_delay: Duration::from_millis(100),
            ..SimulatorConfig::default()
        })
        .await
        .expect("simulador del SRI");
        let app = TestApp::new(backend).await;
        let shop = Shop::open(&app).await;
        upload_certificate(&app, shop.tenants.admin_a).await;
        let worker = Worker::new(
            app.state.db.clone(),
            worker_config(&sim),
            mostrador::services::ebilling::mail::on_authorized,
        )
        .expect("trabajador")
        .spawn();
        EShop {
            app,
            shop,
            sim,
            _worker: worker,
        }
    }

    /// A client identified by cédula; its id.
    pub async fn client(&mut self, name: &str) -> i64 {
        let r = self
            .shop
            .user
            .post_json(
                "/api/clients/register",
                json!({ "idType": "cedula", "identification": "1710034065", "name": name,
                        "email": "juan@example.com", "address": "Av. Amazonas N34-12" }),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
        r.json()["_id"].as_i64().unwrap()
    }
}

/// Asks for the factura until its SRI state is `code` (at most 20 s).
pub(crate) async fn wait_for(client: &mut Client, id: i64, code: &str) -> Value {
    client
        .wait_for_state(&format!("/api/sales/invoice/{id}"), code)
        .await
}

/// The stored signed XML of a document.
pub(crate) async fn signed_xml(app: &TestApp, document: i64) -> String {
    app.db(move |conn| {
        use diesel::prelude::*;
        use mostrador::db::schema::sri_documents;
        sri_documents::table
            .find(document)
            .select(sri_documents::signed_xml)
            .first::<String>(conn)
            .expect("documento")
    })
    .await
}

/// `xmlsec1 --verify` of a signed factura with the test signing certificate.
fn verify_with_xmlsec1(xml: &str) {
    verify_signed_with_xmlsec1(xml, "factura");
}

/// `xmlsec1 --verify` of a signed document whose root element is `root` (`factura`,
/// `notaCredito`…) with the test signing certificate.
pub(crate) fn verify_signed_with_xmlsec1(xml: &str, root: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(format!("{root}.xml"));
    let cert = dir.path().join("firma.pem");
    std::fs::write(&file, xml).unwrap();
    std::fs::write(&cert, &crate::sri::testpki::TestPki::get().signing_cert_pem).unwrap();
    let out = std::process::Command::new("xmlsec1")
        .args([
            "--verify",
            "--pubkey-cert-pem",
            cert.to_str().unwrap(),
            "--id-attr:id",
            root,
            file.to_str().unwrap(),
        ])
        .output()
        .expect("xmlsec1");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

async fn factura_express_reaches_autorizado_and_posts_the_sale_once(backend: Backend) {
    let mut e = EShop::open(backend).await;
    let juan = e.client("Juan Pérez").await;
    let cola = e
        .shop
        .product("C1", "Cola 1 l", "1.00", "4", "100", "0.60")
        .await;
    let bread = e
        .shop
        .product("P1", "Pan", "0.15", "0", "100", "0.08")
        .await;
    // 3 × 1.00 at 15 % = 3.45; 10 × 0.15 at 0 % = 1.50; total 4.95.
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/sales/invoice/register",
            invoice_body("f-1", Some(juan), &[(cola, "3"), (bread, "10")], "4.95"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let sale = r.json();
    assert_eq!(sale["number"], "001-001-000000001", "{sale}");
    assert_eq!(sale["total"], "4.95");
    assert_eq!(sale["client"]["identification"], "1710034065");
    let id = sale["_id"].as_i64().unwrap();
    let document = sale["documentId"].as_i64().expect("documentId");
    let key = sale["accessKey"].as_str().expect("accessKey").to_string();
    assert_eq!(key.len(), 49);
    // Sequential 1 of codDoc 01 at 001-001 is inside the clave.
    assert_eq!(&key[8..10], "01");
    assert_eq!(&key[24..39], "001001000000001");

    // The same request again is the same factura (idempotency key), not a second one.
    let again = e
        .shop
        .cashier
        .post_json(
            "/api/sales/invoice/register",
            invoice_body("f-1", Some(juan), &[(cola, "3"), (bread, "10")], "4.95"),
        )
        .await;
    assert_eq!(again.status, 200, "{}", again.text());
    assert_eq!(again.json()["documentId"], document);

    let done = wait_for(&mut e.shop.cashier, id, "authorized").await;
    assert_eq!(done["status"], "AUTORIZADO");
    assert_eq!(done["authorizationNumber"], key.as_str());
    assert!(done["authorizationDate"].is_string(), "{done}");
    assert_eq!(done["pending"], false);
    assert_eq!(done["accessKey"], key.as_str());
    assert_eq!(e.sim.handle.receptions(&key), 1);

    // The stored signed XML verifies independently and carries the sale.
    let xml = signed_xml(&e.app, document).await;
    verify_with_xmlsec1(&xml);
    for part in [
        "<importeTotal>4.95</importeTotal>",
        "<identificacionComprador>1710034065</identificacionComprador>",
        "<campoAdicional nombre=\"Email\">juan@example.com</campoAdicional>",
        "<formaPago>01</formaPago>",
    ] {
        assert!(xml.contains(part), "{part}: {xml}");
    }

    // Stock, kardex and the shift once.
    assert_eq!(e.shop.stock(cola).await, "97");
    assert_eq!(e.shop.stock(bread).await, "90");
    let sold = e.shop.kardex_rows(cola, "sale").await;
    assert_eq!(sold.len(), 1, "{sold:?}");
    assert_eq!(sold[0]["document"]["number"], "001-001-000000001");
    let shift = e.shop.shift().await;
    assert_eq!(shift["summary"]["byMethod"]["efectivo"], "4.95", "{shift}");
    assert_eq!(shift["summary"]["expected"], "54.95", "{shift}");

    // The reads: last, list; a sales note is numbered apart.
    assert_eq!(
        e.shop.cashier.get("/api/sales/invoice/last").await.json()["_id"],
        id
    );
    let list = e.shop.admin.get("/api/sales/invoice").await.json();
    assert_eq!(list["total"], 1, "{list}");
    assert_eq!(list["results"][0]["clientName"], "Juan Pérez");
    assert_eq!(list["results"][0]["kind"], "invoice");
    assert_eq!(list["results"][0]["documentId"], document);
    let note = e
        .shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            cash_sale("n-1", &[(bread, "1")], "0.15", "0.15"),
        )
        .await;
    assert_eq!(note.status, 201, "{}", note.text());
    assert_eq!(note.json()["number"], "001-001-000000001");
    assert_eq!(e.shop.admin.get("/api/sales/note").await.json()["total"], 1);
    // The sales note's key sent again as a factura is not taken for a retry.
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/sales/invoice/register",
            invoice_body("n-1", None, &[(bread, "1")], "0.15"),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.json()["message"], KEY_OF_OTHER_KIND);

    // Resending an authorized factura is refused.
    let r = e
        .shop
        .cashier
        .post_json(&format!("/api/sales/invoice/{id}/resend"), json!({}))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert!(
        r.json()["message"]
            .as_str()
            .unwrap()
            .contains("Solo se reenvía una factura DEVUELTA o NO AUTORIZADA"),
        "{}",
        r.text()
    );

    // Another company sees none of it.
    let mut other = e.app.signed_in(e.shop.tenants.admin_b).await;
    assert_eq!(
        other.get(&format!("/api/sales/invoice/{id}")).await.status,
        404
    );
    assert_eq!(
        other
            .post_json(&format!("/api/sales/invoice/{id}/resend"), json!({}))
            .await
            .status,
        404
    );
    assert_eq!(other.get("/api/sales/invoice").await.json()["total"], 0);
}

async fn devuelta_is_corrected_and_resent_with_the_same_clave(backend: Backend) {
    let mut e = EShop::open(backend).await;
    let juan = e.client("Juan Perez Equivocado").await;
    let rice = e
        .shop
        .product("A1", "Arroz", "2.00", "0", "50", "1.50")
        .await;
    e.sim.handle.set_reception(FaultRule::reject(35).times(1));
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/sales/invoice/register",
            invoice_body("d-1", Some(juan), &[(rice, "2")], "4.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let sale = r.json();
    let id = sale["_id"].as_i64().unwrap();
    let key = sale["accessKey"].as_str().unwrap().to_string();

    let returned = wait_for(&mut e.shop.cashier, id, "returned").await;
    assert_eq!(returned["correctable"], true);
    assert_eq!(returned["status"], "DEVUELTA: corrija y reenvíe");
    let messages = returned["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 1, "{returned}");
    assert_eq!(messages[0]["identifier"], "35");
    assert_eq!(messages[0]["sriStatus"], "DEVUELTA");
    // /admin/ebilling offers «Corregir y reenviar» with the sale that carries the factura.
    let list = e
        .shop
        .cashier
        .get("/api/ebilling/documents?state=returned")
        .await
        .json();
    assert_eq!(list["results"][0]["saleId"], id, "{list}");
    let page = e.shop.cashier.get("/admin/ebilling").await.text();
    assert!(page.contains("Corregir y reenviar"), "{page}");

    // The buyer's name is corrected, then the factura is resent.
    let r = e
        .shop
        .user
        .post_json(
            &format!("/api/clients/{juan}/update"),
            json!({ "idType": "cedula", "identification": "1710034065", "name": "Juan Pérez",
                    "email": "juan@example.com", "address": "Av. Amazonas N34-12" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let r = e
        .shop
        .cashier
        .post_json(&format!("/api/sales/invoice/{id}/resend"), json!({}))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["accessKey"], key.as_str());
    let done = wait_for(&mut e.shop.cashier, id, "authorized").await;
    assert_eq!(done["accessKey"], key.as_str());
    assert_eq!(done["authorizationNumber"], key.as_str());
    assert_eq!(e.sim.handle.receptions(&key), 2);
    let xml = signed_xml(&e.app, done["documentId"].as_i64().unwrap()).await;
    assert!(
        xml.contains("<razonSocialComprador>Juan Pérez</razonSocialComprador>"),
        "{xml}"
    );
    verify_with_xmlsec1(&xml);

    // Stock and cash were posted once, by the sale.
    assert_eq!(e.shop.stock(rice).await, "48");
    let shift = e.shop.shift().await;
    assert_eq!(shift["summary"]["byMethod"]["efectivo"], "4.00", "{shift}");
    assert_eq!(shift["summary"]["expected"], "54.00", "{shift}");
    assert_eq!(count(&e.app, "SELECT COUNT(*) AS n FROM sales").await, 1);
    assert_eq!(
        count(&e.app, "SELECT COUNT(*) AS n FROM sri_documents").await,
        1
    );
}

/// Posts `bodies` at once to `/api/sales/invoice/register`, alternating between `routers` (app
/// servers on one database) with the cashier's session.
async fn post_all(
    app: &TestApp,
    routers: &[axum::Router],
    cashier: &Client,
    bodies: Vec<Value>,
) -> Vec<(u16, Value)> {
    let mut tasks = Vec::new();
    for (i, body) in bodies.into_iter().enumerate() {
        let mut client = app.client_on(routers[i % routers.len()].clone(), cashier);
        tasks.push(tokio::spawn(async move {
            let r = client.post_json("/api/sales/invoice/register", body).await;
            (r.status.as_u16(), r.json())
        }));
    }
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}

async fn concurrent_facturas_get_gapless_numbers_and_are_sent_once(backend: Backend) {
    const N: usize = 12;
    let postgres = matches!(backend, Backend::Postgres(_));
    let mut e = EShop::open(backend).await;
    let milk = e
        .shop
        .product("L1", "Leche 1 l", "1.00", "0", "100", "0.70")
        .await;
    e.shop.cashier.csrf().await;
    // On PostgreSQL a second app server (its own pool and worker) shares the database.
    let mut routers = vec![e.app.router.clone()];
    let _second_worker = if postgres {
        routers.push(e.app.router_with(|_| {}).await);
        let db = Database::connect(&e.app.state.config.database_url, 4).unwrap();
        Some(
            Worker::new(
                db,
                worker_config(&e.sim),
                mostrador::services::ebilling::mail::on_authorized,
            )
            .expect("trabajador")
            .spawn(),
        )
    } else {
        None
    };
    let bodies = (0..N)
        .map(|i| invoice_body(&format!("c-{i}"), None, &[(milk, "1")], "1.00"))
        .collect();
    let results = post_all(&e.app, &routers, &e.shop.cashier, bodies).await;
    let mut numbers = BTreeSet::new();
    let mut sales = Vec::new();
    for (status, body) in &results {
        assert_eq!(*status, 201, "{body}");
        let number: i64 = body["number"]
            .as_str()
            .unwrap()
            .rsplit('-')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        numbers.insert(number);
        sales.push(body["_id"].as_i64().unwrap());
    }
    assert_eq!(numbers, (1..=N as i64).collect::<BTreeSet<i64>>());
    let mut keys = BTreeSet::new();
    for id in sales {
        let done = wait_for(&mut e.shop.cashier, id, "authorized").await;
        let key = done["accessKey"].as_str().unwrap().to_string();
        assert_eq!(
            e.sim.handle.receptions(&key),
            1,
            "{key} enviada más de una vez"
        );
        keys.insert(key);
    }
    assert_eq!(keys.len(), N);
    assert_eq!(e.sim.handle.state().reception_requests, N as u64);
    assert_eq!(e.shop.stock(milk).await, (100 - N).to_string());
}

/// A factura express body: `lines` as `(productId, quantity)`, paid in cash.
pub(crate) fn invoice_body(
    key: &str,
    client: Option<i64>,
    lines: &[(i64, &str)],
    amount: &str,
) -> Value {
    let mut body = cash_sale(key, lines, amount, amount);
    body["clientId"] = json!(client);
    body["additionalInfo"] = json!([{ "name": "Email", "value": "juan@example.com" }]);
    body
}

/// Rows of `table` (the tests look at what a refusal left behind).
pub(crate) async fn count(app: &TestApp, sql: &'static str) -> i64 {
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    app.db(move |conn| {
        use diesel::RunQueryDsl;
        diesel::sql_query(sql)
            .get_result::<Row>(conn)
            .expect("consulta")
            .n
    })
    .await
}

/// What a refused factura must not have left: a sale, a document, an invoice counter.
async fn assert_nothing_stored(app: &TestApp) {
    assert_eq!(count(app, "SELECT COUNT(*) AS n FROM sales").await, 0);
    assert_eq!(
        count(app, "SELECT COUNT(*) AS n FROM sri_documents").await,
        0
    );
    assert_eq!(
        count(
            app,
            "SELECT COUNT(*) AS n FROM document_sequences WHERE doc_type = 'invoice' AND last_number > 0"
        )
        .await,
        0
    );
}

async fn consumidor_final_above_50_is_refused_and_nothing_is_stored(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    upload_certificate(&app, shop.tenants.admin_a).await;
    let tv = shop
        .product("T1", "Radio", "45.00", "4", "5", "30.00")
        .await;
    // 45.00 + 15 % = 51.75 > 50.
    let r = shop
        .cashier
        .post_json(
            "/api/sales/invoice/register",
            invoice_body("cf-1", None, &[(tv, "1")], "51.75"),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    let body = r.json();
    let text = body.to_string();
    assert!(
        text.contains("una factura a consumidor final no puede superar USD 50"),
        "{text}"
    );
    assert_nothing_stored(&app).await;
    assert_eq!(shop.stock(tv).await, "5");
    let shift = shop.shift().await;
    assert_eq!(shift["summary"]["expected"], "50.00", "{shift}");

    // Up to USD 50 the consumidor final may have a factura; it takes the first number.
    let soap = shop.product("J1", "Jabón", "10.00", "4", "5", "6.00").await;
    let r = shop
        .cashier
        .post_json(
            "/api/sales/invoice/register",
            invoice_body("cf-2", None, &[(soap, "1")], "11.50"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["number"], "001-001-000000001");
    assert_eq!(r.json()["client"]["identification"], "9999999999999");
}

async fn without_a_certificate_nothing_is_stored(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let pen = shop
        .product("B1", "Bolígrafo", "0.50", "4", "10", "0.20")
        .await;
    let r = shop
        .cashier
        .post_json(
            "/api/sales/invoice/register",
            invoice_body("nc-1", None, &[(pen, "2")], "1.15"),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.json()["message"], NO_CERTIFICATE);
    assert_nothing_stored(&app).await;
    assert_eq!(shop.stock(pen).await, "10");
}

async fn reads_of_an_empty_branch_and_of_another_company(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    // The factura express screen: the POS's data, rendered on the server for every role.
    let page = shop.cashier.get("/admin/ventas/facturaExpress").await;
    assert_eq!(page.status, 200);
    let html = page.text();
    assert!(html.contains("Factura express"), "{html}");
    assert!(html.contains("Cobrar (F9)"), "{html}");
    let data = shop
        .cashier
        .get("/api/page-data/admin/ventas/facturaExpress")
        .await
        .json();
    assert_eq!(
        data["sales-invoice-pos"]["finalConsumer"]["identification"], "9999999999999",
        "{data}"
    );
    let r = shop.cashier.get("/api/sales/invoice/last").await;
    assert_eq!(r.status, 404);
    assert_eq!(r.json()["message"], "No se encontró la última factura");
    let list = shop.cashier.get("/api/sales/invoice").await.json();
    assert_eq!(list["total"], 0, "{list}");
    let r = shop.cashier.get("/api/sales/invoice/999999").await;
    assert_eq!(r.status, 404);
    assert_eq!(r.json()["message"], "No se encontró la factura");
    // A sales note is not a factura.
    let milk = shop.product("L1", "Leche", "1.00", "0", "10", "0.70").await;
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            cash_sale("n-1", &[(milk, "1")], "1.00", "1.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let note = r.json()["_id"].as_i64().unwrap();
    assert_eq!(
        shop.cashier
            .get(&format!("/api/sales/invoice/{note}"))
            .await
            .status,
        404
    );
    assert_eq!(
        shop.cashier
            .post_json(&format!("/api/sales/invoice/{note}/resend"), json!({}))
            .await
            .status,
        404
    );
    assert_eq!(
        shop.cashier.get("/api/sales/invoice").await.json()["total"],
        0
    );
}
