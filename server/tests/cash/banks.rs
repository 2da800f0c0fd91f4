//! Bank accounts: the generic list contract and validation; the payment forms' account options
//! carry the balance for admin and user only.

use serde_json::json;

use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    accounts_list_validate_and_balance,
    a_cashier_picks_an_account_without_its_balance
);

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

/// The POS offers the accounts for a transfer to everyone; what each holds only to admin and user
/// (the purchase forms warn with it before an account goes below zero).
async fn a_cashier_picks_an_account_without_its_balance(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = crate::sales::support::Shop::open(&app).await;
    let r = shop
        .admin
        .post_json(
            "/api/bank/register",
            json!({ "bank": "Pichincha", "accountType": "corriente", "number": "2100", "holder": "Empresa A", "openingBalance": "250.50" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let pos = "/api/page-data/admin/ventas/notaventa";
    let data = shop.cashier.get(pos).await.json();
    let accounts = &data["sales-pos"]["bankAccounts"];
    assert_eq!(accounts.as_array().map(Vec::len), Some(1), "{data}");
    assert_eq!(accounts[0]["label"], "Pichincha 2100");
    assert!(accounts[0]["balance"].is_null(), "{data}");
    let data = shop.user.get(pos).await.json();
    assert_eq!(
        data["sales-pos"]["bankAccounts"][0]["balance"], "250.50",
        "{data}"
    );
}
