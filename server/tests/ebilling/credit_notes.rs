//! Electronic notas de crédito end to end against the SRI stand-in: a factura reaches AUTORIZADO,
//! a nota de crédito against it returns stock (one kardex row at cost) and cash (out of the shift
//! once) through the sales credit note's service and reaches AUTORIZADO with a signature `xmlsec1`
//! verifies; returning more than was sold is a 400 that stores nothing and skips no number; a
//! factura that is not AUTORIZADO (or is to consumidor final) is a 409; another company gets 404;
//! a DEVUELTA nota de crédito is corrected and resent with the same clave, returning nothing
//! twice.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use mostrador::services::sales::credit_note::INVOICE_NEEDS_ELECTRONIC;
use mostrador::services::sales::electronic_credit_note::{FINAL_CONSUMER, NOT_AUTHORIZED};
use mostrador::sri::simulator::FaultRule;

use crate::ebilling::support::statements;
use crate::sales::invoices::{
    EShop, count, invoice_body, signed_xml, verify_signed_with_xmlsec1, wait_for,
};
use crate::util::{Backend, Client, on_both_backends};

on_both_backends!(
    credit_note_reaches_autorizado_and_returns_stock_and_cash_once,
    credit_note_needs_an_authorized_factura_to_an_identified_buyer,
    concurrent_credit_notes_get_gapless_numbers_and_never_return_too_much,
    devuelta_credit_note_is_corrected_and_resent_with_the_same_clave,
    the_list_costs_the_same_queries_for_one_note_or_many,
);

/// Asks for the nota de crédito until its SRI state is `code` (at most 20 s).
async fn wait_for_note(client: &mut Client, id: i64, code: &str) -> Value {
    client
        .wait_for_state(&format!("/api/ebilling/creditNote/{id}"), code)
        .await
}

/// Registers a factura of `lines` to `client` paid in cash and waits until the SRI answers
/// `code`; its view.
pub(super) async fn factura(
    e: &mut EShop,
    key: &str,
    client: Option<i64>,
    lines: &[(i64, &str)],
    amount: &str,
    code: &str,
) -> Value {
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/sales/invoice/register",
            invoice_body(key, client, lines, amount),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let id = r.json()["_id"].as_i64().unwrap();
    wait_for(&mut e.shop.cashier, id, code).await
}

pub(super) fn body(invoice: i64, lines: &[(i64, &str)], refund: &str) -> Value {
    json!({
        "invoiceId": invoice,
        "reason": "Producto dañado",
        "refund": refund,
        "lines": lines.iter().map(|(p, q)| json!({ "productId": p, "quantity": q })).collect::<Vec<_>>(),
    })
}

async fn credit_note_reaches_autorizado_and_returns_stock_and_cash_once(backend: Backend) {
    let mut e = EShop::open(backend).await;
    let juan = e.client("Juan Pérez").await;
    let cola = e
        .shop
        .product("C1", "Cola 1 l", "1.00", "4", "100", "0.60")
        .await;
    let bread = e
        .shop
        .product("P1", "Pan", "0.15", "0", "100", "0.08")
        .await;
    // 3 × 1.00 at 15 % = 3.45; 10 × 0.15 at 0 % = 1.50; total 4.95.
    let invoice = factura(
        &mut e,
        "f-1",
        Some(juan),
        &[(cola, "3"), (bread, "10")],
        "4.95",
        "authorized",
    )
    .await;
    let invoice_id = invoice["_id"].as_i64().unwrap();
    assert_eq!(e.shop.stock(cola).await, "97");

    // The screen's lookup: authorized, what each line may return.
    let lookup = e
        .shop
        .cashier
        .get(&format!("/api/ebilling/creditNote/invoice/{invoice_id}"))
        .await;
    assert_eq!(lookup.status, 200, "{}", lookup.text());
    let lookup = lookup.json();
    assert_eq!(lookup["creditable"], true, "{lookup}");
    assert_eq!(lookup["number"], "001-001-000000001");
    assert_eq!(lookup["lines"][0]["returnable"], "3", "{lookup}");

    // 2 colas back, in cash: 2.30.
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/ebilling/creditNote/register",
            body(invoice_id, &[(cola, "2")], "cash"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let note = r.json();
    assert_eq!(note["number"], "001-001-000000001", "{note}");
    assert_eq!(note["total"], "2.30");
    assert_eq!(note["saleId"], invoice_id);
    assert_eq!(note["saleNumber"], "001-001-000000001");
    assert_eq!(note["refund"], "cash");
    let id = note["_id"].as_i64().unwrap();
    let document = note["documentId"].as_i64().expect("documentId");
    let key = note["accessKey"].as_str().expect("accessKey").to_string();
    assert_eq!(key.len(), 49);
    assert_eq!(&key[8..10], "04", "{key}");
    assert_eq!(&key[24..39], "001001000000001", "{key}");

    let done = wait_for_note(&mut e.shop.cashier, id, "authorized").await;
    assert_eq!(done["status"], "AUTORIZADO");
    assert_eq!(done["authorizationNumber"], key.as_str());
    assert_eq!(done["pending"], false);
    assert_eq!(done["documentId"], document);
    assert_eq!(e.sim.handle.receptions(&key), 1);

    // The signed XML verifies independently and modifies the factura.
    let xml = signed_xml(&e.app, document).await;
    verify_signed_with_xmlsec1(&xml, "notaCredito");
    for part in [
        "<codDoc>04</codDoc>",
        "<codDocModificado>01</codDocModificado>",
        "<numDocModificado>001-001-000000001</numDocModificado>",
        "<motivo>Producto dañado</motivo>",
        "<valorModificacion>2.30</valorModificacion>",
        "<identificacionComprador>1710034065</identificacionComprador>",
        "<razonSocialComprador>Juan Pérez</razonSocialComprador>",
        "<codigoInterno>C1</codigoInterno>",
    ] {
        assert!(xml.contains(part), "{part}: {xml}");
    }
    let issued = invoice["date"].as_str().unwrap();
    let (y, m, d) = (&issued[0..4], &issued[5..7], &issued[8..10]);
    assert!(
        xml.contains(&format!(
            "<fechaEmisionDocSustento>{d}/{m}/{y}</fechaEmisionDocSustento>"
        )),
        "{xml}"
    );

    // Stock back once, at cost, one kardex row; the cash out of the shift once.
    assert_eq!(e.shop.stock(cola).await, "99");
    let back = e.shop.kardex_rows(cola, "sale_return").await;
    assert_eq!(back.len(), 1, "{back:?}");
    assert_eq!(back[0]["unitCost"], "0.60", "{back:?}");
    assert_eq!(back[0]["quantityIn"], "2");
    let shift = e.shop.shift().await;
    assert_eq!(shift["summary"]["byType"]["cash_refund"], "2.30", "{shift}");
    assert_eq!(shift["summary"]["expected"], "52.65", "{shift}");

    // More than what is left (1 cola): 400, nothing stored, no number used.
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/ebilling/creditNote/register",
            body(invoice_id, &[(cola, "2")], "cash"),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(
        r.text()
            .contains("como máximo 1 (vendido 3, ya devuelto 2)"),
        "{}",
        r.text()
    );
    assert_eq!(
        count(&e.app, "SELECT COUNT(*) AS n FROM credit_notes").await,
        1
    );
    assert_eq!(
        count(&e.app, "SELECT COUNT(*) AS n FROM sri_documents").await,
        2
    );
    assert_eq!(e.shop.stock(cola).await, "99");

    // The next one is number 2; the bread only in part (3 of 10).
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/ebilling/creditNote/register",
            body(invoice_id, &[(cola, "1"), (bread, "3")], "cash"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let second = r.json();
    assert_eq!(second["number"], "001-001-000000002", "{second}");
    assert_eq!(second["total"], "1.60");
    wait_for_note(
        &mut e.shop.cashier,
        second["_id"].as_i64().unwrap(),
        "authorized",
    )
    .await;
    assert_eq!(
        count(
            &e.app,
            "SELECT COUNT(*) AS n FROM document_sequences WHERE doc_type = 'electronic_credit_note' AND last_number = 2"
        )
        .await,
        1
    );

    // The generic list shows both; the internal credit notes are apart.
    let list = e.shop.admin.get("/api/ebilling/creditNote").await.json();
    assert_eq!(list["total"], 2, "{list}");
    assert_eq!(list["results"][0]["clientName"], "Juan Pérez");
    assert!(list["results"][0]["accessKey"].is_string(), "{list}");
    assert_eq!(
        e.shop.admin.get("/api/sales/creditNote").await.json()["total"],
        0
    );
    // A factura is not returned with an internal credit note.
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/sales/creditNote/register",
            json!({ "saleId": invoice_id, "reason": "x", "refund": "cash",
                    "lines": [{ "productId": bread, "quantity": "1" }] }),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.json()["message"], INVOICE_NEEDS_ELECTRONIC);

    // Another company sees none of it.
    let mut other = e.app.signed_in(e.shop.tenants.admin_b).await;
    assert_eq!(
        other
            .get(&format!("/api/ebilling/creditNote/{id}"))
            .await
            .status,
        404
    );
    assert_eq!(
        other
            .get(&format!("/api/ebilling/creditNote/invoice/{invoice_id}"))
            .await
            .status,
        404
    );
    let r = other
        .post_json(
            "/api/ebilling/creditNote/register",
            body(invoice_id, &[(bread, "1")], "cash"),
        )
        .await;
    assert_eq!(r.status, 404, "{}", r.text());
    assert_eq!(
        other.get("/api/ebilling/creditNote").await.json()["total"],
        0
    );
}

async fn credit_note_needs_an_authorized_factura_to_an_identified_buyer(backend: Backend) {
    let mut e = EShop::open(backend).await;
    let juan = e.client("Juan Pérez").await;
    let rice = e
        .shop
        .product("A1", "Arroz", "2.00", "0", "50", "1.50")
        .await;
    // DEVUELTA: not authorized, no credit note.
    e.sim.handle.set_reception(FaultRule::reject(35).times(1));
    let returned = factura(
        &mut e,
        "d-1",
        Some(juan),
        &[(rice, "2")],
        "4.00",
        "returned",
    )
    .await;
    let returned_id = returned["_id"].as_i64().unwrap();
    let lookup = e
        .shop
        .cashier
        .get(&format!("/api/ebilling/creditNote/invoice/{returned_id}"))
        .await
        .json();
    assert_eq!(lookup["creditable"], false, "{lookup}");
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/ebilling/creditNote/register",
            body(returned_id, &[(rice, "1")], "cash"),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    let message = r.json()["message"].as_str().unwrap().to_string();
    assert!(message.starts_with(NOT_AUTHORIZED), "{message}");
    assert!(message.contains("DEVUELTA"), "{message}");

    // To consumidor final: the SRI takes no nota de crédito.
    let anonymous = factura(&mut e, "cf-1", None, &[(rice, "1")], "2.00", "authorized").await;
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/ebilling/creditNote/register",
            body(anonymous["_id"].as_i64().unwrap(), &[(rice, "1")], "cash"),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.json()["message"], FINAL_CONSUMER);

    // A sales note is not a factura; an unknown id neither.
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            crate::sales::support::cash_sale("n-1", &[(rice, "1")], "2.00", "2.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let note = r.json()["_id"].as_i64().unwrap();
    for id in [note, 999_999] {
        let r = e
            .shop
            .cashier
            .post_json(
                "/api/ebilling/creditNote/register",
                body(id, &[(rice, "1")], "cash"),
            )
            .await;
        assert_eq!(r.status, 404, "{}", r.text());
        assert_eq!(r.json()["message"], "No se encontró la factura");
    }

    // Nothing was stored for any refusal, no number taken; stock as the sales left it.
    assert_eq!(
        count(&e.app, "SELECT COUNT(*) AS n FROM credit_notes").await,
        0
    );
    assert_eq!(
        count(
            &e.app,
            "SELECT COUNT(*) AS n FROM document_sequences WHERE doc_type = 'electronic_credit_note' AND last_number > 0"
        )
        .await,
        0
    );
    assert_eq!(e.shop.stock(rice).await, "46");
    assert_eq!(
        e.shop.admin.get("/api/ebilling/creditNote").await.json()["total"],
        0
    );

    // The screen, rendered on the server for every role, with the branch's list as its data.
    let page = e.shop.cashier.get("/admin/ebilling/nota_de_credito").await;
    assert_eq!(page.status, 200);
    let html = page.text();
    assert!(html.contains("Nota de crédito electrónica"), "{html}");
    assert!(html.contains("Factura (número o cliente)"), "{html}");
    let data = e
        .shop
        .cashier
        .get("/api/page-data/admin/ebilling/nota_de_credito")
        .await
        .json();
    assert_eq!(data["ebilling-credit-notes"]["list"]["total"], 0, "{data}");
}

/// Credit notes posted at once against one factura: as many as there are units to return get
/// numbers 1…n without gaps, the rest are refused, and stock and cash move exactly by the ones
/// registered (the counter serialises them before stock and the shift are touched).
async fn concurrent_credit_notes_get_gapless_numbers_and_never_return_too_much(backend: Backend) {
    const SOLD: usize = 5;
    const TRIES: usize = 8;
    let mut e = EShop::open(backend).await;
    let juan = e.client("Juan Pérez").await;
    let milk = e
        .shop
        .product("L1", "Leche 1 l", "1.00", "0", "100", "0.70")
        .await;
    let invoice = factura(
        &mut e,
        "f-1",
        Some(juan),
        &[(milk, "5")],
        "5.00",
        "authorized",
    )
    .await;
    let invoice_id = invoice["_id"].as_i64().unwrap();
    e.shop.cashier.csrf().await;
    let mut tasks = Vec::new();
    for _ in 0..TRIES {
        let mut client = e.app.client_on(e.app.router.clone(), &e.shop.cashier);
        let body = body(invoice_id, &[(milk, "1")], "cash");
        tasks.push(tokio::spawn(async move {
            let r = client
                .post_json("/api/ebilling/creditNote/register", body)
                .await;
            (r.status.as_u16(), r.json())
        }));
    }
    let mut numbers = BTreeSet::new();
    let mut refused = 0;
    for t in tasks {
        let (status, body) = t.await.unwrap();
        match status {
            201 => {
                let n: i64 = body["number"]
                    .as_str()
                    .unwrap()
                    .rsplit('-')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                numbers.insert(n);
            }
            400 => refused += 1,
            other => panic!("{other}: {body}"),
        }
    }
    assert_eq!(numbers, (1..=SOLD as i64).collect::<BTreeSet<i64>>());
    assert_eq!(refused, TRIES - SOLD);
    assert_eq!(e.shop.stock(milk).await, "100");
    let shift = e.shop.shift().await;
    assert_eq!(shift["summary"]["byType"]["cash_refund"], "5.00", "{shift}");
    assert_eq!(
        count(&e.app, "SELECT COUNT(*) AS n FROM sri_documents").await,
        1 + SOLD as i64
    );
}

/// A shop with colas (1.00 at IVA code `iva`) and an authorized factura of `quantity` of them to
/// Juan Pérez for `amount`, paid in cash; `(shop, cola, factura id)`.
pub(super) async fn authorized_factura(
    backend: Backend,
    iva: &str,
    quantity: &str,
    amount: &str,
) -> (EShop, i64, i64) {
    let mut e = EShop::open(backend).await;
    let juan = e.client("Juan Pérez").await;
    let cola = e
        .shop
        .product("C1", "Cola 1 l", "1.00", iva, "100", "0.60")
        .await;
    let lines = [(cola, quantity)];
    let invoice = factura(&mut e, "f-1", Some(juan), &lines, amount, "authorized").await;
    (e, cola, invoice["_id"].as_i64().unwrap())
}

async fn devuelta_credit_note_is_corrected_and_resent_with_the_same_clave(backend: Backend) {
    // 3 × 1.00 at 15 % = 3.45.
    let (mut e, cola, invoice_id) = authorized_factura(backend, "4", "3", "3.45").await;

    // The SRI returns the nota de crédito once (error 35).
    e.sim.handle.set_reception(FaultRule::reject(35).times(1));
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/ebilling/creditNote/register",
            body(invoice_id, &[(cola, "2")], "cash"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let note = r.json();
    let id = note["_id"].as_i64().unwrap();
    let document = note["documentId"].as_i64().unwrap();
    let key = note["accessKey"].as_str().unwrap().to_string();
    let returned = wait_for_note(&mut e.shop.cashier, id, "returned").await;
    assert_eq!(returned["messages"][0]["identifier"], "35", "{returned}");

    // Another company: 404 on the route and on the generic one; the note stays DEVUELTA.
    let mut other = e.app.signed_in(e.shop.tenants.admin_b).await;
    for path in [
        format!("/api/ebilling/creditNote/{id}/resend"),
        format!("/api/ebilling/documents/{document}/resend"),
    ] {
        let r = other.post_json(&path, json!({})).await;
        assert_eq!(r.status, 404, "{path}: {}", r.text());
    }
    let still = e
        .shop
        .cashier
        .get(&format!("/api/ebilling/creditNote/{id}"))
        .await
        .json();
    assert_eq!(still["statusCode"], "returned");

    // The issuer's address is corrected, then the nota de crédito is resent.
    let mut company = e.shop.admin.get("/api/company").await.json();
    company["mainAddress"] = json!("Av. Corregida 123, Quito");
    let r = e.shop.admin.post_json("/api/company/update", company).await;
    assert_eq!(r.status, 200, "{}", r.text());
    // The reason may be corrected on the way, checked like the register's; a guía's fields are
    // not a nota de crédito's. Nothing is stored or sent while a correction is refused.
    let long = "x".repeat(301);
    for (path, correction, field) in [
        (
            format!("/api/ebilling/creditNote/{id}/resend"),
            json!({ "reason": "  " }),
            Some("El motivo es obligatorio"),
        ),
        (
            format!("/api/ebilling/documents/{document}/resend"),
            json!({ "reason": long }),
            None,
        ),
        (
            format!("/api/ebilling/documents/{document}/resend"),
            json!({ "plate": "PBA-1234" }),
            None,
        ),
    ] {
        let r = e.shop.cashier.post_json(&path, correction.clone()).await;
        assert_eq!(r.status, 400, "{path} {correction}: {}", r.text());
        if let Some(message) = field {
            assert_eq!(r.json()["errors"]["reason"], message, "{}", r.text());
        }
    }
    let r = e
        .shop
        .cashier
        .post_json(
            &format!("/api/ebilling/documents/{document}/resend"),
            json!({ "plate": "PBA-1234" }),
        )
        .await;
    assert_eq!(
        r.json()["message"],
        "En una nota de crédito solo se corrige el motivo (reason)"
    );
    let still = e
        .shop
        .cashier
        .get(&format!("/api/ebilling/creditNote/{id}"))
        .await
        .json();
    assert_eq!(still["statusCode"], "returned");
    assert_eq!(still["reason"], "Producto dañado");
    let r = e
        .shop
        .cashier
        .post_json(
            &format!("/api/ebilling/creditNote/{id}/resend"),
            json!({ "reason": " Devolución por garantía " }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["accessKey"], key.as_str());
    assert_eq!(r.json()["number"], "001-001-000000001");
    assert_eq!(r.json()["reason"], "Devolución por garantía");
    let done = wait_for_note(&mut e.shop.cashier, id, "authorized").await;
    assert_eq!(done["accessKey"], key.as_str());
    assert_eq!(done["authorizationNumber"], key.as_str());
    assert_eq!(e.sim.handle.receptions(&key), 2);
    let xml = signed_xml(&e.app, document).await;
    verify_signed_with_xmlsec1(&xml, "notaCredito");
    for part in [
        "<dirMatriz>Av. Corregida 123, Quito</dirMatriz>",
        "<numDocModificado>001-001-000000001</numDocModificado>",
        "<valorModificacion>2.30</valorModificacion>",
        "<secuencial>000000001</secuencial>",
        "<motivo>Devolución por garantía</motivo>",
    ] {
        assert!(xml.contains(part), "{part}: {xml}");
    }

    // Stock and cash went back once, when it was registered.
    assert_eq!(e.shop.stock(cola).await, "99");
    assert_eq!(e.shop.kardex_rows(cola, "sale_return").await.len(), 1);
    let shift = e.shop.shift().await;
    assert_eq!(shift["summary"]["byType"]["cash_refund"], "2.30", "{shift}");
    assert_eq!(shift["summary"]["expected"], "51.15", "{shift}");
    assert_eq!(
        count(&e.app, "SELECT COUNT(*) AS n FROM credit_notes").await,
        1
    );
    assert_eq!(
        count(&e.app, "SELECT COUNT(*) AS n FROM sri_documents").await,
        2
    );

    // Authorized now: refused (409, in Spanish) by both routes, nothing sent again.
    let r = e
        .shop
        .cashier
        .post_json(&format!("/api/ebilling/creditNote/{id}/resend"), json!({}))
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(
        r.json()["message"],
        "Solo se reenvía una nota de crédito DEVUELTA o NO AUTORIZADA; esta está «AUTORIZADO»"
    );
    let r = e
        .shop
        .user
        .post_json(
            &format!("/api/ebilling/documents/{document}/resend"),
            json!({}),
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(
        r.json()["message"],
        "Solo se reenvía un comprobante DEVUELTO o NO AUTORIZADO; este está «AUTORIZADO»"
    );
    assert_eq!(e.sim.handle.receptions(&key), 2);
}

async fn the_list_costs_the_same_queries_for_one_note_or_many(backend: Backend) {
    use mostrador::controllers::sales::electronic_credit_notes::list_page;
    use mostrador::db::list::ListParams;

    let (mut e, cola, invoice_id) = authorized_factura(backend, "0", "5", "5.00").await;
    let cashier = e.shop.tenants.cashier_a;
    let mut counted = Vec::new();
    for n in 1..=4 {
        let r = e
            .shop
            .cashier
            .post_json(
                "/api/ebilling/creditNote/register",
                body(invoice_id, &[(cola, "1")], "cash"),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
        if n == 1 || n == 4 {
            let (queries, page) = statements(&e.app, cashier, |conn, tenant| {
                list_page(conn, tenant, &ListParams::default()).expect("lista")
            })
            .await;
            assert_eq!(page.results.len(), n, "{n}");
            assert!(page.results.iter().all(|v| v.access_key.is_some()));
            counted.push(queries);
        }
    }
    // Before, one more query per nota de crédito (its SRI document).
    assert_eq!(
        counted[0], counted[1],
        "consultas con 1 y con 4 notas: {counted:?}"
    );
}
