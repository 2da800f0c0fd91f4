//! What the Lector .SRI tests share: received documents built with the engine's own builders
//! (factura 1.1.0 and 2.1.0, nota de crédito 1.1.0) and signed with the test PKI's certificate,
//! the authorization wrapper the SRI hands out, the SRI's TXT report, ZIPs, and the upload.

use std::io::Write;

use chrono::{Days, NaiveDate};
use mostrador::sri::document::{SignedDocument, build, build_and_sign, sign_xml};
use mostrador::sri::model::Comprobante;
use mostrador::sri::sign::SignOptions;
use mostrador::sri::validate::{ValidationContext, ecuador_today};
use serde_json::{Value, json};

use crate::sri::testpki::TestPki;
use crate::util::{Client, TestResponse};

/// The issuer of every received document (the test certificate's RUC).
pub const ISSUER: &str = crate::sri::testpki::RUC;
/// Its legal name in the documents.
pub const ISSUER_NAME: &str = "DISTRIBUIDORA DE PRUEBA S.A.";

/// The date of the documents: a few days ago in Ecuador.
pub fn issue_date() -> NaiveDate {
    ecuador_today()
        .checked_sub_days(Days::new(3))
        .expect("fecha")
}

fn header(sequential: u32) -> Value {
    json!({
        "environment": "pruebas",
        "issueDate": issue_date().format("%Y-%m-%d").to_string(),
        "issuer": {
            "ruc": ISSUER,
            "legalName": ISSUER_NAME,
            "tradeName": "DISTRIPRUEBA",
            "headOfficeAddress": "AV. AMAZONAS N1-1, QUITO",
            "keepsAccounts": true,
            "regime": "general"
        },
        "establishment": "001",
        "emissionPoint": "001",
        "sequential": sequential,
    })
}

fn sign(doc: Value) -> SignedDocument {
    let doc = Comprobante::from_json(&doc.to_string()).unwrap_or_else(|e| panic!("{e}"));
    build_and_sign(
        &doc,
        &ValidationContext::now(),
        &TestPki::get().identity(),
        &SignOptions::now(),
    )
    .unwrap_or_else(|e| panic!("comprobante de prueba: {e} {:?}", e.field_errors()))
}

/// A signed factura (`version` 1.1.0 or 2.1.0) to `buyer`: `n` × P001 at 2.00 (IVA 15 %) and one
/// P002 at 1.00 (IVA 0 %); total 2.30 × n + 1.00. Returns (clave, signed XML).
pub fn factura(version: &str, sequential: u32, buyer: &str, n: u32) -> (String, String) {
    let total = format!("{}.{:02}", (230 * n + 100) / 100, (230 * n + 100) % 100);
    let signed = sign(json!({
        "type": "factura",
        "version": version,
        "header": header(sequential),
        "buyer": { "idType": "ruc", "id": buyer, "name": "EMPRESA COMPRADORA" },
        "items": [
            { "mainCode": "P001", "description": "Arroz 2 kg", "quantity": n.to_string(), "unitPrice": "2.00", "iva": "4" },
            { "mainCode": "P002", "description": "Sal 1 kg", "quantity": "1", "unitPrice": "1.00", "iva": "0" }
        ],
        "payments": [{ "method": "20", "amount": total, "term": "30", "timeUnit": "dias" }],
    }));
    (signed.access_key.to_string(), signed.signed_xml)
}

/// A signed factura 2.1.0 to `buyer` with these `items` and extra fields of the document
/// (`globalDiscount`, `tip`…), paid in one payment of the engine's own total. Returns (clave,
/// signed XML).
pub fn factura_with(sequential: u32, buyer: &str, items: Value, extra: Value) -> (String, String) {
    let mut doc = json!({
        "type": "factura",
        "version": "2.1.0",
        "header": header(sequential),
        "buyer": { "idType": "ruc", "id": buyer, "name": "EMPRESA COMPRADORA" },
        "items": items,
        "payments": [{ "method": "20", "amount": "0.00", "term": "30", "timeUnit": "dias" }],
    });
    for (k, v) in extra.as_object().expect("objeto") {
        doc[k] = v.clone();
    }
    let mut model = Comprobante::from_json(&doc.to_string()).unwrap_or_else(|e| panic!("{e}"));
    if let Comprobante::Invoice(inv) = &mut model {
        let totals = mostrador::domain::totals::compute(&inv.items, inv.global_discount, inv.tip)
            .unwrap_or_else(|e| panic!("{e:?}"));
        inv.payments[0].amount = totals.total;
    }
    let signed = build_and_sign(
        &model,
        &ValidationContext::now(),
        &TestPki::get().identity(),
        &SignOptions::now(),
    )
    .unwrap_or_else(|e| panic!("comprobante de prueba: {e} {:?}", e.field_errors()));
    (signed.access_key.to_string(), signed.signed_xml)
}

/// A factura 2.1.0 to `buyer` (2 × P001 at 2.00, IVA 15 %: importeTotal 4.60) whose XML is
/// changed by `edit` before it is signed: what another issuer's software may send, signed as
/// validly as any. Returns (clave, signed XML).
pub fn factura_edited(
    sequential: u32,
    buyer: &str,
    edit: impl Fn(&str) -> String,
) -> (String, String) {
    let doc = json!({
        "type": "factura",
        "version": "2.1.0",
        "header": header(sequential),
        "buyer": { "idType": "ruc", "id": buyer, "name": "EMPRESA COMPRADORA" },
        "items": [
            { "mainCode": "P001", "description": "Arroz 2 kg", "quantity": "2", "unitPrice": "2.00", "iva": "4" }
        ],
        "payments": [{ "method": "20", "amount": "4.60", "term": "30", "timeUnit": "dias" }],
    });
    let model = Comprobante::from_json(&doc.to_string()).unwrap_or_else(|e| panic!("{e}"));
    let built = build(&model, &ValidationContext::now())
        .unwrap_or_else(|e| panic!("comprobante de prueba: {e}"));
    let edited = edit(&built.xml);
    assert_ne!(edited, built.xml, "the edit changes the XML");
    let signed = sign_xml(
        edited.as_bytes(),
        &TestPki::get().identity(),
        &SignOptions::now(),
    )
    .unwrap_or_else(|e| panic!("comprobante editado: {e}"));
    (built.access_key.to_string(), signed)
}

/// A signed nota de crédito 1.1.0 to `buyer` (one P001 at 2.00 returned).
pub fn nota_credito(sequential: u32, buyer: &str) -> (String, String) {
    let signed = sign(json!({
        "type": "notaCredito",
        "header": header(sequential),
        "buyer": { "idType": "ruc", "id": buyer, "name": "EMPRESA COMPRADORA" },
        "modifiedDocument": {
            "docType": "01",
            "number": "001-001-000000001",
            "issueDate": issue_date().format("%Y-%m-%d").to_string()
        },
        "reason": "Devolución",
        "items": [
            { "mainCode": "P001", "description": "Arroz 2 kg", "quantity": "1", "unitPrice": "2.00", "iva": "4" }
        ],
    }));
    (signed.access_key.to_string(), signed.signed_xml)
}

/// The signed document inside the SRI's authorization wrapper, as the portal hands it out.
pub fn authorized(key: &str, signed_xml: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<autorizacion><estado>AUTORIZADO</estado>\
         <numeroAutorizacion>{key}</numeroAutorizacion>\
         <fechaAutorizacion>2026-01-15T10:00:00-05:00</fechaAutorizacion><ambiente>PRUEBAS</ambiente>\
         <comprobante><![CDATA[{signed_xml}]]></comprobante><mensajes/></autorizacion>"
    )
}

/// The report's header (the current format, reference §7).
pub const REPORT_HEADER: &str = "RUC_EMISOR\tRAZON_SOCIAL_EMISOR\tTIPO_COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\tFECHA_AUTORIZACION\tFECHA_EMISION\tIDENTIFICACION_RECEPTOR\tVALOR_SIN_IMPUESTOS\tIVA\tIMPORTE_TOTAL\tNUMERO_DOCUMENTO_MODIFICADO";

/// A report row.
pub fn report_row(key: &str, kind: &str, receiver: &str) -> String {
    format!(
        "{ISSUER}\t{ISSUER_NAME}\t{kind}\t001-001-000000001\t{key}\t15/01/2026 10:00:00\t15/01/2026\t{receiver}\t10.00\t1.50\t11.50\t"
    )
}

/// A ZIP of these files.
pub fn zip(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, data) in files {
        out.start_file(*name, zip::write::SimpleFileOptions::default())
            .expect("zip");
        out.write_all(data).expect("zip");
    }
    out.finish().expect("zip").into_inner()
}

/// `POST /api/tools/lector/upload` of `file` as `client`, as the page does it: an upload whose SRI
/// look-ups outlast the request (202) is followed until its job is done, and that answer is
/// returned.
pub async fn upload(client: &mut Client, file: &[u8]) -> TestResponse {
    let started = upload_once(client, file).await;
    if started.status != 202 {
        return started;
    }
    let id = started.json()["_id"].as_i64().expect("_id del trabajo");
    follow(client, id).await
}

/// The upload's own answer (200, or 202 with the job still running).
pub async fn upload_once(client: &mut Client, file: &[u8]) -> TestResponse {
    let token = client.csrf().await;
    client
        .send(crate::util::client::multipart(
            "/api/tools/lector/upload",
            "file",
            &token,
            file,
            "application/octet-stream",
        ))
        .await
}

/// `GET /api/tools/lector/upload/{id}` until the job is no longer running (at most a minute).
pub async fn follow(client: &mut Client, id: i64) -> TestResponse {
    let started = std::time::Instant::now();
    loop {
        let r = client.get(&format!("/api/tools/lector/upload/{id}")).await;
        assert_eq!(r.status, 200, "{}", r.text());
        if r.json()["status"] != "running" {
            return r;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "el trabajo {id} no terminó: {}",
            r.text()
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}
