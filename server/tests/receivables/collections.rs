//! Collections of receivables: allocation oldest first and by hand, partial payments, the
//! client's credit (saldo a favor) used by the next collection, receipts numbered per company,
//! idempotency, cash into the user's shift and transfers into the bank account, reversal, the
//! statement's running balance, aging buckets at fixed dates, the e-mail through the outbox, the
//! cashier's 403 and another company's 404.

use mostrador::models::mail::outbox;
use mostrador::services::cash::posting::NO_OPEN_SHIFT;
use mostrador::services::receivables::collection::{ALREADY_REVERSED, CREDIT_USED};
use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::sales::support::Shop;
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    collect_allocate_reverse_and_statement,
    aging_buckets_and_boundaries
);

fn dec(v: &Value) -> Decimal {
    v.as_str()
        .unwrap_or_else(|| panic!("no es texto: {v}"))
        .parse()
        .unwrap()
}

async fn new_client(
    user: &mut Client,
    identification: &str,
    name: &str,
    email: Option<&str>,
) -> i64 {
    let r = user
        .post_json(
            "/api/clients/register",
            json!({ "idType": "cedula", "identification": identification, "name": name,
                    "email": email, "creditLimit": "1000.00", "creditDays": 30 }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

/// A credit sale of `qty` × 1.00 (IVA 0) to `client` due on `due` (None: the client's days).
async fn credit_sale(
    user: &mut Client,
    key: &str,
    client: i64,
    product: i64,
    qty: &str,
    due: Option<&str>,
) -> i64 {
    let r = user
        .post_json(
            "/api/sales/note/register",
            json!({ "idempotencyKey": key, "clientId": client,
                    "lines": [{ "productId": product, "quantity": qty }],
                    "payments": [{ "method": "credit", "amount": format!("{qty}.00"), "dueDate": due }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

async fn receivables_of(user: &mut Client, client: i64) -> Vec<Value> {
    let r = user
        .get(&format!("/api/cxc?clientId={client}&sort=date&limit=100"))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["results"].as_array().unwrap().clone()
}

async fn collect_allocate_reverse_and_statement(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.00", "0", "500", "0.70")
        .await;
    let ana = new_client(
        &mut shop.user,
        "1710034065",
        "Ana Pérez",
        Some("ana@cliente.ec"),
    )
    .await;
    let sale1 = credit_sale(&mut shop.user, "s1", ana, rice, "30", None).await;
    let sale2 = credit_sale(&mut shop.user, "s2", ana, rice, "20", None).await;
    let sale3 = credit_sale(&mut shop.user, "s3", ana, rice, "10", None).await;
    let list = receivables_of(&mut shop.user, ana).await;
    assert_eq!(list.len(), 3);
    assert_eq!(
        list.iter()
            .map(|r| r["saleId"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        vec![sale1, sale2, sale3]
    );
    assert!(list.iter().all(|r| r["status"] == "pendiente"));
    let ids: Vec<i64> = list.iter().map(|r| r["_id"].as_i64().unwrap()).collect();

    // The cashier may not collect; the user needs an open shift for cash.
    let body = |key: &str, method: &str, amount: &str| json!({ "idempotencyKey": key, "clientId": ana, "method": method, "amount": amount });
    let r = shop
        .cashier
        .post_json("/api/cxc/collect", body("c0", "cash", "1"))
        .await;
    assert_eq!(r.status, 403);
    assert_eq!(shop.cashier.get("/api/cxc").await.status, 403);
    let r = shop
        .user
        .post_json("/api/cxc/collect", body("c0", "cash", "1"))
        .await;
    assert_eq!(
        (r.status.as_u16(), r.message()),
        (409, NO_OPEN_SHIFT.to_string())
    );
    let r = shop.user.post_json("/api/cxc/collect", json!({})).await;
    assert_eq!(r.status, 400);
    for field in ["idempotencyKey", "clientId", "method", "amount"] {
        assert!(
            r.json()["errors"][field].is_string(),
            "{field}: {}",
            r.text()
        );
    }
    let r = shop
        .user
        .post_json("/api/cxc/collect", body("c0", "transfer", "1"))
        .await;
    assert_eq!(r.status, 400);
    assert!(r.json()["errors"]["bankAccountId"].is_string());

    let register = crate::cash::turns::new_register(&mut shop.admin, "C2").await;
    let turn = crate::cash::turns::open(&mut shop.user, register, "0.00").await;

    // 35.00 in cash, oldest first: 30.00 pays the first, 5.00 the second (partial).
    let r = shop
        .user
        .post_json("/api/cxc/collect", body("c1", "cash", "35"))
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let first = r.json();
    assert_eq!(first["number"], 1);
    assert_eq!(
        first["allocations"],
        json!([
            { "receivableId": ids[0], "document": list[0]["document"], "amount": "30.00", "balance": "0.00" },
            { "receivableId": ids[1], "document": list[1]["document"], "amount": "5.00", "balance": "15.00" },
        ])
    );
    assert_eq!(
        (
            first["remainingCredit"].clone(),
            first["outstanding"].clone()
        ),
        (json!("0.00"), json!("25.00"))
    );
    // Same key again: the same receipt, nothing twice.
    let again = shop
        .user
        .post_json("/api/cxc/collect", body("c1", "cash", "35"))
        .await;
    assert_eq!(again.status, 200);
    assert_eq!(again.json()["_id"], first["_id"]);
    let statuses: Vec<Value> = receivables_of(&mut shop.user, ana)
        .await
        .iter()
        .map(|r| r["status"].clone())
        .collect();
    assert_eq!(
        statuses,
        vec![json!("pagada"), json!("parcial"), json!("pendiente")]
    );
    let r = shop.user.get("/api/cxc?status=parcial").await.json();
    assert_eq!(r["total"], 1);
    assert_eq!(shop.user.get("/api/cxc?status=otro").await.status, 400);

    // The cash landed in the user's shift.
    let shift = shop.user.get(&format!("/api/Turn/{turn}")).await;
    assert_eq!(shift.status, 200, "{}", shift.text());
    assert!(shift.text().contains("Cobro recibo 1"), "{}", shift.text());

    // A transfer of 30.00: 15.00 + 10.00 pay both, 5.00 stays as the client's credit.
    let account = shop
        .admin
        .post_json(
            "/api/bank/register",
            json!({ "bank": "Pichincha", "accountType": "corriente", "number": "2100", "holder": "A", "openingBalance": "0" }),
        )
        .await;
    assert_eq!(account.status, 201, "{}", account.text());
    let account = account.json()["_id"].as_i64().unwrap();
    let r = shop
        .user
        .post_json(
            "/api/cxc/collect",
            json!({ "idempotencyKey": "c2", "clientId": ana, "method": "transfer", "amount": "30.00",
                    "bankAccountId": account, "reference": "TR-991" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let second = r.json();
    assert_eq!(second["number"], 2);
    assert_eq!(
        (
            second["leftOver"].clone(),
            second["remainingCredit"].clone()
        ),
        (json!("5.00"), json!("5.00"))
    );
    assert_eq!(second["outstanding"], "0.00");
    let movements = shop
        .user
        .get(&format!("/api/bank/{account}/movements"))
        .await
        .json();
    assert_eq!(movements["balance"], "30.00", "{movements}");

    // A new sale of 8.00: a collection of 4.00 by hand uses the 5.00 credit first (9.00 ≥ 8.00);
    // more than the balance is refused.
    credit_sale(&mut shop.user, "s4", ana, rice, "8", None).await;
    let fourth = receivables_of(&mut shop.user, ana).await[3]["_id"]
        .as_i64()
        .unwrap();
    let by_hand = |amount: &str, alloc: &str| {
        json!({ "idempotencyKey": format!("h-{amount}-{alloc}"), "clientId": ana, "method": "cash", "amount": amount,
                "allocations": [{ "receivableId": fourth, "amount": alloc }] })
    };
    let r = shop
        .user
        .post_json("/api/cxc/collect", by_hand("4", "8.01"))
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.message().contains("supera el saldo"), "{}", r.message());
    let r = shop
        .user
        .post_json(
            "/api/cxc/collect",
            json!({ "idempotencyKey": "h-x", "clientId": ana, "method": "cash", "amount": "1",
        "allocations": [{ "receivableId": ids[0], "amount": "1" }] }),
        )
        .await;
    assert_eq!(
        r.status,
        400,
        "a paid receivable takes nothing: {}",
        r.text()
    );
    let r = shop
        .user
        .post_json("/api/cxc/collect", by_hand("2", "8"))
        .await;
    assert_eq!(r.status, 400, "2.00 + 5.00 credit < 8.00: {}", r.text());
    let r = shop
        .user
        .post_json("/api/cxc/collect", by_hand("4", "8"))
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let third = r.json();
    assert_eq!(third["number"], 3);
    assert_eq!(
        (
            third["creditUsed"].clone(),
            third["remainingCredit"].clone()
        ),
        (json!("4.00"), json!("1.00"))
    );

    // Reversal: the transfer's credit was used by the third receipt → refused until that one is
    // reversed; then both restore balances and take the money back out.
    let reverse = |id: &Value, reason: &str| {
        (
            format!("/api/cxc/payment/{id}/reverse"),
            json!({ "reason": reason }),
        )
    };
    let (path, _) = reverse(&second["_id"], "");
    let r = shop.user.post_json(&path, json!({ "reason": " " })).await;
    assert_eq!(r.status, 400);
    let (path, reason) = reverse(&second["_id"], "Transferencia rechazada");
    let r = shop.user.post_json(&path, reason.clone()).await;
    assert_eq!(
        (r.status.as_u16(), r.message()),
        (409, CREDIT_USED.to_string())
    );
    let (path3, reason3) = reverse(&third["_id"], "Error de digitación");
    let r = shop.user.post_json(&path3, reason3.clone()).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["reversed"], true);
    let r = shop.user.post_json(&path3, reason3).await;
    assert_eq!(
        (r.status.as_u16(), r.message()),
        (409, ALREADY_REVERSED.to_string())
    );
    let r = shop.user.post_json(&path, reason).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let detail = shop.user.get(&format!("/api/cxc/{}", ids[1])).await.json();
    assert_eq!(detail["balance"], "15.00", "{detail}");
    assert_eq!(detail["payments"].as_array().unwrap().len(), 2);
    assert_eq!(detail["payments"][1]["reversed"], true);
    let movements = shop
        .user
        .get(&format!("/api/bank/{account}/movements"))
        .await
        .json();
    assert_eq!(movements["balance"], "0.00", "{movements}");
    let shift = shop.user.get(&format!("/api/Turn/{turn}")).await.text();
    assert!(shift.contains("Anulación del cobro recibo 3"), "{shift}");

    // The statement: running balance = opening + Σ charges − Σ payments at each line.
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Guayaquil)
        .date_naive();
    let r = shop
        .user
        .get(&format!(
            "/api/cxc/statement?clientId={ana}&from={today}&to={today}"
        ))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let st = r.json();
    let mut running = dec(&st["openingBalance"]);
    let (mut charges, mut payments) = (Decimal::ZERO, Decimal::ZERO);
    for line in st["lines"].as_array().unwrap() {
        running += dec(&line["charge"]) - dec(&line["payment"]);
        charges += dec(&line["charge"]);
        payments += dec(&line["payment"]);
        assert_eq!(dec(&line["balance"]), running, "{line}");
    }
    // 4 sales (68.00) + 2 reversals (34.00) charged; 3 receipts (69.00) paid.
    assert_eq!(
        (charges, payments),
        ("102.00".parse().unwrap(), "69.00".parse().unwrap())
    );
    assert_eq!(dec(&st["closingBalance"]), running);
    assert_eq!(st["closingBalance"], "33.00", "15.00 + 10.00 + 8.00 owed");
    let tomorrow = today.succ_opt().unwrap();
    let later = shop
        .user
        .get(&format!(
            "/api/cxc/statement?clientId={ana}&from={tomorrow}&to={tomorrow}"
        ))
        .await
        .json();
    assert_eq!(
        (later["openingBalance"].clone(), later["lines"].clone()),
        (json!("33.00"), json!([]))
    );
    assert_eq!(
        shop.user
            .get(&format!(
                "/api/cxc/statement?clientId={ana}&from=2026-13-01"
            ))
            .await
            .status,
        400
    );

    // The statement by e-mail, through the outbox.
    let r = shop
        .user
        .post_json(
            "/api/cxc/statement/email",
            json!({ "clientId": ana, "from": today.to_string(), "to": today.to_string() }),
        )
        .await;
    assert_eq!(r.status, 202, "{}", r.text());
    let mails = app
        .db(|conn| outbox::for_address(conn, "ana@cliente.ec").expect("bandeja"))
        .await;
    assert_eq!(mails.len(), 1);
    assert!(
        mails[0].body_text.contains("Saldo final: USD 33.00"),
        "{}",
        mails[0].body_text
    );
    // Ten a minute per user: the eleventh is refused and queues nothing.
    let body = json!({ "clientId": ana, "from": today.to_string(), "to": today.to_string() });
    for _ in 0..9 {
        let r = shop
            .user
            .post_json("/api/cxc/statement/email", body.clone())
            .await;
        assert_eq!(r.status, 202, "{}", r.text());
    }
    let r = shop.user.post_json("/api/cxc/statement/email", body).await;
    assert_eq!(r.status, 429, "{}", r.text());
    assert!(r.message().contains("Espere un minuto"), "{}", r.message());
    let mails = app
        .db(|conn| outbox::for_address(conn, "ana@cliente.ec").expect("bandeja"))
        .await;
    assert_eq!(mails.len(), 10);

    // Another company sees none of it.
    let mut other = app.signed_in(shop.tenants.admin_b).await;
    assert_eq!(other.get(&format!("/api/cxc/{}", ids[0])).await.status, 404);
    assert_eq!(
        other
            .get(&format!("/api/cxc/payment/{}", first["_id"]))
            .await
            .status,
        404
    );
    let r = other
        .post_json(
            &format!("/api/cxc/payment/{}/reverse", first["_id"]),
            json!({ "reason": "x" }),
        )
        .await;
    assert_eq!(r.status, 404);
    assert_eq!(
        other
            .get(&format!("/api/cxc/statement?clientId={ana}"))
            .await
            .status,
        404
    );
    assert_eq!(other.get("/api/cxc").await.json()["total"], 0);
    let r = other
        .post_json(
            "/api/cxc/collect",
            json!({ "idempotencyKey": "b1", "clientId": ana, "method": "cash", "amount": "1" }),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
}

async fn aging_buckets_and_boundaries(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.00", "0", "500", "0.70")
        .await;
    let ana = new_client(&mut shop.user, "1710034065", "Ana Pérez", None).await;
    let luis = new_client(&mut shop.user, "0102030400", "Luis Mora", None).await;
    // Measured on 2030-03-01: due 03-01 (por vencer), 02-28 (1 day), 01-30 (30), 01-29 (31),
    // 12-31 (60), 12-30 (61), 12-01 (90), 11-30 (91).
    let dues = [
        ("2030-03-01", "1"),
        ("2030-02-28", "2"),
        ("2030-01-30", "3"),
        ("2030-01-29", "4"),
        ("2029-12-31", "5"),
        ("2029-12-30", "6"),
        ("2029-12-01", "7"),
        ("2029-11-30", "8"),
    ];
    for (i, (due, qty)) in dues.iter().enumerate() {
        let client = if i % 2 == 0 { ana } else { luis };
        credit_sale(
            &mut shop.user,
            &format!("a{i}"),
            client,
            rice,
            qty,
            Some(due),
        )
        .await;
    }
    let r = shop.user.get("/api/cxc/aging?date=2030-03-01").await;
    assert_eq!(r.status, 200, "{}", r.text());
    let aging = r.json();
    assert_eq!(
        aging["total"],
        json!({ "notDue": "1.00", "days1To30": "5.00", "days31To60": "9.00", "days61To90": "13.00", "over90": "8.00", "total": "36.00" })
    );
    assert_eq!(aging["overdue"], "35.00");
    // Luis owes 2+4+6+8 = 20, Ana 1+3+5+7 = 16: largest first.
    assert_eq!(aging["clients"][0]["clientId"], luis);
    assert_eq!(aging["clients"][0]["total"], "20.00");
    assert_eq!(aging["clients"][1]["over90"], "0.00");
    assert_eq!(aging["clients"][0]["over90"], "8.00");
    assert_eq!(shop.user.get("/api/cxc/aging?date=ayer").await.status, 400);
    assert_eq!(shop.cashier.get("/api/cxc/aging").await.status, 403);
}
