//! Expenses and manual purchases: no inventory, the same totals, payments and cancellation as a
//! merchandise purchase.

use std::str::FromStr;

use rust_decimal::Decimal;
use serde_json::json;

use crate::sales::support::Shop;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(expenses_and_manual_purchases);

async fn expenses_and_manual_purchases(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let r = shop
        .user
        .post_json(
            "/api/purchases/supplier/register",
            json!({ "idType": "ruc", "identification": "0990000001001", "name": "EMPRESA ELÉCTRICA", "creditDays": 10 }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let supplier = r.json()["_id"].as_i64().unwrap();
    let bad = shop
        .cashier
        .post_json(
            "/api/purchases/expense/register",
            json!({ "idempotencyKey": "e-0", "supplierId": supplier, "date": "2026-01-10", "category": "viajes",
                    "amount": "10", "ivaCode": "4", "payment": { "method": "cash" } }),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.text());
    assert!(bad.json()["errors"]["category"].is_string());
    let expected = |shift: serde_json::Value| {
        Decimal::from_str(shift["summary"]["expected"].as_str().unwrap()).unwrap()
    };
    let before = expected(shop.shift().await);
    let paid = shop
        .cashier
        .post_json(
            "/api/purchases/expense/register",
            json!({ "idempotencyKey": "e-1", "supplierId": supplier, "documentNumber": "001-001-000000777",
                    "date": "2026-01-10", "category": "servicios_basicos", "amount": "20.00", "ivaCode": "4",
                    "payment": { "method": "cash" } }),
        )
        .await;
    assert_eq!(paid.status, 201, "{}", paid.text());
    let paid = paid.json();
    assert_eq!(
        (
            paid["kind"].clone(),
            paid["category"].clone(),
            paid["total"].clone(),
            paid["lines"][0]["description"].clone()
        ),
        (
            json!("expense"),
            json!("servicios_basicos"),
            json!("23.00"),
            json!("Servicios básicos")
        )
    );
    assert_eq!(expected(shop.shift().await), before - Decimal::from(23));
    let manual = shop
        .user
        .post_json(
            "/api/purchases/manual/register",
            json!({ "idempotencyKey": "m-1", "supplierId": supplier, "date": "2026-01-11",
                    "lines": [{ "description": "Fundas de papel", "quantity": "100", "unitCost": "0.05", "ivaCode": "4" },
                              { "description": "Escoba", "quantity": "1", "unitCost": "3.50", "discount": "0.50", "ivaCode": "0" }],
                    "payment": { "method": "credit" } }),
        )
        .await;
    assert_eq!(manual.status, 201, "{}", manual.text());
    let manual = manual.json();
    assert_eq!(
        (
            manual["subtotal"].clone(),
            manual["iva"].clone(),
            manual["total"].clone()
        ),
        (json!("8.00"), json!("0.75"), json!("8.75"))
    );
    let payable = manual["payableId"].as_i64().expect("a payable");
    let view = shop
        .user
        .get(&format!("/api/purchases/payable/{payable}"))
        .await
        .json();
    assert_eq!(view["dueDate"], "2026-01-21");
    // Cancelled: the payable is cancelled with it, the expense's cash goes back to the shift.
    let id = manual["_id"].as_i64().unwrap();
    let r = shop
        .user
        .post_json(
            &format!("/api/purchases/manual/{id}/cancel"),
            json!({ "reason": "Duplicada" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let view = shop
        .user
        .get(&format!("/api/purchases/payable/{payable}"))
        .await
        .json();
    assert_eq!(
        (view["status"].clone(), view["balance"].clone()),
        (json!("anulada"), json!("0.00"))
    );
    let id = paid["_id"].as_i64().unwrap();
    assert_eq!(
        shop.cashier
            .post_json(
                &format!("/api/purchases/expense/{id}/cancel"),
                json!({ "reason": "x" }),
            )
            .await
            .status,
        403
    );
    let r = shop
        .admin
        .post_json(
            &format!("/api/purchases/expense/{id}/cancel"),
            json!({ "reason": "Error" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(expected(shop.shift().await), before);
    // Each kind lists only its own, and another kind's id is not found under it.
    assert_eq!(
        shop.user.get("/api/purchases/expense").await.json()["total"],
        1
    );
    assert_eq!(
        shop.user
            .get(&format!("/api/purchases/merchandise/{id}"))
            .await
            .status,
        404
    );
}
