//! Issue 22, point 2: arithmetic never wraps. Figures past the ceilings of
//! `mostrador::domain::limits` are refused with 400 and a message naming the field and the limit
//! (inventory adjustments and transfers, sales lines and payments, cash amounts, import rows), and
//! a movement that would take a stock or a value past its room is refused naming the product,
//! with nothing written.

use serde_json::{Value, json};

use crate::sales::support::Shop;
use crate::util::{Backend, Client, TestApp, on_both_backends};
use mostrador::domain::limits::STOCK;

on_both_backends!(
    the_probes_adjustment_is_refused_and_nothing_is_written,
    quantity_and_unit_cost_at_the_ceiling_pass_one_step_beyond_is_refused,
    stock_and_values_never_leave_their_room,
    sales_lines_and_payments_past_the_ceilings_are_refused,
    cash_amounts_past_the_ceiling_are_refused,
    import_rows_past_the_ceilings_are_row_errors
);

/// An adjustment of the shop's default warehouse.
async fn adjust(shop: &mut Shop, lines: Value) -> crate::util::TestResponse {
    let cellar = shop.cellar;
    shop.user
        .post_json(
            "/api/inventory/adjustment/register",
            json!({ "cellarId": cellar, "reason": "Prueba", "lines": lines }),
        )
        .await
}

/// The kardex rows of a product.
async fn kardex(c: &mut Client, product: i64) -> Vec<Value> {
    let r = c
        .get(&format!(
            "/api/inventory/kardex?productId={product}&limit=100"
        ))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["results"].as_array().unwrap().clone()
}

/// Asserts a 400 whose `lines` error is `message`.
fn refused(r: &crate::util::TestResponse, field: &str, message: &str) {
    assert_eq!(r.status, 400, "{}", r.text());
    assert_eq!(r.json()["errors"][field], message, "{}", r.text());
}

async fn the_probes_adjustment_is_refused_and_nothing_is_written(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let rice = shop.product("AR-1", "Arroz", "1.00", "0", "0", "0").await;
    // The probe: 999999999 units at 999999999 gave 201 and a wrapped totalCost in the kardex.
    let r = adjust(
        &mut shop,
        json!([{ "productId": rice, "quantity": "999999999", "unitCost": "999999999" }]),
    )
    .await;
    refused(
        &r,
        "lines",
        "Línea 1: La cantidad no puede superar 10,000,000",
    );
    assert!(kardex(&mut shop.user, rice).await.is_empty());
    assert_eq!(shop.stock(rice).await, "0");
}

async fn quantity_and_unit_cost_at_the_ceiling_pass_one_step_beyond_is_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let rice = shop.product("AR-1", "Arroz", "1.00", "0", "0", "0").await;
    let r = adjust(
        &mut shop,
        json!([{ "productId": rice, "quantity": "10000000.000001", "unitCost": "0.01" }]),
    )
    .await;
    refused(
        &r,
        "lines",
        "Línea 1: La cantidad no puede superar 10,000,000",
    );
    let r = adjust(
        &mut shop,
        json!([{ "productId": rice, "quantity": "-10000001" }]),
    )
    .await;
    refused(
        &r,
        "lines",
        "Línea 1: La cantidad no puede superar 10,000,000",
    );
    let r = adjust(
        &mut shop,
        json!([{ "productId": rice, "quantity": "1", "unitCost": "1000000.01" }]),
    )
    .await;
    refused(
        &r,
        "lines",
        "Línea 1: El costo unitario no puede superar $ 1,000,000.00",
    );
    assert!(kardex(&mut shop.user, rice).await.is_empty());

    let r = adjust(
        &mut shop,
        json!([{ "productId": rice, "quantity": "10000000", "unitCost": "0.01" }]),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let r = adjust(
        &mut shop,
        json!([{ "productId": rice, "quantity": "1", "unitCost": "1000000" }]),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(shop.stock(rice).await, "10000001");
    let rows = kardex(&mut shop.user, rice).await;
    let costs: Vec<&str> = rows
        .iter()
        .map(|r| r["totalCost"].as_str().unwrap())
        .collect();
    assert!(costs.contains(&"100000.00"), "{costs:?}");
    assert!(costs.contains(&"1000000.00"), "{costs:?}");

    // A transfer line and a count past the ceiling are refused alike.
    let r = shop
        .user
        .post_json(
            "/api/inventory/adjustment/register",
            json!({ "cellarId": shop.cellar, "mode": "count",
                    "lines": [{ "productId": rice, "counted": "10000000.5" }] }),
        )
        .await;
    refused(
        &r,
        "lines",
        "Línea 1: La cantidad contada no puede superar 10,000,000",
    );
}

async fn stock_and_values_never_leave_their_room(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let rice = shop
        .product("AR-1", "Arroz", "1.00", "0", "1", "0.01")
        .await;
    let before = kardex(&mut shop.user, rice).await.len();

    // A stock at the edge of its room (what 100 adjustments of 10,000,000 would leave), set
    // directly: the next entry would pass 1,000,000,000 units and is refused, nothing written.
    let (product, cellar, edge) = (rice, shop.cellar, STOCK.max() - 5_000_000);
    app.db(move |conn| {
        use diesel::prelude::*;
        use mostrador::db::schema::stocks;
        diesel::update(
            stocks::table
                .filter(stocks::product_id.eq(product))
                .filter(stocks::warehouse_id.eq(cellar)),
        )
        .set(stocks::quantity.eq(edge))
        .execute(conn)
        .unwrap()
    })
    .await;
    assert_eq!(shop.stock(rice).await, "999999995");
    let r = adjust(
        &mut shop,
        json!([{ "productId": rice, "quantity": "10", "unitCost": "0.01" }]),
    )
    .await;
    refused(
        &r,
        "lines",
        "El stock de «Arroz» en la bodega no puede superar 1,000,000,000",
    );
    assert_eq!(shop.stock(rice).await, "999999995");
    assert_eq!(kardex(&mut shop.user, rice).await.len(), before);
    // Up to the edge itself is fine.
    let r = adjust(
        &mut shop,
        json!([{ "productId": rice, "quantity": "5", "unitCost": "0.01" }]),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(shop.stock(rice).await, "1000000000");

    // A value at the ceiling (1,000,000 units at 1,000,000.00) is stored exactly; one unit more
    // would pass it and is refused, through the API alone.
    let gold = shop.product("OR-1", "Oro", "1.00", "0", "0", "0").await;
    let r = adjust(
        &mut shop,
        json!([{ "productId": gold, "quantity": "1000000", "unitCost": "1000000" }]),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let rows = kardex(&mut shop.user, gold).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["totalCost"], "1000000000000.00");
    let r = adjust(
        &mut shop,
        json!([{ "productId": gold, "quantity": "1", "unitCost": "1000000" }]),
    )
    .await;
    refused(
        &r,
        "lines",
        "El valor del movimiento o del stock de «Oro» no puede superar $ 1,000,000,000,000.00",
    );
    assert_eq!(shop.stock(gold).await, "1000000");
    assert_eq!(kardex(&mut shop.user, gold).await.len(), 1);
}

async fn sales_lines_and_payments_past_the_ceilings_are_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let water = shop.product("AG-1", "Agua", "1.00", "0", "5", "0.40").await;
    let r = shop
        .user
        .post_json(
            "/api/item/register",
            json!({ "code": "X-1", "name": "Caro", "price": "1000000.01",
                    "price2": "1000001", "minStock": "10000000.1" }),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    let errors = &r.json()["errors"];
    assert_eq!(errors["price"], "El precio no puede superar $ 1,000,000.00");
    assert_eq!(
        errors["price2"],
        "El precio mayorista no puede superar $ 1,000,000.00"
    );
    assert_eq!(
        errors["minStock"],
        "El stock mínimo no puede superar 10,000,000"
    );
    let preview = |lines: Value| json!({ "lines": lines });
    let r = shop
        .user
        .post_json(
            "/api/sales/note/preview",
            preview(json!([{ "productId": water, "quantity": "10000000.000001" }])),
        )
        .await;
    refused(
        &r,
        "lines",
        "Línea 1: La cantidad no puede superar 10,000,000",
    );
    let r = shop
        .user
        .post_json(
            "/api/sales/note/preview",
            preview(json!([{ "productId": water, "quantity": "1", "unitPrice": "1000000.01" }])),
        )
        .await;
    refused(
        &r,
        "lines",
        "Línea 1: El precio no puede superar $ 1,000,000.00",
    );
    // Each figure within its ceiling, their product past the ceiling of a value.
    let r = shop
        .user
        .post_json(
            "/api/sales/note/preview",
            preview(
                json!([{ "productId": water, "quantity": "10000000", "unitPrice": "1000000" }]),
            ),
        )
        .await;
    refused(
        &r,
        "lines",
        "Línea 1: el valor de la línea no puede superar $ 1,000,000,000,000.00",
    );
    let r = shop
        .user
        .post_json(
            "/api/sales/quoter/register",
            preview(json!([{ "productId": water, "quantity": "99999999999" }])),
        )
        .await;
    refused(
        &r,
        "lines",
        "Línea 1: La cantidad no puede superar 10,000,000",
    );
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            json!({ "idempotencyKey": "k-1",
                    "lines": [{ "productId": water, "quantity": "1" }],
                    "payments": [{ "method": "cash", "amount": "1.00",
                                   "received": "1000000000.01" }] }),
        )
        .await;
    refused(
        &r,
        "payments",
        "Pago 1: El efectivo recibido no puede superar $ 1,000,000,000.00",
    );
    assert_eq!(shop.stock(water).await, "5");
    // Normal figures still sell.
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            crate::sales::support::cash_sale("k-2", &[(water, "2")], "2.00", "5.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(shop.stock(water).await, "3");
}

async fn cash_amounts_past_the_ceiling_are_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let turn = shop.turn;
    let r = shop
        .cashier
        .post_json(
            &format!("/api/Turn/{turn}/movement"),
            json!({ "type": "in", "amount": "1000000000.01", "reason": "Cambio" }),
        )
        .await;
    refused(&r, "amount", "El monto no puede superar $ 1,000,000,000.00");
    let r = shop
        .cashier
        .post_json(
            &format!("/api/Turn/{turn}/movement"),
            json!({ "type": "in", "amount": "1000000000", "reason": "Cambio" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
}

async fn import_rows_past_the_ceilings_are_row_errors(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let csv = "codigo;nombre;precio;stock_inicial;costo\r\n\
               A-1;Bueno;1.00;10;0.50\r\n\
               A-2;Caro;1000000.01;;\r\n\
               A-3;Mucho;1.00;10000001;0.50\r\n\
               A-4;Costoso;1.00;1;1000000,01\r\n\
               A-5;Justo;1000000;10000000;1000000\r\n";
    let job =
        crate::inventory::upload::import(&mut shop.admin, "limites.csv", csv.as_bytes()).await;
    assert_eq!(job["status"], "done", "{job}");
    let errors: Vec<(i64, &str, &str)> = job["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["row"].as_i64().unwrap(),
                e["column"].as_str().unwrap(),
                e["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        &errors[..3],
        [
            (3, "precio", "El precio no puede superar $ 1,000,000.00"),
            (
                4,
                "stock_inicial",
                "El stock inicial no puede superar 10,000,000"
            ),
            (5, "costo", "El costo no puede superar $ 1,000,000.00"),
        ],
        "{job}"
    );
    // A refused cost is a missing one (the row's other problem of the same cell).
    assert_eq!(
        errors[3],
        (5, "costo", "Indique el costo del stock inicial"),
        "{job}"
    );
    // Row 6 is within every ceiling but its opening value (10,000,000 × 1,000,000.00) is past
    // the room of a value: a row error too, not a failed batch nor a wrapped kardex.
    assert_eq!(
        errors[4..],
        [(
            6,
            "stock_inicial",
            "El valor del stock inicial no puede superar $ 1,000,000,000,000.00"
        )],
        "{job}"
    );
    assert_eq!(job["created"], 1, "{job}");
    let found = shop.admin.get("/api/item?search=A-1").await.json();
    assert_eq!(found["results"][0]["name"], "Bueno", "{found}");
    let id = found["results"][0]["_id"].as_i64().unwrap();
    assert_eq!(shop.stock(id).await, "10");
}
