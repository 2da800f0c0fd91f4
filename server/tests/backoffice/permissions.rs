//! The role table of the specification (§6) and the company boundary, enforced by the server on
//! every API route and page: each role, signed out, and a user of another company.

use axum::http::StatusCode;
use mostrador::models::user::Role;
use mostrador::ssr::routes::RouteTable;
use serde_json::{Value, json};

use crate::util::fixtures::{RUC_A, Tenants};
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    every_api_route_enforces_sign_in_and_roles,
    another_company_cannot_read_or_change_records,
    every_page_enforces_sign_in_and_roles
);

const ADMIN: &[Role] = &[Role::Admin];
const ADMIN_USER: &[Role] = &[Role::Admin, Role::User];
const ALL: &[Role] = &[Role::Admin, Role::User, Role::Cashier];

/// A record id that does not exist: allowed roles get 404, so nothing changes.
const MISSING: &str = "999999";

/// Every API route of the back office: method, path, body, roles allowed. Bodies of writes are
/// empty or point at a missing record, so an allowed role gets a validation error or 404 and the
/// matrix changes no data.
fn api_routes() -> Vec<(&'static str, String, Value, &'static [Role])> {
    let m = MISSING;
    let mut routes = vec![
        ("GET", "/api/user".to_string(), Value::Null, ALL),
        (
            "GET",
            "/api/users/AccessBranchOffices".into(),
            Value::Null,
            ALL,
        ),
        ("GET", "/api/dashboard".into(), Value::Null, ALL),
        (
            "POST",
            "/api/users/theme".into(),
            json!({ "theme": "sepia" }),
            ALL,
        ),
        ("GET", "/api/company".into(), Value::Null, ADMIN),
        ("POST", "/api/company/update".into(), json!({}), ADMIN),
        ("POST", "/api/company/logo/delete".into(), json!({}), ADMIN),
        ("GET", "/api/company/licence".into(), Value::Null, ADMIN),
        (
            "GET",
            "/api/company/branchOffice/all".into(),
            Value::Null,
            ALL,
        ),
        (
            "GET",
            "/api/company/branchOffice/getConfig".into(),
            Value::Null,
            ALL,
        ),
        ("GET", "/api/item/category/all".into(), Value::Null, ALL),
        ("GET", "/api/company/holiday".into(), Value::Null, ALL),
        ("GET", format!("/api/company/holiday/{m}"), Value::Null, ALL),
    ];
    for (base, roles) in [
        ("/api/users", ADMIN),
        ("/api/item/category", ADMIN_USER),
        ("/api/company/branchOffice", ADMIN),
    ] {
        routes.push(("GET", base.to_string(), Value::Null, roles));
        routes.push(("GET", format!("{base}/{m}"), Value::Null, roles));
    }
    for (base, roles) in [
        ("/api/users", ADMIN),
        ("/api/item/category", ADMIN_USER),
        ("/api/company/branchOffice", ADMIN),
        ("/api/company/holiday", ADMIN),
    ] {
        routes.push(("POST", format!("{base}/register"), json!({}), roles));
        routes.push(("POST", format!("{base}/{m}/update"), json!({}), roles));
        routes.push(("POST", format!("{base}/{m}/lock"), json!({}), roles));
        routes.push(("POST", format!("{base}/delete"), json!({ "_id": m }), roles));
    }
    routes.push((
        "POST",
        format!("/api/users/{m}/setVerifyEmail"),
        json!({}),
        ADMIN,
    ));
    routes.push((
        "POST",
        format!("/api/users/{m}/resetPassword"),
        json!({}),
        ADMIN,
    ));
    routes
}

async fn call(
    client: &mut crate::util::Client,
    method: &str,
    path: &str,
    body: &Value,
) -> StatusCode {
    match method {
        "GET" => client.get(path).await.status,
        _ => client.post_json(path, body.clone()).await.status,
    }
}

async fn every_api_route_enforces_sign_in_and_roles(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut clients = tenants.clients_a(&app).await;
    let mut anonymous = app.client();
    for (method, path, body, allowed) in api_routes() {
        assert_eq!(
            call(&mut anonymous, method, &path, &body).await,
            StatusCode::UNAUTHORIZED,
            "{method} {path} signed out"
        );
        for (role, client) in clients.iter_mut() {
            let status = call(client, method, &path, &body).await;
            if allowed.contains(role) {
                assert!(
                    status != StatusCode::FORBIDDEN && status != StatusCode::UNAUTHORIZED,
                    "{method} {path} as {role:?} should be allowed, got {status}"
                );
            } else {
                assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path} as {role:?}");
            }
        }
    }
}

async fn another_company_cannot_read_or_change_records(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut admin_a = app.signed_in(tenants.admin_a).await;
    let category = admin_a
        .post_json(
            "/api/item/category/register",
            json!({ "name": "Bebidas", "active": true }),
        )
        .await
        .json();
    let holiday = admin_a
        .post_json(
            "/api/company/holiday/register",
            json!({ "date": "2026-12-25", "name": "Navidad" }),
        )
        .await
        .json();
    let branch = admin_a.get("/api/company/branchOffice").await.json()["results"][0].clone();
    let user = admin_a.get("/api/users?search=cajero").await.json()["results"][0].clone();
    let ids = [
        (
            "/api/item/category",
            category["_id"].clone(),
            json!({ "name": "Robado", "active": true }),
        ),
        (
            "/api/company/holiday",
            holiday["_id"].clone(),
            json!({ "date": "2026-12-24", "name": "Robado" }),
        ),
        (
            "/api/company/branchOffice",
            branch["_id"].clone(),
            json!({ "code": "009", "name": "Robada", "address": "X", "emissionPoints": [{ "code": "001" }] }),
        ),
        (
            "/api/users",
            user["_id"].clone(),
            json!({ "name": "Robado", "role": "admin", "branchOfficesAccess": [1] }),
        ),
    ];
    let mut intruder = app.signed_in(tenants.admin_b).await;
    for (base, id, body) in &ids {
        let id = id.as_i64().unwrap();
        assert_eq!(
            intruder.get(&format!("{base}/{id}")).await.status,
            404,
            "GET {base}/{id}"
        );
        let update = intruder
            .post_json(&format!("{base}/{id}/update"), body.clone())
            .await;
        assert!(
            update.status == 404 || update.status == 400,
            "update {base}/{id}: {}",
            update.status
        );
        assert_eq!(
            intruder
                .post_json(&format!("{base}/{id}/lock"), json!({}))
                .await
                .status,
            404,
            "lock {base}/{id}"
        );
        let delete = intruder
            .post_json(&format!("{base}/delete"), json!({ "_id": id }))
            .await;
        assert_eq!(delete.status, 404, "delete {base} {id}");
        assert_eq!(delete.message(), "No existe el registro en la tabla");
        let list = intruder.get(base).await.json();
        assert!(
            list["results"]
                .as_array()
                .unwrap()
                .iter()
                .all(|r| r["_id"].as_i64() != Some(id)),
            "{base} lists only B's rows"
        );
    }
    for action in ["setVerifyEmail", "resetPassword"] {
        let id = user["_id"].as_i64().unwrap();
        assert_eq!(
            intruder
                .post_json(&format!("/api/users/{id}/{action}"), json!({}))
                .await
                .status,
            404
        );
    }
    // Company A's records are untouched.
    assert_eq!(
        admin_a
            .get(&format!("/api/item/category/{}", category["_id"]))
            .await
            .json(),
        category
    );
    assert_eq!(
        admin_a
            .get(&format!("/api/company/holiday/{}", holiday["_id"]))
            .await
            .json(),
        holiday
    );
    assert_eq!(
        admin_a
            .get(&format!("/api/users/{}", user["_id"]))
            .await
            .json(),
        user
    );
    assert_eq!(admin_a.get("/api/company").await.json()["ruc"], RUC_A);
    assert_eq!(
        intruder.get("/api/company").await.json()["ruc"],
        crate::util::fixtures::RUC_B
    );
}

async fn every_page_enforces_sign_in_and_roles(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut clients = tenants.clients_a(&app).await;
    let guarded: Vec<_> = RouteTable::embedded()
        .static_paths()
        .into_iter()
        .filter(|(path, auth, _)| *auth || path.contains("admin"))
        .collect();
    assert!(
        guarded.len() >= 8,
        "the route table lists the back-office pages: {guarded:?}"
    );
    for (path, _, roles) in guarded {
        let signed_out = app.client().get(&path).await;
        assert_eq!(signed_out.status, 302, "{path} signed out");
        assert_eq!(
            signed_out.header("location").as_deref(),
            Some("/login?motivo=sesion")
        );
        for (role, client) in clients.iter_mut() {
            let page = client.get(&path).await;
            let allowed = roles.as_ref().is_none_or(|r| r.contains(role));
            if allowed {
                assert_eq!(page.status, 200, "{path} as {role:?}");
            } else {
                assert_eq!(page.status, 403, "{path} as {role:?}");
                assert!(
                    page.text().contains("RECURSO LIMITADO_ACCESO CON USUARIO"),
                    "{path} shows the 403 screen"
                );
            }
        }
    }
}
