//! Shifts end to end: open, cash in and out, close with a count to the cent, confirm with a bank
//! deposit; a closed shift refuses every write; the cashier cannot confirm; another company gets
//! 404; a close racing 20 movements loses none of them.

use mostrador::db::write_transaction;
use mostrador::models::CompanyId;
use mostrador::models::cash::movement::{MovementKind, NewMovement};
use mostrador::services::cash::posting::{self, ShiftTarget};
use serde_json::{Value, json};

use crate::util::fixtures::Tenants;
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    lifecycle_to_the_cent,
    closed_shift_refuses_every_write,
    another_company_gets_404_on_every_shift_route,
    close_racing_movements_loses_none
);

/// A register of the admin's selected branch; returns its id.
pub async fn new_register(admin: &mut Client, code: &str) -> i64 {
    let r = admin
        .post_json(
            "/api/cashRegister/register",
            json!({ "name": format!("Caja {code}"), "code": code }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

/// Opens a shift; returns its id.
pub async fn open(client: &mut Client, register: i64, amount: &str) -> i64 {
    let r = client
        .post_json(
            "/api/Turn/open",
            json!({ "cashRegisterId": register, "openingAmount": amount }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

fn counts(pairs: &[(&str, i64)]) -> Value {
    Value::Array(
        pairs
            .iter()
            .map(|(d, q)| json!({ "denomination": d, "quantity": q }))
            .collect(),
    )
}

async fn lifecycle_to_the_cent(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let [(_, mut admin), (_, mut user), (_, mut cashier)] = t.clients_a(&app).await;
    let register = new_register(&mut admin, "C1").await;
    let second = new_register(&mut admin, "C2").await;

    let mine = cashier.get("/api/cashRegister/getMyCash").await.json();
    assert_eq!(mine.as_array().unwrap().len(), 2);
    assert_eq!(mine[0]["open"], false);
    assert_eq!(
        cashier.get("/api/cashRegister/getMyCashOpen").await.json(),
        Value::Null
    );

    let negative = cashier
        .post_json(
            "/api/Turn/open",
            json!({ "cashRegisterId": register, "openingAmount": "-1" }),
        )
        .await;
    assert_eq!(negative.status, 400);
    assert!(
        negative.message().contains("negativo"),
        "{}",
        negative.message()
    );

    let id = open(&mut cashier, register, "100.00").await;
    let again = cashier
        .post_json(
            "/api/Turn/open",
            json!({ "cashRegisterId": second, "openingAmount": "0" }),
        )
        .await;
    assert_eq!(again.status, 409, "one open shift per user");
    assert_eq!(again.message(), posting::USER_BUSY);
    let busy = user
        .post_json(
            "/api/Turn/open",
            json!({ "cashRegisterId": register, "openingAmount": "0" }),
        )
        .await;
    assert_eq!(busy.status, 409, "one open shift per register");
    assert_eq!(busy.message(), posting::REGISTER_BUSY);

    let check = cashier
        .get(&format!("/api/cashRegister/{register}/checkIfOpen"))
        .await
        .json();
    assert_eq!(
        (check["open"].clone(), check["turn"]["_id"].as_i64()),
        (json!(true), Some(id))
    );
    assert_eq!(
        cashier.get("/api/cashRegister/getMyCashOpen").await.json()["_id"].as_i64(),
        Some(id)
    );
    assert_eq!(
        user.get("/api/cashRegister/getCashOpen")
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );

    for (kind, amount, reason) in [("in", "25.35", "Cambio"), ("out", "10.10", "Pago de agua")] {
        let r = cashier
            .post_json(
                &format!("/api/Turn/{id}/movement"),
                json!({ "type": kind, "amount": amount, "reason": reason }),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
    }
    let too_much = cashier
        .post_json(
            &format!("/api/Turn/{id}/movement"),
            json!({ "type": "out", "amount": "115.26", "reason": "Retiro" }),
        )
        .await;
    assert_eq!(too_much.status, 400);
    assert!(
        too_much.message().contains("supera el efectivo"),
        "{}",
        too_much.message()
    );
    let float = cashier
        .post_json(
            &format!("/api/Turn/{id}/movement"),
            json!({ "type": "in", "amount": 1.5, "reason": "x" }),
        )
        .await;
    assert_eq!(float.status, 400, "JSON floats are refused");
    let someone_else = user
        .post_json(
            &format!("/api/Turn/{id}/movement"),
            json!({ "type": "in", "amount": "1", "reason": "x" }),
        )
        .await;
    assert_eq!(someone_else.status, 403);

    // The cashier counts blind (tests in blind.rs); the supervisor sees what the drawer holds.
    let open_view = user.get(&format!("/api/Turn/{id}")).await.json();
    assert_eq!(open_view["summary"]["opening"], "100.00");
    assert_eq!(open_view["summary"]["expected"], "115.25");
    assert_eq!(open_view["summary"]["counted"], Value::Null);
    assert_eq!(open_view["movements"].as_array().unwrap().len(), 3);

    // A non-cash sale is listed per method and stays out of the drawer.
    let company = CompanyId::trusted(company_of(&app, id).await);
    let cashier_id = open_view["userId"].as_i64().unwrap();
    let card = app
        .db(move |conn| {
            write_transaction(conn, |c| {
                posting::post_to_shift(
                    c,
                    company,
                    ShiftTarget::OpenOf(cashier_id),
                    &NewMovement {
                        kind: MovementKind::NonCashSale,
                        amount: 40_000_000,
                        reason: "Factura 001-001-000000001".into(),
                        payment_method: Some("tarjeta".into()),
                        source: Some(("sale".into(), 1)),
                        user_id: cashier_id,
                    },
                )
            })
            .is_ok()
        })
        .await;
    assert!(card);

    let closed = cashier
        .post_json(
            &format!("/api/Turn/{id}/close"),
            json!({
                "counts": counts(&[("100", 1), ("10", 1), ("5.00", 1), ("0.25", 1), ("0.01", 2), ("20", 0)]),
                "note": "Sobran dos centavos",
            }),
        )
        .await;
    assert_eq!(closed.status, 200, "{}", closed.text());
    let closed = closed.json();
    assert_eq!(closed["state"], "closed");
    let s = &closed["summary"];
    assert_eq!(
        (
            s["opening"].clone(),
            s["expected"].clone(),
            s["counted"].clone(),
            s["difference"].clone()
        ),
        (
            json!("100.00"),
            json!("115.25"),
            json!("115.27"),
            json!("0.02")
        )
    );
    assert_eq!(s["byMethod"]["tarjeta"], "40.00");
    assert_eq!(closed["counts"].as_array().unwrap().len(), 5);
    assert_eq!(closed["counts"][0]["denomination"], "100.00");

    // The cashier cannot confirm; the user confirms with a deposit.
    let refused = cashier
        .post_json(
            &format!("/api/Turn/{id}/confirmClose"),
            json!({ "note": "ok" }),
        )
        .await;
    assert_eq!(refused.status, 403);
    let account = user
        .post_json(
            "/api/bank/register",
            json!({ "bank": "Banco Pichincha", "accountType": "corriente", "number": "2100123456", "holder": "EMPRESA A S.A.", "openingBalance": "1000.00" }),
        )
        .await;
    assert_eq!(account.status, 201, "{}", account.text());
    let account = account.json()["_id"].as_i64().unwrap();
    let confirmed = user
        .post_json(
            &format!("/api/Turn/{id}/confirmClose"),
            json!({ "note": "Revisado", "bankAccountId": account }),
        )
        .await;
    assert_eq!(confirmed.status, 200, "{}", confirmed.text());
    assert_eq!(confirmed.json()["state"], "confirmed");
    assert_eq!(confirmed.json()["confirmNote"], "Revisado");
    let twice = user
        .post_json(&format!("/api/Turn/{id}/confirmClose"), json!({}))
        .await;
    assert_eq!(twice.status, 409);
    let bank = user
        .get(&format!("/api/bank/{account}/movements"))
        .await
        .json();
    assert_eq!(bank["movements"][0]["type"], "shift_deposit");
    assert_eq!(bank["movements"][0]["amount"], "115.27");
    assert_eq!(bank["balance"], "1115.27");

    assert_eq!(cashier.get("/api/Turn").await.json()["total"], 1);
    assert_eq!(
        user.get("/api/Turn?state=confirmed").await.json()["total"],
        1
    );
    assert_eq!(user.get("/api/Turn?state=open").await.json()["total"], 0);
    assert_eq!(
        cashier.get("/api/Turn/getMyLastTurn").await.json()["_id"].as_i64(),
        Some(id)
    );
    // The register is free again.
    assert_eq!(open(&mut cashier, register, "0").await, id + 1);
}

/// The company of a shift (trusted: read from the database).
async fn company_of(app: &TestApp, turn: i64) -> i64 {
    use diesel::prelude::*;
    use mostrador::db::schema::turns;
    app.db(move |conn| {
        turns::table
            .find(turn)
            .select(turns::company_id)
            .first::<i64>(conn)
            .unwrap()
    })
    .await
}

async fn closed_shift_refuses_every_write(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let [(_, mut admin), (_, mut user), (_, mut cashier)] = t.clients_a(&app).await;
    let register = new_register(&mut admin, "C1").await;
    let id = open(&mut cashier, register, "20").await;
    let view = cashier.get(&format!("/api/Turn/{id}")).await.json();
    let user_id = view["userId"].as_i64().unwrap();
    let r = cashier
        .post_json(
            &format!("/api/Turn/{id}/close"),
            json!({ "counts": counts(&[("20", 1)]) }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["summary"]["difference"], "0.00");

    let movement = cashier
        .post_json(
            &format!("/api/Turn/{id}/movement"),
            json!({ "type": "in", "amount": "1", "reason": "tarde" }),
        )
        .await;
    assert_eq!(movement.status, 409);
    assert_eq!(movement.message(), posting::NOT_OPEN);
    let close = cashier
        .post_json(&format!("/api/Turn/{id}/close"), json!({ "counts": [] }))
        .await;
    assert_eq!(close.status, 409);
    let by_admin = admin
        .post_json(&format!("/api/Turn/{id}/close"), json!({ "counts": [] }))
        .await;
    assert_eq!(by_admin.status, 409);
    // The service refuses a sale for a closed shift, by shift and by user.
    let company = CompanyId::trusted(company_of(&app, id).await);
    let refusals = app
        .db(move |conn| {
            [ShiftTarget::Turn(id), ShiftTarget::OpenOf(user_id)].map(|target| {
                write_transaction(conn, |c| {
                    posting::post_to_shift(
                        c,
                        company,
                        target,
                        &NewMovement {
                            kind: MovementKind::CashSale,
                            amount: 1_000_000,
                            reason: "Venta".into(),
                            payment_method: Some("efectivo".into()),
                            source: None,
                            user_id,
                        },
                    )
                })
                .err()
                .map(|e| e.public_message())
            })
        })
        .await;
    assert_eq!(
        refusals,
        [
            Some(posting::NOT_OPEN.to_string()),
            Some(posting::NO_OPEN_SHIFT.to_string())
        ]
    );
    // Confirmed: still nothing posts, and it cannot be confirmed twice.
    assert_eq!(
        user.post_json(&format!("/api/Turn/{id}/confirmClose"), json!({}))
            .await
            .status,
        200
    );
    for path in ["movement", "close", "confirmClose"] {
        let r = user
            .post_json(
                &format!("/api/Turn/{id}/{path}"),
                json!({ "type": "in", "amount": "1", "reason": "x", "counts": [] }),
            )
            .await;
        assert!(r.status == 409 || r.status == 403, "{path}: {}", r.status);
    }
    let stored = cashier.get(&format!("/api/Turn/{id}")).await.json();
    assert_eq!(
        stored["movements"].as_array().unwrap().len(),
        1,
        "only the opening"
    );
}

async fn another_company_gets_404_on_every_shift_route(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let [(_, mut admin), _, (_, mut cashier)] = t.clients_a(&app).await;
    let register = new_register(&mut admin, "C1").await;
    let id = open(&mut cashier, register, "50").await;
    let account = admin
        .post_json(
            "/api/bank/register",
            json!({ "bank": "Banco Guayaquil", "accountType": "ahorros", "number": "001", "holder": "A" }),
        )
        .await
        .json()["_id"]
        .as_i64()
        .unwrap();
    let mut intruder = app.signed_in(t.admin_b).await;
    for path in [
        format!("/api/Turn/{id}"),
        format!("/api/cashRegister/{register}"),
        format!("/api/cashRegister/{register}/checkIfOpen"),
        format!("/api/bank/{account}"),
        format!("/api/bank/{account}/movements"),
    ] {
        assert_eq!(intruder.get(&path).await.status, 404, "GET {path}");
    }
    for (path, body) in [
        (
            format!("/api/Turn/{id}/movement"),
            json!({ "type": "in", "amount": "1", "reason": "x" }),
        ),
        (format!("/api/Turn/{id}/close"), json!({ "counts": [] })),
        (format!("/api/Turn/{id}/confirmClose"), json!({})),
        (
            format!("/api/cashRegister/{register}/update"),
            json!({ "name": "X", "code": "X" }),
        ),
        (format!("/api/cashRegister/{register}/lock"), json!({})),
        (
            "/api/cashRegister/delete".to_string(),
            json!({ "_id": register }),
        ),
        (
            format!("/api/bank/{account}/update"),
            json!({ "bank": "X", "accountType": "ahorros", "number": "1", "holder": "X" }),
        ),
        ("/api/bank/delete".to_string(), json!({ "_id": account })),
    ] {
        let r = intruder.post_json(&path, body).await;
        assert_eq!(r.status, 404, "POST {path}: {}", r.text());
    }
    // B cannot open a shift on A's register, and sees none of A's shifts.
    let r = intruder
        .post_json(
            "/api/Turn/open",
            json!({ "cashRegisterId": register, "openingAmount": "1" }),
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(intruder.get("/api/Turn").await.json()["total"], 0);
    assert_eq!(
        intruder.get("/api/cashRegister/getCashOpen").await.json(),
        json!([])
    );
    // A's shift is untouched.
    let mine = admin.get(&format!("/api/Turn/{id}")).await.json();
    assert_eq!(
        (mine["state"].clone(), mine["summary"]["expected"].clone()),
        (json!("open"), json!("50.00"))
    );
}

async fn close_racing_movements_loses_none(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let [(_, mut admin), _, (_, mut cashier)] = t.clients_a(&app).await;
    let register = new_register(&mut admin, "C1").await;
    let id = open(&mut cashier, register, "100").await;
    cashier.csrf().await;
    let mut tasks = Vec::new();
    for n in 1..=20_i64 {
        let mut client = app.client_on(app.router.clone(), &cashier);
        tasks.push(tokio::spawn(async move {
            let r = client
                .post_json(
                    &format!("/api/Turn/{id}/movement"),
                    json!({ "type": "in", "amount": format!("{n}.01"), "reason": format!("Ingreso {n}") }),
                )
                .await;
            (n, r.status.as_u16(), r.message())
        }));
        if n == 10 {
            let mut closer = app.client_on(app.router.clone(), &cashier);
            tasks.push(tokio::spawn(async move {
                let r = closer
                    .post_json(
                        &format!("/api/Turn/{id}/close"),
                        json!({ "counts": counts(&[("100", 1)]) }),
                    )
                    .await;
                (0, r.status.as_u16(), r.message())
            }));
        }
    }
    let mut accepted = Vec::new();
    for task in tasks {
        let (n, status, message) = task.await.unwrap();
        match (n, status) {
            (0, 200) => {}
            (0, _) => panic!("close failed: {status} {message}"),
            (_, 201) => accepted.push(format!("{n}.01")),
            (_, 409) => assert_eq!(message, posting::NOT_OPEN),
            _ => panic!("movement {n}: {status} {message}"),
        }
    }
    let view = cashier.get(&format!("/api/Turn/{id}")).await.json();
    assert_eq!(view["state"], "closed");
    let mut stored: Vec<String> = view["movements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["type"] == "cash_in")
        .map(|m| m["amount"].as_str().unwrap().to_string())
        .collect();
    stored.sort();
    accepted.sort();
    assert_eq!(
        stored, accepted,
        "every accepted movement is stored, no refused one is"
    );
    let cents: i64 = accepted
        .iter()
        .map(|a| a.replace('.', "").parse::<i64>().unwrap())
        .sum::<i64>()
        + 10_000;
    let expected = format!("{}.{:02}", cents / 100, cents % 100);
    assert_eq!(
        view["summary"]["expected"], expected,
        "the closed summary holds every stored movement"
    );
    assert_eq!(view["expected"], expected);
}
