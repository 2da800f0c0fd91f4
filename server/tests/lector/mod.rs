//! Lector .SRI: reading the SRI's TXT report (the XMLs it lacks fetched from the SRI stand-in),
//! authorized XMLs and ZIPs of them, bad files refused in Spanish, imports as merchandise (stock
//! in, supplier created, codes mapped and remembered) or expense, never twice (also at once),
//! roles and the company boundary.

automod::dir!(pub(crate) "server/tests/lector");

use std::collections::HashSet;

use serde_json::{Value, json};

use crate::sales::support::Shop;
use crate::util::fixtures::{RUC_A, RUC_B};
use crate::util::{Backend, TestApp, on_both_backends};
use mostrador::sri::simulator::{self, SimulatorConfig};

use support::*;

on_both_backends!(
    report_xml_and_zip,
    bad_files,
    import_merchandise_and_expense,
    signatures_are_verified,
    totals_of_the_document,
    totals_a_purchase_cannot_keep,
    mappings_are_forgotten
);

fn keys(body: &Value) -> HashSet<String> {
    body["documents"]
        .as_array()
        .expect("documents")
        .iter()
        .map(|d| d["accessKey"].as_str().expect("accessKey").to_string())
        .collect()
}

/// A 50-line report: 46 facturas (1.1.0 and 2.1.0) and a nota de crédito the SRI stand-in knows,
/// one clave it does not know, one document of another buyer, one broken clave.
async fn report_xml_and_zip(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = crate::util::fixtures::Tenants::create(&app).await;
    let sim = simulator::spawn(SimulatorConfig::default())
        .await
        .expect("simulador");
    let base = sim.base_url();
    let router = app.router_with(move |c| c.sri.base_url = Some(base)).await;
    let signed = app.signed_in(tenants.user_a).await;
    let mut user = app.client_on(router, &signed);

    let mut rows = Vec::new();
    let mut expected = HashSet::new();
    for i in 1..=46u32 {
        let version = if i % 2 == 0 { "2.1.0" } else { "1.1.0" };
        let (key, xml) = factura(version, i, RUC_A, i);
        sim.handle.register_authorized(&xml).expect("registrado");
        rows.push(report_row(&key, "Factura", RUC_A));
        expected.insert(key);
    }
    let (nc_key, nc_xml) = nota_credito(100, RUC_A);
    sim.handle.register_authorized(&nc_xml).expect("registrado");
    rows.push(report_row(&nc_key, "Nota de Crédito", RUC_A));
    expected.insert(nc_key.clone());
    let (unknown, _) = factura("2.1.0", 200, RUC_A, 1);
    rows.push(report_row(&unknown, "Factura", RUC_A)); // line 49
    let (other, other_xml) = factura("2.1.0", 201, RUC_B, 1);
    sim.handle
        .register_authorized(&other_xml)
        .expect("registrado");
    rows.push(report_row(&other, "Factura", RUC_B)); // line 50
    let mut broken = unknown.clone();
    broken.replace_range(48..49, if unknown.ends_with('0') { "1" } else { "0" });
    rows.push(report_row(&broken, "Factura", RUC_A)); // line 51
    assert_eq!(rows.len(), 50);
    let report = format!("{REPORT_HEADER}\n{}\n", rows.join("\n"));

    let r = upload(&mut user, report.as_bytes()).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let body = r.json();
    assert_eq!(keys(&body), expected);
    let nc = body["documents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["accessKey"] == nc_key.as_str())
        .unwrap()
        .clone();
    assert_eq!(nc["type"], "Nota de crédito");
    assert_eq!(nc["issuerRuc"], ISSUER);
    assert_eq!(nc["issuerName"], ISSUER_NAME);
    assert_eq!(nc["number"], "001-001-000000100");
    assert_eq!(nc["date"], issue_date().to_string());
    assert_eq!(nc["total"], "2.30");
    assert_eq!(nc["imported"], false);
    let f3 = body["documents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["number"] == "001-001-000000003")
        .unwrap()
        .clone();
    assert_eq!(f3["type"], "Factura");
    assert_eq!(f3["total"], "7.90");
    assert_eq!(f3["lines"][0]["supplierCode"], "P001");
    let errors = body["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert_eq!(errors[0]["line"], 49);
    assert!(
        errors[0]["message"]
            .as_str()
            .unwrap()
            .contains("El SRI no tiene un comprobante autorizado"),
        "{errors:?}"
    );
    assert_eq!(errors[1]["line"], 50);
    assert!(
        errors[1]["message"]
            .as_str()
            .unwrap()
            .contains("no a esta empresa"),
        "{errors:?}"
    );
    assert_eq!(errors[2]["line"], 51);
    assert!(
        errors[2]["message"]
            .as_str()
            .unwrap()
            .contains("dígito verificador"),
        "{errors:?}"
    );
    // The SRI was asked once per row it had to answer (47 documents + the unknown one).
    assert_eq!(sim.handle.state().authorization_requests, 48);

    // The same report again: the documents read before are not asked for again.
    let again = upload(&mut user, report.as_bytes()).await;
    assert_eq!(again.status, 200, "{}", again.text());
    assert_eq!(keys(&again.json()), expected);
    assert_eq!(sim.handle.state().authorization_requests, 49);

    // A single authorized XML (as the portal hands it out), and a bare signed one.
    let (k1, x1) = factura("1.1.0", 300, RUC_A, 2);
    let r = upload(&mut user, authorized(&k1, &x1).as_bytes()).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(keys(&r.json()), HashSet::from([k1.clone()]));
    let (k2, x2) = factura("2.1.0", 301, RUC_A, 3);
    let r = upload(&mut user, x2.as_bytes()).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(keys(&r.json()), HashSet::from([k2.clone()]));

    // A ZIP named nothing in particular: a report whose row is answered by an XML of the ZIP
    // (the SRI is not asked), another XML, and an HTML page listed as a problem.
    let (k3, x3) = factura("2.1.0", 302, RUC_A, 4);
    let (k4, x4) = factura("1.1.0", 303, RUC_A, 5);
    let small = format!("{REPORT_HEADER}\n{}\n", report_row(&k3, "Factura", RUC_A));
    let asked = sim.handle.state().authorization_requests;
    let archive = zip(&[
        ("reporte", small.as_bytes()),
        ("a/uno.bin", authorized(&k3, &x3).as_bytes()),
        ("dos", x4.as_bytes()),
        (
            "portal.xml",
            b"<!DOCTYPE html><html><body>Sesi\xc3\xb3n caducada</body></html>",
        ),
    ]);
    let r = upload(&mut user, &archive).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let body = r.json();
    assert_eq!(keys(&body), HashSet::from([k3, k4]));
    assert_eq!(body["errors"].as_array().unwrap().len(), 1, "{body}");
    let message = body["errors"][0]["message"].as_str().unwrap();
    assert!(message.starts_with("portal.xml: "), "{message}");
    assert!(message.contains("página web"), "{message}");
    assert_eq!(sim.handle.state().authorization_requests, asked);
}

async fn bad_files(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = crate::util::fixtures::Tenants::create(&app).await;
    let mut admin = app.signed_in(tenants.admin_a).await;
    let refused = |r: &crate::util::TestResponse, words: &str| {
        assert_eq!(r.status, 400, "{}", r.text());
        let message = r.message();
        assert!(message.contains(words), "«{message}» sin «{words}»");
        assert_eq!(r.json()["errors"]["file"], message.as_str());
    };
    let html = b"<!DOCTYPE html>\n<html lang=\"es\"><head><title>SRI en l\xc3\xadnea</title></head><body><p>Inicie sesi\xc3\xb3n</body></html>";
    refused(&upload(&mut admin, html).await, "página web (HTML)");
    let (key, xml) = factura("2.1.0", 1, RUC_A, 1);
    let truncated = &xml.as_bytes()[..xml.len() / 2];
    refused(&upload(&mut admin, truncated).await, "incompleto o dañado");
    let wrapped = authorized(&key, &xml);
    refused(
        &upload(&mut admin, &wrapped.as_bytes()[..wrapped.len() - 40]).await,
        "incompleto o dañado",
    );
    let (_, foreign) = factura("1.1.0", 2, RUC_B, 1);
    refused(
        &upload(&mut admin, foreign.as_bytes()).await,
        &format!("emitida a {RUC_B}, no a esta empresa (RUC {RUC_A})"),
    );
    refused(
        &upload(&mut admin, b"hola, esto no es nada").await,
        "No se reconoce el archivo",
    );
    refused(
        &upload(&mut admin, b"PK\x03\x04roto").await,
        "ZIP est\u{e1} da\u{f1}ado",
    );
    let not_authorized = format!(
        "<autorizacion><estado>NO AUTORIZADO</estado><comprobante><![CDATA[{xml}]]></comprobante></autorizacion>"
    );
    refused(
        &upload(&mut admin, not_authorized.as_bytes()).await,
        "no está autorizado",
    );
    // The page: admin and user, not the cashier.
    let page = admin.get("/admin/herramientas/lector").await;
    assert_eq!(page.status, 200);
    assert!(page.text().contains("Lector .SRI"));
    let mut cashier = app.signed_in(tenants.cashier_a).await;
    assert_eq!(cashier.get("/admin/herramientas/lector").await.status, 403);
    // The demo data's report: its documents are stored, so the SRI is not asked (none is set).
    let company = app
        .db(|conn| {
            mostrador::models::config::company::Company::find_by_ruc(conn, RUC_A)
                .expect("consulta")
                .expect("empresa")
                .scope()
        })
        .await;
    let report = app
        .db(move |conn| mostrador::cli::demo_lector::documents(conn, company, RUC_A).expect("demo"))
        .await
        .expect("reporte");
    let r = upload(&mut admin, report.as_bytes()).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(
        r.json()["documents"].as_array().unwrap().len(),
        3,
        "{}",
        r.text()
    );
    assert_eq!(r.json()["errors"], json!([]));
    // A Windows-1252 report with only a header: read, nothing in it.
    let r = upload(&mut admin, b"RUC_EMISOR\tRAZ\xd3N\tCLAVE_ACCESO\r\n").await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(
        (&r.json()["documents"], &r.json()["errors"]),
        (&json!([]), &json!([]))
    );
}

async fn import(client: &mut crate::util::Client, body: Value) -> crate::util::TestResponse {
    client.post_json("/api/tools/lector/import", body).await
}

async fn import_merchandise_and_expense(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let arroz = shop.product("A1", "Arroz", "3.00", "4", "10", "1.00").await;
    let sal = shop.product("S1", "Sal", "1.50", "0", "0", "0").await;
    let (k1, x1) = factura("2.1.0", 11, RUC_A, 10);
    let r = upload(&mut shop.user, authorized(&k1, &x1).as_bytes()).await;
    assert_eq!(r.status, 200, "{}", r.text());

    // Unmapped codes: 422 naming them.
    let r = import(
        &mut shop.user,
        json!({ "accessKey": k1, "as": "merchandise" }),
    )
    .await;
    assert_eq!(r.status, 422, "{}", r.text());
    let message = r.message();
    assert!(
        message.contains("P001 (Arroz 2 kg)") && message.contains("P002 (Sal 1 kg)"),
        "{message}"
    );
    // Mapped: a purchase on credit, stock in at cost, the supplier created from the XML.
    let body = json!({ "accessKey": k1, "as": "merchandise", "cellarId": shop.cellar,
        "mappings": [{ "supplierCode": "P001", "productId": arroz }, { "supplierCode": "P002", "productId": sal }] });
    let r = import(&mut shop.user, body.clone()).await;
    assert_eq!(r.status, 201, "{}", r.text());
    let purchase = r.json();
    assert_eq!(purchase["kind"], "merchandise");
    assert_eq!(purchase["total"], "24.00");
    assert_eq!(purchase["documentNumber"], "001-001-000000011");
    assert_eq!(purchase["authorization"], k1.as_str());
    assert_eq!(purchase["paymentMethod"], "credit");
    assert!(purchase["payableId"].as_i64().is_some(), "{purchase}");
    assert_eq!(shop.stock(arroz).await, "20");
    assert_eq!(shop.stock(sal).await, "1");
    let suppliers = shop
        .user
        .get(&format!("/api/purchases/supplier?search={ISSUER}"))
        .await
        .json();
    assert_eq!(suppliers["total"], 1, "{suppliers}");
    assert_eq!(suppliers["results"][0]["name"], ISSUER_NAME);
    assert_eq!(suppliers["results"][0]["_id"], purchase["supplierId"]);

    // Twice: 409, nothing new.
    let r = import(&mut shop.admin, body.clone()).await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(
        r.message(),
        format!("El comprobante con clave de acceso {k1} ya fue importado")
    );
    assert_eq!(shop.stock(arroz).await, "20");
    let list = shop.user.get("/api/purchases/merchandise").await.json();
    assert_eq!(list["total"], 1);
    // The upload now says it is imported.
    let r = upload(&mut shop.user, x1.as_bytes()).await;
    assert_eq!(r.json()["documents"][0]["imported"], true);
    assert_eq!(r.json()["documents"][0]["lines"][0]["productId"], arroz);

    // The mappings are remembered: the next factura of the supplier needs none.
    let mappings = shop.user.get("/api/tools/lector/mappings").await;
    assert_eq!(mappings.status, 200, "{}", mappings.text());
    let mappings = mappings.json();
    assert_eq!(mappings.as_array().unwrap().len(), 2, "{mappings}");
    assert_eq!(mappings[0]["supplierCode"], "P001");
    assert_eq!(mappings[0]["productId"], arroz);
    assert_eq!(mappings[0]["supplierName"], ISSUER_NAME);
    let (k2, x2) = factura("1.1.0", 12, RUC_A, 5);
    assert_eq!(upload(&mut shop.admin, x2.as_bytes()).await.status, 200);
    let r = import(
        &mut shop.admin,
        json!({ "accessKey": k2, "as": "merchandise" }),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(shop.stock(arroz).await, "25");

    // As an expense: no stock moves.
    let (k3, x3) = factura("2.1.0", 13, RUC_A, 1);
    assert_eq!(upload(&mut shop.user, x3.as_bytes()).await.status, 200);
    let r = import(&mut shop.user, json!({ "accessKey": k3, "as": "expense" })).await;
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["kind"], "expense");
    assert_eq!(r.json()["total"], "3.30");
    assert_eq!(r.json()["lines"][0]["description"], "Arroz 2 kg");
    assert_eq!(shop.stock(arroz).await, "25");

    // A nota de crédito is listed, not imported.
    let (nc, nc_xml) = nota_credito(14, RUC_A);
    assert_eq!(upload(&mut shop.user, nc_xml.as_bytes()).await.status, 200);
    let r = import(&mut shop.user, json!({ "accessKey": nc, "as": "expense" })).await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.message().contains("Solo una factura"), "{}", r.message());

    // Two imports at once: one purchase, the other 409.
    let (k4, x4) = factura("2.1.0", 15, RUC_A, 2);
    assert_eq!(upload(&mut shop.user, x4.as_bytes()).await.status, 200);
    let body = json!({ "accessKey": k4, "as": "merchandise" });
    let (a, b) = tokio::join!(
        import(&mut shop.user, body.clone()),
        import(&mut shop.admin, body.clone())
    );
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409], "{} / {}", a.text(), b.text());
    assert_eq!(shop.stock(arroz).await, "27");

    // The cashier may not use the reader.
    let (k5, x5) = factura("2.1.0", 16, RUC_A, 1);
    assert_eq!(upload(&mut shop.cashier, x5.as_bytes()).await.status, 403);
    assert_eq!(
        import(
            &mut shop.cashier,
            json!({ "accessKey": k5, "as": "expense" })
        )
        .await
        .status,
        403
    );
    assert_eq!(
        shop.cashier.get("/api/tools/lector/mappings").await.status,
        403
    );

    // Another company: A's documents are not theirs to read or import, nor A's mappings.
    let mut other = app.signed_in(shop.tenants.admin_b).await;
    let r = upload(&mut other, x5.as_bytes()).await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.message().contains("no a esta empresa"), "{}", r.message());
    let r = import(&mut other, json!({ "accessKey": k4, "as": "expense" })).await;
    assert_eq!(r.status, 404, "{}", r.text());
    let r = other.get("/api/tools/lector/mappings").await;
    assert_eq!(r.json(), json!([]));
    // Nor may A map a code to B's product.
    let theirs = other
        .post_json(
            "/api/item/register",
            json!({ "code": "B1", "name": "De B", "price": "1.00", "ivaCode": "0", "unit": "unidad" }),
        )
        .await;
    assert_eq!(theirs.status, 201, "{}", theirs.text());
    let (k6, x6) = factura("2.1.0", 17, RUC_A, 1);
    assert_eq!(upload(&mut shop.user, x6.as_bytes()).await.status, 200);
    let r = import(
        &mut shop.user,
        json!({ "accessKey": k6, "as": "merchandise",
                "mappings": [{ "supplierCode": "P001", "productId": theirs.json()["_id"] }] }),
    )
    .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.message().contains("no existe"), "{}", r.message());
}

/// A document changed after it was signed is refused (422 alone, a problem of the ZIP); the
/// untouched one, signed with the test certificate, is read.
async fn signatures_are_verified(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = crate::util::fixtures::Tenants::create(&app).await;
    let mut admin = app.signed_in(tenants.admin_a).await;
    let (key, xml) = factura("2.1.0", 21, RUC_A, 2);
    // The price of the first line raised from 2.00 to 20.00 after the signature.
    let tampered = xml.replacen(
        "<precioUnitario>2.00</precioUnitario>",
        "<precioUnitario>20.00</precioUnitario>",
        1,
    );
    assert_ne!(tampered, xml, "el precio no está en el XML");
    for file in [tampered.clone(), authorized(&key, &tampered)] {
        let r = upload(&mut admin, file.as_bytes()).await;
        assert_eq!(r.status, 422, "{}", r.text());
        let message = r.message();
        assert!(
            message.starts_with(&format!(
                "La firma electrónica de la factura 001-001-000000021 de {ISSUER_NAME} no es válida"
            )),
            "{message}"
        );
        assert!(
            message.contains("modificado después de firmado"),
            "{message}"
        );
        assert_eq!(r.json()["errors"]["file"], message.as_str());
    }
    // The signature itself altered.
    let start = xml.find("<ds:SignatureValue").expect("SignatureValue");
    let at = xml[start..].find('>').expect(">") + start + 1;
    let mut bad_value = xml.clone();
    let first = if &xml[at..at + 1] == "A" { "B" } else { "A" };
    bad_value.replace_range(at..at + 1, first);
    let r = upload(&mut admin, bad_value.as_bytes()).await;
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.message().contains("firma"), "{}", r.message());
    // Nothing of it was stored: importing it is 404.
    let r = admin
        .post_json(
            "/api/tools/lector/import",
            json!({ "accessKey": key, "as": "expense" }),
        )
        .await;
    assert_eq!(r.status, 404, "{}", r.text());
    // In a ZIP: a problem of its entry; the good XML next to it is read.
    let (k2, x2) = factura("1.1.0", 22, RUC_A, 1);
    let archive = zip(&[
        ("malo.xml", tampered.as_bytes()),
        ("bueno.xml", x2.as_bytes()),
    ]);
    let r = upload(&mut admin, &archive).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let body = r.json();
    assert_eq!(keys(&body), HashSet::from([k2]));
    let message = body["errors"][0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("malo.xml: La firma electrónica"),
        "{message}"
    );
    // The original: read.
    let r = upload(&mut admin, xml.as_bytes()).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(keys(&r.json()), HashSet::from([key]));
}

/// The purchase's total is the document's `importeTotal`: a global discount spread over the
/// lines, and the ICE (with the IVA on it) and the tip, as lines of the purchase.
async fn totals_of_the_document(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let arroz = shop.product("A1", "Arroz", "3.00", "4", "0", "0").await;
    let sal = shop.product("S1", "Sal", "1.50", "0", "0", "0").await;
    let cerveza = shop.product("C1", "Cerveza", "2.00", "4", "0", "0").await;

    // A global discount of 1.10 over 4 × 2.55 at 15 % and 1 × 1.00 at 0 %.
    let (k1, x1) = factura_with(
        31,
        RUC_A,
        json!([
            { "mainCode": "P001", "description": "Arroz 2 kg", "quantity": "4", "unitPrice": "2.55", "iva": "4" },
            { "mainCode": "P002", "description": "Sal 1 kg", "quantity": "1", "unitPrice": "1.00", "iva": "0" }
        ]),
        json!({ "globalDiscount": "1.10" }),
    );
    assert!(x1.contains("<totalDescuento>1.10</totalDescuento>"), "{x1}");
    let read = upload(&mut shop.user, x1.as_bytes()).await;
    assert_eq!(read.status, 200, "{}", read.text());
    let total = read.json()["documents"][0]["total"].clone();
    let r = import(
        &mut shop.user,
        json!({ "accessKey": k1, "as": "merchandise", "cellarId": shop.cellar,
                "mappings": [{ "supplierCode": "P001", "productId": arroz }, { "supplierCode": "P002", "productId": sal }] }),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let purchase = r.json();
    assert_eq!(purchase["total"], total, "{purchase}");
    assert_eq!(purchase["discount"], "1.10", "{purchase}");
    assert_eq!(purchase["lines"].as_array().unwrap().len(), 2, "{purchase}");
    assert_eq!(shop.stock(arroz).await, "4");
    let payable = shop
        .user
        .get(&format!("/api/purchases/payable/{}", purchase["payableId"]))
        .await
        .json();
    assert_eq!(payable["amount"], total, "{payable}");

    // ICE at 10 % on 10 beers at 1.00 (IVA 15 % on 10.00 + 1.00 of ICE) and a tip of 0.50.
    let (k2, x2) = factura_with(
        32,
        RUC_A,
        json!([
            { "mainCode": "P010", "description": "Cerveza 330 ml", "quantity": "10", "unitPrice": "1.00", "iva": "4",
              "ice": { "code": "3031", "tariff": "10", "mode": "adValorem" } }
        ]),
        json!({ "tip": "0.50" }),
    );
    assert!(x2.contains("<importeTotal>13.15</importeTotal>"), "{x2}");
    assert_eq!(upload(&mut shop.user, x2.as_bytes()).await.status, 200);
    let r = import(
        &mut shop.user,
        json!({ "accessKey": k2, "as": "merchandise", "cellarId": shop.cellar,
                "mappings": [{ "supplierCode": "P010", "productId": cerveza }] }),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let purchase = r.json();
    assert_eq!(purchase["total"], "13.15", "{purchase}");
    assert_eq!(purchase["iva"], "1.65", "{purchase}");
    let lines: Vec<String> = purchase["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["description"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        lines,
        ["Cerveza", "ICE de la factura", "Propina de la factura"],
        "{purchase}"
    );
    assert_eq!(shop.stock(cerveza).await, "10");
    // As an expense too.
    let (k3, x3) = factura_with(
        33,
        RUC_A,
        json!([
            { "mainCode": "P010", "description": "Cerveza 330 ml", "quantity": "2", "unitPrice": "1.00", "iva": "4",
              "ice": { "code": "3031", "tariff": "10", "mode": "adValorem" } }
        ]),
        json!({}),
    );
    assert_eq!(upload(&mut shop.user, x3.as_bytes()).await.status, 200);
    let r = import(&mut shop.user, json!({ "accessKey": k3, "as": "expense" })).await;
    assert_eq!(r.status, 201, "{}", r.text());
    // 2.00 + 0.20 ICE, IVA 15 % of 2.20 = 0.33.
    assert_eq!(r.json()["total"], "2.53", "{}", r.text());
    assert_eq!(shop.stock(cerveza).await, "10");
}

/// A discount outside the lines (`descuentoAdicional`) and an `importeTotal` that the lines do
/// not add up to are refused with 422 and their reason; nothing is imported, and the same
/// document can still be registered another way (it is not marked imported).
async fn totals_a_purchase_cannot_keep(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let arroz = shop.product("A1", "Arroz", "3.00", "4", "0", "0").await;
    let mapping = json!([{ "supplierCode": "P001", "productId": arroz }]);

    let (k1, x1) = factura_edited(51, RUC_A, |xml| {
        let at = xml.find("<totalConImpuestos>").expect("totalConImpuestos");
        let end = at
            + xml[at..]
                .find("</codigoPorcentaje>")
                .expect("codigoPorcentaje")
            + "</codigoPorcentaje>".len();
        format!(
            "{}<descuentoAdicional>0.50</descuentoAdicional>{}",
            &xml[..end],
            &xml[end..]
        )
    });
    let (k2, x2) = factura_edited(52, RUC_A, |xml| {
        xml.replace(
            "<importeTotal>4.60</importeTotal>",
            "<importeTotal>4.70</importeTotal>",
        )
    });
    for (key, xml, reason) in [
        (
            &k1,
            &x1,
            "tiene un descuento adicional de $ 0.50 fuera de sus líneas",
        ),
        (
            &k2,
            &x2,
            "($ 4.60) no coincide con su importe total ($ 4.70)",
        ),
    ] {
        let read = upload(&mut shop.user, xml.as_bytes()).await;
        assert_eq!(read.status, 200, "{}", read.text());
        assert_eq!(read.json()["documents"][0]["accessKey"], key.as_str());
        for body in [
            json!({ "accessKey": key, "as": "merchandise", "cellarId": shop.cellar, "mappings": mapping }),
            json!({ "accessKey": key, "as": "expense" }),
        ] {
            let r = import(&mut shop.user, body).await;
            assert_eq!(r.status, 422, "{}", r.text());
            assert!(r.message().contains(reason), "{}", r.message());
        }
        let again = upload(&mut shop.user, xml.as_bytes()).await.json();
        assert_eq!(again["documents"][0]["imported"], false, "{again}");
    }
    assert_eq!(shop.stock(arroz).await, "0");
    for list in ["merchandise", "expense", "payable"] {
        let r = shop.user.get(&format!("/api/purchases/{list}")).await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["total"], 0, "{list}: {}", r.text());
    }
}

/// A remembered mapping is forgotten by the company that made it (admin and user); another
/// company's is 404; the next import asks for the code again.
async fn mappings_are_forgotten(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let arroz = shop.product("A1", "Arroz", "3.00", "4", "0", "0").await;
    let sal = shop.product("S1", "Sal", "1.50", "0", "0", "0").await;
    let (k1, x1) = factura("2.1.0", 41, RUC_A, 1);
    assert_eq!(upload(&mut shop.user, x1.as_bytes()).await.status, 200);
    let r = import(
        &mut shop.user,
        json!({ "accessKey": k1, "as": "merchandise",
                "mappings": [{ "supplierCode": "P001", "productId": arroz }, { "supplierCode": "P002", "productId": sal }] }),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let mappings = shop.user.get("/api/tools/lector/mappings").await.json();
    assert_eq!(mappings.as_array().unwrap().len(), 2, "{mappings}");
    assert_eq!(mappings[1]["supplierCode"], "P002");
    let p002 = mappings[1]["_id"].clone();
    let p001 = mappings[0]["_id"].clone();

    let mut other = app.signed_in(shop.tenants.admin_b).await;
    let r = other
        .post_json("/api/tools/lector/mappings/delete", json!({ "_id": p002 }))
        .await;
    assert_eq!(r.status, 404, "{}", r.text());
    assert_eq!(r.message(), "No existe el registro en la tabla");
    assert_eq!(
        shop.user
            .get("/api/tools/lector/mappings")
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let r = shop
        .user
        .post_json("/api/tools/lector/mappings/delete", json!({ "_id": p002 }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.message(), "Asociación eliminada");
    let left = shop.admin.get("/api/tools/lector/mappings").await.json();
    assert_eq!(left.as_array().unwrap().len(), 1, "{left}");
    assert_eq!(left[0]["_id"], p001);
    let again = shop
        .admin
        .post_json("/api/tools/lector/mappings/delete", json!({ "_id": p002 }))
        .await;
    assert_eq!(again.status, 404, "{}", again.text());
    assert_eq!(
        shop.cashier
            .post_json("/api/tools/lector/mappings/delete", json!({ "_id": p001 }))
            .await
            .status,
        403
    );
    // The next factura: P001 still known, P002 asked for again.
    let (k2, x2) = factura("2.1.0", 42, RUC_A, 1);
    assert_eq!(upload(&mut shop.user, x2.as_bytes()).await.status, 200);
    let r = import(
        &mut shop.user,
        json!({ "accessKey": k2, "as": "merchandise" }),
    )
    .await;
    assert_eq!(r.status, 422, "{}", r.text());
    assert!(r.message().contains("P002 (Sal 1 kg)"), "{}", r.message());
    assert!(!r.message().contains("P001"), "{}", r.message());
    // The page lists the mappings and the warehouses to import into.
    let page = shop
        .admin
        .get("/api/page-data/admin/herramientas/lector")
        .await;
    assert_eq!(page.status, 200, "{}", page.text());
    let data = page.json()["tools-lector"].clone();
    assert_eq!(data["mappings"].as_array().unwrap().len(), 1, "{data}");
    assert!(
        data["cellars"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["_id"] == shop.cellar),
        "{data}"
    );
}
