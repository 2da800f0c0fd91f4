//! Issue 24, defect 8: the cashier counts blind — until the shift is closed neither
//! `GET /api/Turn/{id}`, `getMyLastTurn` nor the cash screens show them the expected cash (admin
//! and user see it); after the close they see the difference. The owner's history of the
//! branch's shifts filters by register, cashier and date.

use serde_json::{Value, json};

use super::turns::{new_register, open};
use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    the_cashier_counts_blind,
    the_cashier_cannot_add_up_or_probe_the_expected_cash,
    the_history_filters_by_register_cashier_and_date
);

/// Today in Ecuador plus `days`, `YYYY-MM-DD`.
fn day(days: i64) -> String {
    (chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Guayaquil)
        .date_naive()
        + chrono::Duration::days(days))
    .to_string()
}

/// The fields that would tell the cashier what the drawer should hold.
fn revealing(view: &Value) -> Value {
    json!({
        "expected": view["expected"],
        "difference": view["difference"],
        "summaryExpected": view["summary"]["expected"],
        "byMethod": view["summary"]["byMethod"],
        "byType": view["summary"]["byType"],
        "blind": view["blind"],
    })
}

async fn the_cashier_counts_blind(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let [(_, mut admin), (_, mut user), (_, mut cashier)] = t.clients_a(&app).await;
    let register = new_register(&mut admin, "C1").await;
    let id = open(&mut cashier, register, "40.00").await;
    let r = cashier
        .post_json(
            &format!("/api/Turn/{id}/movement"),
            json!({ "type": "in", "amount": "17.35", "reason": "Sencillo" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(
        revealing(&r.json()),
        json!({ "expected": null, "difference": null, "summaryExpected": null,
                "byMethod": {}, "byType": {}, "blind": true }),
        "la respuesta del ingreso tampoco lo dice"
    );

    // Blind for the cashier, everywhere they read the open shift.
    let mine = cashier.get(&format!("/api/Turn/{id}")).await;
    assert_eq!(mine.status, 200);
    let blind = json!({ "expected": null, "difference": null, "summaryExpected": null,
                        "byMethod": {}, "byType": {}, "blind": true });
    assert_eq!(revealing(&mine.json()), blind, "{}", mine.text());
    assert_eq!(mine.json()["summary"]["opening"], "40.00");
    let last = cashier.get("/api/Turn/getMyLastTurn").await.json();
    assert_eq!(revealing(&last), blind, "{last}");
    for path in [
        "/admin/caja/abrirCerrarCaja",
        "/admin/caja/Ingresar",
        "/admin/caja",
    ] {
        let page = cashier.get(path).await;
        assert_eq!(page.status, 200, "{path}");
        assert!(!page.text().contains("57.35"), "{path} muestra el esperado");
    }

    // The supervisor sees it.
    for client in [&mut user, &mut admin] {
        let view = client.get(&format!("/api/Turn/{id}")).await.json();
        assert_eq!(view["summary"]["expected"], "57.35", "{view}");
        assert_eq!(view["summary"]["byType"]["cash_in"], "17.35", "{view}");
        assert_eq!(view["blind"], false);
    }

    // The cashier counts 57.30 and, once closed, sees the difference.
    let r = cashier
        .post_json(
            &format!("/api/Turn/{id}/close"),
            json!({ "counts": [{ "denomination": "20", "quantity": 2 }, { "denomination": "10", "quantity": 1 },
                               { "denomination": "5", "quantity": 1 }, { "denomination": "1", "quantity": 2 },
                               { "denomination": "0.25", "quantity": 1 }, { "denomination": "0.05", "quantity": 1 }] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let closed = r.json();
    assert_eq!(closed["blind"], false);
    assert_eq!(closed["counted"], "57.30");
    assert_eq!(closed["expected"], "57.35");
    assert_eq!(closed["difference"], "-0.05");
    let again = cashier.get(&format!("/api/Turn/{id}")).await.json();
    assert_eq!(again["summary"]["difference"], "-0.05", "{again}");
}

async fn the_history_filters_by_register_cashier_and_date(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let [(_, mut admin), (_, mut user), (_, mut cashier)] = t.clients_a(&app).await;
    let c1 = new_register(&mut admin, "C1").await;
    let c2 = new_register(&mut admin, "C2").await;
    let first = open(&mut cashier, c1, "10.00").await;
    let second = open(&mut user, c2, "20.00").await;
    for (client, id, counts) in [
        (
            &mut cashier,
            first,
            json!([{ "denomination": "10", "quantity": 1 }]),
        ),
        (
            &mut user,
            second,
            json!([{ "denomination": "20", "quantity": 1 }, { "denomination": "1", "quantity": 1 }]),
        ),
    ] {
        let r = client
            .post_json(
                &format!("/api/Turn/{id}/close"),
                json!({ "counts": counts }),
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
    }
    let r = admin
        .post_json(
            &format!("/api/Turn/{second}/confirmClose"),
            json!({ "note": "Revisado" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let cashier_id = admin.get(&format!("/api/Turn/{first}")).await.json()["userId"].clone();
    let user_id = admin.get(&format!("/api/Turn/{second}")).await.json()["userId"].clone();

    let ids = |page: &Value| -> Vec<i64> {
        page["results"]
            .as_array()
            .unwrap_or_else(|| panic!("{page}"))
            .iter()
            .map(|r| r["_id"].as_i64().unwrap())
            .collect()
    };
    let all = admin.get("/api/Turn").await.json();
    assert_eq!(
        ids(&all),
        vec![second, first],
        "la sucursal, el más nuevo primero"
    );
    let row = &all["results"][0];
    assert_eq!(
        (
            row["counted"].clone(),
            row["difference"].clone(),
            row["state"].clone(),
            row["confirmNote"].clone()
        ),
        (
            json!("21.00"),
            json!("1.00"),
            json!("confirmed"),
            json!("Revisado")
        )
    );
    let by_register = admin
        .get(&format!("/api/Turn?cashRegisterId={c1}"))
        .await
        .json();
    assert_eq!(ids(&by_register), vec![first]);
    let by_cashier = user
        .get(&format!("/api/Turn?userId={user_id}"))
        .await
        .json();
    assert_eq!(ids(&by_cashier), vec![second]);
    let both = admin
        .get(&format!(
            "/api/Turn?userId={cashier_id}&cashRegisterId={c1}&from={}&to={}",
            day(0),
            day(0)
        ))
        .await
        .json();
    assert_eq!(ids(&both), vec![first]);
    let tomorrow = admin
        .get(&format!("/api/Turn?from={}", day(1)))
        .await
        .json();
    assert_eq!(ids(&tomorrow), Vec::<i64>::new());
    // A cashier still sees only their own shifts, whatever the filter.
    let theirs = cashier
        .get(&format!("/api/Turn?userId={user_id}"))
        .await
        .json();
    assert_eq!(ids(&theirs), Vec::<i64>::new());

    // The screen: admin and user, with the arqueo of each shift; not the cashier.
    let page = user
        .get(&format!("/admin/caja/historial?cashRegisterId={c2}"))
        .await;
    assert_eq!(page.status, 200);
    let html = page.text();
    assert!(
        html.contains(&format!("/admin/caja/turno/{second}/ticketArqueo")),
        "{html}"
    );
    assert!(!html.contains(&format!("/admin/caja/turno/{first}/ticketArqueo")));
    assert!(html.contains("Revisado"));
    assert_eq!(cashier.get("/admin/caja/historial").await.status, 403);
    // Another company sees none of them.
    let mut intruder = app.signed_in(t.admin_b).await;
    let theirs = intruder
        .get(&format!("/api/Turn?cashRegisterId={c1}"))
        .await
        .json();
    assert_eq!(ids(&theirs), Vec::<i64>::new());
    assert!(
        !intruder
            .get(&format!("/admin/caja/historial?cashRegisterId={c1}"))
            .await
            .text()
            .contains("ticketArqueo")
    );
}

/// The other ways to the expected cash are closed too: the cashier's open shift lists its lines
/// without amounts, and a withdrawal the drawer cannot cover is refused without the figure and
/// recorded for the owner, who sees every attempt (detail, history, arqueo). Admin and user still
/// see every amount; their own refusals name the figure and are not recorded.
async fn the_cashier_cannot_add_up_or_probe_the_expected_cash(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let [(_, mut admin), (_, mut user), (_, mut cashier)] = t.clients_a(&app).await;
    let register = new_register(&mut admin, "C1").await;
    let id = open(&mut cashier, register, "40.00").await;
    let withdraw = |amount: &str| json!({ "type": "out", "amount": amount, "reason": format!("Retiro de {amount}") });
    let r = cashier
        .post_json(
            &format!("/api/Turn/{id}/movement"),
            json!({ "type": "in", "amount": "17.35", "reason": "Sencillo" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let amounts = |view: &Value| -> Vec<Value> {
        view["movements"]
            .as_array()
            .unwrap_or_else(|| panic!("{view}"))
            .iter()
            .map(|m| m["amount"].clone())
            .collect()
    };
    assert_eq!(amounts(&r.json()), vec![Value::Null, Value::Null]);
    let mine = cashier.get(&format!("/api/Turn/{id}")).await.json();
    assert_eq!(amounts(&mine), vec![Value::Null, Value::Null], "{mine}");
    let page = cashier.get("/admin/caja/Ingresar").await.text();
    assert!(!page.contains("17.35"), "la página muestra los montos");

    // Probing: two refusals without the figure, then a withdrawal that fits.
    for amount in ["100.00", "60.00"] {
        let r = cashier
            .post_json(&format!("/api/Turn/{id}/movement"), withdraw(amount))
            .await;
        assert_eq!(r.status, 400, "{}", r.text());
        assert!(r.message().contains("supera el efectivo"), "{}", r.text());
        assert!(!r.text().contains("57.35"), "{}", r.text());
    }
    let r = cashier
        .post_json(&format!("/api/Turn/{id}/movement"), withdraw("50.00"))
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let mine = cashier.get(&format!("/api/Turn/{id}")).await.json();
    assert_eq!(mine["refusedWithdrawals"], json!([]), "{mine}");
    assert_eq!(mine["movements"].as_array().unwrap().len(), 3, "{mine}");

    // The supervisor sees every amount and every attempt.
    for client in [&mut user, &mut admin] {
        let view = client.get(&format!("/api/Turn/{id}")).await.json();
        assert_eq!(
            amounts(&view),
            vec![json!("40.00"), json!("17.35"), json!("50.00")],
            "{view}"
        );
        let refused: Vec<(Value, Value)> = view["refusedWithdrawals"]
            .as_array()
            .unwrap_or_else(|| panic!("{view}"))
            .iter()
            .map(|r| (r["amount"].clone(), r["reason"].clone()))
            .collect();
        assert_eq!(
            refused,
            vec![
                (json!("100.00"), json!("Retiro de 100.00")),
                (json!("60.00"), json!("Retiro de 60.00"))
            ],
            "{view}"
        );
        let history = client.get("/api/Turn").await.json();
        let row = history["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["_id"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("{history}"));
        assert_eq!(row["refusedWithdrawalCount"], 2, "{row}");
    }
    let arqueo = admin
        .get(&format!("/admin/caja/turno/{id}/ticketArqueo"))
        .await
        .text();
    assert!(arqueo.contains("RETIROS RECHAZADOS"), "{arqueo}");
    assert!(arqueo.contains("Retiro de 100.00"), "{arqueo}");
    let history = admin.get("/admin/caja/historial").await.text();
    assert!(history.contains("2 retiros rechazados"), "{history}");

    // A user's own shift is not blind: the refusal names the figure and is not an attempt.
    let c2 = new_register(&mut admin, "C2").await;
    let own = open(&mut user, c2, "10.00").await;
    let r = user
        .post_json(&format!("/api/Turn/{own}/movement"), withdraw("10.01"))
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.message().contains("supera el efectivo"), "{}", r.text());
    assert!(!r.message().contains("queda anotado"), "{}", r.text());
    let view = user.get(&format!("/api/Turn/{own}")).await.json();
    assert_eq!(view["refusedWithdrawals"], json!([]), "{view}");

    // Once the shift is closed the cashier sees the amounts again.
    let r = cashier
        .post_json(
            &format!("/api/Turn/{id}/close"),
            json!({ "counts": [{ "denomination": "5", "quantity": 1 }] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(amounts(&r.json())[1], "17.35");
}
