//! Promotions: the generic list contract, the field checks, the company boundary, roles, and the
//! choice of the best promotion per line at a given local time.

use chrono::NaiveDateTime;
use mostrador::models::CompanyId;
use mostrador::models::sales::promotion::{PromoLine, best_promotions};
use serde_json::{Value, json};

use crate::util::fixtures::{RUC_A, Tenants};
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    register_edit_lock_delete_and_list,
    fields_are_checked,
    another_company_and_the_cashier_are_refused,
    the_best_promotion_wins_within_its_window
);

const M: i64 = 1_000_000;

/// Registers a product of company A; returns its id.
async fn product(
    c: &mut Client,
    code: &str,
    name: &str,
    price: &str,
    category: Option<i64>,
) -> i64 {
    let r = c
        .post_json(
            "/api/item/register",
            json!({ "code": code, "name": name, "price": price, "categoryId": category }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

async fn category(c: &mut Client, name: &str) -> i64 {
    let r = c
        .post_json(
            "/api/item/category/register",
            json!({ "name": name, "active": true }),
        )
        .await;
    assert!(r.status == 201 || r.status == 200, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

async fn register(c: &mut Client, body: Value) -> Value {
    let r = c.post_json("/api/sales/promo/register", body.clone()).await;
    assert_eq!(r.status, 201, "{body}: {}", r.text());
    r.json()
}

async fn register_edit_lock_delete_and_list(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.user_a).await;
    let cola = product(&mut c, "GA-1", "Gaseosa cola 500 ml", "0.75", None).await;
    let lima = product(&mut c, "GA-2", "Gaseosa lima 500 ml", "0.75", None).await;
    let drinks = category(&mut c, "Bebidas").await;

    let two_for_one = register(
        &mut c,
        json!({
            "name": "  2x1 Gaseosas ",
            "kind": "buy_n_pay_m",
            "buyN": 2,
            "payM": "1",
            "target": "products",
            "productIds": [lima, cola, cola],
            "startsOn": "2026-11-01",
            "endsOn": "2026-11-30",
            "weekdays": "75",
            "timeFrom": "15:00",
            "timeTo": "18:30"
        }),
    )
    .await;
    assert_eq!(two_for_one["name"], "2x1 Gaseosas");
    assert_eq!(two_for_one["kind"], "buy_n_pay_m");
    assert_eq!(two_for_one["value"], "0.00");
    assert_eq!(two_for_one["buyN"], 2);
    assert_eq!(two_for_one["payM"], 1);
    assert_eq!(two_for_one["target"], "products");
    assert_eq!(two_for_one["categoryId"], Value::Null);
    let mut ids = vec![cola, lima];
    ids.sort_unstable();
    assert_eq!(two_for_one["productIds"], json!(ids));
    assert_eq!(two_for_one["products"].as_array().unwrap().len(), 2);
    assert_eq!(two_for_one["startsOn"], "2026-11-01");
    assert_eq!(two_for_one["endsOn"], "2026-11-30");
    assert_eq!(two_for_one["weekdays"], "57");
    assert_eq!(two_for_one["timeFrom"], "15:00");
    assert_eq!(two_for_one["timeTo"], "18:30");
    assert_eq!(two_for_one["active"], true);
    assert_eq!(two_for_one["locked"], false);
    let id = two_for_one["_id"].as_i64().unwrap();
    assert_eq!(
        c.get(&format!("/api/sales/promo/{id}")).await.json(),
        two_for_one
    );

    let percent = register(
        &mut c,
        json!({
            "name": "Bebidas 10 %",
            "kind": "percent",
            "value": "10",
            "target": "category",
            "categoryId": drinks,
            "startsOn": "2026-11-01"
        }),
    )
    .await;
    assert_eq!(percent["value"], "10.00");
    assert_eq!(percent["buyN"], Value::Null);
    assert_eq!(percent["categoryId"], drinks);
    assert_eq!(percent["categoryName"], "Bebidas");
    assert_eq!(percent["productIds"], json!([]));
    assert_eq!(percent["endsOn"], Value::Null);
    assert_eq!(percent["weekdays"], "1234567");
    assert_eq!(percent["timeFrom"], Value::Null);

    // The generic list: search by name (accents and case ignored), sort, pages.
    let list = c.get("/api/sales/promo").await.json();
    assert_eq!(list["total"], 2, "{list}");
    assert_eq!(list["results"][0]["name"], "2x1 Gaseosas", "by name");
    assert_eq!(list["results"][0]["productIds"], json!(ids));
    assert_eq!(
        c.get("/api/sales/promo?search=GASEOSAS").await.json()["total"],
        1
    );
    let sorted = c
        .get("/api/sales/promo?sort=name&order=desc&limit=1&page=1")
        .await
        .json();
    assert_eq!(sorted["results"][0]["name"], "Bebidas 10 %");
    assert_eq!(sorted["total"], 2);
    assert_eq!(sorted["limit"], 1);

    // Edit: a fixed discount on one product, inactive.
    let edited = c
        .post_json(
            &format!("/api/sales/promo/{id}/update"),
            json!({
                "name": "Cola -0.10",
                "kind": "fixed",
                "value": "0.10",
                "target": "products",
                "productIds": [cola],
                "startsOn": "2026-11-01",
                "active": false
            }),
        )
        .await;
    assert_eq!(edited.status, 200, "{}", edited.text());
    let edited = edited.json();
    assert_eq!(edited["value"], "0.10");
    assert_eq!(edited["buyN"], Value::Null);
    assert_eq!(edited["productIds"], json!([cola]));
    assert_eq!(edited["active"], false);
    assert_eq!(edited["timeFrom"], Value::Null);
    assert_eq!(
        c.get("/api/sales/promo?onlyActive=true").await.json()["total"],
        1
    );

    // Locked: no edit, no delete; unlocked: deleted.
    let locked = c
        .post_json(&format!("/api/sales/promo/{id}/lock"), json!({}))
        .await;
    assert_eq!(locked.json()["locked"], true);
    let refused = c
        .post_json(
            &format!("/api/sales/promo/{id}/update"),
            json!({ "name": "X", "kind": "percent", "value": "5", "target": "category",
                    "categoryId": drinks, "startsOn": "2026-11-01" }),
        )
        .await;
    assert_eq!(refused.status, 409, "{}", refused.text());
    assert_eq!(
        c.post_json("/api/sales/promo/delete", json!({ "_id": id }))
            .await
            .status,
        409
    );
    c.post_json(&format!("/api/sales/promo/{id}/lock"), json!({}))
        .await;
    let deleted = c
        .post_json("/api/sales/promo/delete", json!({ "_id": id }))
        .await;
    assert_eq!(deleted.status, 200, "{}", deleted.text());
    assert_eq!(deleted.message(), "Promoción eliminada");
    let gone = c.get(&format!("/api/sales/promo/{id}")).await;
    assert_eq!(gone.status, 404);
    assert_eq!(
        gone.message(),
        format!("No se encontró la promoción con el id: {id}")
    );
    assert_eq!(c.get("/api/sales/promo").await.json()["total"], 1);

    // A product in a promotion can still be deleted: it leaves the promotion.
    let other = register(
        &mut c,
        json!({ "name": "Lima", "kind": "percent", "value": "5", "target": "products",
                "productIds": [lima, cola], "startsOn": "2026-11-01" }),
    )
    .await;
    let r = c
        .post_json("/api/item/delete", json!({ "_id": lima }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(
        c.get(&format!("/api/sales/promo/{}", other["_id"]))
            .await
            .json()["productIds"],
        json!([cola])
    );

    // The page renders on the server with its data.
    let page = c.get("/admin/ventas/promos").await;
    assert_eq!(page.status, 200);
    assert!(page.text().contains("Bebidas 10 %"), "server-rendered list");
}

async fn fields_are_checked(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.admin_a).await;
    let cola = product(&mut c, "GA-1", "Gaseosa", "0.75", None).await;
    let base = json!({ "name": "P", "kind": "percent", "value": "10", "target": "products",
                       "productIds": [cola], "startsOn": "2026-11-01" });
    let with = |changes: Value| {
        let mut body = base.clone();
        for (k, v) in changes.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases = [
        (
            with(json!({ "name": " " })),
            "name",
            "El nombre es obligatorio",
        ),
        (
            with(json!({ "kind": "gratis" })),
            "kind",
            "Elija el tipo de promoción: porcentaje, valor fijo o lleve N pague M",
        ),
        (
            with(json!({ "value": "0" })),
            "value",
            "El porcentaje debe ser mayor que cero",
        ),
        (
            with(json!({ "value": "100.5" })),
            "value",
            "El porcentaje no puede ser mayor que 100",
        ),
        (
            with(json!({ "value": "1.005" })),
            "value",
            "El porcentaje admite como máximo 2 decimales",
        ),
        (with(json!({ "value": 10.5 })), "value", ""),
        (
            with(json!({ "value": null })),
            "value",
            "El porcentaje es obligatorio",
        ),
        (
            with(json!({ "kind": "fixed", "value": "-1" })),
            "value",
            "El descuento por unidad debe ser mayor que cero",
        ),
        (
            with(json!({ "kind": "buy_n_pay_m", "buyN": 1, "payM": 1 })),
            "buyN",
            "Lo que lleva debe ser un número entero entre 2 y 1000",
        ),
        (
            with(json!({ "kind": "buy_n_pay_m", "buyN": 3, "payM": 3 })),
            "payM",
            "Lo que paga debe ser un número entero entre 1 y 2 (menos de lo que lleva)",
        ),
        (
            with(json!({ "kind": "buy_n_pay_m", "buyN": 2 })),
            "payM",
            "Indique cuántas unidades paga el cliente",
        ),
        (
            with(json!({ "target": "todo" })),
            "target",
            "Elija a qué se aplica: productos o una categoría",
        ),
        (
            with(json!({ "productIds": [] })),
            "productIds",
            "Elija al menos un producto",
        ),
        (
            with(json!({ "productIds": [cola, 999_999] })),
            "productIds",
            "Estos productos no existen en la empresa: 999999",
        ),
        (
            with(json!({ "target": "category" })),
            "categoryId",
            "Elija la categoría",
        ),
        (
            with(json!({ "target": "category", "categoryId": 999_999 })),
            "categoryId",
            "La categoría no existe en la empresa",
        ),
        (
            with(json!({ "startsOn": null })),
            "startsOn",
            "La fecha de inicio es obligatoria",
        ),
        (
            with(json!({ "startsOn": "01/11/2026" })),
            "startsOn",
            "La fecha de inicio no es válida: use el formato AAAA-MM-DD",
        ),
        (
            with(json!({ "endsOn": "2026-10-31" })),
            "endsOn",
            "La fecha final no puede ser anterior a la de inicio",
        ),
        (
            with(json!({ "weekdays": "" })),
            "weekdays",
            "Elija al menos un día de la semana",
        ),
        (with(json!({ "weekdays": "089" })), "weekdays", ""),
        (
            with(json!({ "timeFrom": "25:00", "timeTo": "10:00" })),
            "timeFrom",
            "La hora debe tener el formato HH:MM (00:00 a 23:59)",
        ),
        (
            with(json!({ "timeFrom": "10:00" })),
            "timeTo",
            "Indique también la hora final",
        ),
        (
            with(json!({ "timeFrom": "10:00", "timeTo": "10:00" })),
            "timeTo",
            "La hora final debe ser distinta de la inicial",
        ),
    ];
    for (body, field, message) in cases {
        let r = c.post_json("/api/sales/promo/register", body.clone()).await;
        assert_eq!(r.status, 400, "{body}: {}", r.text());
        let got = r.json()["errors"][field]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(!got.is_empty(), "{body}: no error on {field}: {}", r.text());
        if !message.is_empty() {
            assert_eq!(got, message, "{body}");
        }
    }
    // Every problem at once.
    let all = c.post_json("/api/sales/promo/register", json!({})).await;
    assert_eq!(all.status, 400);
    let errors = all.json()["errors"].clone();
    for field in ["name", "kind", "target", "startsOn"] {
        assert!(errors[field].is_string(), "{field}: {errors}");
    }
    // Nothing was stored.
    assert_eq!(c.get("/api/sales/promo").await.json()["total"], 0);
}

async fn another_company_and_the_cashier_are_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut a = app.signed_in(t.admin_a).await;
    let cola = product(&mut a, "GA-1", "Gaseosa", "0.75", None).await;
    let drinks = category(&mut a, "Bebidas").await;
    let promo = register(
        &mut a,
        json!({ "name": "Cola 5 %", "kind": "percent", "value": "5", "target": "products",
                "productIds": [cola], "startsOn": "2026-11-01" }),
    )
    .await;
    let id = promo["_id"].as_i64().unwrap();

    let mut b = app.signed_in(t.admin_b).await;
    let missing = b.get(&format!("/api/sales/promo/{id}")).await;
    assert_eq!(missing.status, 404);
    assert_eq!(
        missing.message(),
        format!("No se encontró la promoción con el id: {id}")
    );
    let body = json!({ "name": "Robada", "kind": "percent", "value": "50", "target": "category",
                       "categoryId": drinks, "startsOn": "2026-11-01" });
    let update = b
        .post_json(&format!("/api/sales/promo/{id}/update"), body.clone())
        .await;
    assert_eq!(update.status, 404, "{}", update.text());
    assert_eq!(
        b.post_json(&format!("/api/sales/promo/{id}/lock"), json!({}))
            .await
            .status,
        404
    );
    let delete = b
        .post_json("/api/sales/promo/delete", json!({ "_id": id }))
        .await;
    assert_eq!(delete.status, 404);
    assert_eq!(delete.message(), "No existe el registro en la tabla");
    assert_eq!(b.get("/api/sales/promo").await.json()["total"], 0);
    // A's products and categories are not B's to use.
    let theirs = b.post_json("/api/sales/promo/register", body).await;
    assert_eq!(theirs.status, 400);
    assert_eq!(
        theirs.json()["errors"]["categoryId"],
        "La categoría no existe en la empresa"
    );
    let theirs = b
        .post_json(
            "/api/sales/promo/register",
            json!({ "name": "X", "kind": "percent", "value": "5", "target": "products",
                    "productIds": [cola], "startsOn": "2026-11-01" }),
        )
        .await;
    assert_eq!(theirs.status, 400);
    assert_eq!(
        theirs.json()["errors"]["productIds"],
        format!("Estos productos no existen en la empresa: {cola}")
    );
    assert_eq!(a.get(&format!("/api/sales/promo/{id}")).await.json(), promo);

    // The cashier neither sees nor changes promotions.
    let mut cashier = app.signed_in(t.cashier_a).await;
    assert_eq!(cashier.get("/api/sales/promo").await.status, 403);
    assert_eq!(
        cashier.get(&format!("/api/sales/promo/{id}")).await.status,
        403
    );
    assert_eq!(
        cashier
            .post_json("/api/sales/promo/register", json!({}))
            .await
            .status,
        403
    );
    assert_eq!(
        cashier
            .post_json("/api/sales/promo/delete", json!({ "_id": id }))
            .await
            .status,
        403
    );
    assert_eq!(cashier.get("/admin/ventas/promos").await.status, 403);
}

/// Company A's id (trusted: read from the database).
async fn company_a(app: &TestApp) -> CompanyId {
    app.db(|conn| {
        mostrador::models::config::company::Company::find_by_ruc(conn, RUC_A)
            .unwrap()
            .map(|c| CompanyId::trusted(c.id))
            .unwrap()
    })
    .await
}

fn line(product_id: i64, category_id: Option<i64>, quantity: i64, unit_price: i64) -> PromoLine {
    let gross = (quantity as i128 * unit_price as i128 / M as i128 + 5_000) / 10_000 * 10_000;
    PromoLine {
        product_id,
        category_id,
        quantity,
        unit_price,
        gross: gross as i64,
    }
}

async fn best_at(app: &TestApp, at: &str, lines: Vec<PromoLine>) -> Vec<Option<(String, i64)>> {
    let company = company_a(app).await;
    let at = NaiveDateTime::parse_from_str(at, "%Y-%m-%d %H:%M").unwrap();
    app.db(move |conn| best_promotions(conn, company, at, &lines).unwrap())
        .await
        .into_iter()
        .map(|p| p.map(|p| (p.name, p.discount)))
        .collect()
}

async fn the_best_promotion_wins_within_its_window(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut a = app.signed_in(t.admin_a).await;
    let drinks = category(&mut a, "Bebidas").await;
    let cola = product(&mut a, "GA-1", "Gaseosa", "1.00", Some(drinks)).await;
    let water = product(&mut a, "AG-1", "Agua", "0.50", Some(drinks)).await;
    let rice = product(&mut a, "AR-1", "Arroz", "10.00", None).await;
    // 2026-11-23 is a Monday.
    register(
        &mut a,
        json!({ "name": "Bebidas 20 %", "kind": "percent", "value": "20", "target": "category",
                "categoryId": drinks, "startsOn": "2026-11-01", "endsOn": "2026-11-30" }),
    )
    .await;
    register(
        &mut a,
        json!({ "name": "Cola -0.30", "kind": "fixed", "value": "0.30", "target": "products",
                "productIds": [cola, rice], "startsOn": "2026-11-01" }),
    )
    .await;
    register(
        &mut a,
        json!({ "name": "2x1 Cola", "kind": "buy_n_pay_m", "buyN": 2, "payM": 1,
                "target": "products", "productIds": [cola], "startsOn": "2026-11-01",
                "weekdays": "12345", "timeFrom": "15:00", "timeTo": "18:00" }),
    )
    .await;
    register(
        &mut a,
        json!({ "name": "Apagada", "kind": "percent", "value": "90", "target": "products",
                "productIds": [cola, water, rice], "startsOn": "2026-11-01", "active": false }),
    )
    .await;
    // Company B's promotion on A's... nothing: B's own category, never applied to A.
    let mut b = app.signed_in(t.admin_b).await;
    let theirs = category(&mut b, "Bebidas B").await;
    register(
        &mut b,
        json!({ "name": "De B", "kind": "percent", "value": "90", "target": "category",
                "categoryId": theirs, "startsOn": "2026-11-01" }),
    )
    .await;

    let lines = || {
        vec![
            line(cola, Some(drinks), 2 * M, M),
            line(cola, Some(drinks), M, M),
            line(water, Some(drinks), 3 * M, M / 2),
            line(rice, None, M, 10 * M),
            line(rice, Some(theirs), M, 10 * M),
        ]
    };
    let some = |name: &str, discount: i64| Some((name.to_string(), discount));

    // Monday 16:00: the 2x1 is on; 2 colas → 1.00 free beats 20 % (0.40) and 0.60 fixed.
    assert_eq!(
        best_at(&app, "2026-11-23 16:00", lines()).await,
        [
            some("2x1 Cola", M),
            some("Cola -0.30", 300_000),
            some("Bebidas 20 %", 300_000),
            some("Cola -0.30", 300_000),
            some("Cola -0.30", 300_000),
        ]
    );
    // Monday 18:00: outside the hours, the fixed discount is the best for 2 colas.
    assert_eq!(
        best_at(&app, "2026-11-23 18:00", lines()).await[0],
        some("Cola -0.30", 600_000)
    );
    // Saturday 16:00: not one of the 2x1's days.
    assert_eq!(
        best_at(&app, "2026-11-28 16:00", lines()).await[0],
        some("Cola -0.30", 600_000)
    );
    // December: the 20 % has ended; the water has nothing.
    let december = best_at(&app, "2026-12-01 10:00", lines()).await;
    assert_eq!(december[2], None);
    assert_eq!(december[1], some("Cola -0.30", 300_000));
    // October: nothing has started.
    assert!(
        best_at(&app, "2026-10-31 16:00", lines())
            .await
            .iter()
            .all(Option::is_none)
    );
    assert_eq!(best_at(&app, "2026-11-23 16:00", Vec::new()).await, []);
}
