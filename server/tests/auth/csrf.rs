//! CSRF: cookie-authenticated writes need the echoed token and a same-origin request.

use axum::body::Body;
use axum::http::Request;
use serde_json::json;

use mostrador::models::auth::user::Role;

use crate::util::{Backend, PASSWORD, TestApp, on_both_backends};

on_both_backends!(
    writes_without_the_token_are_refused,
    cross_site_requests_are_refused,
    login_form_needs_its_token
);

const RUC: &str = "1790011224001";

async fn writes_without_the_token_are_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 1).await;
    app.user(RUC, "csrf@empresa.ec", Role::Admin, None).await;
    let mut c = app.signed_in("csrf@empresa.ec").await;
    let missing = c
        .post_json_without_csrf("/api/auth/logout", json!({}))
        .await;
    assert_eq!(missing.status, 403);
    assert_eq!(missing.message(), mostrador::auth::csrf::REJECTED);
    assert_eq!(
        c.get("/api/user").await.status,
        200,
        "the refused logout changed nothing"
    );

    let wrong = Request::post("/api/auth/changeBranchOffice")
        .header("content-type", "application/json")
        .header("x-csrf-token", "otro-token")
        .body(Body::from(json!({ "branchOffice": 2 }).to_string()))
        .unwrap();
    assert_eq!(c.send(wrong).await.status, 403);

    // A token the browser never had (no cookie) is no proof either.
    let mut fresh = app.client();
    let forged = Request::post("/api/auth/login")
        .header("content-type", "application/json")
        .header("x-csrf-token", "inventado")
        .body(Body::from(
            json!({ "email": "csrf@empresa.ec", "password": PASSWORD }).to_string(),
        ))
        .unwrap();
    assert_eq!(fresh.send(forged).await.status, 403);
}

async fn cross_site_requests_are_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut c = app.client();
    let token = c.csrf().await;
    let request = Request::post("/api/auth/signup")
        .header("content-type", "application/json")
        .header("host", "mostrador.test")
        .header("origin", "https://malicioso.example")
        .header("x-csrf-token", token)
        .body(Body::from(
            json!({ "email": "x@y.ec", "password": "12345678", "name": "X" }).to_string(),
        ))
        .unwrap();
    let response = c.send(request).await;
    assert_eq!(response.status, 403);
    assert_eq!(response.message(), mostrador::auth::csrf::CROSS_SITE);

    let same = Request::post("/api/auth/signup")
        .header("content-type", "application/json")
        .header("host", "mostrador.test")
        .header("origin", "http://mostrador.test")
        .header("x-csrf-token", c.csrf().await)
        .body(Body::from(
            json!({ "email": "x@y.ec", "password": "12345678", "name": "X" }).to_string(),
        ))
        .unwrap();
    assert_eq!(c.send(same).await.status, 201);
}

async fn login_form_needs_its_token(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    app.user(RUC, "form@empresa.ec", Role::User, None).await;
    let mut c = app.client();
    let token = c.csrf().await;
    let refused = c
        .post_form(
            "/login",
            &[
                ("email", "form@empresa.ec"),
                ("password", PASSWORD),
                ("_csrf", "malo"),
            ],
        )
        .await;
    assert_eq!(refused.status, 403);
    assert!(!c.cookies.contains_key("mostrador_session"));
    let accepted = c
        .post_form(
            "/login",
            &[
                ("email", "form@empresa.ec"),
                ("password", PASSWORD),
                ("_csrf", &token),
            ],
        )
        .await;
    assert_eq!(accepted.status, 303);
    assert_eq!(accepted.header("location").as_deref(), Some("/admin"));
    assert!(c.cookies.contains_key("mostrador_session"));
}
