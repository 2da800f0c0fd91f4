//! Password reset by e-mail.

use serde_json::json;

use mostrador::models::auth::user::Role;

use crate::util::smtp::find_link;
use crate::util::{Backend, PASSWORD, TestApp, on_both_backends};

on_both_backends!(
    reset_link_sets_a_new_password_once,
    unknown_accounts_get_the_same_answer_and_no_mail
);

const RUC: &str = "1790011224001";

async fn reset_link_sets_a_new_password_once(backend: Backend) {
    let app = TestApp::with_smtp(backend).await;
    app.company(RUC, "Empresa", 0).await;
    app.user(RUC, "olvido@empresa.ec", Role::User, None).await;
    let mut old_session = app.signed_in("olvido@empresa.ec").await;

    let mut c = app.client();
    let asked = c
        .post_json(
            "/api/auth/gerateReset-password",
            json!({ "username": "Olvido@Empresa.ec" }),
        )
        .await;
    assert_eq!(asked.status, 200);
    assert_eq!(
        asked.message(),
        mostrador::controllers::auth::password::RESET_SENT
    );

    let mail = app
        .smtp
        .as_ref()
        .unwrap()
        .wait_for("olvido@empresa.ec")
        .await;
    let link = find_link(&mail, "/login/");
    let token = link.rsplit('/').next().unwrap().to_string();
    assert_eq!(
        c.get(&format!("/api/auth/reset-password/{token}"))
            .await
            .status,
        200
    );

    let short = c
        .post_json(
            "/api/auth/reset-password",
            json!({ "token": token, "password": "corta" }),
        )
        .await;
    assert_eq!(short.status, 400);
    assert!(short.json()["errors"]["password"].is_string());

    let done = c
        .post_json(
            "/api/auth/reset-password",
            json!({ "token": token, "password": "nueva-clave-2026" }),
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.text());

    // Used up; old password and old sessions gone; new password works.
    let again = c
        .post_json(
            "/api/auth/reset-password",
            json!({ "token": token, "password": "otra-clave-2026" }),
        )
        .await;
    assert_eq!(again.status, 400);
    assert_eq!(
        c.get(&format!("/api/auth/reset-password/{token}"))
            .await
            .status,
        400
    );
    assert_eq!(old_session.get("/api/user").await.status, 401);
    let old = app
        .client()
        .post_json(
            "/api/auth/login",
            json!({ "email": "olvido@empresa.ec", "password": PASSWORD }),
        )
        .await;
    assert_eq!(old.status, 401);
    let new = app
        .client()
        .post_json(
            "/api/auth/login",
            json!({ "email": "olvido@empresa.ec", "password": "nueva-clave-2026" }),
        )
        .await;
    assert_eq!(new.status, 200);
}

async fn unknown_accounts_get_the_same_answer_and_no_mail(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut c = app.client();
    let response = c
        .post_json(
            "/api/auth/gerateReset-password",
            json!({ "username": "nadie@ningun.ec" }),
        )
        .await;
    assert_eq!(response.status, 200);
    assert_eq!(
        response.message(),
        mostrador::controllers::auth::password::RESET_SENT
    );
    let queued = app
        .db(|conn| mostrador::models::mail::outbox::for_address(conn, "nadie@ningun.ec").unwrap())
        .await;
    assert!(queued.is_empty());
    let empty = c
        .post_json("/api/auth/gerateReset-password", json!({}))
        .await;
    assert_eq!(empty.status, 400);
    assert_eq!(
        empty.json()["errors"]["username"],
        "Ingrese su correo electrónico"
    );
}
