//! Merchandise purchases: stock in at cost (the average cost follows the kardex formula), totals
//! per IVA rate, payment from the shift, a bank account or on credit (a payable), the supplier's
//! document registered once, cancellation by a linked reversal, payables paid and stated, the
//! last cost a new line starts from, and the company boundary.

use std::str::FromStr;

use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::sales::support::Shop;
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    purchases_cost_pay_cancel_and_payables,
    cancellation_refused_without_stock_and_boundary,
    a_new_line_starts_from_the_last_cost
);

async fn a_new_line_starts_from_the_last_cost(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cellar = shop.cellar;
    let rice = shop.product("ARZ", "Arroz", "1.00", "0", "0", "0").await;
    let last = |id: i64| format!("/api/purchases/merchandise/lastCost?productId={id}");
    // Never bought: nothing to start from.
    let r = shop.cashier.get(&last(rice)).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(
        r.json(),
        json!({ "productId": rice, "unitCost": null, "date": null })
    );
    let sol = supplier(&mut shop.user, "0990000001001", 0).await;
    for (key, number, date, cost) in [
        ("k-1", "001-002-000000001", "2026-01-20", "0.8125"),
        // Registered later but dated earlier: the purchase's own date decides.
        ("k-2", "001-002-000000002", "2026-01-10", "0.70"),
        ("k-3", "001-002-000000003", "2026-01-25", "0.90"),
    ] {
        let mut body = purchase(
            key,
            sol,
            number,
            cellar,
            json!([{ "productId": rice, "quantity": "10", "unitCost": cost, "ivaCode": "0" }]),
            json!({ "method": "credit" }),
        );
        body["date"] = json!(date);
        let r = shop
            .user
            .post_json("/api/purchases/merchandise/register", body)
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
        if key == "k-3" {
            // Cancelled: it does not count.
            let id = r.json()["_id"].as_i64().unwrap();
            let r = shop
                .user
                .post_json(
                    &format!("/api/purchases/merchandise/{id}/cancel"),
                    json!({ "reason": "Factura equivocada" }),
                )
                .await;
            assert_eq!(r.status, 200, "{}", r.text());
        }
    }
    let r = shop.cashier.get(&last(rice)).await;
    assert_eq!(
        r.json(),
        json!({ "productId": rice, "unitCost": "0.8125", "date": "2026-01-20" })
    );
    // Without a product, a clear 400; another company's product is not found.
    let r = shop.user.get("/api/purchases/merchandise/lastCost").await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.json()["errors"]["productId"].is_string(), "{}", r.text());
    let mut other = app.signed_in(shop.tenants.admin_b).await;
    let r = other.get(&last(rice)).await;
    assert_eq!(r.status, 404, "{}", r.text());
}

fn dec(value: &Value) -> Decimal {
    Decimal::from_str(
        value
            .as_str()
            .unwrap_or_else(|| panic!("not a string: {value}")),
    )
    .unwrap_or_else(|_| panic!("not a decimal: {value}"))
}

async fn supplier(client: &mut Client, identification: &str, credit_days: i64) -> i64 {
    let r = client
        .post_json(
            "/api/purchases/supplier/register",
            json!({ "idType": "ruc", "identification": identification, "name": format!("PROVEEDOR {identification}"), "creditDays": credit_days }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

fn purchase(
    key: &str,
    supplier: i64,
    number: &str,
    cellar: i64,
    lines: Value,
    payment: Value,
) -> Value {
    json!({ "idempotencyKey": key, "supplierId": supplier, "documentNumber": number,
            "authorization": "1234567890", "date": "2026-01-15", "cellarId": cellar,
            "lines": lines, "payment": payment })
}

async fn expected_cash(shop: &mut Shop) -> Decimal {
    let shift = shop.shift().await;
    dec(&shift["summary"]["expected"])
}

async fn bank_account(client: &mut Client) -> i64 {
    let r = client
        .post_json(
            "/api/bank/register",
            json!({ "bank": "Pichincha", "accountType": "corriente", "number": "2100", "holder": "Empresa A", "openingBalance": "1000" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

async fn bank_balance(client: &mut Client, account: i64) -> Decimal {
    dec(&client
        .get(&format!("/api/bank/{account}/movements"))
        .await
        .json()["balance"])
}

async fn purchases_cost_pay_cancel_and_payables(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cellar = shop.cellar;
    let a = shop.product("P1", "Arroz", "2.00", "4", "10", "1.00").await;
    let b = shop.product("P2", "Sal", "1.00", "0", "0", "0").await;
    let sol = supplier(&mut shop.user, "0990000001001", 30).await;

    // 1. The cashier receives 10 × 2.00 + 15 % IVA and pays it from their shift.
    let before = expected_cash(&mut shop).await;
    let body = purchase(
        "k-1",
        sol,
        "001-001-000000123",
        cellar,
        json!([{ "productId": a, "quantity": "10", "unitCost": "2.00", "ivaCode": "4" }]),
        json!({ "method": "cash" }),
    );
    let first = shop
        .cashier
        .post_json("/api/purchases/merchandise/register", body.clone())
        .await;
    assert_eq!(first.status, 201, "{}", first.text());
    let first = first.json();
    assert_eq!(
        (
            first["subtotal"].clone(),
            first["iva"].clone(),
            first["total"].clone(),
            first["paymentMethod"].clone()
        ),
        (json!("20.00"), json!("3.00"), json!("23.00"), json!("cash"))
    );
    assert_eq!(
        first["turnId"].as_i64(),
        Some(shop.turn),
        "the cash left the cashier's shift"
    );
    assert_eq!(
        expected_cash(&mut shop).await,
        before - Decimal::from(23),
        "the shift's expected cash went down by the total"
    );
    // The same key again: the same purchase, nothing new.
    let again = shop
        .cashier
        .post_json("/api/purchases/merchandise/register", body.clone())
        .await;
    assert_eq!(again.status, 200, "{}", again.text());
    assert_eq!(again.json()["_id"], first["_id"]);
    // The same supplier document under another key: refused with the specification's words.
    let mut dup = body.clone();
    dup["idempotencyKey"] = json!("k-dup");
    let dup = shop
        .user
        .post_json("/api/purchases/merchandise/register", dup)
        .await;
    assert_eq!(dup.status, 409, "{}", dup.text());
    assert_eq!(dup.json()["message"], "La compra ya fue registrada");
    // Average after 10 @ 1.00 and 10 @ 2.00: (10 × 1 + 10 × 2) / 20.
    let rows = shop.kardex_rows(a, "purchase").await;
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        dec(&rows[0]["averageCost"]),
        Decimal::from_str("1.5").unwrap()
    );
    assert_eq!(dec(&rows[0]["balanceQuantity"]), Decimal::from(20));
    // The kardex shows the purchase's own date beside when it was recorded (today); the other
    // rows were recorded the day of their document.
    assert_eq!(rows[0]["documentDate"], "2026-01-15", "{:?}", rows[0]);
    let kardex = shop
        .user
        .get(&format!("/api/inventory/kardex?productId={a}&limit=100"))
        .await
        .json();
    let others: Vec<&Value> = kardex["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["type"] != "purchase")
        .collect();
    assert!(!others.is_empty(), "{kardex}");
    assert!(
        others.iter().all(|r| r["documentDate"].is_null()),
        "{kardex}"
    );

    // 2. On credit, two rates, a discount: 20 × 3.00 − 6.00 at 15 % and 5 × 1.00 at 0 %.
    let second = shop
        .user
        .post_json(
            "/api/purchases/merchandise/register",
            purchase(
                "k-2",
                sol,
                "001-001-000000124",
                cellar,
                json!([
                    { "productId": a, "quantity": "20", "unitCost": "3.00", "discount": "6.00", "ivaCode": "4" },
                    { "productId": b, "quantity": "5", "unitCost": "1", "ivaCode": "0" }
                ]),
                json!({ "method": "credit" }),
            ),
        )
        .await;
    assert_eq!(second.status, 201, "{}", second.text());
    let second = second.json();
    assert_eq!(
        (
            second["subtotal"].clone(),
            second["discount"].clone(),
            second["iva"].clone(),
            second["total"].clone()
        ),
        (json!("59.00"), json!("6.00"), json!("8.10"), json!("67.10"))
    );
    let taxes: Vec<(Value, Value, Value)> = second["taxes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["ivaCode"].clone(), t["base"].clone(), t["value"].clone()))
        .collect();
    assert_eq!(
        taxes,
        vec![
            (json!("0"), json!("5.00"), json!("0.00")),
            (json!("4"), json!("54.00"), json!("8.10"))
        ]
    );
    // The stock came in at the net unit cost 2.70: (20 × 1.50 + 20 × 2.70) / 40 = 2.10.
    let rows = shop.kardex_rows(a, "purchase").await;
    let newest = rows
        .last()
        .expect("la compra en el kárdex (del más antiguo al más nuevo)");
    assert_eq!(dec(&newest["unitCost"]), Decimal::from_str("2.7").unwrap());
    assert_eq!(
        dec(&newest["averageCost"]),
        Decimal::from_str("2.1").unwrap()
    );
    assert_eq!(dec(&newest["balanceQuantity"]), Decimal::from(40));
    assert_eq!(shop.stock(b).await, "5");

    // Its payable: due 30 days (the supplier's credit) after the purchase's date; overdue now.
    let payable_id = second["payableId"].as_i64().expect("a payable");
    let payable = shop
        .cashier
        .get(&format!("/api/purchases/payable/{payable_id}"))
        .await
        .json();
    assert_eq!(
        (
            payable["dueDate"].clone(),
            payable["balance"].clone(),
            payable["status"].clone()
        ),
        (json!("2026-02-14"), json!("67.10"), json!("vencida"))
    );
    let open = shop
        .user
        .get(&format!(
            "/api/purchases/payable?supplierId={sol}&overdue=true"
        ))
        .await
        .json();
    assert_eq!(open["total"], 1, "{open}");

    // Paid 20.00 in cash from the cashier's shift, the rest from the bank.
    let before = expected_cash(&mut shop).await;
    let paid = shop
        .cashier
        .post_json(
            &format!("/api/purchases/payable/{payable_id}/pay"),
            json!({ "method": "cash", "amount": "20" }),
        )
        .await;
    assert_eq!(paid.status, 200, "{}", paid.text());
    assert_eq!(paid.json()["balance"], "47.10");
    assert_eq!(expected_cash(&mut shop).await, before - Decimal::from(20));
    let too_much = shop
        .user
        .post_json(
            &format!("/api/purchases/payable/{payable_id}/pay"),
            json!({ "method": "cash", "amount": "47.11" }),
        )
        .await;
    assert_eq!(too_much.status, 400, "{}", too_much.text());
    assert!(too_much.json()["errors"]["amount"].is_string());
    let account = bank_account(&mut shop.admin).await;
    let paid = shop
        .user
        .post_json(
            &format!("/api/purchases/payable/{payable_id}/pay"),
            json!({ "method": "bank", "amount": "47.10", "bankAccountId": account }),
        )
        .await;
    assert_eq!(paid.status, 200, "{}", paid.text());
    let paid = paid.json();
    assert_eq!(
        (paid["balance"].clone(), paid["status"].clone()),
        (json!("0.00"), json!("pagada"))
    );
    assert_eq!(paid["payments"].as_array().unwrap().len(), 2);
    assert_eq!(
        bank_balance(&mut shop.admin, account).await,
        Decimal::from_str("952.90").unwrap()
    );
    // The statement: the charge, both payments, a zero balance.
    let statement = shop
        .user
        .get(&format!(
            "/api/purchases/payable/statement?supplierId={sol}"
        ))
        .await
        .json();
    let balances: Vec<Value> = statement["lines"]
        .as_array()
        .unwrap_or_else(|| panic!("{statement}"))
        .iter()
        .map(|l| l["balance"].clone())
        .collect();
    assert_eq!(
        balances,
        vec![json!("67.10"), json!("47.10"), json!("0.00")]
    );
    assert_eq!(statement["closingBalance"], "0.00");

    // 3. A purchase paid from the bank.
    let third = shop
        .user
        .post_json(
            "/api/purchases/merchandise/register",
            purchase(
                "k-3",
                sol,
                "001-001-000000125",
                cellar,
                json!([{ "productId": b, "quantity": "10", "unitCost": "0.50", "ivaCode": "0" }]),
                json!({ "method": "bank", "bankAccountId": account }),
            ),
        )
        .await;
    assert_eq!(third.status, 201, "{}", third.text());
    let third = third.json();
    assert_eq!(third["bankAccountId"].as_i64(), Some(account));
    assert_eq!(
        bank_balance(&mut shop.admin, account).await,
        Decimal::from_str("947.90").unwrap()
    );

    // 4. Cancelling: not by a cashier; by the user it takes the stock out and the money back.
    let id = first["_id"].as_i64().unwrap();
    let cancel = format!("/api/purchases/merchandise/{id}/cancel");
    let refused = shop
        .cashier
        .post_json(&cancel, json!({ "reason": "Error" }))
        .await;
    assert_eq!(refused.status, 403);
    let no_reason = shop.user.post_json(&cancel, json!({})).await;
    assert_eq!(no_reason.status, 400);
    let before = expected_cash(&mut shop).await;
    let cancelled = shop
        .user
        .post_json(&cancel, json!({ "reason": "Factura equivocada" }))
        .await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.text());
    assert_eq!(cancelled.json()["cancelled"], true);
    assert_eq!(expected_cash(&mut shop).await, before + Decimal::from(23));
    assert_eq!(shop.stock(a).await, "30");
    let twice = shop
        .user
        .post_json(&cancel, json!({ "reason": "Otra vez" }))
        .await;
    assert_eq!(twice.status, 409);
    assert_eq!(twice.json()["message"], "La compra ya está anulada");
    // Its number is free again.
    let mut renewed = body.clone();
    renewed["idempotencyKey"] = json!("k-1b");
    // Paid in cash again, from the cashier's shift.
    let renewed = shop
        .cashier
        .post_json("/api/purchases/merchandise/register", renewed)
        .await;
    assert_eq!(renewed.status, 201, "{}", renewed.text());
    // A bank purchase's money goes back to the account.
    let id = third["_id"].as_i64().unwrap();
    let cancelled = shop
        .admin
        .post_json(
            &format!("/api/purchases/merchandise/{id}/cancel"),
            json!({ "reason": "Devuelta" }),
        )
        .await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.text());
    assert_eq!(
        bank_balance(&mut shop.admin, account).await,
        Decimal::from_str("952.90").unwrap()
    );
    // A purchase whose payable was paid is not cancelled.
    let id = second["_id"].as_i64().unwrap();
    let paid_on = shop
        .admin
        .post_json(
            &format!("/api/purchases/merchandise/{id}/cancel"),
            json!({ "reason": "No" }),
        )
        .await;
    assert_eq!(paid_on.status, 409, "{}", paid_on.text());
    let list = shop.cashier.get("/api/purchases/merchandise").await.json();
    assert_eq!(list["total"], 4, "{list}");
}

async fn cancellation_refused_without_stock_and_boundary(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cellar = shop.cellar;
    let c = shop.product("P3", "Azúcar", "1.00", "0", "0", "0").await;
    let sol = supplier(&mut shop.user, "0990000001001", 0).await;
    let bought = shop
        .user
        .post_json(
            "/api/purchases/merchandise/register",
            purchase(
                "k-1",
                sol,
                "001-002-000000001",
                cellar,
                json!([{ "productId": c, "quantity": "5", "unitCost": "0.80", "ivaCode": "0" }]),
                json!({ "method": "credit" }),
            ),
        )
        .await;
    assert_eq!(bought.status, 201, "{}", bought.text());
    let bought = bought.json();
    let id = bought["_id"].as_i64().unwrap();
    let payable = bought["payableId"].as_i64().unwrap();
    // No credit days: due on the purchase's date.
    let view = shop
        .user
        .get(&format!("/api/purchases/payable/{payable}"))
        .await
        .json();
    assert_eq!(view["dueDate"], "2026-01-15");
    let out = shop
        .user
        .post_json(
            "/api/inventory/adjustment/register",
            json!({ "cellarId": cellar, "reason": "Merma", "lines": [{ "productId": c, "quantity": "-3" }] }),
        )
        .await;
    assert_eq!(out.status, 201, "{}", out.text());
    let refused = shop
        .user
        .post_json(
            &format!("/api/purchases/merchandise/{id}/cancel"),
            json!({ "reason": "Error" }),
        )
        .await;
    assert_eq!(refused.status, 409, "{}", refused.text());
    assert_eq!(
        refused.json()["message"],
        "No se puede anular la compra: de «Azúcar» quedan 2 en la bodega y la compra ingresó 5"
    );
    assert_eq!(shop.stock(c).await, "2", "nothing moved");
    let view = shop
        .user
        .get(&format!("/api/purchases/payable/{payable}"))
        .await
        .json();
    assert_eq!(view["status"], "vencida");

    // Another company sees none of it.
    let mut other = app.signed_in(shop.tenants.admin_b).await;
    for path in [
        format!("/api/purchases/merchandise/{id}"),
        format!("/api/purchases/payable/{payable}"),
        format!("/api/purchases/supplier/{sol}"),
        format!("/api/purchases/payable/statement?supplierId={sol}"),
    ] {
        assert_eq!(other.get(&path).await.status, 404, "{path}");
    }
    for (path, body) in [
        (
            format!("/api/purchases/merchandise/{id}/cancel"),
            json!({ "reason": "x" }),
        ),
        (
            format!("/api/purchases/payable/{payable}/pay"),
            json!({ "method": "cash", "amount": "1" }),
        ),
        (
            format!("/api/purchases/supplier/{sol}/update"),
            json!({ "idType": "ruc", "identification": "0990000001001", "name": "X" }),
        ),
    ] {
        assert_eq!(other.post_json(&path, body).await.status, 404, "{path}");
    }
    assert_eq!(
        other.get("/api/purchases/merchandise").await.json()["total"],
        0
    );
    assert_eq!(other.get("/api/purchases/payable").await.json()["total"], 0);
    // Company B cannot buy from A's supplier either.
    let theirs = other
        .post_json(
            "/api/purchases/merchandise/register",
            purchase(
                "k-b",
                sol,
                "001-002-000000001",
                cellar,
                json!([{ "productId": c, "quantity": "1", "unitCost": "1", "ivaCode": "0" }]),
                json!({ "method": "credit" }),
            ),
        )
        .await;
    assert!(
        theirs.status == 400 || theirs.status == 404,
        "{}",
        theirs.text()
    );
}
