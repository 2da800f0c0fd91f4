//! Comprobantes de retención on purchases: issued with the purchase's register or afterwards, at
//! the rate in force on the retención's date, through the SRI stand-in to AUTORIZADO with a
//! signature `xmlsec1` verifies; what the supplier is paid or owed drops by the amount withheld;
//! the five-day window, duplicates, cancelling and annulling; roles and another company's 404.

use chrono::{Days, NaiveDate};
use mostrador::services::purchases::withholding::{
    ALREADY_WITHHELD, HAS_WITHHOLDING, LATE, NOT_AGENT, NOTHING_OWED,
};
use serde_json::{Value, json};

use crate::sales::invoices::{EShop, signed_xml, verify_signed_with_xmlsec1};
use crate::util::fixtures::RUC_A;
use crate::util::{Backend, Client, on_both_backends};
use mostrador::sri::simulator::FaultRule;

on_both_backends!(
    a_retencion_with_the_purchase_is_authorized_and_the_supplier_is_owed_the_net,
    a_retencion_afterwards_comes_off_the_payable_within_the_window,
    a_devuelta_retencion_is_corrected_and_resent_with_the_same_clave,
    roles_and_another_company,
);

/// Today in Ecuador (UTC−5), the day the company's retenciones are dated.
fn today() -> NaiveDate {
    (chrono::Utc::now() - chrono::TimeDelta::hours(5)).date_naive()
}

fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// Makes company A a withholding agent (resolution 1).
async fn make_agent(admin: &mut Client) {
    let r = admin
        .post_json(
            "/api/company/update",
            json!({ "ruc": RUC_A, "businessName": "EMPRESA A S.A.", "mainAddress": "Av. Principal 1",
                    "typeRegimen": "2", "accountingRequired": true, "isRet": true,
                    "retentionAgentResolution": "1", "sriEnvironment": "pruebas" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
}

async fn supplier(client: &mut Client) -> i64 {
    let r = client
        .post_json(
            "/api/purchases/supplier/register",
            json!({ "idType": "ruc", "identification": "0990000001001", "name": "FERRETERÍA EL TORNILLO",
                    "email": "ventas@tornillo.ec", "creditDays": 30 }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

/// A manual purchase of USD 100.00 + IVA 15 % (total 115.00), with `extra` fields.
fn manual(key: &str, supplier: i64, number: &str, date: NaiveDate, extra: Value) -> Value {
    let mut body = json!({ "idempotencyKey": key, "supplierId": supplier, "documentNumber": number,
        "authorization": "1234567890", "date": day(date),
        "lines": [{ "description": "Cemento", "quantity": "10", "unitCost": "10.00", "ivaCode": "4" }],
        "payment": { "method": "credit" } });
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

/// Renta 312 on the base and IVA code 1 (30 %) on the IVA.
fn lines() -> Value {
    json!([{ "kind": "renta", "code": "312", "base": "100.00" },
           { "kind": "iva", "code": "1", "base": "15.00" }])
}

/// Asks for the retención until its SRI state is `code` (at most 20 s).
async fn wait_for(client: &mut Client, id: i64, code: &str) -> Value {
    client
        .wait_for_state(&format!("/api/ebilling/withholding/{id}"), code)
        .await
}

fn key_of(view: &Value) -> &str {
    view["accessKey"].as_str().unwrap()
}

/// The cash the shift `turn` should hold.
async fn expected_cash(client: &mut Client, turn: i64) -> String {
    let shift = client.get(&format!("/api/Turn/{turn}")).await.json();
    shift["summary"]["expected"].as_str().unwrap().to_string()
}

async fn payable(client: &mut Client, id: i64) -> (Value, Value) {
    let view = client
        .get(&format!("/api/purchases/payable/{id}"))
        .await
        .json();
    (view["amount"].clone(), view["balance"].clone())
}

async fn a_retencion_with_the_purchase_is_authorized_and_the_supplier_is_owed_the_net(
    backend: Backend,
) {
    let mut e = EShop::open(backend).await;
    let supplier = supplier(&mut e.shop.user).await;
    let body = manual(
        "r-1",
        supplier,
        "001-002-000000456",
        today(),
        json!({ "withholding": { "lines": lines() } }),
    );
    // Not a withholding agent yet: refused, nothing stored.
    let r = e
        .shop
        .user
        .post_json("/api/purchases/manual/register", body.clone())
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.json()["message"], NOT_AGENT);
    assert_eq!(
        e.shop.user.get("/api/purchases/manual").await.json()["total"],
        0
    );
    make_agent(&mut e.shop.admin).await;
    // An unknown code and bases above the purchase's are told by field.
    let mut bad = body.clone();
    bad["withholding"]["lines"] = json!([{ "kind": "renta", "code": "999", "base": "100.00" },
                                         { "kind": "iva", "code": "1", "base": "16.00" }]);
    let r = e
        .shop
        .user
        .post_json("/api/purchases/manual/register", bad)
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    let problem = r.json()["errors"]["withholding"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        problem.contains("el código 999 de renta no está vigente"),
        "{problem}"
    );
    assert!(
        problem.contains("Las bases de IVA suman 16.00 y superan el IVA de la compra (15.00)"),
        "{problem}"
    );

    let r = e
        .shop
        .user
        .post_json("/api/purchases/manual/register", body)
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let purchase = r.json();
    // Renta 312 at 2 % since 2026-03-01 (2.00) and 30 % of the IVA (4.50).
    assert_eq!(purchase["withholding"]["total"], "6.50");
    assert_eq!(purchase["withholding"]["number"], "001-001-000000001");
    assert_eq!(
        purchase["withholding"]["accessKey"].as_str().unwrap().len(),
        49
    );
    let payable_id = purchase["payableId"].as_i64().unwrap();
    assert_eq!(
        payable(&mut e.shop.user, payable_id).await,
        (json!("108.50"), json!("108.50"))
    );
    let id = purchase["withholding"]["_id"].as_i64().unwrap();
    let view = wait_for(&mut e.shop.user, id, "authorized").await;
    assert_eq!(view["purchaseId"], purchase["_id"]);
    assert_eq!(view["supplierId"], supplier);
    assert_eq!(view["date"], day(today()));
    assert_eq!(view["late"], false);
    assert_eq!(
        view["lines"],
        json!([{ "kind": "renta", "code": "312", "base": "100.00", "percent": "2.00", "amount": "2.00" },
               { "kind": "iva", "code": "1", "base": "15.00", "percent": "30.00", "amount": "4.50" }])
    );
    let document = view["documentId"].as_i64().unwrap();
    let xml = signed_xml(&e.app, document).await;
    assert!(xml.contains("<codDocSustento>01</codDocSustento>"), "{xml}");
    assert!(
        xml.contains("<numDocSustento>001002000000456</numDocSustento>"),
        "{xml}"
    );
    assert!(xml.contains("<valorRetenido>4.50</valorRetenido>"), "{xml}");
    verify_signed_with_xmlsec1(&xml, "comprobanteRetencion");
    // Its RIDE: the sujeto retenido, each tax withheld on the supplier's factura, the total.
    let r = e
        .shop
        .user
        .get(&format!("/tickets/retencion/{document}/A4SRI"))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let html = r.text();
    for text in [
        "COMPROBANTE DE RETENCIÓN",
        "FERRETERÍA EL TORNILLO",
        "001-002-000000456",
        "TOTAL RETENIDO",
        "6.50",
        "30.00",
        key_of(&view),
    ] {
        assert!(html.contains(text), "el RIDE no muestra {text}");
    }
    // Under another type's route it is not found.
    assert_eq!(
        e.shop
            .user
            .get(&format!("/tickets/factura/{document}/A4SRI"))
            .await
            .status,
        404
    );
    let r = e
        .shop
        .user
        .get(&format!("/api/ebilling/withholding/{id}/xml"))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.text().contains("AUTORIZADO"));
    // Authorized, it is e-mailed to the supplier with its XML and RIDE (queued in the outbox).
    let outbox: Vec<String> = e
        .app
        .db(move |conn| {
            use diesel::prelude::*;
            use mostrador::db::schema::email_outbox;
            email_outbox::table
                .filter(email_outbox::sri_document_id.eq(document))
                .select(email_outbox::to_address)
                .load(conn)
                .expect("bandeja de salida")
        })
        .await;
    assert_eq!(outbox, ["ventas@tornillo.ec"]);
    // The same key answers the same purchase; no second retención.
    let list = e.shop.user.get("/api/ebilling/withholding").await.json();
    assert_eq!(list["total"], 1);

    // Cancelling the purchase waits for the retención to be annulled.
    let purchase_id = purchase["_id"].as_i64().unwrap();
    let cancel = format!("/api/purchases/manual/{purchase_id}/cancel");
    let r = e
        .shop
        .user
        .post_json(&cancel, json!({ "reason": "Devuelta" }))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.json()["message"], HAS_WITHHOLDING);
    let annul = format!("/api/ebilling/withholding/{id}/annul");
    let r = e.shop.user.post_json(&annul, json!({})).await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.json()["errors"]["reason"].is_string());
    let r = e
        .shop
        .user
        .post_json(&annul, json!({ "reason": "Anulada en el portal del SRI" }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["annulled"], true);
    assert_eq!(
        e.shop
            .user
            .post_json(&annul, json!({ "reason": "otra vez" }))
            .await
            .status,
        409
    );
    // The supplier is owed the whole purchase again; the retención stays listed, annulled.
    assert_eq!(
        payable(&mut e.shop.user, payable_id).await,
        (json!("115.00"), json!("115.00"))
    );
    assert_eq!(
        e.shop.user.get("/api/ebilling/withholding").await.json()["results"][0]["annulled"],
        true
    );
    let r = e
        .shop
        .user
        .post_json(&cancel, json!({ "reason": "Devuelta" }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());

    // Paid in cash from the user's own shift: the shift pays the net; annulled, the supplier is
    // owed what was withheld; cancelled, the shift gets back what it paid and nothing is owed.
    let register = crate::cash::turns::new_register(&mut e.shop.admin, "C2").await;
    let turn = crate::cash::turns::open(&mut e.shop.user, register, "100.00").await;
    assert_eq!(expected_cash(&mut e.shop.user, turn).await, "100.00");
    let r = e
        .shop
        .user
        .post_json(
            "/api/purchases/expense/register",
            json!({ "idempotencyKey": "x-0", "supplierId": supplier, "documentNumber": "001-002-000000459",
                    "date": day(today()), "category": "mantenimiento", "amount": "40.00", "ivaCode": "4",
                    "payment": { "method": "cash" },
                    "withholding": { "lines": [{ "kind": "renta", "code": "312", "base": "40.00" }] } }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let cash = r.json();
    // 46.00 less 2 % of 40.00.
    assert_eq!(cash["withholding"]["total"], "0.80");
    assert_eq!(expected_cash(&mut e.shop.user, turn).await, "54.80");
    let cash_id = cash["_id"].as_i64().unwrap();
    let cash_withholding = cash["withholding"]["_id"].as_i64().unwrap();
    let r = e
        .shop
        .user
        .post_json(
            &format!("/api/ebilling/withholding/{cash_withholding}/annul"),
            json!({ "reason": "Error en la base" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let owed = e
        .shop
        .user
        .get(&format!("/api/purchases/expense/{cash_id}"))
        .await
        .json();
    assert!(owed["withholding"].is_null(), "{owed}");
    let owed_id = owed["payableId"]
        .as_i64()
        .expect("the withheld amount is owed");
    assert_eq!(
        payable(&mut e.shop.user, owed_id).await,
        (json!("0.80"), json!("0.80"))
    );
    let r = e
        .shop
        .user
        .post_json(
            &format!("/api/purchases/expense/{cash_id}/cancel"),
            json!({ "reason": "Devuelta" }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(expected_cash(&mut e.shop.user, turn).await, "100.00");
    assert_eq!(
        payable(&mut e.shop.user, owed_id).await,
        (json!("0.80"), json!("0.00"))
    );

    // An expense on credit: its payable is the net.
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/purchases/expense/register",
            json!({ "idempotencyKey": "x-1", "supplierId": supplier, "documentNumber": "001-002-000000457",
                    "date": day(today()), "category": "mantenimiento", "amount": "40.00", "ivaCode": "4",
                    "payment": { "method": "cash" },
                    "withholding": { "lines": [{ "kind": "renta", "code": "312", "base": "40.00" }] } }),
        )
        .await;
    assert_eq!(r.status, 403, "a cashier issues no retención: {}", r.text());
    let r = e
        .shop
        .admin
        .post_json(
            "/api/purchases/expense/register",
            json!({ "idempotencyKey": "x-2", "supplierId": supplier, "documentNumber": "001-002-000000458",
                    "date": day(today()), "category": "mantenimiento", "amount": "40.00", "ivaCode": "4",
                    "payment": { "method": "credit" },
                    "withholding": { "lines": [{ "kind": "renta", "code": "312", "base": "40.00" }] } }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["withholding"]["total"], "0.80");
    assert_eq!(r.json()["withholding"]["number"], "001-001-000000003");
    let payable_id = r.json()["payableId"].as_i64().unwrap();
    assert_eq!(
        payable(&mut e.shop.user, payable_id).await,
        (json!("45.20"), json!("45.20"))
    );
}

async fn a_retencion_afterwards_comes_off_the_payable_within_the_window(backend: Backend) {
    let mut e = EShop::open(backend).await;
    make_agent(&mut e.shop.admin).await;
    let supplier = supplier(&mut e.shop.user).await;
    let r = e
        .shop
        .user
        .post_json(
            "/api/purchases/manual/register",
            manual("a-1", supplier, "001-002-000000100", today(), json!({})),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let purchase = r.json();
    assert!(purchase["withholding"].is_null());
    let id = purchase["_id"].as_i64().unwrap();
    let payable_id = purchase["payableId"].as_i64().unwrap();
    let withhold = format!("/api/purchases/manual/{id}/withhold");
    // Under another kind's path the purchase is not found.
    assert_eq!(
        e.shop
            .user
            .post_json(
                &format!("/api/purchases/expense/{id}/withhold"),
                json!({ "lines": lines() })
            )
            .await
            .status,
        404
    );
    let r = e
        .shop
        .user
        .post_json(&withhold, json!({ "lines": [] }))
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.json()["errors"]["lines"].is_string());
    let r = e
        .shop
        .user
        .post_json(&withhold, json!({ "lines": lines() }))
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let first = r.json();
    assert_eq!(first["total"], "6.50");
    assert_eq!(
        payable(&mut e.shop.user, payable_id).await,
        (json!("108.50"), json!("108.50"))
    );
    let r = e
        .shop
        .user
        .post_json(&withhold, json!({ "lines": lines() }))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.json()["message"], ALREADY_WITHHELD);

    // The company's own rate for 312 from today: a retención issued now takes it.
    let r = e
        .shop
        .admin
        .post_json(
            "/api/taxes/withholding/register",
            json!({ "kind": "renta", "code": "312", "percent": "2.50", "validFrom": day(today()) }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());

    // Ten days after the document's date: 422 unless the user takes the fine knowingly.
    let old = today().checked_sub_days(Days::new(10)).unwrap();
    let r = e
        .shop
        .user
        .post_json(
            "/api/purchases/manual/register",
            manual("a-2", supplier, "001-002-000000101", old, json!({})),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let late_id = r.json()["_id"].as_i64().unwrap();
    let withhold = format!("/api/purchases/manual/{late_id}/withhold");
    let r = e
        .shop
        .user
        .post_json(&withhold, json!({ "lines": lines() }))
        .await;
    assert_eq!(r.status, 422, "{}", r.text());
    assert_eq!(r.json()["message"], LATE);
    let r = e
        .shop
        .user
        .post_json(&withhold, json!({ "lines": lines(), "late": true }))
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let late = r.json();
    assert_eq!(late["late"], true);
    assert_eq!(late["lines"][0]["percent"], "2.50");
    // 2.50 + 4.50.
    assert_eq!(late["total"], "7.00");
    // The first one keeps the rate of its day.
    let first_id = first["_id"].as_i64().unwrap();
    let again = e
        .shop
        .user
        .get(&format!("/api/ebilling/withholding/{first_id}"))
        .await
        .json();
    assert_eq!(again["lines"][0]["percent"], "2.00");
    wait_for(
        &mut e.shop.user,
        late["_id"].as_i64().unwrap(),
        "authorized",
    )
    .await;
    // A purchase the cashier paid in full has nothing to withhold from afterwards.
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/purchases/expense/register",
            json!({ "idempotencyKey": "a-3", "supplierId": supplier, "documentNumber": "001-002-000000102",
                    "date": day(today()), "category": "transporte", "amount": "10.00", "ivaCode": "4",
                    "payment": { "method": "cash" } }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let paid = r.json()["_id"].as_i64().unwrap();
    let r = e
        .shop
        .user
        .post_json(
            &format!("/api/purchases/expense/{paid}/withhold"),
            json!({ "lines": [{ "kind": "renta", "code": "312", "base": "10.00" }] }),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.json()["message"], NOTHING_OWED);
}

async fn a_devuelta_retencion_is_corrected_and_resent_with_the_same_clave(backend: Backend) {
    let mut e = EShop::open(backend).await;
    make_agent(&mut e.shop.admin).await;
    let supplier = supplier(&mut e.shop.user).await;
    e.sim.handle.set_reception(FaultRule::reject(35).times(1));
    let r = e
        .shop
        .user
        .post_json(
            "/api/purchases/manual/register",
            manual(
                "d-1",
                supplier,
                "001-002-000000300",
                today(),
                json!({ "withholding": { "lines": lines() } }),
            ),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let id = r.json()["withholding"]["_id"].as_i64().unwrap();
    let returned = wait_for(&mut e.shop.user, id, "returned").await;
    let key = returned["accessKey"].as_str().unwrap().to_string();
    let document = returned["documentId"].as_i64().unwrap();
    // It is listed with the other comprobantes, under its own type, with its supplier.
    let list = e
        .shop
        .user
        .get("/api/ebilling/documents?type=retencion")
        .await
        .json();
    assert_eq!(list["total"], 1, "{list}");
    assert_eq!(list["results"][0]["typeName"], "Comprobante de retención");
    assert_eq!(list["results"][0]["clientName"], "FERRETERÍA EL TORNILLO");
    let resend = format!("/api/ebilling/documents/{document}/resend");
    let r = e
        .shop
        .user
        .post_json(&resend, json!({ "reason": "x" }))
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    // The supplier's name is corrected, then the retención is resent with its clave.
    let r = e
        .shop
        .user
        .post_json(
            &format!("/api/purchases/supplier/{supplier}/update"),
            json!({ "idType": "ruc", "identification": "0990000001001", "name": "FERRETERÍA EL TORNILLO CÍA. LTDA.",
                    "email": "ventas@tornillo.ec", "creditDays": 30 }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let r = e.shop.user.post_json(&resend, json!({})).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let done = wait_for(&mut e.shop.user, id, "authorized").await;
    assert_eq!(done["accessKey"], key.as_str());
    assert_eq!(done["number"], "001-001-000000001");
    assert_eq!(e.sim.handle.receptions(&key), 2);
    let xml = signed_xml(&e.app, document).await;
    assert!(xml.contains("FERRETERÍA EL TORNILLO CÍA. LTDA."), "{xml}");
    // Authorized: nothing more to resend.
    assert_eq!(e.shop.user.post_json(&resend, json!({})).await.status, 409);
}

async fn roles_and_another_company(backend: Backend) {
    let mut e = EShop::open(backend).await;
    make_agent(&mut e.shop.admin).await;
    let supplier = supplier(&mut e.shop.user).await;
    let r = e
        .shop
        .user
        .post_json(
            "/api/purchases/manual/register",
            manual(
                "c-1",
                supplier,
                "001-002-000000200",
                today(),
                json!({ "withholding": { "lines": lines() } }),
            ),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let purchase = r.json();
    let id = purchase["withholding"]["_id"].as_i64().unwrap();
    let purchase_id = purchase["_id"].as_i64().unwrap();
    // A cashier reads no retención.
    assert_eq!(
        e.shop
            .cashier
            .get(&format!("/api/ebilling/withholding/{id}"))
            .await
            .status,
        403
    );
    let document = e
        .shop
        .user
        .get(&format!("/api/ebilling/withholding/{id}"))
        .await
        .json()["documentId"]
        .as_i64()
        .unwrap();
    assert_eq!(
        e.shop
            .cashier
            .get(&format!("/tickets/retencion/{document}/A4SRI"))
            .await
            .status,
        403
    );
    let mut other = e.app.signed_in(e.shop.tenants.admin_b).await;
    for path in [
        format!("/api/ebilling/withholding/{id}"),
        format!("/api/ebilling/withholding/{id}/xml"),
    ] {
        assert_eq!(other.get(&path).await.status, 404, "{path}");
    }
    assert_eq!(
        other
            .post_json(
                &format!("/api/ebilling/withholding/{id}/annul"),
                json!({ "reason": "ajena" })
            )
            .await
            .status,
        404
    );
    assert_eq!(
        other
            .post_json(
                &format!("/api/purchases/manual/{purchase_id}/withhold"),
                json!({ "lines": lines() })
            )
            .await
            .status,
        404
    );
    assert_eq!(
        other.get("/api/ebilling/withholding").await.json()["total"],
        0
    );
    assert_eq!(
        other
            .get(&format!("/tickets/retencion/{document}/A4SRI"))
            .await
            .status,
        404
    );
    // Still live in A.
    assert_eq!(
        e.shop
            .user
            .get(&format!("/api/ebilling/withholding/{id}"))
            .await
            .json()["annulled"],
        false
    );
}
