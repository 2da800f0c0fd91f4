//! The cashier's discount limit (issue 22, point 1): the probe's sale of five units of 10.00 for
//! 0.01 through a line discount is refused (403, nothing written) while the company's «Descuento
//! máximo del cajero (%)» is 0 %; with 10 % a line may take 5.00 off 50.00 but not 5.01, and the
//! whole sale is held to the limit too. Promotions still apply for a cashier; admin discounts
//! freely, never below zero. The POS learns the limit from its page data.

use serde_json::{Value, json};

use super::support::Shop;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    a_cashier_cannot_sell_at_a_cent_through_a_discount,
    the_limit_holds_per_line_and_on_the_whole_sale,
    promotions_apply_and_admin_discounts_freely
);

/// A sale of `lines` (`(productId, quantity, discount)`) paid with one cash payment of `amount`.
fn sale(key: &str, lines: &[(i64, &str, &str)], amount: &str) -> Value {
    json!({
        "idempotencyKey": key,
        "lines": lines.iter()
            .map(|(p, q, d)| json!({ "productId": p, "quantity": q, "discount": d }))
            .collect::<Vec<_>>(),
        "payments": [{ "method": "cash", "amount": amount }],
    })
}

/// Registers `body` as the cashier and expects a 403 with `message`.
async fn refused(shop: &mut Shop, body: Value, message: &str) {
    let r = shop
        .cashier
        .post_json("/api/sales/note/register", body.clone())
        .await;
    assert_eq!(r.status, 403, "{body} → {}", r.text());
    assert_eq!(r.message(), message, "{body}");
}

async fn a_cashier_cannot_sell_at_a_cent_through_a_discount(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let item = shop
        .product("D1", "Licuadora", "10.00", "0", "10", "6.00")
        .await;
    assert_eq!(
        shop.admin.get("/api/company").await.json()["cashierMaxDiscount"],
        "0"
    );
    let message =
        "Línea 1: el descuento de 49.99 supera el máximo permitido al cajero (0 % = 0.00)";

    // The probe: 5 × 10.00 less 49.99, paid 0.01. Refused; no stock moves, no sale, no cash.
    refused(
        &mut shop,
        sale("probe", &[(item, "5", "49.99")], "0.01"),
        message,
    )
    .await;
    assert_eq!(shop.stock(item).await, "10");
    assert_eq!(shop.cashier.get("/api/sales/note/last").await.status, 404);
    assert_eq!(shop.shift().await["summary"]["expected"], "50.00");
    // Nor through the preview or a quote, nor by a single cent.
    let lines = json!([{ "productId": item, "quantity": "5", "discount": "49.99" }]);
    let r = shop
        .cashier
        .post_json("/api/sales/note/preview", json!({ "lines": lines }))
        .await;
    assert_eq!(r.status, 403, "{}", r.text());
    assert_eq!(r.message(), message);
    let r = shop
        .cashier
        .post_json(
            "/api/sales/quoter/register",
            json!({ "lines": lines, "validUntil": "2100-01-01" }),
        )
        .await;
    assert_eq!(r.status, 403, "{}", r.text());
    assert_eq!(r.message(), message);
    refused(
        &mut shop,
        sale("cent", &[(item, "5", "0.01")], "49.99"),
        "Línea 1: el descuento de 0.01 supera el máximo permitido al cajero (0 % = 0.00)",
    )
    .await;

    // The POS knows the limit before the server refuses; admin and user have none.
    let pos = "/api/page-data/admin/ventas/notaventa";
    let data = shop.cashier.get(pos).await.json();
    assert_eq!(data["sales-pos"]["maxDiscount"], "0", "{data}");
    let data = shop.admin.get(pos).await.json();
    assert_eq!(data["sales-pos"]["maxDiscount"], Value::Null, "{data}");

    // Without a discount the sale goes through, and the first number was not used up.
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            sale("full", &[(item, "5", "0")], "50.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["number"], "001-001-000000001");
    assert_eq!(shop.stock(item).await, "5");
}

async fn the_limit_holds_per_line_and_on_the_whole_sale(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let item = shop
        .product("D1", "Licuadora", "10.00", "0", "10", "6.00")
        .await;
    let gum = shop
        .product("D2", "Chicle", "0.05", "0", "10", "0.02")
        .await;
    shop.cashier_max_discount("10").await;
    let pos = "/api/page-data/admin/ventas/notaventa";
    assert_eq!(
        shop.cashier.get(pos).await.json()["sales-pos"]["maxDiscount"],
        "10"
    );

    // 10 % of 5 × 10.00 is 5.00: a cent more is refused, 5.00 goes through.
    refused(
        &mut shop,
        sale("over", &[(item, "5", "5.01")], "44.99"),
        "Línea 1: el descuento de 5.01 supera el máximo permitido al cajero (10 % = 5.00)",
    )
    .await;
    assert_eq!(shop.stock(item).await, "10");
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            sale("at", &[(item, "5", "5.00")], "45.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["total"], "45.00");
    assert_eq!(r.json()["lines"][0]["discount"], "5.00");
    assert_eq!(shop.stock(item).await, "5");

    // Each line of 0.05 rounds its 10 % (0.005) up to 0.01, but three such discounts are 20 % of
    // the sale: its 10 % of 0.15 is 0.02.
    let line = (gum, "1", "0.01");
    refused(
        &mut shop,
        sale("cheap", &[line, line, line], "0.12"),
        "El descuento total de 0.03 supera el máximo permitido al cajero (10 % de 0.15 = 0.02)",
    )
    .await;
    assert_eq!(shop.stock(gum).await, "10");
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            sale("cheap-ok", &[line, (gum, "1", "0"), line], "0.13"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(shop.stock(gum).await, "7");
}

async fn promotions_apply_and_admin_discounts_freely(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let item = shop
        .product("D1", "Licuadora", "10.00", "0", "10", "6.00")
        .await;
    let r = shop
        .user
        .post_json(
            "/api/sales/promo/register",
            json!({ "name": "Licuadoras -20 %", "kind": "percent", "value": "20", "target": "products",
                    "productIds": [item], "startsOn": "2000-01-01" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());

    // With the limit at 0 % the cashier still sells with the promotion, but adds nothing to it.
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            sale("promo", &[(item, "5", "0")], "40.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let sold = r.json();
    assert_eq!(sold["total"], "40.00", "{sold}");
    assert_eq!(sold["lines"][0]["promotion"]["discount"], "10.00", "{sold}");
    refused(
        &mut shop,
        sale("promo-more", &[(item, "1", "0.01")], "7.99"),
        "Línea 1: el descuento de 0.01 supera el máximo permitido al cajero (0 % = 0.00)",
    )
    .await;

    // Admin and user discount freely, down to zero but not below.
    let plain = shop
        .product("D2", "Batidora", "10.00", "0", "10", "6.00")
        .await;
    for who in ["admin", "user"] {
        let client = if who == "admin" {
            &mut shop.admin
        } else {
            &mut shop.user
        };
        let r = client
            .post_json(
                "/api/sales/note/preview",
                json!({ "lines": [{ "productId": plain, "quantity": "5", "discount": "49.99" }] }),
            )
            .await;
        assert_eq!(r.status, 200, "{who}: {}", r.text());
        assert_eq!(r.json()["total"], "0.01", "{who}");
        let r = client
            .post_json(
                "/api/sales/note/preview",
                json!({ "lines": [{ "productId": plain, "quantity": "5", "discount": "50.01" }] }),
            )
            .await;
        assert_eq!(r.status, 400, "{who}: {}", r.text());
        assert_eq!(
            r.json()["errors"]["lines"],
            "Línea 1: el descuento (50.01) supera el valor de la línea (50.00)",
            "{who}"
        );
    }
}
