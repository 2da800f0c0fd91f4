//! Electronic notas de crédito: the credit note (the same view as the internal one, its `saleId`
//! and `saleNumber` being the factura's) with where its SRI document is. The RIDE is printed from
//! `/tickets/notaCredito/{documentId}/A4SRI` and `/tickets/notaCredito/{documentId}/Ticket80`.

use serde::Serialize;
use ts_rs::TS;

use crate::db::list::Page;
use crate::domain::document_status::DocumentStatus;
use crate::models::sri::document::SriDocument;
use crate::models::sri::message::SriDocumentMessage;
use crate::views::ebilling::document::SriMessageView;
use crate::views::sales::credit_note::{CreditNoteView, ReturnableLineView};

/// An electronic nota de crédito and its SRI document.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ElectronicCreditNoteView {
    #[serde(flatten)]
    pub note: CreditNoteView,
    /// `sri_documents.id` (codDoc 04).
    pub document_id: Option<i64>,
    /// Clave de acceso (49 digits).
    pub access_key: Option<String>,
    /// The SRI state in Spanish ("AUTORIZADO", "DEVUELTA: corrija y reenvíe"…).
    pub status: String,
    /// The state's code (empty before the document exists).
    #[ts(type = "DocumentStatus | \"\"")]
    pub status_code: String,
    /// Still on its way to the SRI: the screen keeps asking.
    pub pending: bool,
    pub authorization_number: Option<String>,
    /// As the SRI wrote it.
    pub authorization_date: Option<String>,
    /// Why the last attempt did not go through (a communication failure, the day's limit…).
    pub last_error: Option<String>,
    /// Every message of the SRI, oldest first (empty in the list).
    pub messages: Vec<SriMessageView>,
}

impl ElectronicCreditNoteView {
    /// The view of `note` and its document (none only if the document went missing).
    pub fn new(
        note: CreditNoteView,
        document: Option<&SriDocument>,
        messages: &[SriDocumentMessage],
        zone: crate::util::time::Zone,
    ) -> ElectronicCreditNoteView {
        let status = document.and_then(|d| DocumentStatus::parse(&d.status));
        ElectronicCreditNoteView {
            note,
            document_id: document.map(|d| d.id),
            access_key: document.map(|d| d.access_key.clone()),
            status: status.map_or("", DocumentStatus::label).to_string(),
            status_code: document.map(|d| d.status.clone()).unwrap_or_default(),
            pending: status.is_some_and(DocumentStatus::is_pending),
            authorization_number: document.and_then(|d| d.authorization_number.clone()),
            authorization_date: document
                .and_then(|d| d.authorization_date.as_deref())
                .map(|d| zone.iso_text(d)),
            last_error: document.and_then(|d| d.last_error.clone()),
            messages: messages
                .iter()
                .map(|m| SriMessageView::of(m, zone))
                .collect(),
        }
    }
}

/// A factura as the credit note screen picks it: whether it can be credited, and what each of its
/// lines may still return.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CreditableInvoiceView {
    /// `sales.id` (the body's `invoiceId`).
    #[serde(rename = "_id")]
    pub id: i64,
    pub number: String,
    pub date: String,
    pub client_name: String,
    pub client_identification: String,
    pub total: String,
    /// The factura's SRI state in Spanish.
    pub status: String,
    #[ts(type = "DocumentStatus | \"\"")]
    pub status_code: String,
    /// AUTORIZADO: a nota de crédito may be issued against it.
    pub creditable: bool,
    pub lines: Vec<ReturnableLineView>,
}

/// `/admin/ebilling/nota_de_credito`: the branch's electronic credit notes (same list as
/// `GET /api/ebilling/creditNote` with the page's query string).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ElectronicCreditNotesPage {
    pub list: Page<ElectronicCreditNoteView>,
    /// Where the documents go when it is not the SRI itself (`pages::sri_target`).
    pub sri_target: Option<String>,
}
