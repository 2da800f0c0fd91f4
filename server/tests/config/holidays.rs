//! Holidays by year.

use serde_json::json;

use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(holidays_by_year_with_validation);

async fn holidays_by_year_with_validation(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.admin_a).await;
    for (date, name) in [
        ("2026-01-01", "Año Nuevo"),
        ("2026-12-25", "Navidad"),
        ("2027-01-01", "Año Nuevo"),
    ] {
        assert_eq!(
            c.post_json(
                "/api/company/holiday/register",
                json!({ "date": date, "name": name })
            )
            .await
            .status,
            201
        );
    }
    let y2026 = c.get("/api/company/holiday?year=2026").await.json();
    assert_eq!(y2026["total"], 2);
    assert_eq!(y2026["results"][0]["date"], "2026-01-01", "ordered by date");
    assert_eq!(c.get("/api/company/holiday").await.json()["total"], 3);
    assert_eq!(c.get("/api/company/holiday?year=1999").await.status, 400);

    let dup = c
        .post_json(
            "/api/company/holiday/register",
            json!({ "date": "2026-12-25", "name": "Otra" }),
        )
        .await;
    assert_eq!(dup.status, 409);
    assert_eq!(
        dup.json()["errors"]["date"],
        "Ya hay un feriado registrado en esa fecha"
    );
    let bad = c
        .post_json(
            "/api/company/holiday/register",
            json!({ "date": "25/12/2026", "name": "" }),
        )
        .await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.json()["errors"]["date"], "Ingrese una fecha válida");
    assert_eq!(bad.json()["errors"]["name"], "El nombre es obligatorio");

    let id = y2026["results"][1]["_id"].as_i64().unwrap();
    let moved = c
        .post_json(
            &format!("/api/company/holiday/{id}/update"),
            json!({ "date": "2026-12-24", "name": "Nochebuena" }),
        )
        .await;
    assert_eq!(moved.json()["date"], "2026-12-24");
    // Cashiers read holidays (due dates) but cannot change them.
    let mut cashier = app.signed_in(t.cashier_a).await;
    assert_eq!(
        cashier.get("/api/company/holiday?year=2026").await.json()["total"],
        2
    );
    assert_eq!(
        cashier
            .post_json("/api/company/holiday/delete", json!({ "_id": id }))
            .await
            .status,
        403
    );
    assert_eq!(
        c.post_json("/api/company/holiday/delete", json!({ "_id": id }))
            .await
            .status,
        200
    );
}
