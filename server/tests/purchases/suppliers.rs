//! Suppliers: the generic list contract, the identification validated like a client's.

use serde_json::json;

use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(suppliers_validate_like_clients);

async fn suppliers_validate_like_clients(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut cashier = app.signed_in(t.cashier_a).await;
    let bad = cashier
        .post_json(
            "/api/purchases/supplier/register",
            json!({ "idType": "ruc", "identification": "1790011224000", "name": "", "email": "no-es-correo", "creditDays": "400" }),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.text());
    let errors = bad.json()["errors"].clone();
    for field in ["identification", "name", "email", "creditDays"] {
        assert!(errors[field].is_string(), "{field}: {errors}");
    }
    assert!(
        errors["identification"]
            .as_str()
            .unwrap()
            .starts_with("Identificación no válida"),
        "{errors}"
    );
    let cedula = cashier
        .post_json(
            "/api/purchases/supplier/register",
            json!({ "idType": "cedula", "identification": "1710034066", "name": "Juan" }),
        )
        .await;
    assert_eq!(cedula.status, 400, "{}", cedula.text());
    let body = json!({ "idType": "ruc", "identification": "0990000001001", "name": "DISTRIBUIDORA EL SOL",
                       "tradeName": "El Sol", "email": "ventas@elsol.ec", "phone": "042000000", "creditDays": 30 });
    let created = cashier
        .post_json("/api/purchases/supplier/register", body.clone())
        .await;
    assert_eq!(created.status, 201, "{}", created.text());
    let created = created.json();
    assert_eq!(
        (
            created["tradeName"].clone(),
            created["creditDays"].clone(),
            created["active"].clone()
        ),
        (json!("El Sol"), json!(30), json!(true))
    );
    let again = cashier
        .post_json("/api/purchases/supplier/register", body)
        .await;
    assert_eq!(again.status, 409);
    assert_eq!(
        again.json()["message"],
        "Ya existe un proveedor con esa identificación"
    );
    let found = cashier
        .get("/api/purchases/supplier?search=sol")
        .await
        .json();
    assert_eq!(found["total"], 1, "{found}");
    // The suppliers page renders on the server with its data, for a cashier too.
    let page = cashier.get("/admin/compras/listaproveedores").await;
    assert_eq!(page.status, 200);
    assert!(
        page.text().contains("DISTRIBUIDORA EL SOL"),
        "server-rendered list"
    );
    let id = created["_id"].as_i64().unwrap();
    // A cashier registers but does not delete.
    let refused = cashier
        .post_json("/api/purchases/supplier/delete", json!({ "_id": id }))
        .await;
    assert_eq!(refused.status, 403);
    let mut user = app.signed_in(t.user_a).await;
    let updated = user
        .post_json(
            &format!("/api/purchases/supplier/{id}/update"),
            json!({ "idType": "cedula", "identification": "1710034065", "name": "Juan Pérez", "creditDays": "15" }),
        )
        .await;
    assert_eq!(updated.status, 200, "{}", updated.text());
    assert_eq!(updated.json()["creditDays"], 15);
    // Company B does not see it.
    let mut other = app.signed_in(t.admin_b).await;
    assert_eq!(
        other
            .get(&format!("/api/purchases/supplier/{id}"))
            .await
            .status,
        404
    );
    assert_eq!(
        other.get("/api/purchases/supplier").await.json()["total"],
        0
    );
}
