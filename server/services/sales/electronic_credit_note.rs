//! The SRI side of an electronic nota de crédito (codDoc 04) that the sales credit note
//! ([`super::credit_note`], kind electronic) needs to issue one: the factura's sustento
//! ([`sustento`]: authorized, its number, date and buyer as the SRI accepted them, the company's
//! signing identity) and the [`Comprobante`] of the returned portions ([`comprobante`]), whose
//! totals are the engine's one calculation (`expectedTotal` is the credit note's total, so a
//! difference is refused before anything is stored). Correcting and resending one is e-billing's
//! ([`crate::services::ebilling::credit_note::resend`]).

use chrono::NaiveDate;

use crate::db::DbConnection;
use crate::domain::document_status::DocumentStatus;
use crate::domain::money::from_micros;
use crate::error::{AppError, AppResult, conflict};
use crate::models::CompanyId;
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::company::Company;
use crate::models::sales::note::Sale;
use crate::services::sales::invoice::issuer_of;
use crate::services::sales::returned::{Portion, taxable};
use crate::services::signing::certificate;
use crate::sri::catalog::{DocType, Environment, IdType};
use crate::sri::model::{Buyer, Comprobante, CreditNote, Header, Item, ModifiedDocument};
use crate::sri::queue;
use crate::sri::sign::SigningIdentity;

/// A factura whose SRI document is not AUTORIZADO.
pub const NOT_AUTHORIZED: &str = "Solo se emite una nota de crédito electrónica contra una factura AUTORIZADA por el SRI; esta está";
/// A factura to consumidor final: the SRI accepts no nota de crédito to consumidor final.
pub const FINAL_CONSUMER: &str = "La factura es a consumidor final: el SRI no acepta notas de crédito a consumidor final; use una factura con los datos del comprador";

/// What a nota de crédito takes from the factura it modifies, and how it is signed.
pub struct Sustento {
    /// `numDocModificado`, `estab-ptoEmi-secuencial` of the factura.
    pub number: String,
    /// `fechaEmisionDocSustento`.
    pub issue_date: NaiveDate,
    /// The factura's buyer, as authorized.
    pub buyer: Buyer,
    pub company: Company,
    pub identity: SigningIdentity,
}

/// The sustento of `sale` (a factura): its SRI document must be AUTORIZADO (else 409 naming its
/// state) and to an identified buyer (409); the company must have its signing certificate (409).
pub fn sustento(conn: &mut DbConnection, company: CompanyId, sale: &Sale) -> AppResult<Sustento> {
    let stored = match sale.sri_document_id {
        Some(id) => queue::find(conn, company, id)?,
        None => None,
    }
    .ok_or_else(|| conflict(format!("{NOT_AUTHORIZED} sin documento electrónico")))?;
    let status = DocumentStatus::parse(&stored.status);
    if status != Some(DocumentStatus::Authorized) {
        return Err(conflict(format!(
            "{NOT_AUTHORIZED} «{}»",
            status.map_or_else(|| stored.status.clone(), |s| s.label().to_string())
        )));
    }
    let Comprobante::Invoice(invoice) = Comprobante::from_json(&stored.document_json)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("factura {}: {e}", stored.id)))?
    else {
        return Err(AppError::Internal(anyhow::anyhow!(
            "el documento {} de la venta {} no es una factura",
            stored.id,
            sale.id
        )));
    };
    if invoice.buyer.id_type == IdType::ConsumidorFinal {
        return Err(conflict(FINAL_CONSUMER));
    }
    let h = &invoice.header;
    let number = format!(
        "{}-{}-{:09}",
        h.establishment, h.emission_point, h.sequential
    );
    let identity = certificate::identity(conn, company)?;
    Ok(Sustento {
        number,
        issue_date: h.issue_date,
        buyer: Buyer {
            address: None,
            ..invoice.buyer
        },
        company: Company::find(conn, company)?,
        identity,
    })
}

/// Where and when the nota de crédito is issued.
pub struct Issue<'a> {
    pub branch: &'a BranchOffice,
    /// `ptoEmi`.
    pub emission_point: &'a str,
    pub sequential: i64,
    pub issue_date: NaiveDate,
}

/// The nota de crédito 1.1.0 of the returned `portions` of a factura. Pure: the same data gives
/// the same document. `total` (millionths) is the credit note's, checked by the engine.
pub fn comprobante(
    sustento: &Sustento,
    issue: &Issue,
    reason: &str,
    portions: &[Portion],
    total: i64,
) -> Comprobante {
    let environment = if sustento.company.sri_environment == "produccion" {
        Environment::Produccion
    } else {
        Environment::Pruebas
    };
    let items = portions
        .iter()
        .map(|p| {
            let line = taxable(p);
            Item {
                main_code: Some(p.line.code.clone()),
                aux_code: None,
                description: p.line.name.clone(),
                unit: None,
                quantity: line.quantity,
                unit_price: line.unit_price,
                discount: line.discount,
                iva: line.iva,
                ice: None,
                irbpnr_bottles: None,
                details: Vec::new(),
            }
        })
        .collect();
    Comprobante::CreditNote(CreditNote {
        header: Header {
            environment,
            issuer: issuer_of(&sustento.company, issue.branch),
            establishment: issue.branch.code.clone(),
            emission_point: issue.emission_point.to_string(),
            sequential: u32::try_from(issue.sequential).unwrap_or(u32::MAX),
            issue_date: issue.issue_date,
            numeric_code: None,
            access_key: None,
        },
        buyer: sustento.buyer.clone(),
        modified_document: ModifiedDocument {
            doc_type: DocType::Factura.code().to_string(),
            number: sustento.number.clone(),
            issue_date: sustento.issue_date,
        },
        reason: reason.to_string(),
        items,
        global_discount: rust_decimal::Decimal::ZERO,
        currency: "DOLAR".into(),
        additional_info: Vec::new(),
        expected_total: Some(from_micros(total)),
    })
}
