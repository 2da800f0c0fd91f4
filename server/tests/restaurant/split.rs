//! Splitting a bill through the real router: an item of two units split 1/1
//! (`POST /api/restaurant/order/{id}/item/{itemId}/split`), each guest billed for their unit, and
//! the parts adding up to the whole bill to the cent — the last part of a nota de venta takes the
//! remainder of the IVA (`POST /api/restaurant/order/{id}/price` shows it before charging). A
//! factura keeps the SRI's exact arithmetic. Another company's order is not found.

use serde_json::{Value, json};

use super::orders::{insert_tables, open_shift};
use crate::util::fixtures::{RUC_A, Tenants};
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(a_line_of_two_split_one_and_one_adds_up_to_the_whole);

/// The total a bill of `order` (or of `items`) would charge, as `document` (note or invoice).
async fn price(c: &mut Client, order: i64, items: Option<&[i64]>, document: &str) -> Value {
    let mut body = json!({ "documentType": document });
    if let Some(items) = items {
        body["itemIds"] = json!(items);
    }
    let r = c
        .post_json(&format!("/api/restaurant/order/{order}/price"), body)
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["total"].clone()
}

/// Bills `items` of `order` in cash, for `amount`; the sale.
async fn bill(c: &mut Client, order: i64, items: &[i64], amount: &str, key: &str) -> Value {
    let r = c
        .post_json(
            &format!("/api/restaurant/order/{order}/bill"),
            json!({ "idempotencyKey": key, "itemIds": items,
                    "payments": [{ "method": "cash", "amount": amount, "received": amount }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()
}

/// The ids of the order's items still to bill.
fn open_items(order: &Value) -> Vec<i64> {
    order["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["saleId"].is_null() && i["state"] != "anulado")
        .map(|i| i["_id"].as_i64().unwrap())
        .collect()
}

async fn a_line_of_two_split_one_and_one_adds_up_to_the_whole(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let [(_, mut admin), (_, mut user), (_, mut cashier)] = tenants.clients_a(&app).await;
    let mut other = app.signed_in(tenants.admin_b).await;
    open_shift(&mut admin, &mut user).await;
    // 1.03 + 15 % IVA: alone 0.1545 → 0.15 (1.18); two together 0.309 → 0.31 (2.37).
    let r = admin
        .post_json(
            "/api/item/register",
            json!({ "code": "JGO", "name": "Jugo de mora", "price": "1.03", "ivaCode": "4",
                    "unit": "unidad" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let juice = r.json()["_id"].as_i64().unwrap();
    let cellar = crate::inventory::stock::default_cellar(&mut admin).await;
    let r = admin
        .post_json(
            "/api/inventory/adjustment/register",
            json!({ "cellarId": cellar, "reason": "Inventario inicial",
                    "lines": [{ "productId": juice, "quantity": "10", "unitCost": "0.40" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let table = app.db(|conn| insert_tables(conn, RUC_A, &["Mesa 1"])).await[0];
    let r = user
        .post_json(
            "/api/restaurant/order/open",
            json!({ "kind": "table", "tableId": table }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let id = r.json()["_id"].as_i64().unwrap();
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/items"),
            json!({ "items": [{ "productId": juice, "quantity": "2", "notes": "sin hielo" }] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let item = open_items(&r.json())[0];
    assert_eq!(price(&mut user, id, None, "note").await, "2.37");

    // Splitting: fewer units than the item has, by admin and user only, of the company's order.
    let split = format!("/api/restaurant/order/{id}/item/{item}/split");
    for quantity in ["2", "0", "-1", "abc"] {
        let r = user
            .post_json(&split, json!({ "quantity": quantity }))
            .await;
        assert_eq!(r.status, 400, "{quantity}: {}", r.text());
        assert!(r.json()["errors"]["quantity"].is_string(), "{}", r.text());
    }
    let r = cashier.post_json(&split, json!({ "quantity": "1" })).await;
    assert_eq!(r.status, 403, "{}", r.text());
    let r = other.post_json(&split, json!({ "quantity": "1" })).await;
    assert_eq!(r.status, 404, "{}", r.text());
    let r = other
        .post_json(&format!("/api/restaurant/order/{id}/price"), json!({}))
        .await;
    assert_eq!(r.status, 404, "{}", r.text());
    let r = user.post_json(&split, json!({ "quantity": "1" })).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let order = r.json();
    let items = order["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{order}");
    for i in items {
        assert_eq!(
            (&i["quantity"], &i["notes"], &i["round"], &i["state"]),
            (
                &json!("1"),
                &json!("sin hielo"),
                &json!(1),
                &json!("pendiente")
            ),
            "{order}"
        );
    }
    let [first, second] = open_items(&order)[..] else {
        panic!("dos ítems: {order}");
    };
    // The split does not change what the whole bill costs.
    assert_eq!(price(&mut user, id, None, "note").await, "2.37");

    // The first guest pays their unit: 1.18.
    assert_eq!(price(&mut user, id, Some(&[first]), "note").await, "1.18");
    let billed = bill(&mut user, id, &[first], "1.18", "parte-1").await;
    assert_eq!(billed["sale"]["total"], "1.18");
    assert_eq!(billed["order"]["state"], "open");
    // A billed item is not split again.
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/item/{first}/split"),
            json!({ "quantity": "0.5" }),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());

    // The last part takes the remainder: 2.37 − 1.18 = 1.19 (its IVA 0.16, not 0.15). A factura
    // would charge its own exact IVA.
    assert_eq!(price(&mut user, id, Some(&[second]), "note").await, "1.19");
    assert_eq!(price(&mut user, id, None, "note").await, "1.19");
    assert_eq!(
        price(&mut user, id, Some(&[second]), "invoice").await,
        "1.18"
    );
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/bill"),
            json!({ "idempotencyKey": "parte-2", "itemIds": [second],
                    "payments": [{ "method": "cash", "amount": "1.18", "received": "1.18" }] }),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(
        r.json()["errors"]["payments"]
            .as_str()
            .is_some_and(|m| m.contains("1.19")),
        "{}",
        r.text()
    );
    let billed = bill(&mut user, id, &[second], "1.19", "parte-2").await;
    assert_eq!(billed["sale"]["total"], "1.19");
    assert_eq!(billed["order"]["state"], "billed");
    // The sale's own amounts agree with its total: subtotal 1.03 + IVA 0.16.
    let sale = billed["sale"]["_id"].as_i64().unwrap();
    let stored = user.get(&format!("/api/sales/note/{sale}")).await.json();
    assert_eq!(
        (
            &stored["totals"]["subtotal"],
            &stored["totals"]["groups"][0]["value"],
            &stored["totals"]["total"],
            &stored["lines"][0]["iva"]
        ),
        (
            &json!("1.03"),
            &json!("0.16"),
            &json!("1.19"),
            &json!("0.16")
        ),
        "{stored}"
    );
    // Nothing is left: the price of a billed order is a conflict, not a zero.
    let r = user
        .post_json(&format!("/api/restaurant/order/{id}/price"), json!({}))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
}
