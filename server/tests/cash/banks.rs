//! Bank accounts: the generic list contract and validation.

use serde_json::json;

use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(accounts_list_validate_and_balance);

async fn accounts_list_validate_and_balance(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut user = app.signed_in(t.user_a).await;
    let bad = user
        .post_json(
            "/api/bank/register",
            json!({ "bank": "", "accountType": "plazo", "number": "12a", "holder": "", "openingBalance": "1.001" }),
        )
        .await;
    assert_eq!(bad.status, 400);
    let errors = bad.json()["errors"].clone();
    for field in ["bank", "accountType", "number", "holder", "openingBalance"] {
        assert!(errors[field].is_string(), "{field}: {errors}");
    }
    let body = json!({ "bank": "Produbanco", "accountType": "Ahorros", "number": "12-345", "holder": "Ana", "openingBalance": "250.5" });
    let created = user.post_json("/api/bank/register", body.clone()).await;
    assert_eq!(created.status, 201, "{}", created.text());
    let created = created.json();
    assert_eq!(
        (
            created["accountType"].clone(),
            created["openingBalance"].clone()
        ),
        (json!("ahorros"), json!("250.50"))
    );
    assert_eq!(user.post_json("/api/bank/register", body).await.status, 409);
    assert_eq!(user.get("/api/bank?search=produ").await.json()["total"], 1);
    assert_eq!(
        user.get("/api/bank/all")
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let id = created["_id"].as_i64().unwrap();
    let movements = user.get(&format!("/api/bank/{id}/movements")).await.json();
    assert_eq!(
        (movements["balance"].clone(), movements["movements"].clone()),
        (json!("250.50"), json!([]))
    );
    let deleted = user
        .post_json("/api/bank/delete", json!({ "_id": id }))
        .await;
    assert_eq!(deleted.status, 200, "{}", deleted.text());
}
