//! Banco del Barrio: cupo, drawer cash, reversal, the day report, and that CNB operations are not
//! sales.

use mostrador::services::cash::barrio::{CUPO_EXCEEDED, NOT_CONFIGURED};
use mostrador::services::cash::posting::NO_OPEN_SHIFT;
use serde_json::{Value, json};

use super::turns::{new_register, open};
use crate::util::fixtures::Tenants;
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    cupo_cash_reversal_and_report,
    a_blind_cashier_payout_refusal_is_recorded
);

async fn op(client: &mut Client, kind: &str, amount: &str, n: u32) -> crate::util::TestResponse {
    client
        .post_json(
            "/api/bank/barrio/operation",
            json!({ "type": kind, "amount": amount, "transactionNumber": format!("T{n}"), "controlNumber": format!("C{n}"), "reference": "0912345678" }),
        )
        .await
}

async fn cupo_cash_reversal_and_report(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let [(_, mut admin), _, (_, mut cashier)] = t.clients_a(&app).await;
    let register = new_register(&mut admin, "C1").await;

    let r = op(&mut cashier, "deposito", "10", 0).await;
    assert_eq!(
        (r.status.as_u16(), r.message()),
        (409, NOT_CONFIGURED.to_string())
    );
    let config = admin
        .post_json(
            "/api/bank/barrio/config",
            json!({ "agentCode": "BG-0042", "cupo": "100.00", "commissions": { "deposito": "0.10", "retiro": "0.10" } }),
        )
        .await;
    assert_eq!(config.status, 200, "{}", config.text());
    assert_eq!(
        cashier.get("/api/bank/barrio/config").await.json()["cupo"],
        "100.00"
    );
    let r = op(&mut cashier, "deposito", "10", 0).await;
    assert_eq!(
        (r.status.as_u16(), r.message()),
        (409, NO_OPEN_SHIFT.to_string())
    );

    let turn = open(&mut cashier, register, "20.00").await;
    let deposit = op(&mut cashier, "deposito", "60", 1).await;
    assert_eq!(deposit.status, 201, "{}", deposit.text());
    assert_eq!(deposit.json()["commission"], "0.10");
    assert_eq!(op(&mut cashier, "recarga", "30", 2).await.status, 201);
    let over = op(&mut cashier, "pago_servicio", "20", 3).await;
    assert_eq!(over.status, 400, "cupo: 90 of 100 used");
    assert!(
        over.message().starts_with(CUPO_EXCEEDED),
        "{}",
        over.message()
    );
    let too_much_cash = op(&mut cashier, "retiro", "110.01", 4).await;
    assert_eq!(too_much_cash.status, 400, "the drawer holds 110.00");
    assert!(too_much_cash.message().contains("supera el efectivo"));
    assert_eq!(op(&mut cashier, "retiro", "50", 5).await.status, 201);
    assert_eq!(
        op(&mut cashier, "pago_servicio", "20", 6).await.status,
        201,
        "the retiro restored cupo"
    );

    let id = deposit.json()["_id"].as_i64().unwrap();
    let reversal = cashier
        .post_json(
            &format!("/api/bank/barrio/operation/{id}/reverse"),
            json!({}),
        )
        .await;
    assert_eq!(reversal.status, 201, "{}", reversal.text());
    let reversal_id = reversal.json()["_id"].as_i64().unwrap();
    assert_eq!(reversal.json()["reversalOf"].as_i64(), Some(id));
    assert_eq!(reversal.json()["cashIn"], false);
    for again in [id, reversal_id] {
        let r = cashier
            .post_json(
                &format!("/api/bank/barrio/operation/{again}/reverse"),
                json!({}),
            )
            .await;
        assert_eq!(r.status, 409);
    }

    let report = cashier.get("/api/bank/barrio/report").await.json();
    assert_eq!(report["agentCode"], "BG-0042");
    assert_eq!(
        report["ins"],
        json!({ "pago_servicio": "20.00", "recarga": "30.00" })
    );
    assert_eq!(report["outs"], json!({ "retiro": "50.00" }));
    assert_eq!(
        (
            report["totalIns"].clone(),
            report["totalOuts"].clone(),
            report["saldoEnCaja"].clone()
        ),
        (json!("50.00"), json!("50.00"), json!("0.00"))
    );
    assert_eq!(
        report["commissions"], "0.10",
        "the reversed deposit's commission is out"
    );
    assert_eq!(
        (report["cupoUsed"].clone(), report["cupoAvailable"].clone()),
        (json!("0.00"), json!("100.00"))
    );
    assert_eq!(
        report["operations"].as_array().unwrap().len(),
        5,
        "four operations and one reversal; refused ones are not stored"
    );
    assert_eq!(
        cashier
            .get("/api/bank/barrio/report?date=2026-01-01")
            .await
            .json()["operations"],
        json!([])
    );
    assert_eq!(
        cashier
            .get("/api/bank/barrio/report?date=ayer")
            .await
            .status,
        400
    );

    // In the shift: CNB lines move the drawer and are not sales.
    let shift = admin.get(&format!("/api/Turn/{turn}")).await.json();
    let s = &shift["summary"];
    assert_eq!(s["byMethod"], json!({}), "no sales");
    assert_eq!(s["byType"]["cnb_in"], "110.00");
    assert_eq!(s["byType"]["cnb_out"], "110.00");
    assert_eq!(s["expected"], "20.00", "20 + 60 + 30 − 50 + 20 − 60");
    assert_eq!(s["byType"].get("cash_sale"), None::<&Value>);

    // The counter screen and the printable day report.
    let screen = cashier.get("/admin/banco/bancoDelBarrio").await;
    assert_eq!(screen.status, 200);
    assert!(screen.text().contains("Registrar operación"));
    let printable = cashier.get("/tickets/banco/bancoDelBarrio").await;
    assert_eq!(printable.status, 200);
    let html = printable.text();
    assert!(
        html.contains("SALDO EN CAJA") && html.contains("BG-0042"),
        "{html}"
    );
    assert!(crate::util::only_print_script(&html), "{html}");

    // Another company sees none of it and cannot reverse it.
    let mut intruder = app.signed_in(t.admin_b).await;
    assert_eq!(
        intruder
            .post_json(
                &format!("/api/bank/barrio/operation/{reversal_id}/reverse"),
                json!({})
            )
            .await
            .status,
        404
    );
    assert_eq!(
        intruder.get("/api/bank/barrio/report").await.json()["operations"],
        json!([])
    );
    assert_eq!(
        intruder.get("/api/bank/barrio/config").await.json(),
        Value::Null
    );
}

/// A Banco del Barrio payout the drawer cannot cover does not tell a cashier counting blind the
/// expected cash; the attempt is on the shift for the owner, and nothing of the operation stays.
async fn a_blind_cashier_payout_refusal_is_recorded(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let [(_, mut admin), _, (_, mut cashier)] = t.clients_a(&app).await;
    let register = new_register(&mut admin, "C1").await;
    let config = admin
        .post_json(
            "/api/bank/barrio/config",
            json!({ "agentCode": "BG-0042", "cupo": "100.00", "commissions": {} }),
        )
        .await;
    assert_eq!(config.status, 200, "{}", config.text());
    let turn = open(&mut cashier, register, "20.00").await;
    let r = op(&mut cashier, "retiro", "20.01", 1).await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.message().contains("supera el efectivo"), "{}", r.text());
    assert!(!r.text().contains("20.00"), "{}", r.text());
    let view = admin.get(&format!("/api/Turn/{turn}")).await.json();
    assert_eq!(view["refusedWithdrawals"][0]["amount"], "20.01", "{view}");
    assert_eq!(view["movements"].as_array().unwrap().len(), 1, "{view}");
    let report = admin.get("/api/bank/barrio/report").await.json();
    assert_eq!(report["operations"], json!([]), "{report}");
}
