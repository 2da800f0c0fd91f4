//! Sign-in: credentials, locked and unverified accounts, throttling.

use serde_json::json;

use mostrador::models::auth::user::Role;

use crate::util::{Backend, PASSWORD, TestApp, on_both_backends};

on_both_backends!(
    wrong_credentials_give_the_same_401,
    locked_user_gets_403_and_loses_sessions,
    a_stranger_cannot_lock_a_user_out,
    repeated_failures_are_throttled_per_address,
);

const RUC: &str = "1790011224001";

async fn wrong_credentials_give_the_same_401(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    app.user(RUC, "ana@empresa.ec", Role::Admin, None).await;
    let mut c = app.client();
    let wrong_password = c
        .post_json(
            "/api/auth/login",
            json!({ "email": "ana@empresa.ec", "password": "no-es-esta" }),
        )
        .await;
    let no_account = c
        .post_json(
            "/api/auth/login",
            json!({ "email": "nadie@empresa.ec", "password": "no-es-esta" }),
        )
        .await;
    let empty = c.post_json("/api/auth/login", json!({})).await;
    for response in [&wrong_password, &no_account, &empty] {
        assert_eq!(response.status, 401);
        assert_eq!(
            response.json(),
            json!({ "statusCode": 401, "message": "Credenciales inválidas" })
        );
        assert!(
            response
                .header("set-cookie")
                .is_none_or(|c| !c.contains("mostrador_session"))
        );
    }
    assert_eq!(c.get("/api/user").await.status, 401);
}

async fn locked_user_gets_403_and_loses_sessions(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    let user = app.user(RUC, "bloq@empresa.ec", Role::User, None).await;
    let mut signed = app.signed_in("bloq@empresa.ec").await;
    assert_eq!(signed.get("/api/user").await.status, 200);
    app.db(move |conn| {
        use diesel::prelude::*;
        use mostrador::db::schema::users::dsl::*;
        diesel::update(users.find(user.id))
            .set(locked.eq(true))
            .execute(conn)
            .unwrap();
    })
    .await;
    let existing = signed.get("/api/user").await;
    assert_eq!(existing.status, 403);
    assert!(existing.message().contains("bloqueado"));
    let login = app
        .client()
        .post_json(
            "/api/auth/login",
            json!({ "email": "bloq@empresa.ec", "password": PASSWORD }),
        )
        .await;
    assert_eq!(login.status, 403);
    assert!(login.message().contains("bloqueado"));
}

/// Issue 8: a stranger who knows the e-mail cannot lock its owner out. The stranger's address
/// waits growing delays; the owner from another address signs in at once.
async fn a_stranger_cannot_lock_a_user_out(backend: Backend) {
    use mostrador::auth::throttle::FREE_PER_PAIR;
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    app.user(RUC, "objetivo@empresa.ec", Role::User, None).await;
    let mut stranger = app.client();
    let wrong = json!({ "email": "objetivo@empresa.ec", "password": "mala-clave" });
    for _ in 0..FREE_PER_PAIR {
        let r = stranger.post_json("/api/auth/login", wrong.clone()).await;
        assert_eq!(r.status, 401);
    }
    // The stranger's address now waits, even with the right password.
    let blocked = stranger
        .post_json(
            "/api/auth/login",
            json!({ "email": "objetivo@empresa.ec", "password": PASSWORD }),
        )
        .await;
    assert_eq!(blocked.status, 429, "{}", blocked.text());
    assert!(
        blocked
            .message()
            .starts_with("Demasiados intentos fallidos")
            && blocked.message().contains("Espere"),
        "{}",
        blocked.message()
    );
    // The owner, from their own address, is not affected.
    let mut owner = app.client();
    let signed_in = owner
        .post_json(
            "/api/auth/login",
            json!({ "email": "objetivo@empresa.ec", "password": PASSWORD }),
        )
        .await;
    assert_eq!(signed_in.status, 200, "{}", signed_in.text());
    // After the delay the stranger's address may try again (and fails again, for longer).
    app.db(|conn| {
        use diesel::prelude::*;
        use mostrador::db::schema::login_failures::dsl::*;
        diesel::update(login_failures)
            .set(failed_at.eq(mostrador::util::time::now() - chrono::TimeDelta::seconds(31)))
            .execute(conn)
            .unwrap();
    })
    .await;
    assert_eq!(
        stranger
            .post_json("/api/auth/login", wrong.clone())
            .await
            .status,
        401
    );
    let longer = stranger.post_json("/api/auth/login", wrong).await;
    assert_eq!(longer.status, 429);
    assert!(
        longer.message().contains("1 minuto"),
        "{}",
        longer.message()
    );
}

async fn repeated_failures_are_throttled_per_address(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    app.user(RUC, "real@empresa.ec", Role::User, None).await;
    let mut attacker = app.client();
    for n in 0..mostrador::auth::throttle::MAX_PER_IP {
        let r = attacker
            .post_json(
                "/api/auth/login",
                json!({ "email": format!("prueba{n}@empresa.ec"), "password": "x-x-x-x-x" }),
            )
            .await;
        assert_eq!(r.status, 401);
    }
    let blocked = attacker
        .post_json(
            "/api/auth/login",
            json!({ "email": "real@empresa.ec", "password": PASSWORD }),
        )
        .await;
    assert_eq!(blocked.status, 429);
    // The same account from another address is fine.
    assert_eq!(
        app.client()
            .post_json(
                "/api/auth/login",
                json!({ "email": "real@empresa.ec", "password": PASSWORD })
            )
            .await
            .status,
        200
    );
}
