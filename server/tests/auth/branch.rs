//! Branch offices: the access list, changing branch, and the company boundary.

use serde_json::json;

use mostrador::models::auth::user::Role;

use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    change_branch_only_within_access_list,
    branch_lists_stay_inside_the_company
);

const RUC_A: &str = "1790011224001";
const RUC_B: &str = "0990000001001";

async fn change_branch_only_within_access_list(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC_A, "Empresa A", 2).await; // branches 001, 002, 003
    app.company(RUC_B, "Empresa B", 0).await;
    app.user(RUC_A, "jefe@a.ec", Role::Admin, None).await;
    app.user(RUC_A, "caja@a.ec", Role::Cashier, Some("002"))
        .await;
    let branch_b = app
        .db(|conn| {
            mostrador::models::config::branch_office::BranchOffice::list_for_company(
                conn,
                mostrador::models::CompanyId::trusted(2),
            )
            .unwrap()[0]
                .id
        })
        .await;

    let mut admin = app.signed_in("jefe@a.ec").await;
    let me = admin.get("/api/user").await.json();
    assert_eq!(me["branchOfficesAccess"], json!([1, 2, 3]));
    assert_eq!(me["companySelectedData"]["branchOffice"]["code"], "001");
    assert_eq!(me["companySelectedData"]["typeRegimen"], "1");

    let changed = admin
        .post_json("/api/auth/changeBranchOffice", json!({ "branchOffice": 3 }))
        .await;
    assert_eq!(changed.status, 200, "{}", changed.text());
    assert_eq!(
        changed.json()["branchOffice"],
        json!({ "_id": 3, "code": "003", "name": "Sucursal 003" })
    );
    assert_eq!(
        admin.get("/api/user").await.json()["companySelectedData"]["branchOffice"]["_id"],
        3,
        "the choice is stored"
    );
    let config = admin
        .get("/api/company/branchOffice/getConfig")
        .await
        .json();
    assert_eq!(config["code"], "003");
    assert_eq!(config["company"]["ruc"], RUC_A);

    // Another company's branch, a branch outside the list, and nonsense are refused.
    let foreign = admin
        .post_json(
            "/api/auth/changeBranchOffice",
            json!({ "branchOffice": branch_b }),
        )
        .await;
    assert_eq!(foreign.status, 403);
    let mut cashier = app.signed_in("caja@a.ec").await;
    assert_eq!(
        cashier.get("/api/user").await.json()["companySelectedData"]["branchOffice"]["code"],
        "002"
    );
    let outside = cashier
        .post_json("/api/auth/changeBranchOffice", json!({ "branchOffice": 1 }))
        .await;
    assert_eq!(outside.status, 403);
    assert_eq!(outside.message(), "No tiene acceso a esa sucursal");
    let nonsense = cashier
        .post_json(
            "/api/auth/changeBranchOffice",
            json!({ "branchOffice": "abc" }),
        )
        .await;
    assert_eq!(nonsense.status, 400);
    assert_eq!(
        nonsense.json()["errors"]["branchOffice"],
        "Seleccione una sucursal válida"
    );
    // Issue 8: `+2` or ` 2.0` is not branch 2.
    for odd in ["+2", "2.0", "0x2"] {
        let refused = cashier
            .post_json(
                "/api/auth/changeBranchOffice",
                json!({ "branchOffice": odd }),
            )
            .await;
        assert_eq!(refused.status, 400, "{odd}");
    }
    assert_eq!(
        cashier
            .post_json(
                "/api/auth/changeBranchOffice",
                json!({ "branchOffice": "2" })
            )
            .await
            .status,
        200
    );

    let signed_out = app
        .client()
        .post_json("/api/auth/changeBranchOffice", json!({ "branchOffice": 1 }))
        .await;
    assert_eq!(signed_out.status, 401);
}

async fn branch_lists_stay_inside_the_company(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC_A, "Empresa A", 1).await;
    app.company(RUC_B, "Empresa B", 3).await;
    app.user(RUC_A, "a@a.ec", Role::User, Some("002")).await;
    app.user(RUC_B, "b@b.ec", Role::Admin, None).await;

    let mut a = app.signed_in("a@a.ec").await;
    let all_a = a.get("/api/company/branchOffice/all").await.json();
    assert_eq!(all_a.as_array().unwrap().len(), 2);
    let access_a = a.get("/api/users/AccessBranchOffices").await.json();
    assert_eq!(
        access_a
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["code"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["002"]
    );

    let mut b = app.signed_in("b@b.ec").await;
    let all_b = b.get("/api/company/branchOffice/all").await.json();
    assert_eq!(all_b.as_array().unwrap().len(), 4);
    let ids_a: Vec<i64> = all_a
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["_id"].as_i64().unwrap())
        .collect();
    assert!(
        all_b
            .as_array()
            .unwrap()
            .iter()
            .all(|x| !ids_a.contains(&x["_id"].as_i64().unwrap()))
    );
    assert_eq!(
        b.get("/api/company/branchOffice/getConfig").await.json()["company"]["ruc"],
        RUC_B
    );

    for path in [
        "/api/company/branchOffice/all",
        "/api/company/branchOffice/getConfig",
        "/api/users/AccessBranchOffices",
    ] {
        assert_eq!(app.client().get(path).await.status, 401, "{path}");
    }
}
