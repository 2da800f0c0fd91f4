//! «Corregir y reenviar» (issue 23): a DEVUELTA or NO AUTORIZADO document is rebuilt from what the
//! shop stored and the company's current data, re-signed with the same clave de acceso and put
//! back in the queue ([`crate::sri::queue::resubmit_corrected`]). Each document type rebuilds
//! itself — the factura from its sale ([`crate::services::sales::invoice::resend`]), the nota de
//! crédito from its returned lines ([`super::credit_note::resend`]), the guía from its stored
//! transport data ([`super::remission_guides::resend`]) — and none posts stock, cash or a
//! receivable again: those were posted once, when the document was registered.
//!
//! The shop may also correct the document's own fields on the way ([`Corrections`], the optional
//! body of every resend route): a nota de crédito its reason; a guía its transportista, placa,
//! motivo del traslado and transport dates. A factura is corrected through its client and the
//! company's data, so its body carries none. Each type validates them with its register's rules
//! and messages.
//!
//! This module holds what they share: the refusal of a document in any other state (409 naming
//! it), the corrections, and [`resend`], the one entry point of `/admin/ebilling`'s action, which
//! finds which document of the shop carries the queue document and hands it to its type's
//! rebuild.

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult, conflict};
use crate::models::ebilling::remission_guide::RemissionGuide;
use crate::models::purchases::withholding::Withholding;
use crate::models::sales::credit_note::CreditNote;
use crate::models::sales::note::Sale;
use crate::models::sri::document::SriDocument;
use crate::services::ebilling::corrections::{Corrections, INVOICE_FIELDS};
use crate::sri::catalog::DocType;
use crate::sri::queue;

/// `POST /api/ebilling/documents/{id}/resend` of a document that is not DEVUELTA or NO
/// AUTORIZADO.
pub const NOT_CORRECTABLE: &str =
    "Solo se reenvía un comprobante DEVUELTO o NO AUTORIZADO; este está";
/// A document of the queue that no sale, credit note or guía of the shop carries (one sent by
/// the set-up page's trial, for instance).
pub const NOT_OURS: &str = "Este comprobante no pertenece a una factura, nota de crédito, guía de remisión ni retención: no se puede corregir desde aquí";
/// Corrections sent with a retención: it is corrected on the supplier's or the company's data.
pub const WITHHOLDING_FIELDS: &str = "Una retención no recibe correcciones al reenviarla: corrija los datos del proveedor o de la empresa y reenvíela";

/// Corrects and resends `doc` (the caller found it in the user's branch) through its type's
/// rebuild, with `corrections` of its own fields. 409 when it is not DEVUELTA / NO AUTORIZADO or
/// not one of the shop's documents; 400 for corrections its type does not take or that are not
/// valid.
pub fn resend(
    conn: &mut DbConnection,
    tenant: &Tenant,
    doc: &SriDocument,
    corrections: Corrections,
) -> AppResult<()> {
    queue::ensure_correctable(doc, NOT_CORRECTABLE)?;
    let company = tenant.company;
    match DocType::from_code(&doc.doc_type) {
        Some(DocType::Factura) => {
            let sale =
                Sale::of_document(conn, company, doc.id)?.ok_or_else(|| conflict(NOT_OURS))?;
            if !corrections.is_empty() {
                return Err(AppError::BadRequest(INVOICE_FIELDS.into()));
            }
            crate::services::sales::invoice::resend(conn, tenant, sale.id).map(|_| ())
        }
        Some(DocType::NotaCredito) => {
            let note = CreditNote::of_document(conn, company, doc.id)?
                .ok_or_else(|| conflict(NOT_OURS))?;
            super::credit_note::resend(conn, tenant, note.id, corrections).map(|_| ())
        }
        Some(DocType::GuiaRemision) => {
            let guide = RemissionGuide::of_document(conn, company, doc.id)?
                .ok_or_else(|| conflict(NOT_OURS))?;
            super::remission_guides::resend(conn, tenant, guide.id, corrections).map(|_| ())
        }
        Some(DocType::Retencion) => {
            let withholding = Withholding::of_document(conn, company, doc.id)?
                .ok_or_else(|| conflict(NOT_OURS))?;
            if !corrections.is_empty() {
                return Err(AppError::BadRequest(WITHHOLDING_FIELDS.into()));
            }
            crate::services::purchases::withholding::resend(conn, tenant, withholding.id)
        }
        _ => Err(conflict(NOT_OURS)),
    }
}
