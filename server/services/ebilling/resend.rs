//! «Corregir y reenviar» (issue 23): a DEVUELTA or NO AUTORIZADO document is rebuilt from what the
//! shop stored and the company's current data, re-signed with the same clave de acceso and put
//! back in the queue ([`crate::sri::queue::resubmit_corrected`]). Each document type rebuilds
//! itself — the factura from its sale ([`crate::services::sales::invoice::resend`]), the nota de
//! crédito from its returned lines ([`super::credit_note::resend`]), the guía from its stored
//! transport data ([`super::remission_guides::resend`]) — and none posts stock, cash or a
//! receivable again: those were posted once, when the document was registered.
//!
//! This module holds what they share: the refusal of a document in any other state (409 naming
//! it), and [`resend`], the one entry point of `/admin/ebilling`'s action, which finds which
//! document of the shop carries the queue document and hands it to its type's rebuild.

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::{AppResult, conflict};
use crate::models::ebilling::remission_guide::RemissionGuide;
use crate::models::sales::credit_note::CreditNote;
use crate::models::sales::note::Sale;
use crate::models::sri::document::SriDocument;
use crate::sri::catalog::DocType;
use crate::sri::queue::DocumentStatus;

/// `POST /api/ebilling/documents/{id}/resend` of a document that is not DEVUELTA or NO
/// AUTORIZADO.
pub const NOT_CORRECTABLE: &str =
    "Solo se reenvía un comprobante DEVUELTO o NO AUTORIZADO; este está";
/// A document of the queue that no sale, credit note or guía of the shop carries (one sent by
/// the set-up page's trial, for instance).
pub const NOT_OURS: &str = "Este comprobante no pertenece a una factura, nota de crédito ni guía de remisión: no se puede corregir desde aquí";

/// 409 `«{refusal} «state»»` unless `doc` is DEVUELTA or NO AUTORIZADO.
pub fn ensure_correctable(doc: &SriDocument, refusal: &str) -> AppResult<()> {
    let status = DocumentStatus::parse(&doc.status);
    if status.is_some_and(DocumentStatus::needs_correction) {
        return Ok(());
    }
    Err(conflict(format!(
        "{refusal} «{}»",
        status.map_or_else(|| doc.status.clone(), |s| s.label().to_string())
    )))
}

/// Corrects and resends `doc` (the caller found it in the user's branch) through its type's
/// rebuild. 409 when it is not DEVUELTA / NO AUTORIZADO or not one of the shop's documents.
pub fn resend(conn: &mut DbConnection, tenant: &Tenant, doc: &SriDocument) -> AppResult<()> {
    ensure_correctable(doc, NOT_CORRECTABLE)?;
    let company = tenant.company;
    match DocType::from_code(&doc.doc_type) {
        Some(DocType::Factura) => {
            let sale =
                Sale::of_document(conn, company, doc.id)?.ok_or_else(|| conflict(NOT_OURS))?;
            crate::services::sales::invoice::resend(conn, tenant, sale.id).map(|_| ())
        }
        Some(DocType::NotaCredito) => {
            let note = CreditNote::of_document(conn, company, doc.id)?
                .ok_or_else(|| conflict(NOT_OURS))?;
            super::credit_note::resend(conn, tenant, note.id).map(|_| ())
        }
        Some(DocType::GuiaRemision) => {
            let guide = RemissionGuide::of_document(conn, company, doc.id)?
                .ok_or_else(|| conflict(NOT_OURS))?;
            super::remission_guides::resend(conn, tenant, guide.id).map(|_| ())
        }
        _ => Err(conflict(NOT_OURS)),
    }
}
