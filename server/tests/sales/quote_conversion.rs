//! A quote converts into a sale once (issue 24, defect 2): the converted quote shows «convertida»
//! and its sale; a second sale from it is refused with a 409 that names that sale, also when
//! several conversions arrive at once (the sale's transaction guards it, not only a read); an
//! expired quote says so.

use serde_json::{Value, json};

use super::invoices::count;
use super::support::{Shop, cash_sale};
use crate::util::{Backend, TestApp, TestResponse, on_both_backends};

on_both_backends!(
    a_quote_becomes_one_sale,
    conversions_at_once_make_one_sale,
    an_expired_quote_says_so
);

/// Today in Ecuador, `YYYY-MM-DD`.
fn today() -> String {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Guayaquil)
        .date_naive()
        .to_string()
}

/// A quote of one unit of `product` (price 1.00 without IVA); its id.
async fn quote_of(shop: &mut Shop, product: i64) -> i64 {
    let r = shop
        .cashier
        .post_json(
            "/api/sales/quoter/register",
            json!({ "lines": [{ "productId": product, "quantity": "1" }], "validUntil": today() }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["state"], "vigente");
    r.json()["_id"].as_i64().unwrap()
}

/// The sale of that quote, paid in cash, sent with idempotency key `key`.
fn sale_of(quote: i64, product: i64, key: &str) -> Value {
    let mut body = cash_sale(key, &[(product, "1")], "1.00", "1.00");
    body["quoteId"] = json!(quote);
    body
}

/// The cashier converts `quote` into a sale with key `key`; the answer's status must be `status`.
async fn convert(
    shop: &mut Shop,
    quote: i64,
    product: i64,
    key: &str,
    status: u16,
) -> TestResponse {
    let r = shop
        .cashier
        .post_json("/api/sales/note/register", sale_of(quote, product, key))
        .await;
    assert_eq!(r.status, status, "{}", r.text());
    r
}

/// The shop with 10 units of rice and a quote of one; `(app, shop, rice, quote)`.
async fn quoted(backend: Backend) -> (TestApp, Shop, i64, i64) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.00", "0", "10", "0.70")
        .await;
    let quote = quote_of(&mut shop, rice).await;
    (app, shop, rice, quote)
}

async fn a_quote_becomes_one_sale(backend: Backend) {
    let (app, mut shop, rice, quote) = quoted(backend).await;

    let r = convert(&mut shop, quote, rice, "q-1", 201).await;
    let sale = r.json();
    assert_eq!(sale["quoteId"], quote);

    // The quote shows it was converted, and into which sale, in its view and in the list.
    let view = shop
        .user
        .get(&format!("/api/sales/quoter/{quote}"))
        .await
        .json();
    assert_eq!(view["state"], "convertida", "{view}");
    assert_eq!(view["saleId"], sale["_id"]);
    assert_eq!(view["saleNumber"], sale["number"]);
    let list = shop.user.get("/api/sales/quoter").await.json();
    assert_eq!(list["results"][0]["state"], "convertida", "{list}");
    assert_eq!(list["results"][0]["saleNumber"], sale["number"]);
    let page = shop.cashier.get("/admin/ventas/cotizador").await;
    assert_eq!(page.status, 200);
    assert!(
        page.text().contains("Convertida"),
        "la lista muestra el estado"
    );

    // A retry of the same submit answers the same sale (200), not a refusal.
    let r = convert(&mut shop, quote, rice, "q-1", 200).await;
    assert_eq!(r.json()["_id"], sale["_id"]);

    // A second sale from the same quote is refused and leaves nothing behind.
    let r = convert(&mut shop, quote, rice, "q-2", 409).await;
    assert_eq!(
        r.message(),
        format!(
            "La cotización N.º 1 ya se convirtió en la venta {}: una cotización se vende una sola vez",
            sale["number"].as_str().unwrap()
        )
    );
    assert_eq!(count(&app, "SELECT COUNT(*) AS n FROM sales").await, 1);
    assert_eq!(shop.stock(rice).await, "9");
}

async fn conversions_at_once_make_one_sale(backend: Backend) {
    const N: usize = 6;
    let (app, mut shop, rice, quote) = quoted(backend).await;
    shop.cashier.csrf().await;
    let mut tasks = Vec::new();
    for i in 0..N {
        let mut client = app.client_on(app.router.clone(), &shop.cashier);
        let body = sale_of(quote, rice, &format!("a-la-vez-{i}"));
        tasks.push(tokio::spawn(async move {
            let r = client.post_json("/api/sales/note/register", body).await;
            (r.status.as_u16(), r.json())
        }));
    }
    let mut created = 0;
    for t in tasks {
        match t.await.unwrap() {
            (201, _) => created += 1,
            (409, body) => assert!(
                body["message"]
                    .as_str()
                    .unwrap()
                    .starts_with("La cotización N.º 1 ya se convirtió en la venta "),
                "{body}"
            ),
            (status, body) => panic!("respuesta inesperada {status}: {body}"),
        }
    }
    assert_eq!(created, 1);
    assert_eq!(count(&app, "SELECT COUNT(*) AS n FROM sales").await, 1);
    assert_eq!(shop.stock(rice).await, "9");
}

async fn an_expired_quote_says_so(backend: Backend) {
    let (app, mut shop, rice, quote) = quoted(backend).await;
    // Its validity date passes (no form accepts a past date, so the test moves it).
    app.db(|conn| {
        use diesel::RunQueryDsl;
        diesel::sql_query("UPDATE quotes SET valid_until = '2026-01-02'")
            .execute(conn)
            .expect("actualizar")
    })
    .await;
    let view = shop
        .user
        .get(&format!("/api/sales/quoter/{quote}"))
        .await
        .json();
    assert_eq!(view["state"], "vencida", "{view}");
    let r = convert(&mut shop, quote, rice, "tarde", 409).await;
    assert_eq!(
        r.message(),
        "La cotización N.º 1 venció el 02/01/2026: haga una nueva cotización"
    );
    assert_eq!(count(&app, "SELECT COUNT(*) AS n FROM sales").await, 0);
}
