//! The electronic nota de crédito (codDoc 04, issue 23): the SRI part of a credit note against an
//! authorized factura. Returning goods and money is the sales credit note's service
//! ([`crate::services::sales::credit_note`], kind electronic); this module answers what that
//! service needs from the SRI side: the factura's sustento ([`sustento`]: authorized, its number,
//! date and buyer as the SRI accepted them, the company's signing identity) and the
//! [`Comprobante`] of the returned portions ([`comprobante`]), whose totals are the engine's one
//! calculation (`expectedTotal` is the credit note's total, so a difference is refused before
//! anything is stored). A DEVUELTA or NO AUTORIZADO one is corrected and resent by [`resend`].

use chrono::NaiveDate;

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::domain::money::from_micros;
use crate::error::{AppError, AppResult, conflict};
use crate::http::input::text;
use crate::models::CompanyId;
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::company::Company;
use crate::models::sales::credit_note::{CreditNote as StoredNote, KIND_ELECTRONIC};
use crate::models::sales::note::{KIND_INVOICE, Sale};
use crate::services::ebilling::certificate;
use crate::services::ebilling::resend::{CREDIT_NOTE_FIELDS, Corrections, ensure_correctable};
use crate::services::sales::credit_note::{Portion, taxable};
use crate::services::sales::invoice::issuer_of;
use crate::sri::catalog::{DocType, Environment, IdType};
use crate::sri::model::{Buyer, Comprobante, CreditNote, Header, Item, ModifiedDocument};
use crate::sri::queue::{self, DocumentStatus};
use crate::sri::sign::SigningIdentity;
use crate::validation::required_text;

/// A factura whose SRI document is not AUTORIZADO.
pub const NOT_AUTHORIZED: &str = "Solo se emite una nota de crédito electrónica contra una factura AUTORIZADA por el SRI; esta está";
/// An electronic credit note that is not the company's (or does not exist).
pub const NOT_FOUND: &str = "No se encontró la nota de crédito electrónica";
/// Resend of a nota de crédito that is not DEVUELTA or NO AUTORIZADO.
pub const NOT_CORRECTABLE: &str =
    "Solo se reenvía una nota de crédito DEVUELTA o NO AUTORIZADA; esta está";
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

/// `POST /api/ebilling/creditNote/{id}/resend`: a DEVUELTA or NO AUTORIZADO nota de crédito
/// rebuilt from its stored lines and reason (or the corrected `reason`, validated like the
/// register's and stored on the credit note), with the company's and branch's current data and
/// the factura's sustento as authorized, re-signed with the same clave (same number and issue
/// date) and queued again. The goods and the money went back when it was registered and are not
/// touched. 404 for another company's; 409 in any other state (or if the factura is no longer
/// AUTORIZADO, or the company has no certificate); 400 for a reason that is not valid or for a
/// guía's fields. Returns the credit note.
pub fn resend(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
    corrections: Corrections,
) -> AppResult<StoredNote> {
    let done = crate::db::write_transaction(conn, |conn| corrected(conn, tenant, id, corrections))?;
    queue::worker::wake();
    Ok(done)
}

/// [`resend`] in one write transaction: the corrections stored on the shop's record and the
/// document queued again, or neither.
fn corrected(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
    corrections: Corrections,
) -> AppResult<StoredNote> {
    let company = tenant.company;
    let not_found = || AppError::NotFound(NOT_FOUND.into());
    let note =
        StoredNote::find_of_kind(conn, company, id, KIND_ELECTRONIC)?.ok_or_else(not_found)?;
    let document_id = note.sri_document_id.ok_or_else(not_found)?;
    let stored = queue::find(conn, company, document_id)?.ok_or_else(not_found)?;
    ensure_correctable(&stored, NOT_CORRECTABLE)?;
    if corrections.has_transport() {
        return Err(AppError::BadRequest(CREDIT_NOTE_FIELDS.into()));
    }
    let mut note = note;
    if corrections.reason.is_some() {
        let reason = text(&corrections.reason).unwrap_or_default();
        if let Some(problem) = required_text(&reason, "El motivo", 300) {
            return Err(AppError::field("reason", problem));
        }
        StoredNote::set_reason(conn, company, note.id, &reason)?;
        note.reason = reason;
    }
    let internal = |what: &str| AppError::Internal(anyhow::anyhow!("nota de crédito {id}: {what}"));
    let Comprobante::CreditNote(previous) =
        Comprobante::from_json(&stored.document_json).map_err(|e| internal(&e.to_string()))?
    else {
        return Err(internal("su documento no es una nota de crédito"));
    };
    let sale = Sale::find_of_kind(conn, company, note.sale_id, KIND_INVOICE)?
        .ok_or_else(|| internal("sin factura"))?;
    let sustento = sustento(conn, company, &sale)?;
    let branch = BranchOffice::find_in_company(conn, company, note.branch_office_id)?
        .ok_or_else(|| internal("sin sucursal"))?;
    let sale_lines = Sale::lines(conn, company, sale.id)?;
    let returned = StoredNote::lines_of_many(conn, company, &[note.id])?;
    let portions: Vec<Portion> = returned
        .iter()
        .filter_map(|r| {
            sale_lines
                .iter()
                .find(|l| l.id == r.sale_line_id)
                .map(|line| Portion {
                    line,
                    quantity: r.quantity,
                })
        })
        .collect();
    let header = &previous.header;
    let doc = comprobante(
        &sustento,
        &Issue {
            branch: &branch,
            emission_point: &header.emission_point,
            sequential: i64::from(header.sequential),
            issue_date: header.issue_date,
        },
        &note.reason,
        &portions,
        note.total,
    );
    queue::resubmit_corrected_in_transaction(conn, company, document_id, &doc, &sustento.identity)?;
    Ok(note)
}
