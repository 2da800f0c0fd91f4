//! Every refusal is JSON, in Spanish, with the right status and no internals; personal answers
//! stay out of caches (issue 8, point 6).

use axum::body::Body;
use axum::http::Request;
use serde_json::json;

use crate::util::fixtures::Tenants;
use crate::util::{Backend, Client, TestApp, TestResponse, on_both_backends};

on_both_backends!(
    personal_answers_are_not_cached,
    refusals_are_spanish_json_with_the_right_status,
    the_logo_upload_checks_the_role_before_the_body,
    control_characters_never_reach_the_database,
    hsts_only_behind_https,
);

fn assert_spanish_refusal(response: &TestResponse, status: u16) {
    assert_eq!(response.status, status, "{}", response.text());
    assert!(
        response
            .header("content-type")
            .is_some_and(|t| t.starts_with("application/json")),
        "{status}: {}",
        response.text()
    );
    let message = response.message();
    assert!(!message.is_empty());
    for english in [
        "Failed",
        "invalid",
        "expected",
        "length limit",
        "boundary",
        "deserialize",
    ] {
        assert!(!message.contains(english), "{message}");
    }
}

async fn post_raw(
    client: &mut Client,
    uri: &str,
    content_type: &str,
    body: Vec<u8>,
) -> TestResponse {
    let token = client.csrf().await;
    client
        .send(
            Request::post(uri)
                .header("content-type", content_type)
                .header("x-csrf-token", token)
                .body(Body::from(body))
                .unwrap(),
        )
        .await
}

async fn personal_answers_are_not_cached(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut admin = app.signed_in(tenants.admin_a).await;
    for path in [
        "/api/user",
        "/api/users/AccessBranchOffices",
        "/api/company",
        "/api/users",
    ] {
        let response = admin.get(path).await;
        assert_eq!(response.status, 200, "{path}");
        assert_eq!(
            response.header("cache-control").as_deref(),
            Some("no-store"),
            "{path}"
        );
    }
    let login = app
        .client()
        .post_json(
            "/api/auth/login",
            json!({ "email": tenants.user_a, "password": crate::util::PASSWORD }),
        )
        .await;
    assert_eq!(login.header("cache-control").as_deref(), Some("no-store"));
    let refused = app.client().get("/api/user").await;
    assert_eq!(refused.status, 401);
    assert_eq!(refused.header("cache-control").as_deref(), Some("no-store"));
}

async fn refusals_are_spanish_json_with_the_right_status(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut admin = app.signed_in(tenants.admin_a).await;
    // A wrong type: was "…Failed to deserialize … invalid type: integer 1, expected a string".
    let wrong = admin
        .post_json("/api/users/theme", json!({ "theme": 1 }))
        .await;
    assert_spanish_refusal(&wrong, 400);
    assert!(
        wrong
            .message()
            .starts_with("Los datos enviados no tienen la forma esperada")
    );
    // Over 2 MB: was 400 "…length limit exceeded".
    let big = format!("{{\"name\": \"{}\"}}", "a".repeat(2 * 1024 * 1024 + 1));
    let too_large = post_raw(
        &mut admin,
        "/api/item/category/register",
        "application/json",
        big.into_bytes(),
    )
    .await;
    assert_spanish_refusal(&too_large, 413);
    // A long address: was 414 with an empty body (past 64 KB: tests/hardening/connection.rs).
    let long = admin
        .get(&format!("/api/users?search={}", "a".repeat(60 * 1024)))
        .await;
    assert_spanish_refusal(&long, 414);
    // A path id `+1` is no id.
    for id in ["+1", "%2B1", "1.0", " 1"] {
        let uri = format!("/api/item/category/{}", id.replace(' ', "%20"));
        assert_spanish_refusal(&admin.get(&uri).await, 404);
    }
    // Unknown method, unknown route, query that does not parse.
    let put = admin
        .send(Request::put("/api/user").body(Body::empty()).unwrap())
        .await;
    assert_eq!(put.status.as_u16() / 100, 4);
    assert_spanish_refusal(&put, put.status.as_u16());
    assert_spanish_refusal(&admin.get("/api/no-existe").await, 404);
    assert_spanish_refusal(&admin.get("/api/company/holiday?year=dos-mil").await, 400);
    // Verification link and the sign-in form with control characters.
    assert_spanish_refusal(
        &app.client().get("/api/auth/verify-email?token=%00").await,
        400,
    );
    let mut anonymous = app.client();
    let token = anonymous.csrf().await;
    let form = anonymous
        .post_form(
            "/login",
            &[
                ("email", "a\u{0}@a.ec"),
                ("password", "x"),
                ("_csrf", &token),
            ],
        )
        .await;
    assert_spanish_refusal(&form, 400);
}

async fn the_logo_upload_checks_the_role_before_the_body(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    // JSON instead of multipart: was a text/plain "Invalid boundary…".
    let mut admin = app.signed_in(tenants.admin_a).await;
    let json_body = post_raw(
        &mut admin,
        "/api/company/logo",
        "application/json",
        b"{}".to_vec(),
    )
    .await;
    assert_spanish_refusal(&json_body, 400);
    let cut = post_raw(
        &mut admin,
        "/api/company/logo",
        "multipart/form-data; boundary=xyz",
        b"--xyz\r\nContent-Disposition: form-data; name=\"logo\"\r\n\r\nsin fin".to_vec(),
    )
    .await;
    assert_spanish_refusal(&cut, 400);
    let not_image = post_raw(
        &mut admin,
        "/api/company/logo",
        "multipart/form-data; boundary=xyz",
        b"--xyz\r\nContent-Disposition: form-data; name=\"logo\"; filename=\"a.png\"\r\n\r\n<svg/>\r\n--xyz--\r\n".to_vec(),
    )
    .await;
    assert_spanish_refusal(&not_image, 400);
    assert!(not_image.json()["errors"]["logo"].is_string());
    // Other roles get 403 whatever they send, before the body is read.
    for email in [tenants.user_a, tenants.cashier_a] {
        let mut other = app.signed_in(email).await;
        for (content_type, body) in [
            ("application/json", b"{}".to_vec()),
            ("multipart/form-data; boundary=xyz", b"--xyz\r\n".to_vec()),
            ("application/json", vec![b'a'; 3 * 1024 * 1024]),
        ] {
            let refused = post_raw(&mut other, "/api/company/logo", content_type, body).await;
            assert_spanish_refusal(&refused, 403);
        }
    }
}

/// Issue 8, point 1: NUL made PostgreSQL answer 500 (sign-in, sign-up, every form, every
/// `?search=`), and SQLite stored it.
async fn control_characters_never_reach_the_database(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut anonymous = app.client();
    let login = anonymous
        .post_json(
            "/api/auth/login",
            json!({ "email": "a\u{0}@demo.ec", "password": "x" }),
        )
        .await;
    assert_spanish_refusal(&login, 400);
    assert_eq!(login.message(), mostrador::http::text::CONTROL_CHARACTERS);
    let mut admin = app.signed_in(tenants.admin_a).await;
    for (path, body) in [
        (
            "/api/item/category/register",
            json!({ "name": "Bebidas\u{0}", "active": true }),
        ),
        (
            "/api/company/holiday/register",
            json!({ "date": "2026-12-25", "name": "Navidad\u{1b}" }),
        ),
        (
            "/api/users/register",
            json!({ "email": "nuevo@a.ec", "name": "N\u{0}", "role": "user" }),
        ),
    ] {
        let refused = admin.post_json(path, body).await;
        assert_spanish_refusal(&refused, 400);
        assert_eq!(
            refused.message(),
            mostrador::http::text::CONTROL_CHARACTERS,
            "{path}"
        );
    }
    for path in [
        "/api/users?search=%00",
        "/api/item/category?search=a%00b",
        "/api/page-data/admin/configAdmin?search=%00",
    ] {
        let refused = admin.get(path).await;
        assert_spanish_refusal(&refused, 400);
    }
    // Multi-line text is still welcome in JSON strings.
    let note = admin
        .post_json(
            "/api/item/category/register",
            json!({ "name": "Línea uno\nlínea dos", "active": true }),
        )
        .await;
    assert!(
        note.status.is_success() || note.status == 400,
        "{}",
        note.text()
    );
    assert_ne!(note.message(), mostrador::http::text::CONTROL_CHARACTERS);
}

/// Behind HTTPS (`COOKIE_SECURE=1`) every answer — page, API, refusal — carries HSTS for a year;
/// without it, none does (a plain-HTTP shop would lock its users out).
async fn hsts_only_behind_https(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut plain = app.client();
    for path in ["/login", "/api/user"] {
        let r = plain.get(path).await;
        assert_eq!(r.header("strict-transport-security"), None, "{path}");
    }
    let secure = app.router_with(|c| c.cookie_secure = true).await;
    let mut client = Client::new(secure, "10.254.0.1".into());
    for (path, status) in [("/login", 200), ("/api/user", 401)] {
        let r = client.get(path).await;
        assert_eq!(r.status, status, "{path}: {}", r.text());
        assert_eq!(
            r.header("strict-transport-security").as_deref(),
            Some("max-age=31536000"),
            "{path}"
        );
    }
}
