//! Password reset by e-mail.

use serde_json::json;

use mostrador::models::auth::user::Role;

use crate::util::smtp::find_link;
use crate::util::{Backend, PASSWORD, TestApp, on_both_backends};

on_both_backends!(
    reset_link_sets_a_new_password_once,
    unknown_accounts_get_the_same_answer_and_no_mail,
    reset_and_verification_mails_are_limited,
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

/// Issue 8: fifteen reset requests queued fifteen e-mails. Now at most
/// `mail_limit::PER_ACCOUNT` an hour reach one person, `PER_IP` requests an hour are served
/// from one address, and the answer never changes.
async fn reset_and_verification_mails_are_limited(backend: Backend) {
    use mostrador::auth::mail_limit::{PER_ACCOUNT, PER_IP};
    use mostrador::models::mail::outbox::for_address;
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    app.user(RUC, "victima@empresa.ec", Role::User, None).await;
    let queued =
        |address: &'static str| app.db(move |conn| for_address(conn, address).unwrap().len());
    // Many addresses asking for one account: the account's limit.
    for _ in 0..PER_ACCOUNT + 5 {
        let r = app
            .client()
            .post_json(
                "/api/auth/gerateReset-password",
                json!({ "username": "victima@empresa.ec" }),
            )
            .await;
        assert_eq!(r.status, 200);
        assert_eq!(
            r.message(),
            mostrador::controllers::auth::password::RESET_SENT
        );
    }
    assert_eq!(queued("victima@empresa.ec").await, PER_ACCOUNT as usize);

    // One address asking for many accounts: the address's limit, same answer.
    for n in 0..PER_IP {
        app.user(RUC, &format!("u{n}@empresa.ec"), Role::User, None)
            .await;
    }
    app.user(RUC, "ultima@empresa.ec", Role::User, None).await;
    let mut flooder = app.client();
    for n in 0..PER_IP {
        let r = flooder
            .post_json(
                "/api/auth/gerateReset-password",
                json!({ "username": format!("u{n}@empresa.ec") }),
            )
            .await;
        assert_eq!(r.status, 200);
    }
    let over = flooder
        .post_json(
            "/api/auth/gerateReset-password",
            json!({ "username": "ultima@empresa.ec" }),
        )
        .await;
    assert_eq!(over.status, 200);
    assert_eq!(
        over.message(),
        mostrador::controllers::auth::password::RESET_SENT
    );
    assert_eq!(queued("ultima@empresa.ec").await, 0);
    assert_eq!(queued("u0@empresa.ec").await, 1);

    // The verification link shares the limits (an unverified account).
    let signup = app
        .client()
        .post_json(
            "/api/auth/signup",
            json!({ "email": "nueva@empresa.ec", "password": "clave-segura-9", "name": "Nueva" }),
        )
        .await;
    assert_eq!(signup.status, 201, "{}", signup.text());
    let answers: Vec<String> = {
        let mut answers = Vec::new();
        for _ in 0..PER_ACCOUNT + 3 {
            let r = app
                .client()
                .post_json(
                    "/api/auth/resend-verification",
                    json!({ "email": "nueva@empresa.ec" }),
                )
                .await;
            assert_eq!(r.status, 200);
            answers.push(r.message());
        }
        answers
    };
    assert!(answers.windows(2).all(|w| w[0] == w[1]), "{answers:?}");
    // One from the sign-up, then the account's limit of resent ones.
    assert_eq!(queued("nueva@empresa.ec").await, 1 + PER_ACCOUNT as usize);
}
