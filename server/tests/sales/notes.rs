//! The sales note end to end: a cash sale with change moves stock, kardex and the shift; the
//! refusals (no shift, payments that do not add up, credit to the consumidor final, a cashier
//! changing a price, not enough stock) write nothing and skip no number; another company gets
//! 404; the preview prices with IVA, and a negocio popular charges none.

use serde_json::json;

use super::support::{Shop, cash_sale};
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    cash_sale_moves_stock_kardex_and_shift,
    refusals_write_nothing_and_skip_no_number,
    another_company_gets_404,
    preview_prices_and_negocio_popular_charges_no_iva
);

async fn cash_sale_moves_stock_kardex_and_shift(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cola = shop
        .product("C1", "Cola 1 l", "1.00", "4", "100", "0.60")
        .await;
    let bread = shop.product("P1", "Pan", "0.15", "0", "100", "0.08").await;

    // 3 × 1.00 at 15 % = 3.45; 10 × 0.15 at 0 % = 1.50; total 4.95, paid with 20.00.
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            cash_sale("k-1", &[(cola, "3"), (bread, "10")], "4.95", "20.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let sale = r.json();
    assert_eq!(sale["number"], "001-001-000000001");
    assert_eq!(sale["total"], "4.95");
    assert_eq!(sale["change"], "15.05");
    assert_eq!(sale["client"]["identification"], "9999999999999");
    assert_eq!(sale["lines"][0]["net"], "3.00");
    assert_eq!(sale["lines"][0]["iva"], "0.45");
    assert_eq!(sale["lines"][1]["net"], "1.50");
    assert_eq!(sale["lines"][1]["gross"], "1.50");
    assert_eq!(sale["totals"]["subtotal"], "4.50");
    assert_eq!(sale["totals"]["iva"], "0.45");
    assert_eq!(sale["payments"][0]["method"], "cash");
    assert_eq!(sale["payments"][0]["received"], "20.00");
    let id = sale["_id"].as_i64().unwrap();

    assert_eq!(shop.stock(cola).await, "97");
    assert_eq!(shop.stock(bread).await, "90");
    let sold = shop
        .kardex_rows(cola, "sale")
        .await
        .first()
        .cloned()
        .unwrap_or_else(|| panic!("sin fila de venta en el kárdex"));
    assert_eq!(sold["document"]["number"], "001-001-000000001", "{sold}");
    assert_eq!(sold["quantityOut"], "3", "{sold}");

    let shift = shop.shift().await;
    assert_eq!(shift["summary"]["byMethod"]["efectivo"], "4.95", "{shift}");
    assert_eq!(shift["summary"]["expected"], "54.95", "{shift}");

    // The same sale from every read.
    assert_eq!(
        shop.cashier
            .get(&format!("/api/sales/note/{id}"))
            .await
            .json(),
        sale
    );
    assert_eq!(shop.cashier.get("/api/sales/note/last").await.json(), sale);
    let list = shop
        .admin
        .get("/api/sales/note?search=000000001")
        .await
        .json();
    assert_eq!(list["total"], 1, "{list}");
    assert_eq!(list["results"][0]["number"], "001-001-000000001");
    assert_eq!(list["results"][0]["clientName"], "CONSUMIDOR FINAL");

    // Both printouts: complete HTML without scripts.
    for (path, title) in [
        (
            format!("/admin/ventas/notaventa/{id}/ticket"),
            "NOTA DE VENTA 001-001-000000001",
        ),
        (
            format!("/admin/ventas/notaventa/{id}/pdf"),
            "No. 001-001-000000001",
        ),
    ] {
        let r = shop.cashier.get(&path).await;
        assert_eq!(r.status, 200, "{path}");
        let html = r.text();
        assert!(html.contains(title), "{path}: {html}");
        assert!(html.contains("$ 15.05"), "{path}: el cambio");
        assert!(html.contains("Cola 1 l"), "{path}");
        assert!(crate::util::only_print_script(&html), "{path}: no scripts");
    }

    // A second sale takes the next number; card and transfer are listed but not in the drawer.
    let account = shop
        .admin
        .post_json(
            "/api/bank/register",
            json!({ "bank": "Banco Pichincha", "accountType": "ahorros", "number": "2200112233", "holder": "EMPRESA A" }),
        )
        .await;
    assert_eq!(account.status, 201, "{}", account.text());
    let account = account.json()["_id"].as_i64().unwrap();
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            json!({ "idempotencyKey": "k-2", "lines": [{ "productId": cola, "quantity": "2" }],
                    "payments": [{ "method": "card", "amount": "1.30", "reference": "VISA 4411" },
                                 { "method": "transfer", "amount": "1.00", "bankAccountId": account, "reference": "TRX-9" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["number"], "001-001-000000002");
    assert_eq!(r.json()["change"], "0.00");
    let shift = shop.shift().await;
    assert_eq!(shift["summary"]["byMethod"]["tarjeta"], "1.30", "{shift}");
    assert_eq!(
        shift["summary"]["byMethod"]["transferencia"], "1.00",
        "{shift}"
    );
    assert_eq!(shift["summary"]["expected"], "54.95", "{shift}");
}

async fn refusals_write_nothing_and_skip_no_number(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cola = shop
        .product("C1", "Cola 1 l", "1.00", "4", "5", "0.60")
        .await;

    // The user has no open shift.
    let r = shop
        .user
        .post_json(
            "/api/sales/note/register",
            cash_sale("u-1", &[(cola, "1")], "1.15", "1.15"),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(
        r.message(),
        "No tiene un turno de caja abierto. Abra la caja antes de registrar movimientos de efectivo."
    );

    let cases = [
        (
            cash_sale("c-1", &[(cola, "1")], "1.00", "5.00"),
            400,
            "La suma de los pagos (1.00) debe ser igual al total de la venta (1.15)",
        ),
        (
            cash_sale("c-2", &[(cola, "1")], "1.15", "1.00"),
            400,
            "Pago 1: el efectivo recibido (1.00) no alcanza para el monto (1.15)",
        ),
        (
            cash_sale("c-3", &[(cola, "6")], "6.90", "10.00"),
            409,
            "Stock insuficiente de «Cola 1 l»: disponible 5",
        ),
        (
            cash_sale("c-4", &[(cola, "0")], "0.00", "0.00"),
            400,
            "Línea 1: La cantidad debe ser mayor que cero",
        ),
        (
            cash_sale("c-5", &[(999_999, "1")], "1.15", "1.15"),
            400,
            "Línea 1: el producto no existe o está inactivo",
        ),
        (
            json!({ "idempotencyKey": "c-6", "lines": [{ "productId": cola, "quantity": "1" }],
                    "payments": [{ "method": "credit", "amount": "1.15" }] }),
            400,
            "El crédito solo se concede a un cliente identificado, no al consumidor final",
        ),
        (
            json!({ "lines": [{ "productId": cola, "quantity": "1" }], "payments": [] }),
            400,
            "Cada venta lleva una clave de envío (idempotencyKey) de 1 a 100 caracteres",
        ),
        (
            json!({ "idempotencyKey": "c-7", "lines": [{ "productId": cola, "quantity": "1", "unitPrice": "0.50" }],
                    "payments": [{ "method": "cash", "amount": "0.58" }] }),
            403,
            "Línea 1: solo un administrador o usuario puede cambiar el precio de «Cola 1 l»",
        ),
    ];
    for (body, status, message) in cases {
        let r = shop
            .cashier
            .post_json("/api/sales/note/register", body.clone())
            .await;
        assert_eq!(r.status, status, "{body} → {}", r.text());
        assert_eq!(r.message(), message, "{body}");
    }
    assert_eq!(shop.stock(cola).await, "5");
    let r = shop.cashier.get("/api/sales/note/last").await;
    assert_eq!(r.status, 404);
    assert_eq!(r.message(), "No se encontró la última nota de venta");

    // Nothing was used up: the first sale that succeeds is number 1.
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            cash_sale("ok-1", &[(cola, "5")], "5.75", "5.75"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["number"], "001-001-000000001");
    let shift = shop.shift().await;
    assert_eq!(shift["movements"].as_array().unwrap().len(), 2, "{shift}");

    // A user may sell at another price.
    let r = shop
        .admin
        .post_json(
            "/api/sales/note/preview",
            json!({ "lines": [{ "productId": cola, "quantity": "2", "unitPrice": "0.50", "discount": "0.10" }] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["lines"][0]["net"], "0.90");
    assert_eq!(r.json()["total"], "1.04");
}

async fn another_company_gets_404(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cola = shop
        .product("C1", "Cola 1 l", "1.00", "4", "5", "0.60")
        .await;
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            cash_sale("x-1", &[(cola, "1")], "1.15", "2"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let id = r.json()["_id"].as_i64().unwrap();

    let mut b = app.signed_in(shop.tenants.admin_b).await;
    let r = b.get(&format!("/api/sales/note/{id}")).await;
    assert_eq!(r.status, 404);
    assert_eq!(r.message(), "No se encontró la nota de venta");
    assert_eq!(b.get("/api/sales/note").await.json()["total"], 0);
    // B's product ids and A's sale are not B's to use.
    let r = b
        .post_json(
            "/api/sales/note/preview",
            json!({ "lines": [{ "productId": cola, "quantity": "1" }] }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.message(),
        "Línea 1: el producto no existe o está inactivo"
    );
    let r = b
        .post_json(
            "/api/sales/creditNote/register",
            json!({ "saleId": id, "reason": "x", "refund": "cash", "lines": [{ "productId": cola, "quantity": "1" }] }),
        )
        .await;
    assert_eq!(r.status, 404);
    assert_eq!(r.message(), "No se encontró la nota de venta");
    for path in [
        format!("/admin/ventas/notaventa/{id}/pdf"),
        format!("/admin/ventas/notaventa/{id}/ticket"),
    ] {
        let r = b.get(&path).await;
        assert_eq!(r.status, 404, "{path}");
    }
}

async fn preview_prices_and_negocio_popular_charges_no_iva(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cola = shop.product("C1", "Cola 1 l", "1.00", "4", "0", "0").await;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.10", "0", "0", "0")
        .await;
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/preview",
            json!({ "lines": [{ "productId": cola, "quantity": "3" }, { "productId": rice, "quantity": "1.5" }] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let p = r.json();
    assert_eq!(p["totals"]["groups"][0]["label"], "IVA 0 %", "{p}");
    assert_eq!(p["totals"]["groups"][0]["base"], "1.65");
    assert_eq!(p["totals"]["groups"][1]["label"], "IVA 15 %");
    assert_eq!(p["totals"]["groups"][1]["value"], "0.45");
    assert_eq!(p["total"], "5.10");

    // A client at price level 2 pays the mayorista price.
    let client = shop
        .user
        .post_json(
            "/api/clients/register",
            json!({ "idType": "cedula", "identification": "1710034065", "name": "Ana Pérez", "priceLevel": 2 }),
        )
        .await;
    assert_eq!(client.status, 201, "{}", client.text());
    let client = client.json()["_id"].as_i64().unwrap();
    let p = shop
        .cashier
        .post_json(
            "/api/sales/note/preview",
            json!({ "clientId": client, "lines": [{ "productId": cola, "quantity": "1" }] }),
        )
        .await
        .json();
    assert_eq!(p["lines"][0]["unitPrice"], "0.9", "{p}");

    // Negocio popular: no IVA on any line.
    let company = shop.admin.get("/api/company").await.json();
    let mut body = company.clone();
    body["typeRegimen"] = json!("3");
    let r = shop.admin.post_json("/api/company/update", body).await;
    assert!(r.status.is_success(), "{}", r.text());
    let p = shop
        .cashier
        .post_json(
            "/api/sales/note/preview",
            json!({ "lines": [{ "productId": cola, "quantity": "3" }] }),
        )
        .await
        .json();
    assert_eq!(p["totals"]["iva"], "0.00", "{p}");
    assert_eq!(p["total"], "3.00");
    assert_eq!(p["lines"][0]["ivaCode"], "6");
}
