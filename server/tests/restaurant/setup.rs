//! Setting up the floor: zones and tables through the generic list routes (register, update,
//! lock, delete), their Spanish validation messages, the table's place on the plan after a drag,
//! each table's state on the floor plan (libre, ocupada, cuenta, reservada), what may not be
//! deleted (a zone with tables, a table with an open order), the category's station, the
//! cashier's 403 and another company's 404.

use diesel::prelude::*;
use mostrador::db::schema::restaurant_orders;
use mostrador::models::auth::user::User;
use mostrador::models::config::company::Company;
use serde_json::{Value, json};

use crate::util::fixtures::{RUC_A, Tenants};
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    zones_and_tables_crud_and_validation,
    table_state_and_what_may_not_be_deleted,
    category_station,
    cashier_and_another_company_are_refused
);

/// A signed-in floor: the app, company A's admin, user and cashier, company B's admin.
pub struct Floor {
    pub app: TestApp,
    pub admin: Client,
    pub user: Client,
    pub cashier: Client,
    pub intruder: Client,
}

impl Floor {
    pub async fn open(backend: Backend) -> Floor {
        let app = TestApp::new(backend).await;
        let tenants = Tenants::create(&app).await;
        Floor {
            admin: app.signed_in(tenants.admin_a).await,
            user: app.signed_in(tenants.user_a).await,
            cashier: app.signed_in(tenants.cashier_a).await,
            intruder: app.signed_in(tenants.admin_b).await,
            app,
        }
    }
}

/// Registers a zone; its id.
pub async fn zone(client: &mut Client, name: &str) -> i64 {
    let r = client
        .post_json("/api/restaurant/zone/register", json!({ "name": name }))
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["name"], name);
    r.json()["_id"].as_i64().unwrap()
}

/// Registers a table of `seats` in `zone`; its id.
pub async fn table(client: &mut Client, zone: i64, name: &str, seats: i64) -> i64 {
    let r = client
        .post_json(
            "/api/restaurant/table/register",
            json!({ "zoneId": zone, "name": name, "seats": seats }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

/// Every table of the branch as the floor plan reads it, by id.
pub async fn tables(client: &mut Client) -> Vec<Value> {
    let r = client.get("/api/restaurant/table?limit=100").await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["results"].as_array().unwrap().clone()
}

/// The listed table `id`.
pub async fn listed(client: &mut Client, id: i64) -> Value {
    tables(client)
        .await
        .into_iter()
        .find(|t| t["_id"].as_i64() == Some(id))
        .unwrap_or_else(|| panic!("la mesa {id} no está en la lista"))
}

/// Opens an order on table `id` straight in the database (state open), as the orders service
/// does; `bill_requested` as given. Its id.
pub async fn open_order_row(app: &TestApp, table: i64, bill_requested: bool) -> i64 {
    app.db(move |conn| {
        let company = Company::find_by_ruc(conn, RUC_A).unwrap().unwrap();
        let user = User::find_by_email(conn, "admin@a.ec").unwrap().unwrap();
        let branch: i64 = mostrador::db::schema::restaurant_tables::table
            .find(table)
            .select(mostrador::db::schema::restaurant_tables::branch_office_id)
            .first(conn)
            .unwrap();
        let at = mostrador::util::time::now();
        diesel::insert_into(restaurant_orders::table)
            .values((
                restaurant_orders::company_id.eq(company.id),
                restaurant_orders::branch_office_id.eq(branch),
                restaurant_orders::number.eq(table),
                restaurant_orders::kind.eq("table"),
                restaurant_orders::table_id.eq(table),
                restaurant_orders::state.eq("open"),
                restaurant_orders::bill_requested.eq(bill_requested),
                restaurant_orders::user_id.eq(user.id),
                restaurant_orders::created_at.eq(at),
                restaurant_orders::updated_at.eq(at),
            ))
            .returning(restaurant_orders::id)
            .get_result::<i64>(conn)
            .unwrap()
    })
    .await
}

/// Closes the order `id` (billed), freeing its table.
pub async fn close_order_row(app: &TestApp, id: i64) {
    app.db(move |conn| {
        diesel::update(restaurant_orders::table.find(id))
            .set((
                restaurant_orders::state.eq("billed"),
                restaurant_orders::closed_at.eq(Some(mostrador::util::time::now())),
            ))
            .execute(conn)
            .unwrap()
    })
    .await;
}

async fn zones_and_tables_crud_and_validation(backend: Backend) {
    let Floor {
        app: _app,
        mut admin,
        mut user,
        ..
    } = Floor::open(backend).await;

    // Zones: validation, a duplicate name, the list, rename.
    let r = admin
        .post_json("/api/restaurant/zone/register", json!({}))
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert_eq!(r.json()["errors"]["name"], "El nombre es obligatorio");
    let r = admin
        .post_json(
            "/api/restaurant/zone/register",
            json!({ "name": "x".repeat(41) }),
        )
        .await;
    assert_eq!(
        r.json()["errors"]["name"],
        "El nombre no puede tener más de 40 caracteres"
    );
    let salon = zone(&mut admin, "Salón").await;
    let terrace = zone(&mut user, "Terraza").await;
    let r = admin
        .post_json("/api/restaurant/zone/register", json!({ "name": "salón" }))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(
        r.json()["errors"]["name"],
        "Ya existe una zona con ese nombre en la sucursal"
    );
    let list = admin.get("/api/restaurant/zone?sort=name").await.json();
    assert_eq!(list["total"], 2);
    assert_eq!(list["results"][0]["name"], "Salón");
    assert_eq!(list["results"][0]["active"], true);
    let r = admin
        .post_json(
            &format!("/api/restaurant/zone/{terrace}/update"),
            json!({ "name": "Terraza cubierta" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["name"], "Terraza cubierta");

    // Tables: every field's message.
    let r = admin
        .post_json("/api/restaurant/table/register", json!({}))
        .await;
    assert_eq!(r.status, 400);
    let errors = &r.json()["errors"];
    assert_eq!(errors["zoneId"], "La zona es obligatoria");
    assert_eq!(errors["name"], "El nombre es obligatorio");
    assert_eq!(errors["seats"], "El número de puestos es obligatorio");
    let r = admin
        .post_json(
            "/api/restaurant/table/register",
            json!({ "zoneId": 999999, "name": "M1", "seats": 0, "shape": "hexagonal",
                    "x": 1001, "y": -1 }),
        )
        .await;
    assert_eq!(r.status, 400);
    let errors = &r.json()["errors"];
    assert_eq!(errors["zoneId"], "La zona no existe en la sucursal");
    assert_eq!(
        errors["seats"],
        "El número de puestos debe ser un número entero entre 1 y 50"
    );
    assert_eq!(
        errors["shape"],
        "La forma debe ser cuadrada, redonda o rectangular"
    );
    assert_eq!(
        errors["x"],
        "La posición horizontal (x) debe ser un número entero entre 0 y 1000"
    );
    assert_eq!(
        errors["y"],
        "La posición vertical (y) debe ser un número entero entre 0 y 1000"
    );

    let m1 = table(&mut admin, salon, "Mesa 1", 4).await;
    let view = admin
        .get(&format!("/api/restaurant/table/{m1}"))
        .await
        .json();
    assert_eq!(view["zoneId"], salon);
    assert_eq!(view["zoneName"], "Salón");
    assert_eq!(view["seats"], 4);
    assert_eq!(view["shape"], "square");
    assert_eq!((view["x"].as_i64(), view["y"].as_i64()), (Some(0), Some(0)));
    assert_eq!(view["state"], "libre");
    assert!(view["orderId"].is_null() && view["openedAt"].is_null());
    assert!(view["reservation"].is_null());
    let r = admin
        .post_json(
            "/api/restaurant/table/register",
            json!({ "zoneId": terrace, "name": "mesa 1", "seats": 2 }),
        )
        .await;
    assert_eq!(r.status, 409);
    assert_eq!(
        r.json()["errors"]["name"],
        "Ya existe una mesa con ese nombre en la sucursal"
    );
    let r = admin
        .post_json(
            "/api/restaurant/table/register",
            json!({ "zoneId": terrace.to_string(), "name": "T1", "seats": "2",
                    "shape": "round", "x": 300, "y": 450 }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let t1 = r.json()["_id"].as_i64().unwrap();
    assert_eq!(r.json()["shape"], "round");
    assert_eq!(
        (r.json()["x"].as_i64(), r.json()["y"].as_i64()),
        (Some(300), Some(450))
    );

    // A drag on the plan: the table with its new place; absent shape keeps the shape.
    let r = user
        .post_json(
            &format!("/api/restaurant/table/{t1}/update"),
            json!({ "zoneId": terrace, "name": "T1", "seats": 2, "x": 610, "y": 95 }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let moved = listed(&mut admin, t1).await;
    assert_eq!(
        (moved["x"].as_i64(), moved["y"].as_i64()),
        (Some(610), Some(95))
    );
    assert_eq!(moved["shape"], "round");
    assert_eq!(moved["zoneName"], "Terraza cubierta");
    // Moved to another zone and resized.
    let r = admin
        .post_json(
            &format!("/api/restaurant/table/{t1}/update"),
            json!({ "zoneId": salon, "name": "Mesa 2", "seats": 6, "shape": "rect" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["zoneId"], salon);
    assert_eq!(r.json()["seats"], 6);
    assert_eq!(
        (r.json()["x"].as_i64(), r.json()["y"].as_i64()),
        (Some(610), Some(95))
    );
    // Renaming onto another table's name.
    let r = admin
        .post_json(
            &format!("/api/restaurant/table/{t1}/update"),
            json!({ "zoneId": salon, "name": "MESA 1", "seats": 6 }),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(tables(&mut admin).await.len(), 2);

    // Locked: read-only until unlocked.
    let r = admin
        .post_json(&format!("/api/restaurant/table/{m1}/lock"), json!({}))
        .await;
    assert_eq!(r.json()["locked"], true);
    let r = admin
        .post_json(
            &format!("/api/restaurant/table/{m1}/update"),
            json!({ "zoneId": salon, "name": "Mesa 1", "seats": 4, "x": 10, "y": 10 }),
        )
        .await;
    assert_eq!(r.status, 409);
    admin
        .post_json(&format!("/api/restaurant/table/{m1}/lock"), json!({}))
        .await;

    // Delete: the table, then the empty zone.
    let r = admin
        .post_json("/api/restaurant/table/delete", json!({ "_id": m1 }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.message(), "Mesa eliminada");
    let r = admin
        .post_json("/api/restaurant/zone/delete", json!({ "_id": terrace }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.message(), "Zona eliminada");
    assert_eq!(admin.get("/api/restaurant/zone").await.json()["total"], 1);
}

async fn table_state_and_what_may_not_be_deleted(backend: Backend) {
    let Floor { app, mut admin, .. } = Floor::open(backend).await;
    let salon = zone(&mut admin, "Salón").await;
    let m1 = table(&mut admin, salon, "Mesa 1", 4).await;
    let m2 = table(&mut admin, salon, "Mesa 2", 4).await;

    // A zone with tables stays.
    let r = admin
        .post_json("/api/restaurant/zone/delete", json!({ "_id": salon }))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(
        r.message(),
        "No se puede eliminar la zona «Salón»: tiene 2 mesas. Elimine o cambie de zona sus mesas primero."
    );

    // An open order: ocupada with its order and when it was opened; cuenta once the bill is
    // asked for.
    let order = open_order_row(&app, m1, false).await;
    let t = listed(&mut admin, m1).await;
    assert_eq!(t["state"], "ocupada");
    assert_eq!(t["orderId"], order);
    let opened = t["openedAt"].as_str().unwrap();
    assert!(
        chrono::DateTime::parse_from_rfc3339(opened).is_ok(),
        "openedAt ISO: {opened}"
    );
    assert_eq!(listed(&mut admin, m2).await["state"], "libre");
    let r = admin
        .post_json("/api/restaurant/table/delete", json!({ "_id": m1 }))
        .await;
    assert_eq!(r.status, 409);
    assert_eq!(
        r.message(),
        "No se puede eliminar la mesa «Mesa 1»: tiene una orden abierta"
    );
    close_order_row(&app, order).await;
    let bill = open_order_row(&app, m2, true).await;
    assert_eq!(listed(&mut admin, m2).await["state"], "cuenta");
    assert_eq!(listed(&mut admin, m2).await["orderId"], bill);
    assert_eq!(listed(&mut admin, m1).await["state"], "libre");

    // A table that has had orders is kept by them: deactivate it instead.
    let r = admin
        .post_json("/api/restaurant/table/delete", json!({ "_id": m1 }))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert!(r.message().contains("Desactívelo"), "{}", r.message());
    let r = admin
        .post_json(
            &format!("/api/restaurant/table/{m1}/update"),
            json!({ "zoneId": salon, "name": "Mesa 1", "seats": 4, "active": false }),
        )
        .await;
    assert_eq!(r.json()["active"], false);
    let active = admin
        .get("/api/restaurant/table?onlyActive=true")
        .await
        .json();
    assert_eq!(active["total"], 1);
    assert_eq!(active["results"][0]["_id"], m2);
}

async fn category_station(backend: Backend) {
    let Floor {
        app: _app,
        mut admin,
        ..
    } = Floor::open(backend).await;
    let r = admin
        .post_json("/api/item/category/register", json!({ "name": "Platos" }))
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["station"], "cocina", "la cocina por omisión");
    let r = admin
        .post_json(
            "/api/item/category/register",
            json!({ "name": "Bebidas", "station": "Bar" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let drinks = r.json()["_id"].as_i64().unwrap();
    assert_eq!(r.json()["station"], "bar");
    // An edit without the station (the form of older clients) keeps it.
    let r = admin
        .post_json(
            &format!("/api/item/category/{drinks}/update"),
            json!({ "name": "Bebidas frías" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["station"], "bar");
    let r = admin
        .post_json(
            &format!("/api/item/category/{drinks}/update"),
            json!({ "name": "Bebidas frías", "station": "parrilla" }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.json()["errors"]["station"],
        "La estación debe ser cocina o bar"
    );
    let all = admin.get("/api/item/category/all").await.json();
    let stations: Vec<(&str, &str)> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c["station"].as_str().unwrap()))
        .collect();
    assert_eq!(
        stations,
        vec![("Bebidas frías", "bar"), ("Platos", "cocina")]
    );
}

async fn cashier_and_another_company_are_refused(backend: Backend) {
    let Floor {
        app: _app,
        mut admin,
        mut cashier,
        mut intruder,
        ..
    } = Floor::open(backend).await;
    let salon = zone(&mut admin, "Salón").await;
    let m1 = table(&mut admin, salon, "Mesa 1", 4).await;

    // The cashier: 403 on every route of the floor.
    for path in [
        "/api/restaurant/zone",
        "/api/restaurant/table",
        "/api/restaurant/reservation",
    ] {
        assert_eq!(cashier.get(path).await.status, 403, "GET {path}");
    }
    let r = cashier
        .post_json("/api/restaurant/zone/register", json!({ "name": "Caja" }))
        .await;
    assert_eq!(r.status, 403);
    assert_eq!(r.message(), "No tiene permisos para realizar esta acción");
    let r = cashier
        .post_json(
            &format!("/api/restaurant/table/{m1}/update"),
            json!({ "zoneId": salon, "name": "X", "seats": 1 }),
        )
        .await;
    assert_eq!(r.status, 403);

    // Another company: sees nothing, and A's ids are 404.
    for path in ["/api/restaurant/zone", "/api/restaurant/table"] {
        let r = intruder.get(path).await;
        assert_eq!(r.status, 200);
        assert_eq!(r.json()["total"], 0, "{path}");
    }
    for (base, id, body) in [
        ("/api/restaurant/zone", salon, json!({ "name": "Robada" })),
        (
            "/api/restaurant/table",
            m1,
            json!({ "zoneId": salon, "name": "Robada", "seats": 2, "x": 5, "y": 5 }),
        ),
    ] {
        assert_eq!(intruder.get(&format!("{base}/{id}")).await.status, 404);
        let r = intruder
            .post_json(&format!("{base}/{id}/update"), body)
            .await;
        assert_eq!(r.status, 404, "update {base}: {}", r.text());
        let r = intruder
            .post_json(&format!("{base}/{id}/lock"), json!({}))
            .await;
        assert_eq!(r.status, 404);
        let r = intruder
            .post_json(&format!("{base}/delete"), json!({ "_id": id }))
            .await;
        assert_eq!(r.status, 404);
        assert_eq!(r.message(), "No existe el registro en la tabla");
    }
    // B cannot put a table in A's zone.
    let r = intruder
        .post_json(
            "/api/restaurant/table/register",
            json!({ "zoneId": salon, "name": "Intrusa", "seats": 2 }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.json()["errors"]["zoneId"],
        "La zona no existe en la sucursal"
    );
    let t = listed(&mut admin, m1).await;
    assert_eq!(t["name"], "Mesa 1");
    assert_eq!(admin.get("/api/restaurant/zone").await.json()["total"], 1);
}
