//! Prices below the average cost in the product form (issue 22, point 5): saving works and the
//! answer carries a warning for each price level below the branch average cost.

use serde_json::{Value, json};

use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(saving_a_price_below_cost_warns);

async fn saving_a_price_below_cost_warns(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.user_a).await;
    let body = |price: &str, price2: &str| {
        json!({ "code": "BC-1", "name": "Aceite 1 l", "price": price, "price2": price2,
                "ivaCode": "0", "unit": "unidad" })
    };
    // No cost yet (nothing bought): no warning.
    let r = c
        .post_json("/api/item/register", body("7.00", "6.50"))
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["warnings"], json!([]));
    let id = r.json()["_id"].as_i64().unwrap();

    let cellar = crate::inventory::stock::default_cellar(&mut c).await;
    let r = c
        .post_json(
            "/api/inventory/adjustment/register",
            json!({ "cellarId": cellar, "reason": "Compra", "lines": [
                { "productId": id, "quantity": "10", "unitCost": "8" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());

    let r = c
        .post_json(&format!("/api/item/{id}/update"), body("7.00", "9.00"))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let saved: Value = r.json();
    assert_eq!(saved["price"], "7.00", "saved anyway");
    assert_eq!(
        saved["warnings"],
        json!([{ "field": "price",
                 "message": "El precio está por debajo del costo promedio (8.00)" }])
    );
    let r = c
        .post_json(&format!("/api/item/{id}/update"), body("9.00", "8.00"))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["warnings"], json!([]));

    // The form warns while typing: the products page carries each listed product's cost.
    let data = c
        .get("/api/page-data/admin/inventario/productos")
        .await
        .json();
    assert_eq!(
        data["admin-products"]["averageCosts"][id.to_string()],
        "8.00",
        "{data}"
    );
}
