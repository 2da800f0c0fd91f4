//! Users of a company: invitations, roles and branches, the last administrator, lock, delete,
//! e-mail verification toggle, and the licence's user limit.

use serde_json::json;

use crate::util::fixtures::Tenants;
use crate::util::{Backend, PASSWORD, TestApp, on_both_backends};

on_both_backends!(
    invite_a_new_user_who_sets_a_password,
    take_in_a_signed_up_account,
    company_keeps_an_admin,
    lock_verify_reset_and_delete,
    licence_limits_active_users,
    user_validation
);

async fn branch_ids(app: &TestApp, email: &str) -> Vec<i64> {
    let mut c = app.signed_in(email).await;
    c.get("/api/company/branchOffice/all")
        .await
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["_id"].as_i64().unwrap())
        .collect()
}

async fn invite_a_new_user_who_sets_a_password(backend: Backend) {
    let app = TestApp::with_smtp(backend).await;
    let t = Tenants::create(&app).await;
    let branches = branch_ids(&app, t.admin_a).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let created = admin
        .post_json("/api/users/register", json!({ "email": "Nueva@A.ec", "name": "Nueva Cajera", "role": "cashier", "branchOfficesAccess": [branches[1]] }))
        .await;
    assert_eq!(created.status, 201, "{}", created.text());
    let user = created.json();
    assert_eq!(user["email"], "nueva@a.ec");
    assert_eq!(user["role"], "cashier");
    assert_eq!(user["isEmailVerified"], false);
    assert_eq!(user["branchOfficesAccess"], json!([branches[1]]));

    let mail = app.smtp.as_ref().unwrap().wait_for("nueva@a.ec").await;
    assert!(mail.contains("le invita a Mostrador"));
    let link = crate::util::smtp::find_link(&mail, "/login/");
    let token = link.rsplit('/').next().unwrap();
    let mut invited = app.client();
    assert_eq!(
        invited
            .post_json(
                "/api/auth/reset-password",
                json!({ "token": token, "password": "mi-clave-nueva" })
            )
            .await
            .status,
        200
    );
    let login = invited
        .post_json(
            "/api/auth/login",
            json!({ "email": "nueva@a.ec", "password": "mi-clave-nueva" }),
        )
        .await;
    assert_eq!(login.status, 200);
    assert_eq!(
        login.json()["companySelectedData"]["branchOffice"]["_id"],
        branches[1]
    );
    assert_eq!(login.json()["isEmailVerified"], true);
}

async fn take_in_a_signed_up_account(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut visitor = app.client();
    visitor
        .post_json(
            "/api/auth/signup",
            json!({ "email": "libre@correo.ec", "password": "clave-libre-1", "name": "Libre" }),
        )
        .await;
    let branches = branch_ids(&app, t.admin_a).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let taken = admin.post_json("/api/users/register", json!({ "email": "libre@correo.ec", "name": "Libre Pérez", "role": "user", "branchOfficesAccess": branches })).await;
    assert_eq!(taken.status, 201, "{}", taken.text());
    assert_eq!(taken.json()["name"], "Libre Pérez");
    // An account of another company cannot be taken.
    let foreign = admin.post_json("/api/users/register", json!({ "email": t.admin_b, "name": "X", "role": "user", "branchOfficesAccess": branches })).await;
    assert_eq!(foreign.status, 409);
    assert_eq!(
        foreign.json()["errors"]["email"],
        "Ya existe una cuenta con este correo electrónico"
    );
}

async fn company_keeps_an_admin(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let me = admin.get("/api/user").await.json();
    let id = me["_id"].as_i64().unwrap();
    let demote = admin.post_json(&format!("/api/users/{id}/update"), json!({ "name": "Yo", "role": "user", "branchOfficesAccess": me["branchOfficesAccess"] })).await;
    assert_eq!(demote.status, 409);
    assert_eq!(
        demote.message(),
        mostrador::controllers::config::users::LAST_ADMIN
    );
    assert_eq!(
        admin
            .post_json(&format!("/api/users/{id}/lock"), json!({}))
            .await
            .status,
        409
    );
    let self_delete = admin
        .post_json("/api/users/delete", json!({ "_id": id }))
        .await;
    assert_eq!(self_delete.status, 409);
    assert_eq!(self_delete.message(), "No puede eliminar su propio usuario");

    // With a second admin, the first may be demoted.
    let user = admin.get("/api/users?search=usuario@a.ec").await.json()["results"][0].clone();
    let promoted = admin
        .post_json(&format!("/api/users/{}/update", user["_id"]), json!({ "name": "Segunda", "role": "admin", "branchOfficesAccess": user["branchOfficesAccess"] }))
        .await;
    assert_eq!(promoted.json()["role"], "admin");
    let demoted = admin.post_json(&format!("/api/users/{id}/update"), json!({ "name": "Yo", "role": "user", "branchOfficesAccess": me["branchOfficesAccess"] })).await;
    assert_eq!(demoted.status, 200);
    // The demoted user's next request already lacks admin rights.
    assert_eq!(admin.get("/api/users").await.status, 403);
}

async fn lock_verify_reset_and_delete(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut cashier = app.signed_in(t.cashier_a).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let row = admin.get("/api/users?search=cajero").await.json()["results"][0].clone();
    let id = row["_id"].as_i64().unwrap();
    assert_eq!(row["isEmailVerified"], true);

    let toggled = admin
        .post_json(&format!("/api/users/{id}/setVerifyEmail"), json!({}))
        .await
        .json();
    assert_eq!(toggled["isEmailVerified"], false);
    assert_eq!(
        admin
            .post_json(&format!("/api/users/{id}/setVerifyEmail"), json!({}))
            .await
            .json()["isEmailVerified"],
        true
    );

    let reset = admin
        .post_json(&format!("/api/users/{id}/resetPassword"), json!({}))
        .await;
    assert_eq!(reset.status, 200);
    assert!(reset.message().contains("cajero@a.ec"));
    let queued = app
        .db(|conn| mostrador::models::mail::outbox::for_address(conn, "cajero@a.ec").unwrap())
        .await;
    assert!(queued[0].body_text.contains("/login/"));
    assert_eq!(
        admin
            .post_json(&format!("/api/users/{id}/nada"), json!({}))
            .await
            .status,
        404
    );

    let locked = admin
        .post_json(&format!("/api/users/{id}/lock"), json!({}))
        .await
        .json();
    assert_eq!(locked["locked"], true);
    assert_eq!(
        cashier.get("/api/user").await.status,
        401,
        "locking ends the user's sessions"
    );
    let login = app
        .client()
        .post_json(
            "/api/auth/login",
            json!({ "email": t.cashier_a, "password": PASSWORD }),
        )
        .await;
    assert_eq!(login.status, 403);
    assert_eq!(
        admin.get("/api/users?onlyActive=true").await.json()["total"],
        2
    );
    assert_eq!(
        admin
            .post_json("/api/users/delete", json!({ "_id": id }))
            .await
            .status,
        409,
        "locked records cannot be deleted"
    );
    assert_eq!(
        admin
            .post_json(&format!("/api/users/{id}/lock"), json!({}))
            .await
            .json()["locked"],
        false
    );
    assert_eq!(
        admin
            .post_json("/api/users/delete", json!({ "_id": id }))
            .await
            .status,
        200
    );
    assert_eq!(admin.get(&format!("/api/users/{id}")).await.status, 404);
}

async fn licence_limits_active_users(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let branches = branch_ids(&app, t.admin_a).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let allowed = admin.get("/api/company/licence").await.json()["usersAllowed"]
        .as_i64()
        .unwrap();
    for n in 3..allowed {
        let r = admin.post_json("/api/users/register", json!({ "email": format!("extra{n}@a.ec"), "name": "Extra", "role": "user", "branchOfficesAccess": branches })).await;
        assert_eq!(r.status, 201);
    }
    let over = admin.post_json("/api/users/register", json!({ "email": "uno.mas@a.ec", "name": "Uno más", "role": "user", "branchOfficesAccess": branches })).await;
    assert_eq!(over.status, 409);
    assert!(
        over.message()
            .contains(&format!("permite {allowed} usuarios"))
    );
}

async fn user_validation(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let bad = admin
        .post_json(
            "/api/users/register",
            json!({ "email": "no", "name": "", "role": "jefe", "branchOfficesAccess": [] }),
        )
        .await;
    assert_eq!(bad.status, 400);
    let errors = &bad.json()["errors"];
    assert_eq!(errors["email"], "El correo electrónico no es válido");
    let ok_email = admin
        .post_json(
            "/api/users/register",
            json!({ "email": "ok@a.ec", "name": "", "role": "jefe", "branchOfficesAccess": [] }),
        )
        .await
        .json();
    assert_eq!(ok_email["errors"]["name"], "El nombre es obligatorio");
    assert!(
        ok_email["errors"]["role"]
            .as_str()
            .unwrap()
            .starts_with("Seleccione un rol")
    );
    assert_eq!(
        ok_email["errors"]["branchOfficesAccess"],
        "Seleccione al menos una sucursal"
    );
    let b_branch = app
        .db(|conn| {
            mostrador::models::config::branch_office::BranchOffice::list_for_company(
                conn,
                mostrador::models::CompanyId::trusted(2),
            )
            .unwrap()[0]
                .id
        })
        .await;
    let foreign_branch = admin.post_json("/api/users/register", json!({ "email": "ok@a.ec", "name": "Ok", "role": "user", "branchOfficesAccess": [b_branch] })).await;
    assert_eq!(
        foreign_branch.json()["errors"]["branchOfficesAccess"],
        "Una de las sucursales seleccionadas no existe"
    );
    let menu = admin.post_json("/api/users/register", json!({ "email": "ok@a.ec", "name": "Ok", "role": "user", "branchOfficesAccess": [1], "defaultMenu": "https://malo.example" })).await;
    assert!(menu.json()["errors"]["defaultMenu"].is_string());
}
