//! Clients: the generic list contract, identification checks, the consumidor final that every
//! company has and nobody can change, the POS search, roles.

use serde_json::json;

use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    every_company_has_its_consumidor_final,
    register_edit_search_and_list,
    identifications_are_checked,
    the_cashier_registers_but_does_not_delete
);

/// Valid cédulas (módulo 10).
const CEDULA_ANA: &str = "1710034065";
const CEDULA_LUIS: &str = "0912345675";

async fn every_company_has_its_consumidor_final(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut a = app.signed_in(t.admin_a).await;
    let list = a.get("/api/clients").await.json();
    assert_eq!(list["total"], 1, "{list}");
    let cf = list["results"][0].clone();
    assert_eq!(cf["identification"], "9999999999999");
    assert_eq!(cf["name"], "CONSUMIDOR FINAL");
    assert_eq!(cf["idType"], "consumidorFinal");
    assert_eq!(cf["finalConsumer"], true);
    let id = cf["_id"].as_i64().unwrap();

    let edit = a
        .post_json(
            &format!("/api/clients/{id}/update"),
            json!({ "idType": "cedula", "identification": CEDULA_ANA, "name": "Otro" }),
        )
        .await;
    assert_eq!(edit.status, 409);
    assert_eq!(
        edit.message(),
        "El consumidor final no se puede modificar ni eliminar"
    );
    assert_eq!(
        a.post_json(&format!("/api/clients/{id}/lock"), json!({}))
            .await
            .status,
        409
    );
    assert_eq!(
        a.post_json("/api/clients/delete", json!({ "_id": id }))
            .await
            .status,
        409
    );
    assert_eq!(a.get(&format!("/api/clients/{id}")).await.json(), cf);

    // Company B has its own.
    let mut b = app.signed_in(t.admin_b).await;
    let theirs = b.get("/api/clients").await.json();
    assert_eq!(theirs["total"], 1);
    assert_ne!(theirs["results"][0]["_id"], cf["_id"]);
    let missing = b.get(&format!("/api/clients/{id}")).await;
    assert_eq!(missing.status, 404);
    assert_eq!(
        missing.message(),
        format!("No se encontró el cliente con el id: {id}")
    );
}

async fn register_edit_search_and_list(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.user_a).await;
    let created = c
        .post_json(
            "/api/clients/register",
            json!({
                "idType": "cedula",
                "identification": CEDULA_ANA,
                "name": "  Ana Pérez Núñez ",
                "email": "ana@correo.ec, compras@tienda.ec",
                "phone": "0991234567",
                "address": "Av. Amazonas N34-12",
                "priceLevel": 2,
                "creditLimit": "150.5",
                "creditDays": 30
            }),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.text());
    let ana = created.json();
    assert_eq!(ana["name"], "Ana Pérez Núñez");
    assert_eq!(ana["creditLimit"], "150.50");
    assert_eq!(ana["priceLevel"], 2);
    assert_eq!(ana["creditDays"], 30);
    assert_eq!(ana["active"], true);
    assert_eq!(ana["locked"], false);
    assert_eq!(ana["finalConsumer"], false);
    let id = ana["_id"].as_i64().unwrap();
    assert_eq!(c.get(&format!("/api/clients/{id}")).await.json(), ana);

    let ruc = c
        .post_json(
            "/api/clients/register",
            json!({ "idType": "ruc", "identification": "0912345675001", "name": "Comercial Luis" }),
        )
        .await;
    assert_eq!(ruc.status, 201, "{}", ruc.text());
    let passport = c
        .post_json(
            "/api/clients/register",
            json!({ "idType": "pasaporte", "identification": "ab123456", "name": "John Smith" }),
        )
        .await
        .json();
    assert_eq!(passport["identification"], "AB123456", "stored in capitals");

    // Accent- and case-insensitive search on the name, and on the identification.
    let found = c.get("/api/clients/search?q=PEREZ%20nunez").await.json();
    assert_eq!(found.as_array().unwrap().len(), 1, "{found}");
    assert_eq!(found[0]["_id"], id);
    let by_id = c.get("/api/clients/search?q=0912345").await.json();
    assert_eq!(by_id[0]["name"], "Comercial Luis");
    assert_eq!(
        c.get("/api/clients/search?q=ab1234").await.json()[0]["name"],
        "John Smith"
    );
    assert_eq!(c.get("/api/clients/search?q=").await.json(), json!([]));
    assert_eq!(c.get("/api/clients?search=perez").await.json()["total"], 1);
    let sorted = c.get("/api/clients?sort=name&order=asc").await.json();
    let names: Vec<&str> = sorted["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        // Where the capitals of CONSUMIDOR FINAL sort depends on the database's collation.
        .filter(|name| *name != "CONSUMIDOR FINAL")
        .collect();
    assert_eq!(names, ["Ana Pérez Núñez", "Comercial Luis", "John Smith"]);

    // Edit: the same identification is fine for the same client, taken for another.
    let edited = c
        .post_json(
            &format!("/api/clients/{id}/update"),
            json!({ "idType": "cedula", "identification": CEDULA_ANA, "name": "Ana P.", "active": false }),
        )
        .await;
    assert_eq!(edited.status, 200, "{}", edited.text());
    assert_eq!(edited.json()["active"], false);
    assert_eq!(edited.json()["creditLimit"], "0.00");
    assert_eq!(
        c.get("/api/clients/search?q=ana").await.json(),
        json!([]),
        "inactive clients are not offered at the POS"
    );
    let taken = c
        .post_json(
            "/api/clients/register",
            json!({ "idType": "cedula", "identification": CEDULA_ANA, "name": "Duplicada" }),
        )
        .await;
    assert_eq!(taken.status, 409);
    assert_eq!(
        taken.json()["errors"]["identification"],
        "Ya existe un cliente con esa identificación"
    );

    // Locked clients cannot be edited; delete works once unlocked.
    assert_eq!(
        c.post_json(&format!("/api/clients/{id}/lock"), json!({}))
            .await
            .json()["locked"],
        true
    );
    let refused = c
        .post_json(
            &format!("/api/clients/{id}/update"),
            json!({ "idType": "cedula", "identification": CEDULA_ANA, "name": "X" }),
        )
        .await;
    assert_eq!(refused.status, 409, "{}", refused.text());
    c.post_json(&format!("/api/clients/{id}/lock"), json!({}))
        .await;
    let deleted = c
        .post_json("/api/clients/delete", json!({ "_id": id }))
        .await;
    assert_eq!(deleted.status, 200, "{}", deleted.text());
    assert_eq!(deleted.message(), "Cliente eliminado");
    assert_eq!(c.get(&format!("/api/clients/{id}")).await.status, 404);
}

async fn identifications_are_checked(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.admin_a).await;
    let cases = [
        (
            json!({ "idType": "cedula", "identification": "1710034066", "name": "X" }),
            "identification",
            "Identificación no válida: la cédula no es válida (dígito verificador incorrecto)",
        ),
        (
            json!({ "idType": "cedula", "identification": "17100340", "name": "X" }),
            "identification",
            "Identificación no válida: la cédula debe tener 10 dígitos",
        ),
        (
            json!({ "idType": "ruc", "identification": CEDULA_LUIS, "name": "X" }),
            "identification",
            "",
        ),
        (
            json!({ "idType": "cedula", "identification": "9999999999999", "name": "X" }),
            "identification",
            "9999999999999 es el consumidor final, que ya existe en la empresa",
        ),
        (
            json!({ "idType": "consumidorFinal", "identification": "9999999999999", "name": "X" }),
            "idType",
            "El consumidor final ya existe en la empresa; elija otro tipo",
        ),
        (
            json!({ "idType": "dni", "identification": "1", "name": "X" }),
            "idType",
            "Elija el tipo de identificación: RUC, cédula, pasaporte o del exterior",
        ),
        (
            json!({ "idType": "pasaporte", "identification": "AB 12", "name": "X" }),
            "identification",
            "Identificación no válida: solo letras, dígitos y guiones, hasta 20 caracteres",
        ),
        (
            json!({ "idType": "cedula", "identification": CEDULA_LUIS, "name": " " }),
            "name",
            "El nombre es obligatorio",
        ),
        (
            json!({ "idType": "cedula", "identification": CEDULA_LUIS, "name": "X", "email": "ana@correo.ec, no-es-correo" }),
            "email",
            "",
        ),
        (
            json!({ "idType": "cedula", "identification": CEDULA_LUIS, "name": "X", "priceLevel": 4 }),
            "priceLevel",
            "El nivel de precio debe ser un número entero entre 1 y 3",
        ),
        (
            json!({ "idType": "cedula", "identification": CEDULA_LUIS, "name": "X", "creditLimit": "-1" }),
            "creditLimit",
            "El cupo de crédito no puede ser negativo",
        ),
        (
            json!({ "idType": "cedula", "identification": CEDULA_LUIS, "name": "X", "creditLimit": "1.005" }),
            "creditLimit",
            "El cupo de crédito admite como máximo 2 decimales",
        ),
        (
            json!({ "idType": "cedula", "identification": CEDULA_LUIS, "name": "X", "creditLimit": 10.5 }),
            "creditLimit",
            "",
        ),
        (
            json!({ "idType": "cedula", "identification": CEDULA_LUIS, "name": "X", "creditDays": 400 }),
            "creditDays",
            "El plazo debe ser un número entero entre 0 y 365",
        ),
    ];
    for (body, field, message) in cases {
        let r = c.post_json("/api/clients/register", body.clone()).await;
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
    // Nothing was stored.
    assert_eq!(c.get("/api/clients").await.json()["total"], 1);
}

async fn the_cashier_registers_but_does_not_delete(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut cashier = app.signed_in(t.cashier_a).await;
    let created = cashier
        .post_json(
            "/api/clients/register",
            json!({ "idType": "cedula", "identification": CEDULA_LUIS, "name": "Luis Cevallos" }),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.text());
    let id = created.json()["_id"].as_i64().unwrap();
    assert_eq!(
        cashier
            .post_json("/api/clients/delete", json!({ "_id": id }))
            .await
            .status,
        403
    );
    assert_eq!(
        cashier
            .post_json(&format!("/api/clients/{id}/lock"), json!({}))
            .await
            .status,
        403
    );
    // The clients page renders on the server with its data for every role.
    let page = cashier.get("/admin/ventas/listaclientes").await;
    assert_eq!(page.status, 200);
    assert!(
        page.text().contains("Luis Cevallos"),
        "server-rendered list"
    );
    assert!(page.text().contains("CONSUMIDOR FINAL"));
}
