//! The company boundary over every electronic document (issue 23's test «another company's users
//! get 404 for every document, XML and RIDE»): a factura, a nota de crédito and a guía de remisión
//! of company A, all AUTORIZADO, are 404 to company B's admin on every route that reads or acts on
//! them — their own API, the documents API (detail, XML, e-mail, resend), the RIDE page and the
//! printable tickets — and no answer carries their clave. The same paths answer company A, so
//! the 404s are the boundary and not a wrong path.

use std::time::{Duration, Instant};

use chrono::TimeDelta;
use mostrador::sri::validate::ecuador_today;
use serde_json::{Value, json};

use super::credit_notes::{authorized_factura, body};
use crate::util::{Backend, Client, on_both_backends};

on_both_backends!(another_company_gets_404_for_every_document_xml_and_ride);

/// Asks `path` until its `field` is `authorized` (at most 20 s); the last answer.
async fn until_authorized(client: &mut Client, path: &str, field: &str) -> Value {
    let started = Instant::now();
    loop {
        let r = client.get(path).await;
        assert_eq!(r.status, 200, "{path}: {}", r.text());
        let view = r.json();
        if view[field] == "authorized" {
            return view;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{path} no llegó a AUTORIZADO: {view}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn another_company_gets_404_for_every_document_xml_and_ride(backend: Backend) {
    // 2 × 1.00 at 15 % = 2.30.
    let (mut e, cola, sale) = authorized_factura(backend, "4", "2", "2.30").await;
    let invoice = e
        .shop
        .cashier
        .get(&format!("/api/sales/invoice/{sale}"))
        .await
        .json();
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/ebilling/creditNote/register",
            body(sale, &[(cola, "1")], "cash"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let note_id = r.json()["_id"].as_i64().unwrap();
    let note = until_authorized(
        &mut e.shop.cashier,
        &format!("/api/ebilling/creditNote/{note_id}"),
        "statusCode",
    )
    .await;
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/ebilling/remissionGuide/register",
            json!({
                "carrier": { "idType": "ruc", "identification": "1790016919001", "name": "Transportes Andinos" },
                "plate": "PBA-1234",
                "startDate": ecuador_today().to_string(),
                "endDate": (ecuador_today() + TimeDelta::days(1)).to_string(),
                "recipients": [{ "idType": "cedula", "identification": "1710034065",
                                 "name": "Juan Pérez", "address": "Av. 9 de Octubre 100, Guayaquil",
                                 "reason": "Venta",
                                 "lines": [{ "productId": cola, "quantity": "1" }] }]
            }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let guide_id = r.json()["_id"].as_i64().unwrap();
    let guide = until_authorized(
        &mut e.shop.cashier,
        &format!("/api/ebilling/remissionGuide/{guide_id}"),
        "state",
    )
    .await;

    // (document id, clave, the document's own routes, its printable routes).
    let doc = |v: &Value| {
        (
            v["documentId"].as_i64().unwrap(),
            v["accessKey"].as_str().unwrap().to_string(),
        )
    };
    let (invoice_doc, invoice_key) = doc(&invoice);
    let (note_doc, note_key) = doc(&note);
    let (guide_doc, guide_key) = doc(&guide);
    let mut reads = vec![
        format!("/api/sales/invoice/{sale}"),
        format!("/api/ebilling/creditNote/{note_id}"),
        format!("/api/ebilling/remissionGuide/{guide_id}"),
        format!("/tickets/factura/{invoice_doc}/A4SRI"),
        format!("/tickets/factura/{invoice_doc}/Ticket80"),
        format!("/tickets/notaCredito/{note_doc}/A4SRI"),
        format!("/tickets/notaCredito/{note_doc}/Ticket80"),
        format!("/admin/ebilling/RIDE/{invoice_key}"),
        format!("/admin/ebilling/RIDE/{note_key}"),
    ];
    let mut writes = vec![
        format!("/api/sales/invoice/{sale}/resend"),
        format!("/api/ebilling/creditNote/{note_id}/resend"),
        format!("/api/ebilling/remissionGuide/{guide_id}/resend"),
    ];
    for id in [invoice_doc, note_doc, guide_doc] {
        reads.push(format!("/api/ebilling/documents/{id}"));
        reads.push(format!("/api/ebilling/documents/{id}/xml"));
        writes.push(format!("/api/ebilling/documents/{id}/email"));
        writes.push(format!("/api/ebilling/documents/{id}/resend"));
    }
    let keys = [&invoice_key, &note_key, &guide_key];

    // Company A reads every one (the paths are right).
    for path in &reads {
        let r = e.shop.cashier.get(path).await;
        assert_eq!(r.status, 200, "{path}: {}", r.text());
    }

    // Company B: 404 everywhere, without the clave.
    let mut other = e.app.signed_in(e.shop.tenants.admin_b).await;
    for path in &reads {
        let r = other.get(path).await;
        assert_eq!(r.status, 404, "{path}: {}", r.text());
        for key in keys {
            assert!(!r.text().contains(key.as_str()), "{path}: {}", r.text());
        }
    }
    for path in &writes {
        let r = other.post_json(path, json!({})).await;
        assert_eq!(r.status, 404, "{path}: {}", r.text());
        for key in keys {
            assert!(!r.text().contains(key.as_str()), "{path}: {}", r.text());
        }
    }
    for list in [
        "/api/sales/invoice",
        "/api/ebilling/creditNote",
        "/api/ebilling/remissionGuide",
        "/api/ebilling/documents",
    ] {
        let r = other.get(list).await;
        assert_eq!(r.status, 200, "{list}");
        assert_eq!(r.json()["total"], 0, "{list}");
    }
    // Nothing was resent or e-mailed on B's behalf.
    for key in keys {
        assert_eq!(e.sim.handle.receptions(key), 1, "{key}");
    }
}
