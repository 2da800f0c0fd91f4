//! The arqueo names each movement for what it is: a sale on credit is listed among the sales by
//! payment method (it brought no cash, so the expected cash does not count it), and an expense
//! paid from the drawer is a payment to a supplier, not a withdrawal.

use serde_json::json;

use crate::sales::support::Shop;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(credit_sales_and_supplier_payments_are_named_apart);

async fn credit_sales_and_supplier_payments_are_named_apart(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let turn = shop.turn;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.00", "0", "100", "0.70")
        .await;
    let r = shop
        .user
        .post_json(
            "/api/clients/register",
            json!({ "idType": "cedula", "identification": "1710034065", "name": "Ana Pérez",
                    "creditLimit": "1000.00", "creditDays": 30 }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let ana = r.json()["_id"].as_i64().unwrap();

    // A cash sale, a sale wholly on credit and one half on credit, by the shift's cashier.
    for (key, payments) in [
        ("s1", json!([{ "method": "cash", "amount": "3.00" }])),
        ("s2", json!([{ "method": "credit", "amount": "4.00" }])),
        (
            "s3",
            json!([{ "method": "cash", "amount": "1.00" },
                   { "method": "credit", "amount": "1.00" }]),
        ),
    ] {
        let quantity = if key == "s2" {
            "4"
        } else if key == "s1" {
            "3"
        } else {
            "2"
        };
        let r = shop
            .cashier
            .post_json(
                "/api/sales/note/register",
                json!({ "idempotencyKey": key, "clientId": ana,
                        "lines": [{ "productId": rice, "quantity": quantity }], "payments": payments }),
            )
            .await;
        assert_eq!(r.status, 201, "{key}: {}", r.text());
    }

    // An expense paid from the drawer and a plain withdrawal.
    let r = shop
        .cashier
        .post_json(
            "/api/purchases/supplier/register",
            json!({ "idType": "ruc", "identification": "0990000001001", "name": "EMPRESA ELÉCTRICA", "creditDays": 10 }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let supplier = r.json()["_id"].as_i64().unwrap();
    let r = shop
        .cashier
        .post_json(
            "/api/purchases/expense/register",
            json!({ "idempotencyKey": "e-1", "supplierId": supplier, "documentNumber": "001-001-000000777",
                    "date": "2026-01-10", "category": "servicios_basicos", "amount": "20.00", "ivaCode": "0",
                    "payment": { "method": "cash" } }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let r = shop
        .cashier
        .post_json(
            &format!("/api/Turn/{turn}/movement"),
            json!({ "type": "out", "amount": "5.00", "reason": "Retiro para el banco" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());

    let shift = shop.shift().await;
    let summary = &shift["summary"];
    assert_eq!(
        summary["byMethod"],
        json!({ "efectivo": "4.00", "credito": "5.00" }),
        "{shift}"
    );
    assert_eq!(summary["byType"]["supplier_payment"], "20.00", "{shift}");
    assert_eq!(summary["byType"]["cash_out"], "5.00", "{shift}");
    // 50.00 opening + 4.00 in cash − 20.00 to the supplier − 5.00 withdrawn: credit adds nothing.
    assert_eq!(summary["expected"], "29.00", "{shift}");

    // The printed arqueo says the same in words.
    let ticket = shop
        .user
        .get(&format!("/admin/caja/turno/{turn}/ticketArqueo"))
        .await;
    assert_eq!(ticket.status, 200);
    let html = ticket.text();
    for text in [
        "Pagos a proveedores (compras y gastos)",
        "Retiros de efectivo",
        "Crédito",
        "Efectivo",
    ] {
        assert!(html.contains(text), "falta «{text}» en el arqueo");
    }
    assert!(
        !html.contains(">credito<"),
        "método sin nombre en el arqueo"
    );
}
