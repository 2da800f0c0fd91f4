//! The electronic nota de crédito (codDoc 04, issue 23), its e-billing side: a DEVUELTA or NO
//! AUTORIZADO one is corrected and resent by [`resend`]. What the sales credit note needs to issue
//! one (the factura's sustento and the comprobante) is the sales area's
//! ([`crate::services::sales::electronic_credit_note`]): e-billing depends on sales, never the
//! reverse.

use crate::auth::roles::Tenant;
use crate::command::text;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::models::config::branch_office::BranchOffice;
use crate::models::sales::credit_note::{CreditNote as StoredNote, KIND_ELECTRONIC};
use crate::models::sales::note::{KIND_INVOICE, Sale};
use crate::services::ebilling::corrections::{CREDIT_NOTE_FIELDS, Corrections};
use crate::services::sales::electronic_credit_note::{Issue, comprobante, sustento};
use crate::services::sales::returned::Portion;
use crate::sri::model::Comprobante;
use crate::sri::queue;
use crate::validation::required_text;

/// An electronic credit note that is not the company's (or does not exist).
pub const NOT_FOUND: &str = "No se encontró la nota de crédito electrónica";
/// Resend of a nota de crédito that is not DEVUELTA or NO AUTORIZADO.
pub const NOT_CORRECTABLE: &str =
    "Solo se reenvía una nota de crédito DEVUELTA o NO AUTORIZADA; esta está";

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
    queue::ensure_correctable(&stored, NOT_CORRECTABLE)?;
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
