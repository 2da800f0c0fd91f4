//! Branch offices with their emission points.

use serde_json::json;

use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(branches_with_emission_points);

async fn branches_with_emission_points(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let list = admin.get("/api/company/branchOffice").await.json();
    assert_eq!(list["total"], 2);
    assert_eq!(
        list["results"][0]["emissionPoints"],
        json!([{ "code": "001", "name": "Caja principal", "active": true }])
    );

    let bad = admin
        .post_json(
            "/api/company/branchOffice/register",
            json!({ "code": "1", "name": "", "address": "", "emissionPoints": [] }),
        )
        .await;
    assert_eq!(bad.status, 400);
    let errors = &bad.json()["errors"];
    for field in ["code", "name", "address", "emissionPoints"] {
        assert!(errors[field].is_string(), "{field}: {errors}");
    }
    let repeated = admin
        .post_json("/api/company/branchOffice/register", json!({ "code": "003", "name": "Sur", "address": "Quitumbe", "emissionPoints": [{ "code": "001" }, { "code": "001" }] }))
        .await;
    assert_eq!(
        repeated.json()["errors"]["emissionPoints"],
        "El punto de emisión 001 está repetido"
    );

    let created = admin
        .post_json(
            "/api/company/branchOffice/register",
            json!({ "code": "003", "name": "Sur", "address": "Quitumbe", "phone": "022000000", "emissionPoints": [{ "code": "001", "name": "Caja 1" }, { "code": "002", "name": "Caja 2" }] }),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.text());
    let branch = created.json();
    let id = branch["_id"].as_i64().unwrap();
    assert_eq!(branch["emissionPoints"].as_array().unwrap().len(), 2);
    // The admin who created it may work in it.
    assert!(
        admin.get("/api/user").await.json()["branchOfficesAccess"]
            .as_array()
            .unwrap()
            .contains(&json!(id))
    );

    let dup = admin.post_json("/api/company/branchOffice/register", json!({ "code": "003", "name": "Otra", "address": "X", "emissionPoints": [{ "code": "001" }] })).await;
    assert_eq!(dup.status, 409);
    assert_eq!(
        dup.json()["errors"]["code"],
        "Ya existe una sucursal con ese código de establecimiento"
    );

    // Dropping a point deactivates it (documents may carry its code); adding one creates it.
    let updated = admin
        .post_json(&format!("/api/company/branchOffice/{id}/update"), json!({ "code": "003", "name": "Sur", "address": "Quitumbe", "emissionPoints": [{ "code": "002", "name": "Caja 2" }, { "code": "003" }] }))
        .await
        .json();
    let points: Vec<(String, bool)> = updated["emissionPoints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["code"].as_str().unwrap().to_string(),
                p["active"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        points,
        [
            ("001".to_string(), false),
            ("002".to_string(), true),
            ("003".to_string(), true)
        ]
    );

    // A branch with users cannot be deleted; one without can.
    let refused = admin
        .post_json("/api/company/branchOffice/delete", json!({ "_id": id }))
        .await;
    assert_eq!(refused.status, 409);
    assert!(refused.message().contains("usuario(s) tienen acceso"));
    let me = admin.get("/api/user").await.json();
    let without: Vec<i64> = me["branchOfficesAccess"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b.as_i64())
        .filter(|b| *b != id)
        .collect();
    admin
        .post_json(
            &format!("/api/users/{}/update", me["_id"]),
            json!({ "name": me["name"], "role": "admin", "branchOfficesAccess": without }),
        )
        .await;
    assert_eq!(
        admin
            .post_json("/api/company/branchOffice/delete", json!({ "_id": id }))
            .await
            .status,
        200
    );
    assert_eq!(
        admin.get("/api/company/branchOffice").await.json()["total"],
        2
    );
}
