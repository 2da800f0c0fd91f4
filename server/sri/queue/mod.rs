//! The durable side of the engine: documents stored in the database and carried through the SRI's
//! reception and authorization by a background worker, safely across restarts and across several
//! app servers on one PostgreSQL.
//!
//! Later issues (sales, credit notes, guías) call [`submit`] with a model and the company's
//! signing identity; it validates, builds, signs and stores the document as `signed` in one
//! transaction and returns its id. The [`worker`] takes it from there; [`find`] and [`messages`]
//! tell the screens where a document is and what the SRI said. A rejected document is fixed with
//! [`resubmit_corrected`], which keeps its clave de acceso.
//!
//! Lifecycle (the `status` column; [`crate::domain::document_status::DocumentStatus`] and `server/sri/README.md` say why):
//!
//! - `signed` → a send is written down → `sending` → the request goes out;
//! - `sending` + RECIBIDA → `received`; + DEVUELTA → `returned`; + error 70 or 43 → `in_process`;
//!   + no answer → stays `sending`, and its next step is an authorization query, not a resend;
//! - `received` / `in_process` + AUTORIZADO → `authorized`; + NO AUTORIZADO → `not_authorized`;
//!   + EN PROCESO or nothing yet → `in_process`, asked again with a growing delay;
//! - `returned` / `not_authorized` + [`resubmit_corrected`] → `signed`, with the same clave.

mod schedule;
mod step;
mod submit;
pub mod worker;

pub use schedule::{MAX_FAILED_PER_DAY, next_ecuador_midnight};
pub use submit::{
    QueueError, resubmit_corrected, resubmit_corrected_in_transaction, submit,
    submit_in_transaction,
};

use diesel::QueryResult;

use crate::db::DbConnection;
use crate::domain::document_status::DocumentStatus;
use crate::error::{AppResult, conflict};
use crate::models::CompanyId;
use crate::models::sri::document::SriDocument;
use crate::models::sri::message::SriDocumentMessage;

/// Id of a stored electronic document (`sri_documents.id`).
pub type DocumentId = i64;

/// A company's document by id, with everything known about it (status, attempts, authorization).
pub fn find(
    conn: &mut DbConnection,
    company: CompanyId,
    id: DocumentId,
) -> QueryResult<Option<SriDocument>> {
    SriDocument::find_for_company(conn, company, id)
}

/// A company's document by clave de acceso.
pub fn find_by_access_key(
    conn: &mut DbConnection,
    company: CompanyId,
    access_key: &str,
) -> QueryResult<Option<SriDocument>> {
    SriDocument::find_by_access_key(conn, company, access_key)
}

/// Every message the SRI returned for a document, oldest first.
pub fn messages(conn: &mut DbConnection, id: DocumentId) -> QueryResult<Vec<SriDocumentMessage>> {
    SriDocumentMessage::for_document(conn, id)
}

/// 409 `«{refusal} «state»»` unless `doc` is DEVUELTA or NO AUTORIZADO: the only states a
/// correction and resend ([`resubmit_corrected`]) takes.
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
