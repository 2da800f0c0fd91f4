//! Restaurant orders through the real router: opening a table (occupied → 409), rounds with
//! their stations, kitchen states forward only, voids (admin and user, with a reason; the cashier
//! gets 403), moving tables, the kitchen's tickets, billing through the sales service (recipes
//! consume their ingredients: one kardex `consumption` row each), split bills by items, a retried
//! bill with its key, joining two tables (the other's items move, its table is freed, one bill
//! takes everything), and another company's user, who finds none of it.

use diesel::prelude::*;
use mostrador::db::DbConnection;
use mostrador::db::schema::{
    branch_offices, categories, companies, kardex, restaurant_events, restaurant_tables,
    restaurant_zones, sales,
};
use serde_json::{Value, json};

use crate::util::fixtures::{RUC_A, RUC_B, Tenants};
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    a_night_at_one_table,
    joining_tables,
    a_delivery_takes_rounds_and_is_billed_on_dispatch,
    another_company_sees_nothing
);

/// The company with `ruc` and its branch `001`: `(company id, branch id)`.
pub(crate) fn company_branch(conn: &mut DbConnection, ruc: &str) -> (i64, i64) {
    let company: i64 = companies::table
        .filter(companies::ruc.eq(ruc))
        .select(companies::id)
        .first(conn)
        .expect("empresa");
    let branch: i64 = branch_offices::table
        .filter(branch_offices::company_id.eq(company))
        .filter(branch_offices::code.eq("001"))
        .select(branch_offices::id)
        .first(conn)
        .expect("sucursal");
    (company, branch)
}

/// A zone and tables `names` of the company with `ruc` (written directly: the floor's API is
/// another module's); their ids.
pub(crate) fn insert_tables(conn: &mut DbConnection, ruc: &str, names: &[&str]) -> Vec<i64> {
    let (company, branch) = company_branch(conn, ruc);
    let at = mostrador::util::time::now();
    let zone: i64 = diesel::insert_into(restaurant_zones::table)
        .values((
            restaurant_zones::company_id.eq(company),
            restaurant_zones::branch_office_id.eq(branch),
            restaurant_zones::name.eq("Salón"),
            restaurant_zones::active.eq(true),
            restaurant_zones::created_at.eq(at),
            restaurant_zones::updated_at.eq(at),
        ))
        .returning(restaurant_zones::id)
        .get_result(conn)
        .expect("zona");
    names
        .iter()
        .map(|name| {
            diesel::insert_into(restaurant_tables::table)
                .values((
                    restaurant_tables::company_id.eq(company),
                    restaurant_tables::branch_office_id.eq(branch),
                    restaurant_tables::zone_id.eq(zone),
                    restaurant_tables::name.eq(*name),
                    restaurant_tables::seats.eq(4),
                    restaurant_tables::created_at.eq(at),
                    restaurant_tables::updated_at.eq(at),
                ))
                .returning(restaurant_tables::id)
                .get_result(conn)
                .expect("mesa")
        })
        .collect()
}

/// The menu of the tests: ingredients with stock, a recipe of the kitchen and a beer of the bar.
pub(crate) struct Menu {
    pub rice: i64,
    pub beans: i64,
    pub dish: i64,
    pub beer: i64,
}

/// Registers a product; its id.
async fn product(c: &mut Client, body: Value) -> i64 {
    let r = c.post_json("/api/item/register", body).await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

/// The menu, with a category «Bar» whose station is `bar` (the category's station field is set in
/// the database: its form is another module's).
pub(crate) async fn menu(app: &TestApp, admin: &mut Client) -> Menu {
    let r = admin
        .post_json(
            "/api/item/category/register",
            json!({ "name": "Bar", "active": true }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let bar = r.json()["_id"].as_i64().unwrap();
    app.db(move |conn| {
        diesel::update(categories::table.find(bar))
            .set(categories::station.eq("bar"))
            .execute(conn)
            .unwrap()
    })
    .await;
    let rice = product(
        admin,
        json!({ "code": "ARZ", "name": "Arroz (kg)", "price": "1.00", "ivaCode": "0", "unit": "kg" }),
    )
    .await;
    let beans = product(
        admin,
        json!({ "code": "FRJ", "name": "Fréjol (kg)", "price": "2.00", "ivaCode": "0", "unit": "kg" }),
    )
    .await;
    let beer = product(
        admin,
        json!({ "code": "CRV", "name": "Cerveza", "price": "2.00", "ivaCode": "0", "unit": "unidad",
                "categoryId": bar }),
    )
    .await;
    let dish = product(
        admin,
        json!({ "code": "MEN", "name": "Arroz con menestra", "price": "3.50", "ivaCode": "0",
                "kind": "recipe", "recipe": [{ "ingredientId": rice, "quantity": "0.25" },
                                             { "ingredientId": beans, "quantity": "0.10" }] }),
    )
    .await;
    let cellar = crate::inventory::stock::default_cellar(admin).await;
    let r = admin
        .post_json(
            "/api/inventory/adjustment/register",
            json!({ "cellarId": cellar, "reason": "Inventario inicial",
                    "lines": [{ "productId": rice, "quantity": "10", "unitCost": "0.80" },
                              { "productId": beans, "quantity": "5", "unitCost": "1.50" },
                              { "productId": beer, "quantity": "24", "unitCost": "1.00" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    Menu {
        rice,
        beans,
        dish,
        beer,
    }
}

/// The user's cash shift, open (cash payments go into it).
pub(crate) async fn open_shift(admin: &mut Client, user: &mut Client) {
    let register = crate::cash::turns::new_register(admin, "R1").await;
    crate::cash::turns::open(user, register, "20.00").await;
}

/// Kardex rows of `product` of sale `sale`: `(movement type, quantity out)`.
async fn kardex_of(app: &TestApp, product: i64, sale: i64) -> Vec<(String, i64)> {
    app.db(move |conn| {
        kardex::table
            .filter(kardex::product_id.eq(product))
            .filter(kardex::document_type.eq("sale"))
            .filter(kardex::document_id.eq(sale))
            .select((kardex::movement_type, kardex::quantity_out))
            .load(conn)
            .unwrap()
    })
    .await
}

fn item_id(order: &Value, product: i64, round: i64) -> i64 {
    order["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["productId"] == product && i["round"] == round)
        .unwrap_or_else(|| panic!("ítem {product} de la ronda {round} en {order}"))["_id"]
        .as_i64()
        .unwrap()
}

async fn a_night_at_one_table(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let [(_, mut admin), (_, mut user), (_, mut cashier)] = tenants.clients_a(&app).await;
    let menu = menu(&app, &mut admin).await;
    open_shift(&mut admin, &mut user).await;
    let tables = app
        .db(|conn| insert_tables(conn, RUC_A, &["Mesa 1", "Mesa 2"]))
        .await;
    let b_table = app.db(|conn| insert_tables(conn, RUC_B, &["Mesa B"])).await[0];
    let (t1, t2) = (tables[0], tables[1]);

    // Opening: the kind is checked, the table must be of the branch, and free.
    let r = user
        .post_json("/api/restaurant/order/open", json!({ "kind": "mesa" }))
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.json()["errors"]["kind"].is_string());
    let r = user
        .post_json(
            "/api/restaurant/order/open",
            json!({ "kind": "table", "tableId": b_table }),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert_eq!(r.json()["errors"]["tableId"], "La mesa no existe");
    let r = user
        .post_json(
            "/api/restaurant/order/open",
            json!({ "kind": "table", "tableId": t1 }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let order = r.json();
    let id = order["_id"].as_i64().unwrap();
    assert_eq!(
        (
            &order["state"],
            &order["kind"],
            &order["tableId"],
            &order["tableName"]
        ),
        (
            &json!("open"),
            &json!("table"),
            &json!(t1),
            &json!("Mesa 1")
        )
    );
    assert_eq!(order["items"], json!([]));
    let r = admin
        .post_json(
            "/api/restaurant/order/open",
            json!({ "kind": "table", "tableId": t1 }),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.message(), "La mesa ya está ocupada");
    // The cashier is not restaurant staff.
    let r = cashier
        .post_json("/api/restaurant/order/open", json!({ "kind": "express" }))
        .await;
    assert_eq!(r.status, 403);

    // Round 1: a dish for the kitchen, beers for the bar.
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/items"),
            json!({ "items": [
                { "productId": menu.dish, "quantity": "2", "notes": "una sin sal",
                  "modifiers": ["sin cebolla"] },
                { "productId": menu.beer, "quantity": "3" } ] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let order = r.json();
    assert_eq!(order["rounds"], 1);
    let dish = item_id(&order, menu.dish, 1);
    let beers = item_id(&order, menu.beer, 1);
    let items = order["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(
        (
            &items[0]["station"],
            &items[0]["state"],
            &items[0]["quantity"]
        ),
        (&json!("cocina"), &json!("pendiente"), &json!("2"))
    );
    assert_eq!(items[0]["modifiers"], json!(["sin cebolla"]));
    assert_eq!(items[0]["notes"], "una sin sal");
    assert_eq!(items[1]["station"], "bar");
    // Round 2: one more beer. A product of nowhere is refused.
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/items"),
            json!({ "items": [{ "productId": 999_999, "quantity": "1" }] }),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/items"),
            json!({ "items": [{ "productId": menu.beer, "quantity": "1" }] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["rounds"], 2);
    let late_beer = item_id(&r.json(), menu.beer, 2);

    // The kitchen: tickets per order and round, by station.
    let bar = user.get("/api/restaurant/kitchen?station=bar").await.json();
    assert_eq!(bar.as_array().unwrap().len(), 2, "{bar}");
    assert_eq!(
        (&bar[0]["round"], &bar[0]["table"], &bar[0]["number"]),
        (&json!(1), &json!("Mesa 1"), &order["number"])
    );
    assert_eq!(bar[1]["items"][0]["_id"], late_beer);
    let kitchen = user
        .get("/api/restaurant/kitchen?station=cocina")
        .await
        .json();
    assert_eq!(kitchen.as_array().unwrap().len(), 1);
    assert_eq!(kitchen[0]["items"][0]["name"], "Arroz con menestra");
    let all = user.get("/api/restaurant/kitchen").await.json();
    assert_eq!(all.as_array().unwrap().len(), 2);

    // States only go forward (one step or a jump); the cashier may not touch them.
    let state = |item: i64| format!("/api/restaurant/order/{id}/item/{item}/state");
    let r = admin
        .post_json(&state(dish), json!({ "state": "preparando" }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let r = admin
        .post_json(&state(dish), json!({ "state": "pendiente" }))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    let r = admin
        .post_json(&state(dish), json!({ "state": "listo" }))
        .await;
    assert_eq!(r.status, 200);
    let r = admin
        .post_json(&state(beers), json!({ "state": "entregado" }))
        .await;
    assert_eq!(r.status, 200);
    let r = admin
        .post_json(&state(beers), json!({ "state": "servido" }))
        .await;
    assert_eq!(r.status, 400);
    let r = cashier
        .post_json(&state(dish), json!({ "state": "entregado" }))
        .await;
    assert_eq!(r.status, 403);
    let r = admin
        .post_json(
            &format!("/api/restaurant/order/{id}/item/999999/state"),
            json!({ "state": "listo" }),
        )
        .await;
    assert_eq!(r.status, 404);
    // Delivered beers left the bar's screen: only round 2 is there.
    let bar = user.get("/api/restaurant/kitchen?station=bar").await.json();
    assert_eq!(bar.as_array().unwrap().len(), 1, "{bar}");

    // Voids: a reason is required; the cashier gets 403; voided once; shown on the kitchen.
    let void = |item: i64| format!("/api/restaurant/order/{id}/item/{item}/void");
    let r = user.post_json(&void(late_beer), json!({})).await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.json()["errors"]["reason"],
        "Indique el motivo de la anulación"
    );
    let r = cashier
        .post_json(&void(late_beer), json!({ "reason": "error" }))
        .await;
    assert_eq!(r.status, 403);
    let r = user
        .post_json(
            &void(late_beer),
            json!({ "reason": "El cliente cambió de opinión" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let voided = r.json()["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["_id"] == late_beer)
        .cloned()
        .unwrap();
    assert_eq!(
        (&voided["state"], &voided["voidReason"]),
        (&json!("anulado"), &json!("El cliente cambió de opinión"))
    );
    let r = user
        .post_json(&void(late_beer), json!({ "reason": "otra vez" }))
        .await;
    assert_eq!(r.status, 409);
    let bar = user.get("/api/restaurant/kitchen?station=bar").await.json();
    assert_eq!(
        bar[0]["items"][0]["voidReason"],
        "El cliente cambió de opinión"
    );
    let r = admin
        .post_json(&state(late_beer), json!({ "state": "listo" }))
        .await;
    assert_eq!(r.status, 409, "a voided item does not move");

    // Moving: the target must be free. An empty order on table 2 is closed by its bill.
    let r = admin
        .post_json(
            "/api/restaurant/order/open",
            json!({ "kind": "table", "tableId": t2 }),
        )
        .await;
    assert_eq!(r.status, 201);
    let empty = r.json()["_id"].as_i64().unwrap();
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/move"),
            json!({ "tableId": t2 }),
        )
        .await;
    assert_eq!(r.status, 409);
    assert_eq!(r.message(), "La mesa ya está ocupada");
    let r = admin
        .post_json(
            &format!("/api/restaurant/order/{empty}/bill"),
            json!({ "idempotencyKey": "vacia-1", "payments": [] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["order"]["state"], "cancelled");
    assert_eq!(r.json()["sale"], Value::Null);
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/move"),
            json!({ "tableId": t2 }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(
        (&r.json()["tableId"], &r.json()["tableName"]),
        (&json!(t2), &json!("Mesa 2"))
    );
    // Table 1 is free again.
    let r = admin
        .post_json("/api/restaurant/order/open", json!({ "kind": "express" }))
        .await;
    assert_eq!(r.status, 201);
    assert_eq!(r.json()["tableId"], Value::Null);

    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/requestBill"),
            json!({}),
        )
        .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["billRequested"], true);

    // Split: the beers first (3 × 2.00), cash.
    let bill = format!("/api/restaurant/order/{id}/bill");
    let beer_bill = json!({ "idempotencyKey": "mesa2-cervezas", "documentType": "note",
                            "itemIds": [beers],
                            "payments": [{ "method": "cash", "amount": "6.00", "received": "10.00" }] });
    let r = user
        .post_json(
            &bill,
            json!({ "idempotencyKey": "x", "itemIds": [late_beer],
                                          "payments": [] }),
        )
        .await;
    assert_eq!(r.status, 409, "a voided item is not billed: {}", r.text());
    let r = user.post_json(&bill, beer_bill.clone()).await;
    assert_eq!(r.status, 201, "{}", r.text());
    let first = r.json();
    assert_eq!(first["sale"]["total"], "6.00");
    assert_eq!(first["sale"]["change"], "4.00");
    assert_eq!(first["order"]["state"], "open");
    assert_eq!(first["order"]["toBill"], 1);
    let first_sale = first["sale"]["_id"].as_i64().unwrap();
    assert_eq!(
        kardex_of(&app, menu.beer, first_sale).await,
        vec![("sale".to_string(), 3_000_000)]
    );
    // Retried with its key: the same sale, nothing sold twice.
    let r = user.post_json(&bill, beer_bill).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["sale"]["_id"], first_sale);
    assert_eq!(r.json()["order"]["toBill"], 1);
    let sales_count = app
        .db(|conn| sales::table.count().get_result::<i64>(conn).unwrap())
        .await;
    assert_eq!(sales_count, 1);
    // Billed items are not billed again.
    let r = user
        .post_json(
            &bill,
            json!({ "idempotencyKey": "otra", "itemIds": [beers],
                                  "payments": [{ "method": "cash", "amount": "6.00" }] }),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());

    // The rest: the dish (2 × 3.50) consumes its ingredients, one kardex row each, and frees
    // the table.
    let r = user
        .post_json(
            &bill,
            json!({ "idempotencyKey": "mesa2-resto",
                    "payments": [{ "method": "cash", "amount": "7.00" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let last = r.json();
    assert_eq!(last["sale"]["total"], "7.00");
    assert_eq!(last["order"]["state"], "billed");
    assert_eq!(last["order"]["toBill"], 0);
    assert!(last["order"]["closedAt"].is_string());
    let sale = last["sale"]["_id"].as_i64().unwrap();
    assert_eq!(
        kardex_of(&app, menu.rice, sale).await,
        vec![("consumption".to_string(), 500_000)]
    );
    assert_eq!(
        kardex_of(&app, menu.beans, sale).await,
        vec![("consumption".to_string(), 200_000)]
    );
    assert!(kardex_of(&app, menu.dish, sale).await.is_empty());
    let items = last["order"]["items"].as_array().unwrap();
    assert!(
        items
            .iter()
            .all(|i| i["state"] == "anulado" || i["saleId"].is_i64())
    );
    let r = user
        .post_json(&bill, json!({ "idempotencyKey": "tarde", "payments": [] }))
        .await;
    assert_eq!(r.status, 409);
    assert_eq!(r.message(), "La orden ya está cerrada");
    // Table 2 is free.
    let r = user
        .post_json(
            "/api/restaurant/order/open",
            json!({ "kind": "table", "tableId": t2 }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());

    // A delivery needs where to go.
    let r = user
        .post_json("/api/restaurant/order/open", json!({ "kind": "delivery" }))
        .await;
    assert_eq!(r.status, 400);
    let r = user
        .post_json(
            "/api/restaurant/order/open",
            json!({ "kind": "delivery", "delivery": { "name": "Ana", "phone": "0991234567",
                    "address": "Av. Amazonas N34", "reference": "casa azul", "expectedAt": "20:30" } }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let delivery = r.json();
    assert_eq!(delivery["delivery"]["reference"], "casa azul");
    assert!(
        delivery["delivery"]["expectedAt"]
            .as_str()
            .unwrap()
            .contains("T20:30:00"),
        "{delivery}"
    );

    // Lists and reads.
    let billed = user.get("/api/restaurant/order?state=billed").await.json();
    assert_eq!(billed["total"], 1);
    assert_eq!(billed["results"][0]["_id"], id);
    let open = user
        .get("/api/restaurant/order?state=open&kind=delivery")
        .await
        .json();
    assert_eq!(open["total"], 1);
    assert_eq!(
        user.get("/api/restaurant/order?kind=mesa").await.status,
        400
    );
    let got = user.get(&format!("/api/restaurant/order/{id}")).await;
    assert_eq!(got.status, 200);
    assert_eq!(got.json()["items"], last["order"]["items"]);

    // Every change left one event, in sequence, each with the order as it was.
    let events: Vec<(i64, String)> = app
        .db(|conn| {
            restaurant_events::table
                .order(restaurant_events::seq.asc())
                .select((restaurant_events::seq, restaurant_events::kind))
                .load(conn)
                .unwrap()
        })
        .await;
    let seqs: Vec<i64> = events.iter().map(|e| e.0).collect();
    assert_eq!(seqs, (1..=events.len() as i64).collect::<Vec<_>>());
    assert_eq!(
        events.iter().filter(|e| e.1 == "billed").count(),
        3,
        "empty order, beers, rest: {events:?}"
    );
}

/// Opens a table order on `table` and sends `items` (`(product, quantity)`) as one round; the order.
async fn table_with(c: &mut Client, table: i64, items: &[(i64, &str)]) -> Value {
    let r = c
        .post_json(
            "/api/restaurant/order/open",
            json!({ "kind": "table", "tableId": table }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let id = r.json()["_id"].as_i64().unwrap();
    send(c, id, items).await
}

/// Sends `items` to order `id` as a round; the order.
async fn send(c: &mut Client, id: i64, items: &[(i64, &str)]) -> Value {
    let items: Vec<Value> = items
        .iter()
        .map(|(p, q)| json!({ "productId": p, "quantity": q }))
        .collect();
    let r = c
        .post_json(
            &format!("/api/restaurant/order/{id}/items"),
            json!({ "items": items }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()
}

/// `(state, orderId)` of table `id` on the floor's list.
async fn table_state(c: &mut Client, id: i64) -> (Value, Value) {
    let list = c.get("/api/restaurant/table?limit=100").await.json();
    let table = list["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["_id"] == id)
        .unwrap_or_else(|| panic!("mesa {id} en {list}"))
        .clone();
    (table["state"].clone(), table["orderId"].clone())
}

async fn joining_tables(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let [(_, mut admin), (_, mut user), (_, mut cashier)] = tenants.clients_a(&app).await;
    let menu = menu(&app, &mut admin).await;
    open_shift(&mut admin, &mut user).await;
    let tables = app
        .db(|conn| insert_tables(conn, RUC_A, &["Mesa 1", "Mesa 2", "Mesa 3"]))
        .await;
    let (t1, t2, t3) = (tables[0], tables[1], tables[2]);

    // Table 1: a dish (already listo), then a beer.
    let a = table_with(&mut user, t1, &[(menu.dish, "1")]).await;
    let a_id = a["_id"].as_i64().unwrap();
    let a_dish = item_id(&a, menu.dish, 1);
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{a_id}/item/{a_dish}/state"),
            json!({ "state": "listo" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    send(&mut user, a_id, &[(menu.beer, "1")]).await;
    // Table 2: two beers and a dish (voided), then a third beer being prepared: three rounds.
    let b = table_with(&mut user, t2, &[(menu.beer, "2"), (menu.dish, "1")]).await;
    let b_id = b["_id"].as_i64().unwrap();
    let b_beers = item_id(&b, menu.beer, 1);
    let b_dish = item_id(&b, menu.dish, 1);
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{b_id}/item/{b_dish}/void"),
            json!({ "reason": "Se equivocó de mesa" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    send(&mut user, b_id, &[(menu.dish, "1")]).await;
    let b = send(&mut user, b_id, &[(menu.beer, "1")]).await;
    assert_eq!(b["rounds"], 3);
    let b_round2 = item_id(&b, menu.dish, 2);
    let b_late = item_id(&b, menu.beer, 3);
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{b_id}/item/{b_late}/state"),
            json!({ "state": "preparando" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    // Table 3: a beer billed on its own (a split), a dish still to bill.
    let c = table_with(&mut user, t3, &[(menu.beer, "1"), (menu.dish, "1")]).await;
    let c_id = c["_id"].as_i64().unwrap();
    let c_beer = item_id(&c, menu.beer, 1);
    let c_dish = item_id(&c, menu.dish, 1);
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{c_id}/bill"),
            json!({ "idempotencyKey": "mesa3-cerveza", "itemIds": [c_beer],
                    "payments": [{ "method": "cash", "amount": "2.00" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let express = user
        .post_json("/api/restaurant/order/open", json!({ "kind": "express" }))
        .await
        .json()["_id"]
        .as_i64()
        .unwrap();

    // Refusals: no order, itself, a counter order, the cashier.
    let join = |id: i64| format!("/api/restaurant/order/{id}/join");
    let r = user.post_json(&join(a_id), json!({})).await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.json()["errors"]["orderId"].is_string());
    let r = user
        .post_json(&join(a_id), json!({ "orderId": a_id }))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert!(r.message().contains("consigo misma"), "{}", r.message());
    let r = user
        .post_json(&join(a_id), json!({ "orderId": express }))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.message(), "Solo se unen órdenes de mesa");
    let r = user
        .post_json(&join(express), json!({ "orderId": b_id }))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    let r = user
        .post_json(&join(a_id), json!({ "orderId": 999_999 }))
        .await;
    assert_eq!(r.status, 404, "{}", r.text());
    let r = cashier
        .post_json(&join(a_id), json!({ "orderId": b_id }))
        .await;
    assert_eq!(r.status, 403);
    assert_eq!(
        table_state(&mut user, t2).await,
        (json!("ocupada"), json!(b_id))
    );

    // Table 2 joins table 1: its items to bill move as they were; the voided dish stays behind.
    let r = user
        .post_json(&join(a_id), json!({ "orderId": b_id }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let joined = r.json();
    assert_eq!(
        (
            &joined["_id"],
            &joined["tableId"],
            &joined["state"],
            &joined["rounds"]
        ),
        (&json!(a_id), &json!(t1), &json!("open"), &json!(3))
    );
    let moved = |order: &Value, item: i64| {
        order["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["_id"] == item)
            .cloned()
    };
    let beers = moved(&joined, b_beers).expect("las cervezas de la mesa 2");
    assert_eq!(
        (
            &beers["quantity"],
            &beers["round"],
            &beers["station"],
            &beers["state"]
        ),
        (&json!("2"), &json!(1), &json!("bar"), &json!("pendiente"))
    );
    let late = moved(&joined, b_late).expect("la cerveza de la ronda 3");
    assert_eq!(
        (&late["round"], &late["state"]),
        (&json!(3), &json!("preparando"))
    );
    assert!(moved(&joined, b_round2).is_some());
    assert_eq!(moved(&joined, a_dish).unwrap()["state"], "listo");
    assert!(moved(&joined, b_dish).is_none());
    assert_eq!(joined["items"].as_array().unwrap().len(), 5);
    let b_after = user
        .get(&format!("/api/restaurant/order/{b_id}"))
        .await
        .json();
    assert_eq!(b_after["state"], "cancelled", "{b_after}");
    assert!(b_after["closedAt"].is_string());
    let left: Vec<i64> = b_after["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["_id"].as_i64().unwrap())
        .collect();
    assert_eq!(left, vec![b_dish]);
    assert_eq!(
        table_state(&mut user, t2).await,
        (json!("libre"), Value::Null)
    );
    assert_eq!(
        table_state(&mut user, t1).await.1,
        json!(a_id),
        "table 1 keeps its order"
    );
    // The bar sees the beers under table 1.
    let bar = user.get("/api/restaurant/kitchen?station=bar").await.json();
    let bar_items: Vec<(i64, Value)> = bar
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| {
            t["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| (i["_id"].as_i64().unwrap(), t["table"].clone()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(bar_items.contains(&(b_beers, json!("Mesa 1"))), "{bar}");
    assert!(bar_items.contains(&(b_late, json!("Mesa 1"))), "{bar}");
    // One event per order, the closed one first, in the same sequence.
    let events: Vec<(String, Option<i64>)> = app
        .db(|conn| {
            restaurant_events::table
                .order(restaurant_events::seq.desc())
                .limit(2)
                .select((restaurant_events::kind, restaurant_events::order_id))
                .load(conn)
                .unwrap()
        })
        .await;
    assert_eq!(
        events,
        vec![
            ("joined".to_string(), Some(a_id)),
            ("joined".to_string(), Some(b_id))
        ]
    );
    // A closed order joins nothing, and nothing joins it.
    let r = user
        .post_json(&join(a_id), json!({ "orderId": b_id }))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    let r = user
        .post_json(&join(b_id), json!({ "orderId": a_id }))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.message(), "La orden ya está cerrada");

    // Table 3, half billed, joins too: it is closed as billed, its dish moves.
    let r = admin
        .post_json(&join(a_id), json!({ "orderId": c_id }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(moved(&r.json(), c_dish).is_some());
    assert!(moved(&r.json(), c_beer).is_none());
    let c_after = user
        .get(&format!("/api/restaurant/order/{c_id}"))
        .await
        .json();
    assert_eq!(c_after["state"], "billed", "{c_after}");
    assert_eq!(
        table_state(&mut user, t3).await,
        (json!("libre"), Value::Null)
    );

    // One bill takes everything: 3 dishes × 3.50 + 4 beers × 2.00, and frees table 1.
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{a_id}/bill"),
            json!({ "idempotencyKey": "mesas-unidas",
                    "payments": [{ "method": "cash", "amount": "18.50" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let billed = r.json();
    assert_eq!(billed["sale"]["total"], "18.50");
    assert_eq!(billed["order"]["state"], "billed");
    let sale = billed["sale"]["_id"].as_i64().unwrap();
    // The three dishes (one line each: they came from three tables) consume 3 × 0.25 kg of rice.
    let rice = kardex_of(&app, menu.rice, sale).await;
    assert!(
        rice.iter().all(|(kind, _)| kind == "consumption"),
        "{rice:?}"
    );
    assert_eq!(rice.iter().map(|(_, q)| q).sum::<i64>(), 750_000);
    assert_eq!(
        table_state(&mut user, t1).await,
        (json!("libre"), Value::Null)
    );
}

async fn a_delivery_takes_rounds_and_is_billed_on_dispatch(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let [(_, mut admin), (_, mut user), _] = tenants.clients_a(&app).await;
    let menu = menu(&app, &mut admin).await;
    open_shift(&mut admin, &mut user).await;

    // A take-away order: no address. Name and phone are still needed.
    let r = user
        .post_json(
            "/api/restaurant/order/open",
            json!({ "kind": "delivery", "delivery": { "name": "Luis", "address": "Calle 1" } }),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.json()["errors"]["delivery"].is_string());
    let r = user
        .post_json(
            "/api/restaurant/order/open",
            json!({ "kind": "delivery", "delivery": { "name": "Luis", "phone": "0987654321",
                    "reference": "pasa a retirar" } }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let order = r.json();
    let id = order["_id"].as_i64().unwrap();
    assert_eq!(
        (
            &order["kind"],
            &order["tableId"],
            &order["delivery"]["address"]
        ),
        (&json!("delivery"), &Value::Null, &json!(""))
    );

    // Two rounds: the kitchen sees both, as tickets of the delivery.
    send(&mut user, id, &[(menu.dish, "2")]).await;
    let order = send(&mut user, id, &[(menu.beer, "1")]).await;
    assert_eq!(order["rounds"], 2);
    let tickets = user.get("/api/restaurant/kitchen").await.json();
    let ours: Vec<&Value> = tickets
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["orderId"] == id)
        .collect();
    assert_eq!(ours.len(), 2, "{tickets}");
    assert!(
        ours.iter()
            .all(|t| t["kind"] == "delivery" && t["table"].is_null())
    );

    // Dispatched: billed whole; the order leaves the open list.
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/bill"),
            json!({ "idempotencyKey": "domicilio-1",
                    "payments": [{ "method": "cash", "amount": "9.00", "received": "10.00" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let billed = r.json();
    assert_eq!(billed["sale"]["total"], "9.00");
    assert_eq!(billed["sale"]["change"], "1.00");
    assert_eq!(billed["order"]["state"], "billed");
    let open = user
        .get("/api/restaurant/order?state=open&kind=delivery")
        .await
        .json();
    assert_eq!(open["total"], 0);
    // A billed delivery takes no more rounds.
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/items"),
            json!({ "items": [{ "productId": menu.beer, "quantity": "1" }] }),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
}

async fn another_company_sees_nothing(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let [(_, mut admin), (_, mut user), _] = tenants.clients_a(&app).await;
    let mut other = app.signed_in(tenants.admin_b).await;
    let menu = menu(&app, &mut admin).await;
    let t1 = app.db(|conn| insert_tables(conn, RUC_A, &["Mesa 1"])).await[0];
    let b_table = app.db(|conn| insert_tables(conn, RUC_B, &["Mesa B"])).await[0];
    let r = user
        .post_json(
            "/api/restaurant/order/open",
            json!({ "kind": "table", "tableId": t1 }),
        )
        .await;
    let id = r.json()["_id"].as_i64().unwrap();
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/items"),
            json!({ "items": [{ "productId": menu.beer, "quantity": "1" }] }),
        )
        .await;
    let item = item_id(&r.json(), menu.beer, 1);
    let before = user
        .get(&format!("/api/restaurant/order/{id}"))
        .await
        .json();

    for (path, body) in [
        (format!("/api/restaurant/order/{id}"), Value::Null),
        (
            format!("/api/restaurant/order/{id}/items"),
            json!({ "items": [{ "productId": menu.beer, "quantity": "1" }] }),
        ),
        (
            format!("/api/restaurant/order/{id}/item/{item}/state"),
            json!({ "state": "listo" }),
        ),
        (
            format!("/api/restaurant/order/{id}/item/{item}/void"),
            json!({ "reason": "robo" }),
        ),
        (
            format!("/api/restaurant/order/{id}/move"),
            json!({ "tableId": b_table }),
        ),
        (
            format!("/api/restaurant/order/{id}/join"),
            json!({ "orderId": id }),
        ),
        (format!("/api/restaurant/order/{id}/requestBill"), json!({})),
        (
            format!("/api/restaurant/order/{id}/bill"),
            json!({ "idempotencyKey": "ajena", "payments": [{ "method": "card", "amount": "2.00" }] }),
        ),
    ] {
        let r = if body.is_null() {
            other.get(&path).await
        } else {
            other.post_json(&path, body).await
        };
        assert_eq!(r.status, 404, "{path}: {}", r.text());
        assert_eq!(r.message(), "No se encontró la orden", "{path}");
    }
    assert_eq!(other.get("/api/restaurant/order").await.json()["total"], 0);
    assert_eq!(other.get("/api/restaurant/kitchen").await.json(), json!([]));
    // B's table is not A's either.
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/move"),
            json!({ "tableId": b_table }),
        )
        .await;
    assert_eq!(r.status, 400);
    // Nor may B's order join A's, or A's join B's.
    let r = other
        .post_json(
            "/api/restaurant/order/open",
            json!({ "kind": "table", "tableId": b_table }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let b_order = r.json()["_id"].as_i64().unwrap();
    let r = user
        .post_json(
            &format!("/api/restaurant/order/{id}/join"),
            json!({ "orderId": b_order }),
        )
        .await;
    assert_eq!(r.status, 404, "{}", r.text());
    assert_eq!(r.message(), "No se encontró la orden");
    let r = other
        .post_json(
            &format!("/api/restaurant/order/{b_order}/join"),
            json!({ "orderId": id }),
        )
        .await;
    assert_eq!(r.status, 404, "{}", r.text());
    assert_eq!(
        other
            .get(&format!("/api/restaurant/order/{b_order}"))
            .await
            .json()["state"],
        "open"
    );
    // Nothing changed.
    assert_eq!(
        user.get(&format!("/api/restaurant/order/{id}"))
            .await
            .json(),
        before
    );
}
