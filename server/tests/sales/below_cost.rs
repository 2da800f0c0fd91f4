//! Sales below the average cost (issue 22, point 5): the POS preview flags each line whose price
//! after its discount is below the branch average cost and says so in `warnings` — with the cost
//! for admin and user, without it for a cashier — and the sale still registers.

use serde_json::json;

use super::support::{Shop, cash_sale};
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(preview_warns_below_cost_and_the_sale_registers);

async fn preview_warns_below_cost_and_the_sale_registers(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    // Average cost 8.00 (an adjustment at cost 8), catalogue price 7.00, IVA 0 %.
    let cheap = shop
        .product("BC1", "Aceite 1 l", "7.00", "0", "10", "8")
        .await;
    let fine = shop
        .product("BC2", "Arroz 2 kg", "9.00", "0", "10", "8")
        .await;

    let body = json!({ "lines": [
        { "productId": fine, "quantity": "1" },
        { "productId": cheap, "quantity": "2" },
    ] });
    let r = shop
        .cashier
        .post_json("/api/sales/note/preview", body.clone())
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let p = r.json();
    assert_eq!(p["lines"][0]["belowCost"], false, "{p}");
    assert_eq!(p["lines"][1]["belowCost"], true, "{p}");
    // The cashier is warned without the cost figure.
    assert_eq!(
        p["warnings"],
        json!(["Línea 2: «Aceite 1 l» se vende por debajo del costo promedio"])
    );
    let r = shop.admin.post_json("/api/sales/note/preview", body).await;
    assert_eq!(
        r.json()["warnings"],
        json!(["Línea 2: «Aceite 1 l» se vende por debajo del costo promedio (8.00)"])
    );

    // At 9.00 no warning; at 10.00 less a discount of 2.50 per unit (7.50 each) again one.
    let r = shop
        .admin
        .post_json(
            "/api/sales/note/preview",
            json!({ "lines": [{ "productId": cheap, "quantity": "1", "unitPrice": "9.00" }] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["lines"][0]["belowCost"], false);
    assert_eq!(r.json()["warnings"], json!([]));
    let r = shop
        .user
        .post_json(
            "/api/sales/note/preview",
            json!({ "lines": [{ "productId": cheap, "quantity": "2", "unitPrice": "10.00", "discount": "5.00" }] }),
        )
        .await;
    assert_eq!(r.json()["lines"][0]["belowCost"], true, "{}", r.text());
    let r = shop
        .user
        .post_json(
            "/api/sales/note/preview",
            json!({ "lines": [{ "productId": cheap, "quantity": "2", "unitPrice": "10.00", "discount": "4.00" }] }),
        )
        .await;
    assert_eq!(r.json()["lines"][0]["belowCost"], false, "{}", r.text());

    // A warning, not a refusal: the cashier sells at 7.00.
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            cash_sale("bc-1", &[(cheap, "1")], "7.00", "10.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["total"], "7.00");
    assert_eq!(shop.stock(cheap).await, "9");
}
