//! Credit notes and credit sales: a credit sale opens a receivable within the client's limit;
//! credit notes return at most what was sold minus earlier returns, put the goods back at the
//! cost they left with, refund cash from the open shift or lower the receivable, and have their
//! own gapless numbers.

use serde_json::json;

use super::support::{Shop, cash_sale};
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    credit_sale_and_credit_notes,
    cash_refund_leaves_the_shift,
    the_list_shows_each_note_as_read_alone
);

async fn credit_sale_and_credit_notes(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.00", "0", "50", "0.70")
        .await;
    let client = shop
        .user
        .post_json(
            "/api/clients/register",
            json!({ "idType": "cedula", "identification": "1710034065", "name": "Ana Pérez",
                    "creditLimit": "20.00", "creditDays": 15 }),
        )
        .await;
    assert_eq!(client.status, 201, "{}", client.text());
    let client = client.json()["_id"].as_i64().unwrap();
    let credit = |key: &str, qty: &str, amount: &str| {
        json!({ "idempotencyKey": key, "clientId": client,
                "lines": [{ "productId": rice, "quantity": qty }],
                "payments": [{ "method": "credit", "amount": amount }] })
    };
    // The user has no shift: a credit sale does not touch the drawer.
    let r = shop
        .user
        .post_json("/api/sales/note/register", credit("cr-1", "15", "15.00"))
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let sale = r.json();
    let due = sale["payments"][0]["dueDate"].as_str().unwrap().to_string();
    let expected_due = (chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Guayaquil)
        .date_naive()
        + chrono::Days::new(15))
    .to_string();
    assert_eq!(due, expected_due);
    let sale_id = sale["_id"].as_i64().unwrap();

    // Over the limit: 15 owed + 6 > 20.
    let r = shop
        .user
        .post_json("/api/sales/note/register", credit("cr-2", "6", "6.00"))
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.message(),
        "El crédito supera el cupo de «Ana Pérez»: cupo 20.00, adeudado 15.00, disponible 5.00"
    );

    // Return 4 against the receivable.
    let r = shop
        .user
        .post_json(
            "/api/sales/creditNote/register",
            json!({ "saleId": sale_id, "reason": "Producto dañado", "refund": "credit",
                    "lines": [{ "productId": rice, "quantity": "4" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let note = r.json();
    assert_eq!(note["number"], "001-001-000000001");
    assert_eq!(note["total"], "4.00");
    assert_eq!(note["saleNumber"], sale["number"]);
    assert_eq!(shop.stock(rice).await, "39");
    let back = shop.kardex_rows(rice, "sale_return").await[0].clone();
    assert_eq!(back["unitCost"], "0.70", "{back}");
    assert_eq!(back["quantityIn"], "4");

    // Now 11 owed: a 6.00 credit sale fits (11 + 6 ≤ 20)… after the return only.
    let r = shop
        .user
        .post_json("/api/sales/note/register", credit("cr-3", "6", "6.00"))
        .await;
    assert_eq!(r.status, 201, "{}", r.text());

    // At most what is left: 15 − 4 = 11.
    let over = shop
        .user
        .post_json(
            "/api/sales/creditNote/register",
            json!({ "saleId": sale_id, "reason": "Otra", "refund": "credit",
                    "lines": [{ "productId": rice, "quantity": "12" }] }),
        )
        .await;
    assert_eq!(over.status, 400);
    assert_eq!(
        over.message(),
        "Línea 1: de «Arroz 1 kg» se pueden devolver como máximo 11 (vendido 15, ya devuelto 4)"
    );
    let returnable = shop
        .user
        .get(&format!("/api/sales/note/{sale_id}/returnable"))
        .await
        .json();
    assert_eq!(returnable[0]["returnable"], "11", "{returnable}");
    let read = shop
        .user
        .get(&format!("/api/sales/note/{sale_id}"))
        .await
        .json();
    assert_eq!(read["credited"], "4.00");
    let list = shop.user.get("/api/sales/creditNote").await.json();
    assert_eq!(list["total"], 1);
}

async fn cash_refund_leaves_the_shift(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cola = shop
        .product("C1", "Cola 1 l", "1.00", "4", "10", "0.60")
        .await;
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            cash_sale("s-1", &[(cola, "2")], "2.30", "5.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let sale = r.json()["_id"].as_i64().unwrap();
    let refund = json!({ "saleId": sale, "reason": "Cambio de opinión", "refund": "cash",
                         "lines": [{ "productId": cola, "quantity": "1" }] });
    // Cash cannot go back against a receivable that does not exist.
    let mut on_credit = refund.clone();
    on_credit["refund"] = json!("credit");
    let r = shop
        .cashier
        .post_json("/api/sales/creditNote/register", on_credit)
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.message(),
        "La venta no fue a crédito: devuelva el dinero en efectivo"
    );

    let r = shop
        .cashier
        .post_json("/api/sales/creditNote/register", refund.clone())
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["total"], "1.15");
    let r = shop
        .cashier
        .post_json("/api/sales/creditNote/register", refund.clone())
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["number"], "001-001-000000002");
    let r = shop
        .cashier
        .post_json("/api/sales/creditNote/register", refund)
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    let shift = shop.shift().await;
    assert_eq!(shift["summary"]["byType"]["cash_refund"], "2.30", "{shift}");
    assert_eq!(shift["summary"]["expected"], "50.00", "{shift}");
    assert_eq!(shop.stock(cola).await, "10");
}

/// The list loads the notes of a page together (their sales, lines and users in one query each):
/// every row must still be the note as it reads alone, each with its own sale and lines.
async fn the_list_shows_each_note_as_read_alone(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cola = shop
        .product("C1", "Cola 1 l", "1.00", "4", "10", "0.60")
        .await;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.00", "0", "50", "0.70")
        .await;
    let mut sales = Vec::new();
    for (key, lines, total) in [
        ("l-1", vec![(cola, "2"), (rice, "3")], "5.30"),
        ("l-2", vec![(rice, "5")], "5.00"),
    ] {
        let r = shop
            .cashier
            .post_json(
                "/api/sales/note/register",
                cash_sale(key, &lines, total, total),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
        sales.push(r.json()["_id"].as_i64().unwrap());
    }
    let returns = [
        (
            sales[0],
            json!([{ "productId": cola, "quantity": "1" }, { "productId": rice, "quantity": "2" }]),
        ),
        (sales[1], json!([{ "productId": rice, "quantity": "4" }])),
        (sales[0], json!([{ "productId": rice, "quantity": "1" }])),
    ];
    for (sale, lines) in returns {
        let r = shop
            .cashier
            .post_json(
                "/api/sales/creditNote/register",
                json!({ "saleId": sale, "reason": "Devolución", "refund": "cash", "lines": lines }),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
    }
    let list = shop.user.get("/api/sales/creditNote").await.json();
    assert_eq!(list["total"], 3, "{list}");
    let rows = list["results"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    for row in rows {
        let alone = shop
            .user
            .get(&format!("/api/sales/creditNote/{}", row["_id"]))
            .await
            .json();
        assert_eq!(row, &alone);
    }
    let line_counts: Vec<usize> = rows
        .iter()
        .map(|r| r["lines"].as_array().unwrap().len())
        .collect();
    let mut sorted = line_counts.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, vec![1, 1, 2], "{list}");
}
