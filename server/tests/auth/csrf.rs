//! CSRF: cookie-authenticated writes need the echoed token and a same-origin request.

use axum::body::Body;
use axum::http::Request;
use serde_json::json;

use mostrador::models::auth::user::Role;

use crate::util::{Backend, PASSWORD, TestApp, on_both_backends};

on_both_backends!(
    writes_without_the_token_are_refused,
    cross_site_requests_are_refused,
    login_form_needs_its_token,
    forged_or_foreign_tokens_are_refused,
    the_origin_must_match_scheme_host_and_port,
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

/// A write with `X-CSRF-Token: {token}` and the cookie `mostrador_csrf={token}`, from `client`.
fn write_with(token: &str) -> Request<Body> {
    Request::post("/api/users/theme")
        .header("content-type", "application/json")
        .header("x-csrf-token", token)
        .body(Body::from(json!({ "theme": "dark" }).to_string()))
        .unwrap()
}

/// Issue 8: a made-up cookie with the same made-up header passed with a valid session. Tokens are
/// now signed for their session: a made-up pair, a token signed for another session (the
/// attacker's own) or for no session are all refused, and signing in or out replaces the token.
async fn forged_or_foreign_tokens_are_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    app.user(RUC, "victima@empresa.ec", Role::User, None).await;
    app.user(RUC, "atacante@empresa.ec", Role::User, None).await;
    let mut victim = app.signed_in("victima@empresa.ec").await;
    let genuine = victim.csrf().await;
    assert_eq!(victim.send(write_with(&genuine)).await.status, 200);

    for forged in ["evil".to_string(), format!("{genuine}x"), "a.b".into()] {
        victim
            .cookies
            .insert("mostrador_csrf".into(), forged.clone());
        let refused = victim.send(write_with(&forged)).await;
        assert_eq!(refused.status, 403, "{forged}");
        assert_eq!(refused.message(), mostrador::auth::csrf::REJECTED);
        // The refusal hands out a genuine token again.
        assert_ne!(victim.cookies["mostrador_csrf"], forged);
    }
    let mut attacker = app.signed_in("atacante@empresa.ec").await;
    let attackers_token = attacker.csrf().await;
    let mut anonymous = app.client();
    let anonymous_token = anonymous.csrf().await;
    for foreign in [attackers_token, anonymous_token] {
        victim
            .cookies
            .insert("mostrador_csrf".into(), foreign.clone());
        assert_eq!(victim.send(write_with(&foreign)).await.status, 403);
    }
    // A GET gives the victim a token for their session again, and writes work.
    victim.cookies.remove("mostrador_csrf");
    let fresh = victim.csrf().await;
    assert_eq!(victim.send(write_with(&fresh)).await.status, 200);

    // Signing in replaces the signed-out token in the same answer; so does signing out.
    let mut c = app.client();
    let before = c.csrf().await;
    let login = c
        .post_json(
            "/api/auth/login",
            json!({ "email": "victima@empresa.ec", "password": PASSWORD }),
        )
        .await;
    assert_eq!(login.status, 200);
    let during = c.cookies["mostrador_csrf"].clone();
    assert_ne!(before, during);
    assert_eq!(
        c.send(write_with(&before)).await.status,
        403,
        "the old token"
    );
    assert_eq!(c.send(write_with(&during)).await.status, 200);
    assert_eq!(c.post_json("/api/auth/logout", json!({})).await.status, 200);
    assert_ne!(c.cookies["mostrador_csrf"], during);
}

/// Issue 8: `Origin: https://127.0.0.1:3300` was accepted by the plain-HTTP server. The whole
/// origin (scheme, host, port) must be ours.
async fn the_origin_must_match_scheme_host_and_port(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut c = app.client();
    let token = c.csrf().await;
    let with_origin = |host: &str, origin: &str| {
        Request::post("/api/auth/resend-verification")
            .header("content-type", "application/json")
            .header("host", host)
            .header("origin", origin)
            .header("x-csrf-token", &token)
            .body(Body::from(json!({ "email": "x@y.ec" }).to_string()))
            .unwrap()
    };
    for (host, origin) in [
        ("127.0.0.1:3300", "https://127.0.0.1:3300"),
        ("127.0.0.1:3300", "http://127.0.0.1:3301"),
        ("127.0.0.1:3300", "http://127.0.0.1"),
        ("127.0.0.1:3300", "http://127.0.0.1:3300.malicioso.example"),
        ("127.0.0.1:3300", "null"),
    ] {
        let refused = c.send(with_origin(host, origin)).await;
        assert_eq!(refused.status, 403, "{origin}");
        assert_eq!(refused.message(), mostrador::auth::csrf::CROSS_SITE);
    }
    for (host, origin) in [
        ("127.0.0.1:3300", "http://127.0.0.1:3300"),
        ("127.0.0.1:80", "http://127.0.0.1"),
        // PUBLIC_URL of the test configuration.
        ("interno:3000", "http://mostrador.test"),
    ] {
        assert_eq!(
            c.send(with_origin(host, origin)).await.status,
            200,
            "{origin}"
        );
    }
    // Behind a trusted proxy that terminates TLS, the forwarded scheme counts.
    let mut behind_tls = with_origin("tienda.example", "https://tienda.example");
    behind_tls
        .headers_mut()
        .insert("x-forwarded-proto", "https".parse().unwrap());
    assert_eq!(c.send(behind_tls).await.status, 200);
}
