//! Licences: shown to admins; an expired one makes the company read-only.

use diesel::prelude::*;
use serde_json::json;

use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(expired_licence_makes_the_company_read_only);

async fn expired_licence_makes_the_company_read_only(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let licence = admin.get("/api/company/licence").await.json();
    assert_eq!(licence["plan"], "Prueba");
    assert_eq!(licence["expired"], false);
    assert_eq!(licence["daysLeft"], 30);
    assert_eq!(licence["usersActive"], 3);
    assert_eq!(admin.get("/api/user").await.json()["readOnly"], false);

    app.db(|conn| {
        use mostrador::db::schema::licences::dsl::*;
        diesel::update(licences.filter(company_id.eq(1)))
            .set(valid_until.eq(mostrador::util::time::Zone::default().today() - chrono::TimeDelta::days(1)))
            .execute(conn)
            .unwrap();
    })
    .await;
    assert_eq!(admin.get("/api/user").await.json()["readOnly"], true);
    let write = admin
        .post_json("/api/item/category/register", json!({ "name": "Nueva" }))
        .await;
    assert_eq!(write.status, 403);
    assert_eq!(write.message(), mostrador::auth::licence::READ_ONLY);
    // Reading, signing out and in, changing branch and theme still work.
    assert_eq!(admin.get("/api/item/category").await.status, 200);
    assert_eq!(
        admin
            .post_json(
                "/api/users/theme",
                json!({ "theme": "dark", "primaryColor": "teal" })
            )
            .await
            .status,
        200
    );
    let changed = admin
        .post_json("/api/auth/changeBranchOffice", json!({ "branchOffice": 2 }))
        .await;
    assert_eq!(changed.status, 200, "{}", changed.text());
    // The home page says so.
    assert!(
        admin
            .get("/admin")
            .await
            .text()
            .contains("read-only-banner")
    );
    // Company B is not affected.
    let mut other = app.signed_in(t.admin_b).await;
    assert_eq!(
        other
            .post_json("/api/item/category/register", json!({ "name": "Nueva" }))
            .await
            .status,
        201
    );

    // The operator renews it from the command line.
    app.db(|conn| {
        mostrador::cli::admin::grant_licence(
            conn,
            &mostrador::cli::LicenceAddArgs {
                company: crate::util::fixtures::RUC_A.into(),
                plan: "Anual".into(),
                valid_until: "2099-12-31".into(),
                users: 10,
            },
        )
        .unwrap();
    })
    .await;
    assert_eq!(
        admin
            .post_json("/api/item/category/register", json!({ "name": "Nueva" }))
            .await
            .status,
        201
    );
    let renewed = admin.get("/api/company/licence").await.json();
    assert_eq!(
        (renewed["plan"].as_str(), renewed["usersAllowed"].as_i64()),
        (Some("Anual"), Some(10))
    );
    // Theme saved above is applied by the server on <html>.
    let html = admin.get("/admin").await.text();
    assert!(
        html.contains("<html lang=\"es\" class=\"dark\" data-primary=\"teal\">"),
        "{}",
        &html[..200]
    );
}
