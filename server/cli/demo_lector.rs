//! Demo received documents, so the Lector .SRI has something to read on a fresh `serve --demo`:
//! three facturas of a demo supplier to the demo company, built with the engine's own builders and
//! signed with a demo certificate, stored as read (the SRI is never asked for them), and the SRI's
//! "comprobantes recibidos" TXT report naming them, written to the data folder to upload on
//! `/admin/herramientas/lector`. Runs once: only when the demo company has no received documents.

use std::path::{Path, PathBuf};

use std::str::FromStr;

use rust_decimal::Decimal;
use serde_json::json;

use crate::db::DbConnection;
use crate::models::CompanyId;
use crate::models::purchases::lector::{NewReceived, ReceivedDocument};
use crate::services::lector::document::read;
use crate::sri::document::build_and_sign;
use crate::sri::model::Comprobante;
use crate::sri::sign::demo_cert::demo_p12;
use crate::sri::sign::{SignOptions, SigningIdentity};
use crate::sri::validate::{ValidationContext, ecuador_today};

/// The demo supplier (also a supplier of `demo_purchases`).
const ISSUER: (&str, &str) = ("0990000001001", "DISTRIBUIDORA DEL PACÍFICO S.A.");
const PASSWORD: &str = "demo-lector";

fn dec(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap_or_default()
}

/// Where the demo report is written in folder `files` (the demo's data folder: two demos on one
/// machine do not share it).
pub fn report_path(files: &Path) -> PathBuf {
    files.join("mostrador-demo-recibidos.txt")
}

/// Stores the documents and writes the report into folder `files` when the company has none.
pub fn load(
    conn: &mut DbConnection,
    company: CompanyId,
    ruc: &str,
    files: &Path,
) -> anyhow::Result<()> {
    if let Some(report) = documents(conn, company, ruc)? {
        let path = report_path(files);
        std::fs::write(&path, report)?;
        println!(
            "Reporte de comprobantes recibidos para probar el Lector .SRI: {}",
            path.display()
        );
    }
    Ok(())
}

/// Stores the documents when the company has none; the text of their report.
pub fn documents(
    conn: &mut DbConnection,
    company: CompanyId,
    ruc: &str,
) -> anyhow::Result<Option<String>> {
    use diesel::prelude::*;
    let stored: i64 = crate::db::schema::received_documents::table
        .filter(crate::db::schema::received_documents::company_id.eq(company.get()))
        .count()
        .get_result(conn)?;
    if stored > 0 {
        return Ok(None);
    }
    let identity = SigningIdentity::from_p12(&demo_p12(ISSUER.1, ISSUER.0, PASSWORD)?, PASSWORD)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let date = ecuador_today()
        .checked_sub_days(chrono::Days::new(2))
        .unwrap_or_else(ecuador_today);
    let mut report = String::from(
        "RUC_EMISOR\tRAZON_SOCIAL_EMISOR\tTIPO_COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\tFECHA_AUTORIZACION\tFECHA_EMISION\tIDENTIFICACION_RECEPTOR\tVALOR_SIN_IMPUESTOS\tIVA\tIMPORTE_TOTAL\tNUMERO_DOCUMENTO_MODIFICADO\n",
    );
    let items = [
        [
            ("ARZ-2", "Arroz 2 kg", "24", "1.85"),
            ("AZU-1", "Azúcar 1 kg", "12", "1.10"),
        ],
        [
            ("ACE-1", "Aceite 1 l", "12", "2.40"),
            ("SAL-1", "Sal 1 kg", "20", "0.45"),
        ],
        [
            ("FID-4", "Fideo 400 g", "30", "0.80"),
            ("ATU-1", "Atún 180 g", "24", "1.35"),
        ],
    ];
    for (n, lines) in items.iter().enumerate() {
        let doc = json!({
            "type": "factura",
            "version": "2.1.0",
            "header": {
                "environment": "pruebas",
                "issueDate": date.format("%Y-%m-%d").to_string(),
                "issuer": {
                    "ruc": ISSUER.0, "legalName": ISSUER.1, "tradeName": "Dipac",
                    "headOfficeAddress": "AV. 9 DE OCTUBRE 100, GUAYAQUIL", "keepsAccounts": true
                },
                "establishment": "001", "emissionPoint": "001", "sequential": 1_000 + n,
            },
            "buyer": { "idType": "ruc", "id": ruc, "name": "MINIMARKET DE DEMOSTRACIÓN" },
            "items": lines.iter().map(|(code, name, qty, price)| json!({
                "mainCode": code, "description": name, "quantity": qty, "unitPrice": price, "iva": "4"
            })).collect::<Vec<_>>(),
            "payments": [{ "method": "20", "amount": "0.00", "term": "30", "timeUnit": "dias" }],
        });
        // The payment is the total: Σ quantity × price plus 15 % IVA on that base.
        let base: Decimal = lines
            .iter()
            .map(|(_, _, qty, price)| dec(qty) * dec(price))
            .sum();
        let total = base + crate::domain::money::round2(base * dec("0.15"));
        let mut model = Comprobante::from_json(&doc.to_string()).map_err(anyhow::Error::msg)?;
        if let Comprobante::Invoice(inv) = &mut model
            && let Some(payment) = inv.payments.first_mut()
        {
            payment.amount = total;
        }
        let ctx = ValidationContext::now();
        let signed = build_and_sign(&model, &ctx, &identity, &SignOptions::now())
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let received = read(&signed.signed_xml).map_err(anyhow::Error::msg)?;
        ReceivedDocument::store(
            conn,
            company,
            &[NewReceived {
                access_key: &received.access_key,
                doc_type: received.doc_type.code(),
                issuer_ruc: &received.issuer_ruc,
                issuer_name: &received.issuer_name,
                number: &received.number,
                issue_date: received.date,
                total: received.total,
                xml: &received.xml,
            }],
        )?;
        let when = date.format("%d/%m/%Y");
        report.push_str(&format!(
            "{}\t{}\tFactura\t{}\t{}\t{when} 10:00:00\t{when}\t{ruc}\t\t\t{}\t\n",
            ISSUER.0,
            ISSUER.1,
            received.number,
            received.access_key,
            crate::domain::money::money_text(received.total)
        ));
    }
    Ok(Some(report))
}
