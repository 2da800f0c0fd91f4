//! Sessions: logout ends them on the server; they expire.

use mostrador::models::auth::user::Role;

use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    logout_ends_the_session_on_the_server,
    expired_sessions_are_refused,
    api_user_requires_a_session
);

const RUC: &str = "1790011224001";

async fn logout_ends_the_session_on_the_server(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    app.user(RUC, "sale@empresa.ec", Role::Cashier, None).await;
    let mut c = app.signed_in("sale@empresa.ec").await;
    let stolen = c.cookies.get("mostrador_session").cloned().unwrap();
    let out = c.post_json("/api/auth/logout", serde_json::json!({})).await;
    assert_eq!(out.status, 200);
    assert!(out.header("set-cookie").unwrap().contains("Max-Age=0"));
    assert!(!c.cookies.contains_key("mostrador_session"));
    assert_eq!(c.get("/api/user").await.status, 401);
    // A copy of the old cookie is worthless too.
    let mut other = app.client();
    other.cookies.insert("mostrador_session".into(), stolen);
    assert_eq!(other.get("/api/user").await.status, 401);
}

async fn expired_sessions_are_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    app.user(RUC, "vence@empresa.ec", Role::User, None).await;
    let mut c = app.signed_in("vence@empresa.ec").await;
    assert_eq!(c.get("/api/user").await.status, 200);
    app.db(|conn| {
        use diesel::prelude::*;
        use mostrador::db::schema::sessions::dsl::*;
        diesel::update(sessions)
            .set(expires_at.eq(mostrador::util::time::now() - chrono::TimeDelta::seconds(1)))
            .execute(conn)
            .unwrap();
    })
    .await;
    let expired = c.get("/api/user").await;
    assert_eq!(expired.status, 401);
    assert!(expired.message().contains("vencido"));
    let left: i64 = app
        .db(|conn| {
            use diesel::prelude::*;
            mostrador::db::schema::sessions::table
                .count()
                .get_result(conn)
                .unwrap()
        })
        .await;
    assert_eq!(left, 0, "an expired session is deleted when seen");
}

async fn api_user_requires_a_session(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut c = app.client();
    let response = c.get("/api/user").await;
    assert_eq!(response.status, 401);
    assert_eq!(response.json()["statusCode"], 401);
    let mut forged = app.client();
    forged
        .cookies
        .insert("mostrador_session".into(), "inventado".into());
    assert_eq!(forged.get("/api/user").await.status, 401);
}
