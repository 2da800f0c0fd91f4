//! Categories: the generic list contract end to end (list, search, pagination, sorting, create,
//! edit, copy, lock, delete, validation, references), and the quick modifiers the waiter taps for
//! a category's products (its own, else its station's).

use serde_json::json;

use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    list_contract_search_pages_and_sorting,
    create_edit_lock_delete,
    validation_and_references,
    quick_modifiers_by_category_and_station
);

async fn quick_modifiers_by_category_and_station(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.admin_a).await;
    // Without its own, a category offers its station's: no «término medio» for the bar.
    let r = c
        .post_json(
            "/api/item/category/register",
            json!({ "name": "Cafetería", "station": "bar" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let bar = r.json();
    assert_eq!(bar["modifiers"], json!([]));
    let quick = bar["quickModifiers"].as_array().unwrap();
    assert!(quick.contains(&json!("sin hielo")), "{bar}");
    assert!(!quick.contains(&json!("término medio")), "{bar}");
    let r = c
        .post_json("/api/item/category/register", json!({ "name": "Parrilla" }))
        .await;
    assert!(
        r.json()["quickModifiers"]
            .as_array()
            .unwrap()
            .contains(&json!("término medio")),
        "{}",
        r.text()
    );

    // Its own list: trimmed, blanks and repeats dropped; kept when an update leaves it out.
    let id = bar["_id"].as_i64().unwrap();
    let r = c
        .post_json(
            &format!("/api/item/category/{id}/update"),
            json!({ "name": "Cafetería", "station": "bar",
                    "modifiers": ["  sin  azúcar ", "", "con leche deslactosada", "Sin azúcar"] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let own = json!(["sin azúcar", "con leche deslactosada"]);
    assert_eq!(
        (&r.json()["modifiers"], &r.json()["quickModifiers"]),
        (&own, &own)
    );
    let r = c
        .post_json(
            &format!("/api/item/category/{id}/update"),
            json!({ "name": "Cafetería y té", "station": "bar" }),
        )
        .await;
    assert_eq!(r.json()["modifiers"], own, "{}", r.text());
    let all = c.get("/api/item/category/all").await.json();
    let listed = all
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["_id"] == id)
        .unwrap()
        .clone();
    assert_eq!(listed["quickModifiers"], own);
    // Emptied: its station's again.
    let r = c
        .post_json(
            &format!("/api/item/category/{id}/update"),
            json!({ "name": "Cafetería y té", "station": "bar", "modifiers": [] }),
        )
        .await;
    assert!(
        r.json()["quickModifiers"]
            .as_array()
            .unwrap()
            .contains(&json!("sin hielo")),
        "{}",
        r.text()
    );

    // Bad lists are refused with the field named.
    let long = "x".repeat(41);
    let many: Vec<String> = (1..=13).map(|n| format!("opción {n}")).collect();
    for (bad, says) in [
        (json!([long]), "hasta 40 caracteres"),
        (json!(many), "hasta 12 modificadores"),
        (json!([3]), "es un texto"),
    ] {
        let r = c
            .post_json(
                "/api/item/category/register",
                json!({ "name": "Mala", "modifiers": bad }),
            )
            .await;
        assert_eq!(r.status, 400, "{}", r.text());
        let message = r.json()["errors"]["modifiers"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(message.contains(says), "{message}");
    }
}

async fn list_contract_search_pages_and_sorting(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.user_a).await;
    for n in 1..=23 {
        let active = n % 4 != 0;
        let r = c
            .post_json(
                "/api/item/category/register",
                json!({ "name": format!("Categoría {n:02}"), "active": active }),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
    }
    c.post_json(
        "/api/item/category/register",
        json!({ "name": "100%_raro", "active": true }),
    )
    .await;

    let first = c.get("/api/item/category").await.json();
    assert_eq!(
        (
            first["total"].as_i64(),
            first["page"].as_i64(),
            first["limit"].as_i64()
        ),
        (Some(24), Some(1), Some(10))
    );
    assert_eq!(first["results"].as_array().unwrap().len(), 10);
    assert!(first["results"][0]["_id"].is_i64());

    let third = c.get("/api/item/category?page=3").await.json();
    assert_eq!(third["results"].as_array().unwrap().len(), 4);
    let desc = c
        .get("/api/item/category?sort=name&order=desc&limit=3")
        .await
        .json();
    let names: Vec<&str> = desc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Categoría 23", "Categoría 22", "Categoría 21"]);

    let search = c
        .get("/api/item/category?search=CATEGORÍA%201")
        .await
        .json();
    assert_eq!(search["total"], 10, "case-insensitive: 10..19");
    // `%` and `_` are searched literally.
    assert_eq!(
        c.get("/api/item/category?search=%25_").await.json()["total"],
        1
    );
    assert_eq!(
        c.get("/api/item/category?onlyActive=true").await.json()["total"],
        19
    );

    let bad = c.get("/api/item/category?page=0").await;
    assert_eq!(bad.status, 400);
    assert_eq!(c.get("/api/item/category?limit=500").await.status, 400);

    let all = c.get("/api/item/category/all?onlyActive=true").await.json();
    assert_eq!(all.as_array().unwrap().len(), 19);
}

async fn create_edit_lock_delete(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.admin_a).await;
    let parent = c
        .post_json(
            "/api/item/category/register",
            json!({ "name": "Ferretería" }),
        )
        .await
        .json();
    assert_eq!(parent["active"], true, "active by default");
    let child = c
        .post_json(
            "/api/item/category/register",
            json!({ "name": "Tornillos", "parentId": parent["_id"], "active": true }),
        )
        .await
        .json();
    assert_eq!(child["parentName"], "Ferretería");
    let id = child["_id"].as_i64().unwrap();

    let edited = c
        .post_json(
            &format!("/api/item/category/{id}/update"),
            json!({ "name": "Tornillería", "parentId": null, "active": false }),
        )
        .await;
    assert_eq!(edited.status, 200);
    assert_eq!(edited.json()["name"], "Tornillería");
    assert_eq!(edited.json()["parentId"], serde_json::Value::Null);
    assert_eq!(
        c.get(&format!("/api/item/category/{id}")).await.json()["active"],
        false
    );

    let locked = c
        .post_json(&format!("/api/item/category/{id}/lock"), json!({}))
        .await
        .json();
    assert_eq!(locked["locked"], true);
    let refused = c
        .post_json(
            &format!("/api/item/category/{id}/update"),
            json!({ "name": "Otra" }),
        )
        .await;
    assert_eq!(refused.status, 409);
    assert!(refused.message().contains("bloqueado"));
    assert_eq!(
        c.post_json("/api/item/category/delete", json!({ "_id": id }))
            .await
            .status,
        409
    );
    assert_eq!(
        c.post_json(&format!("/api/item/category/{id}/lock"), json!({}))
            .await
            .json()["locked"],
        false
    );

    let deleted = c
        .post_json(
            "/api/item/category/delete",
            json!({ "_id": id.to_string() }),
        )
        .await;
    assert_eq!(deleted.status, 200);
    let again = c
        .post_json("/api/item/category/delete", json!({ "_id": id }))
        .await;
    assert_eq!(again.status, 404);
    assert_eq!(
        again.json(),
        json!({ "statusCode": 404, "message": "No existe el registro en la tabla" })
    );
    assert_eq!(c.get(&format!("/api/item/category/{id}")).await.status, 404);
    assert_eq!(c.get("/api/item/category/abc").await.status, 404);
}

async fn validation_and_references(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.admin_a).await;
    let empty = c
        .post_json("/api/item/category/register", json!({ "name": "  " }))
        .await;
    assert_eq!(empty.status, 400);
    assert_eq!(empty.json()["errors"]["name"], "El nombre es obligatorio");
    let long = c
        .post_json(
            "/api/item/category/register",
            json!({ "name": "x".repeat(81) }),
        )
        .await;
    assert_eq!(
        long.json()["errors"]["name"],
        "El nombre no puede tener más de 80 caracteres"
    );
    let orphan = c
        .post_json(
            "/api/item/category/register",
            json!({ "name": "Hija", "parentId": 424242 }),
        )
        .await;
    assert_eq!(
        orphan.json()["errors"]["parentId"],
        "La categoría padre no existe"
    );

    let a = c
        .post_json(
            "/api/item/category/register",
            json!({ "name": "Abarrotes" }),
        )
        .await
        .json();
    let dup = c
        .post_json(
            "/api/item/category/register",
            json!({ "name": "ABARROTES" }),
        )
        .await;
    assert_eq!(dup.status, 409);
    assert_eq!(
        dup.json()["errors"]["name"],
        "Ya existe una categoría con ese nombre en el mismo nivel"
    );
    let b = c
        .post_json(
            "/api/item/category/register",
            json!({ "name": "Granos", "parentId": a["_id"] }),
        )
        .await
        .json();
    let cycle = c
        .post_json(
            &format!("/api/item/category/{}/update", a["_id"]),
            json!({ "name": "Abarrotes", "parentId": b["_id"] }),
        )
        .await;
    assert_eq!(cycle.status, 400);
    assert_eq!(
        cycle.json()["errors"]["parentId"],
        "La categoría padre no puede ser una de sus subcategorías"
    );
    let own = c
        .post_json(
            &format!("/api/item/category/{}/update", a["_id"]),
            json!({ "name": "Abarrotes", "parentId": a["_id"] }),
        )
        .await;
    assert_eq!(own.status, 400);

    let referenced = c
        .post_json("/api/item/category/delete", json!({ "_id": a["_id"] }))
        .await;
    assert_eq!(referenced.status, 409);
    assert!(referenced.message().contains("subcategorías"));
    // Another company may use the same name.
    let mut other = app.signed_in(t.admin_b).await;
    assert_eq!(
        other
            .post_json(
                "/api/item/category/register",
                json!({ "name": "Abarrotes" })
            )
            .await
            .status,
        201
    );
}
