//! Sign-up → verification e-mail (through a real SMTP server) → verify → sign-in.

use serde_json::json;

use crate::util::smtp::find_link;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    full_signup_path_through_smtp,
    missing_and_invalid_fields_name_the_field,
    duplicate_email_is_a_conflict,
    verification_links_are_single_use_and_checked,
    without_smtp_the_mail_stays_in_the_outbox,
    look_alike_and_malformed_addresses_are_refused,
);

async fn full_signup_path_through_smtp(backend: Backend) {
    let app = TestApp::with_smtp(backend).await;
    let mut browser = app.client();
    let response = browser
        .post_json("/api/auth/signup", json!({ "email": " Ana@Tienda.EC ", "password": "una-clave-larga", "name": "Ana Pérez" }))
        .await;
    assert_eq!(response.status, 201, "{}", response.text());
    assert!(response.message().contains("ana@tienda.ec"));

    // Not verified yet: sign-in is refused with a clear message.
    let early = browser
        .post_json(
            "/api/auth/login",
            json!({ "email": "ana@tienda.ec", "password": "una-clave-larga" }),
        )
        .await;
    assert_eq!(early.status, 403);
    assert!(early.message().contains("verificar su correo"));

    let mail = app.smtp.as_ref().unwrap().wait_for("ana@tienda.ec").await;
    assert!(mail.contains("Subject: Verifique su correo en Mostrador"));
    let link = find_link(&mail, "/verify-email?token=");
    assert!(
        link.starts_with("http://mostrador.test/verify-email?token="),
        "{link}"
    );
    let path = link.trim_start_matches("http://mostrador.test");
    let token = path.split("token=").nth(1).unwrap();

    let verified = browser
        .get(&format!("/api/auth/verify-email?token={token}"))
        .await;
    assert_eq!(verified.status, 200, "{}", verified.text());

    let login = browser
        .post_json(
            "/api/auth/login",
            json!({ "email": "ANA@tienda.ec", "password": "una-clave-larga" }),
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.text());
    let session_cookie = login.header("set-cookie").unwrap();
    assert!(
        session_cookie.contains("HttpOnly") && session_cookie.contains("SameSite=Lax"),
        "{session_cookie}"
    );
    assert!(
        !login.text().contains("argon2"),
        "the hash must never be returned"
    );

    let me = browser.get("/api/user").await.json();
    assert_eq!(me["email"], "ana@tienda.ec");
    assert_eq!(me["name"], "Ana Pérez");
    assert_eq!(me["role"], "user");
    assert_eq!(me["isEmailVerified"], true);
    assert_eq!(
        me["companySelectedData"]["branchOffice"],
        serde_json::Value::Null
    );
}

async fn missing_and_invalid_fields_name_the_field(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut c = app.client();
    let empty = c.post_json("/api/auth/signup", json!({})).await;
    assert_eq!(empty.status, 400);
    let errors = &empty.json()["errors"];
    assert_eq!(errors["email"], "El correo electrónico es obligatorio");
    assert_eq!(errors["password"], "La contraseña es obligatoria");
    assert_eq!(errors["name"], "El nombre es obligatorio");
    assert_eq!(empty.json()["statusCode"], 400);

    let bad = c
        .post_json(
            "/api/auth/signup",
            json!({ "email": "no-es-correo", "password": "corta", "name": "Ana" }),
        )
        .await;
    assert_eq!(bad.status, 400);
    assert_eq!(
        bad.json()["errors"]["email"],
        "El correo electrónico no es válido"
    );
    assert_eq!(
        bad.json()["errors"]["password"],
        "La contraseña debe tener al menos 8 caracteres"
    );
    assert!(bad.json()["errors"].get("name").is_none());

    let not_json = c.post_json("/api/auth/signup", json!("texto")).await;
    assert_eq!(not_json.status, 400);
    assert!(
        not_json.message().starts_with("Los datos enviados"),
        "{}",
        not_json.text()
    );

    // Nothing was created by the failed attempts.
    let users: i64 = app
        .db(|conn| {
            use diesel::prelude::*;
            mostrador::db::schema::users::table
                .count()
                .get_result(conn)
                .unwrap()
        })
        .await;
    assert_eq!(users, 0);
}

async fn duplicate_email_is_a_conflict(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut c = app.client();
    let body = json!({ "email": "luis@tienda.ec", "password": "clave-de-luis", "name": "Luis" });
    assert_eq!(
        c.post_json("/api/auth/signup", body.clone()).await.status,
        201
    );
    let again = c
        .post_json(
            "/api/auth/signup",
            json!({ "email": "LUIS@tienda.ec", "password": "otra-clave-123", "name": "Otro" }),
        )
        .await;
    assert_eq!(again.status, 409);
    assert_eq!(
        again.json()["errors"]["email"],
        "Ya existe una cuenta con este correo electrónico"
    );
}

async fn verification_links_are_single_use_and_checked(backend: Backend) {
    let app = TestApp::with_smtp(backend).await;
    let mut c = app.client();
    c.post_json(
        "/api/auth/signup",
        json!({ "email": "eva@tienda.ec", "password": "clave-de-eva", "name": "Eva" }),
    )
    .await;
    let mail = app.smtp.as_ref().unwrap().wait_for("eva@tienda.ec").await;
    let token = find_link(&mail, "token=")
        .split("token=")
        .nth(1)
        .unwrap()
        .to_string();

    let unknown = c.get("/api/auth/verify-email?token=no-existe").await;
    assert_eq!(unknown.status, 400);
    assert_eq!(unknown.message(), "El enlace de verificación no es válido.");
    let missing = c.get("/api/auth/verify-email").await;
    assert_eq!(missing.status, 400);

    assert_eq!(
        c.get(&format!("/api/auth/verify-email?token={token}"))
            .await
            .status,
        200
    );
    let reused = c
        .get(&format!("/api/auth/verify-email?token={token}"))
        .await;
    assert_eq!(reused.status, 400);
    assert!(reused.message().contains("ya fue utilizado"));

    // An expired link is refused too.
    c.post_json(
        "/api/auth/signup",
        json!({ "email": "tarde@tienda.ec", "password": "clave-de-tarde", "name": "Tarde" }),
    )
    .await;
    let mail = app.smtp.as_ref().unwrap().wait_for("tarde@tienda.ec").await;
    let late = find_link(&mail, "token=")
        .split("token=")
        .nth(1)
        .unwrap()
        .to_string();
    app.db(|conn| {
        use diesel::prelude::*;
        use mostrador::db::schema::email_tokens::dsl::*;
        diesel::update(email_tokens)
            .set(expires_at.eq(mostrador::util::time::now() - chrono::TimeDelta::minutes(1)))
            .execute(conn)
            .unwrap();
    })
    .await;
    let expired = c.get(&format!("/api/auth/verify-email?token={late}")).await;
    assert_eq!(expired.status, 400);
    assert!(expired.message().contains("venció"));
}

async fn without_smtp_the_mail_stays_in_the_outbox(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut c = app.client();
    assert_eq!(
        c.post_json(
            "/api/auth/signup",
            json!({ "email": "sin@smtp.ec", "password": "clave-sin-smtp", "name": "Sin" })
        )
        .await
        .status,
        201
    );
    let queued = app
        .db(|conn| mostrador::models::mail::outbox::for_address(conn, "sin@smtp.ec").unwrap())
        .await;
    assert_eq!(queued.len(), 1);
    assert!(queued[0].sent_at.is_none());
    assert!(
        queued[0]
            .body_text
            .contains("http://mostrador.test/verify-email?token=")
    );
    assert!(queued[0].body_html.contains("Verificar mi correo"));
}

/// Issue 8: look-alike and malformed addresses, and a NUL that made a second `admin@demo.ec`
/// on SQLite (and a 500 on PostgreSQL), are refused; case does not make a new account.
async fn look_alike_and_malformed_addresses_are_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut c = app.client();
    let signup =
        |email: &str| json!({ "email": email, "password": "clave-segura-7", "name": "Prueba" });
    assert_eq!(
        c.post_json("/api/auth/signup", signup("admin@demo.ec"))
            .await
            .status,
        201
    );
    for email in [
        "adm\u{131}n@demo.ec",
        "a@-.ec",
        "a@b..ec",
        "<a>@b.ec",
        "admin@d\u{435}mo.ec",
    ] {
        let refused = c.post_json("/api/auth/signup", signup(email)).await;
        assert_eq!(refused.status, 400, "{email}: {}", refused.text());
        assert!(refused.json()["errors"]["email"].is_string(), "{email}");
    }
    for email in [
        "admin@demo.ec\u{0}",
        "a\u{0}@demo.ec",
        "admin@demo.ec\u{1b}",
    ] {
        let refused = c.post_json("/api/auth/signup", signup(email)).await;
        assert_eq!(refused.status, 400, "{email:?}: {}", refused.text());
        assert_eq!(refused.message(), mostrador::http::text::CONTROL_CHARACTERS);
    }
    let upper = c
        .post_json("/api/auth/signup", signup("Admin@Demo.EC"))
        .await;
    assert_eq!(upper.status, 409);
    let accounts: i64 = app
        .db(|conn| {
            use diesel::prelude::*;
            mostrador::db::schema::users::table
                .count()
                .get_result(conn)
                .unwrap()
        })
        .await;
    assert_eq!(accounts, 1);
}
