//! The foundations every area builds on: writes scoped by company in the models themselves,
//! accent- and case-insensitive search on both backends, and the request id.

use axum::body::Body;
use axum::http::Request;
use mostrador::models::auth::user::{User, UserFields};
use mostrador::models::config::branch_office::{BranchFields, BranchOffice};
use mostrador::models::config::holiday::Holiday;
use mostrador::models::inventory::category::{Category, CategoryFields};
use serde_json::json;

use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    model_writes_cannot_reach_another_company,
    search_ignores_accents_and_case
);

/// A handler that forgot to load the row first still cannot change another company's data: the
/// models filter every write on the company they are given.
async fn model_writes_cannot_reach_another_company(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut admin_a = app.signed_in(tenants.admin_a).await;
    let category = admin_a
        .post_json("/api/item/category/register", json!({ "name": "Bebidas" }))
        .await
        .json();
    let holiday = admin_a
        .post_json(
            "/api/company/holiday/register",
            json!({ "date": "2027-02-14", "name": "San Valentín" }),
        )
        .await
        .json();
    let branch = admin_a.get("/api/company/branchOffice").await.json()["results"][0].clone();
    let user = admin_a.get("/api/users?search=cajero").await.json()["results"][0].clone();
    let (category_id, holiday_id, branch_id, user_id) = (
        category["_id"].as_i64().unwrap(),
        holiday["_id"].as_i64().unwrap(),
        branch["_id"].as_i64().unwrap(),
        user["_id"].as_i64().unwrap(),
    );
    // Company B's id, as a handler of company B would hold it.
    let b = app
        .db(|conn| {
            mostrador::models::config::company::Company::find_by_ruc(
                conn,
                crate::util::fixtures::RUC_B,
            )
            .unwrap()
            .unwrap()
            .scope()
        })
        .await;
    let changed = app
        .db(move |conn| {
            let fields = CategoryFields {
                name: "Robada".into(),
                parent_id: None,
                active: false,
                station: "cocina".into(),
                modifiers: String::new(),
            };
            let mut changed = vec![
                Category::update(conn, b, category_id, &fields).unwrap(),
                Category::set_locked(conn, b, category_id, true).unwrap(),
                Category::delete(conn, b, category_id).unwrap(),
                Holiday::update(
                    conn,
                    b,
                    holiday_id,
                    chrono::NaiveDate::from_ymd_opt(2027, 3, 1).unwrap(),
                    "Robado",
                )
                .unwrap(),
                Holiday::set_locked(conn, b, holiday_id, true).unwrap(),
                Holiday::delete(conn, b, holiday_id).unwrap(),
                BranchOffice::update(
                    conn,
                    b,
                    branch_id,
                    &BranchFields {
                        code: "009".into(),
                        name: "Robada".into(),
                        address: "X".into(),
                        phone: None,
                        active: false,
                    },
                )
                .unwrap(),
                BranchOffice::set_locked(conn, b, branch_id, true).unwrap(),
                User::update(
                    conn,
                    b,
                    user_id,
                    &UserFields {
                        name: "Robado".into(),
                        role: mostrador::models::auth::user::Role::Admin,
                        default_menu: None,
                    },
                )
                .unwrap(),
                User::set_locked(conn, b, user_id, true).unwrap(),
                User::set_verified(conn, b, user_id, false).unwrap(),
                User::delete(conn, b, user_id).unwrap(),
            ];
            // Access lists and branch grants refuse a user of another company outright.
            changed.push(usize::from(
                User::set_branch_access(conn, b, user_id, &[]).is_ok(),
            ));
            changed.push(usize::from(
                User::grant_branch(conn, b, user_id, branch_id).is_ok(),
            ));
            changed
        })
        .await;
    assert!(
        changed.iter().all(|n| *n == 0),
        "no write of company B touched company A: {changed:?}"
    );
    assert_eq!(
        admin_a
            .get(&format!("/api/item/category/{category_id}"))
            .await
            .json(),
        category
    );
    assert_eq!(
        admin_a
            .get(&format!("/api/company/holiday/{holiday_id}"))
            .await
            .json(),
        holiday
    );
    assert_eq!(
        admin_a.get(&format!("/api/users/{user_id}")).await.json(),
        user
    );
    assert_eq!(
        admin_a
            .get(&format!("/api/company/branchOffice/{branch_id}"))
            .await
            .json()["name"],
        branch["name"]
    );
}

/// "azucar" finds "Azúcar" and "AGUILA" finds "Águila" in every list, on both backends.
async fn search_ignores_accents_and_case(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut admin = app.signed_in(tenants.admin_a).await;
    for name in ["Azúcar", "Café", "Ñoquis", "Leche"] {
        let r = admin
            .post_json("/api/item/category/register", json!({ "name": name }))
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
    }
    for (search, expected) in [
        ("azucar", vec!["Azúcar"]),
        ("AZÚCAR", vec!["Azúcar"]),
        ("cafe", vec!["Café"]),
        ("noquis", vec!["Ñoquis"]),
        ("ÑOQ", vec!["Ñoquis"]),
        ("e", vec!["Café", "Leche"]),
    ] {
        let found: Vec<String> = admin
            .get(&format!("/api/item/category?search={}", urlencode(search)))
            .await
            .json()["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(found, expected, "categories search {search:?}");
    }
    let r = admin
        .post_json(
            "/api/users/register",
            json!({ "email": "aguila@a.ec", "name": "Álvaro Águila", "role": "user", "branchOfficesAccess": [1] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let users = admin.get("/api/users?search=AGUILA").await.json();
    assert_eq!(users["total"], 1);
    assert_eq!(users["results"][0]["name"], "Álvaro Águila");
    let r = admin
        .post_json(
            "/api/company/holiday/register",
            json!({ "date": "2027-08-10", "name": "Primer Grito de Independencia" }),
        )
        .await;
    assert_eq!(r.status, 201);
    let holidays = admin
        .get("/api/company/holiday?year=2027&search=INDEPENDÉNCIA")
        .await
        .json();
    assert_eq!(holidays["total"], 1);
}

fn urlencode(text: &str) -> String {
    serde_urlencoded::to_string([("q", text)]).unwrap()[2..].to_string()
}

/// Every response names its request: the id a proxy sent, or a fresh one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_carries_a_request_id() {
    let app = TestApp::new(Backend::Sqlite).await;
    let mut client = app.client();
    let echoed = client
        .send(
            Request::get("/api/user")
                .header("x-request-id", "proxy-42.a_b")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(echoed.status, 401);
    assert_eq!(
        echoed.header("x-request-id").as_deref(),
        Some("proxy-42.a_b")
    );
    let fresh = client.get("/login").await;
    let id = fresh.header("x-request-id").expect("request id");
    assert_eq!(id.len(), 16);
    let other = client.get("/login").await.header("x-request-id").unwrap();
    assert_ne!(id, other, "each request gets its own id");
    let refused = client
        .send(
            Request::get("/api/user")
                .header("x-request-id", "no spaces allowed")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_ne!(
        refused.header("x-request-id").as_deref(),
        Some("no spaces allowed"),
        "an unsafe id is replaced"
    );
}
