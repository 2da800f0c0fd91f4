//! Quotes (cotizaciones): stored with the same prices and totals as the POS preview of the same
//! lines, numbered per branch, never moving stock; the stock of their lines; their printable A4;
//! another company's quotes are 404.

use serde_json::{Value, json};

use super::support::Shop;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    register_read_list_and_print,
    stock_of_a_quote_and_other_company,
    validation_messages
);

/// Today in Ecuador plus `days` (may be negative), `YYYY-MM-DD`.
fn day(days: i64) -> String {
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Guayaquil)
        .date_naive();
    (today + chrono::Duration::days(days)).to_string()
}

/// The lines the cashier quotes: 0.10 off 3.00 is within the 5 % that [`Shop::cashier_max_discount`]
/// allows them.
fn lines(cola: i64, rice: i64) -> Value {
    json!([
        { "productId": cola, "quantity": "3", "discount": "0.10" },
        { "productId": rice, "quantity": "2.5" },
    ])
}

async fn register_read_list_and_print(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    shop.cashier_max_discount("5").await;
    let cola = shop
        .product("C1", "Cola 1 l", "1.00", "4", "10", "0.60")
        .await;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.20", "0", "20", "0.70")
        .await;
    let client = shop
        .user
        .post_json(
            "/api/clients/register",
            json!({ "idType": "cedula", "identification": "1710034065", "name": "Ana Pérez" }),
        )
        .await;
    assert_eq!(client.status, 201, "{}", client.text());
    let client = client.json()["_id"].as_i64().unwrap();

    let preview = shop
        .cashier
        .post_json(
            "/api/sales/note/preview",
            json!({ "clientId": client, "lines": lines(cola, rice) }),
        )
        .await;
    assert_eq!(preview.status, 200, "{}", preview.text());
    let preview = preview.json();

    let r = shop
        .cashier
        .post_json(
            "/api/sales/quoter/register",
            json!({ "clientId": client, "lines": lines(cola, rice), "validUntil": day(15), "note": "Entrega el lunes" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let quote = r.json();
    let id = quote["_id"].as_i64().unwrap();
    assert_eq!(quote["number"], 1);
    assert_eq!(quote["validUntil"], day(15));
    assert_eq!(quote["client"]["name"], "Ana Pérez");
    assert_eq!(quote["note"], "Entrega el lunes");
    assert_eq!(quote["totals"], preview["totals"], "{quote}");
    assert_eq!(quote["total"], preview["total"]);
    assert_eq!(quote["lines"].as_array().unwrap().len(), 2);
    for (stored, priced) in quote["lines"]
        .as_array()
        .unwrap()
        .iter()
        .zip(preview["lines"].as_array().unwrap())
    {
        for key in [
            "productId",
            "quantity",
            "unitPrice",
            "discount",
            "net",
            "iva",
            "total",
            "ivaCode",
        ] {
            assert_eq!(stored[key], priced[key], "{key}");
        }
    }
    assert!(!quote["user"].as_str().unwrap().is_empty());

    // A quote never moves stock.
    assert_eq!(shop.stock(cola).await, "10");
    assert_eq!(shop.stock(rice).await, "20");

    // Read it back, as any role of the company.
    let r = shop.admin.get(&format!("/api/sales/quoter/{id}")).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json(), quote);

    // The second quote of the branch is number 2; the list finds them by client and number.
    let r = shop
        .user
        .post_json(
            "/api/sales/quoter/register",
            json!({ "lines": [{ "productId": cola, "quantity": "1" }], "validUntil": day(0) }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["number"], 2);
    let list = shop.user.get("/api/sales/quoter").await.json();
    assert_eq!(list["total"], 2, "{list}");
    let list = shop.user.get("/api/sales/quoter?search=ana").await.json();
    assert_eq!(list["total"], 1, "{list}");
    assert_eq!(list["results"][0]["_id"], id);
    assert_eq!(list["results"][0]["clientName"], "Ana Pérez");
    assert_eq!(list["results"][0]["total"], quote["total"]);
    assert_eq!(list["results"][0]["validUntil"], day(15));
    let list = shop.user.get("/api/sales/quoter?search=2").await.json();
    assert_eq!(list["total"], 1, "{list}");
    assert_eq!(list["results"][0]["number"], 2);

    // The printable A4: complete HTML, no scripts.
    let path = format!("/tickets/quoter/A4PDF?id={id}");
    let r = shop.cashier.get(&path).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let html = r.text();
    assert!(html.contains("COTIZACIÓN"), "{html}");
    assert!(html.contains("No. 1<"), "{html}");
    assert!(html.contains("Ana Pérez"));
    assert!(crate::util::only_print_script(&html), "no scripts");
    assert_eq!(
        shop.cashier
            .get("/tickets/quoter/A4PDF?id=999999")
            .await
            .status,
        404
    );
    assert_eq!(
        shop.cashier
            .get("/tickets/quoter/A4PDF?id=abc")
            .await
            .status,
        404
    );

    // The quotes page lists them.
    let r = shop.cashier.get("/admin/ventas/cotizador").await;
    assert_eq!(r.status, 200);
    assert!(r.text().contains("Ana Pérez"));

    // "Convertir en venta": the sale keeps the quote it came from; an unknown quote is refused.
    let preview = shop
        .cashier
        .post_json(
            "/api/sales/note/preview",
            json!({ "lines": [{ "productId": rice, "quantity": "1" }] }),
        )
        .await
        .json();
    let mut sale = super::support::cash_sale(
        "desde-cotizacion",
        &[(rice, "1")],
        preview["total"].as_str().unwrap(),
        "5.00",
    );
    sale["quoteId"] = json!(999999);
    let r = shop
        .cashier
        .post_json("/api/sales/note/register", sale.clone())
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert_eq!(
        r.json()["errors"]["quoteId"],
        "La cotización no existe",
        "{}",
        r.text()
    );
    sale["quoteId"] = json!(id);
    let r = shop
        .cashier
        .post_json("/api/sales/note/register", sale)
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["quoteId"], id);

    let mut b = app.signed_in(shop.tenants.admin_b).await;
    let r = b.get(&format!("/api/sales/quoter/{id}")).await;
    assert_eq!(r.status, 404);
    assert_eq!(r.message(), "No se encontró la cotización");
    assert_eq!(b.get("/api/sales/quoter").await.json()["total"], 0);
    assert_eq!(b.get(&path).await.status, 404);
}

async fn stock_of_a_quote_and_other_company(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    shop.cashier_max_discount("5").await;
    let cola = shop
        .product("C1", "Cola 1 l", "1.00", "4", "10", "0.60")
        .await;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.20", "0", "0", "0.70")
        .await;
    let r = shop
        .cashier
        .post_json(
            "/api/sales/quoter/register",
            json!({ "lines": lines(cola, rice), "validUntil": day(3) }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let id = r.json()["_id"].as_i64().unwrap();

    let r = shop
        .cashier
        .get(&format!("/api/sales/quoter/{id}/getStock"))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(
        r.json(),
        json!([
            { "productId": cola, "code": "C1", "name": "Cola 1 l", "quantity": "3", "stock": "10" },
            { "productId": rice, "code": "A1", "name": "Arroz 1 kg", "quantity": "2.5", "stock": "0" },
        ])
    );

    let r = shop.cashier.get("/api/sales/quoter/999999/getStock").await;
    assert_eq!(r.status, 404);
    assert_eq!(
        r.message(),
        "No se encontraron detalles de stock para la cotización con el id: 999999"
    );
    let mut b = app.signed_in(shop.tenants.admin_b).await;
    let r = b.get(&format!("/api/sales/quoter/{id}/getStock")).await;
    assert_eq!(r.status, 404);
    assert_eq!(
        r.message(),
        format!("No se encontraron detalles de stock para la cotización con el id: {id}")
    );
}

async fn validation_messages(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cola = shop
        .product("C1", "Cola 1 l", "1.00", "4", "10", "0.60")
        .await;
    let one = json!([{ "productId": cola, "quantity": "1" }]);
    let cases = [
        (
            json!({ "lines": [], "validUntil": day(1) }),
            "Agregue al menos un producto",
        ),
        (
            json!({ "validUntil": day(1) }),
            "Agregue al menos un producto",
        ),
        (
            json!({ "lines": one, "validUntil": day(-1) }),
            "La fecha de validez no puede ser anterior a hoy",
        ),
        (
            json!({ "lines": one }),
            "Indique hasta qué fecha es válida la cotización",
        ),
        (
            json!({ "lines": one, "validUntil": "31/12/2030" }),
            "La fecha de validez debe tener el formato AAAA-MM-DD",
        ),
        (
            json!({ "lines": one, "validUntil": day(1), "clientId": 999999 }),
            "El cliente no existe",
        ),
    ];
    for (body, message) in cases {
        let r = shop
            .cashier
            .post_json("/api/sales/quoter/register", body.clone())
            .await;
        assert_eq!(r.status, 400, "{body}: {}", r.text());
        assert_eq!(r.message(), message, "{body}");
    }
    // Nothing was stored, so the first quote is number 1.
    assert_eq!(
        shop.cashier.get("/api/sales/quoter").await.json()["total"],
        0
    );
    let r = shop
        .cashier
        .post_json(
            "/api/sales/quoter/register",
            json!({ "lines": one, "validUntil": day(0) }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["number"], 1);
}
