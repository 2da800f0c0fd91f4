//! Electronic facturas: the sale (the same view as a sales note) with where its SRI document is.

use serde::Serialize;
use ts_rs::TS;

use crate::domain::document_status::DocumentStatus;
use crate::models::sri::document::SriDocument;
use crate::models::sri::message::SriDocumentMessage;
use crate::util::time::Zone;
use crate::views::sales::note::SaleView;

/// A factura: its sale and its SRI document. The RIDE is printed from
/// `/tickets/factura/{documentId}/A4SRI` and `/tickets/factura/{documentId}/Ticket80`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceView {
    #[serde(flatten)]
    pub sale: SaleView,
    /// `sri_documents.id`.
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
    /// DEVUELTA or NO AUTORIZADO: may be corrected and resent.
    pub correctable: bool,
    pub authorization_number: Option<String>,
    /// As the SRI wrote it.
    pub authorization_date: Option<String>,
    /// Why the last attempt did not go through (a communication failure, the day's limit…).
    pub last_error: Option<String>,
    /// Every message of the SRI, oldest first.
    pub messages: Vec<SriMessageView>,
}

/// One message of the SRI. (Named `InvoiceSriMessageView` in TypeScript: the e-billing area has
/// its own `SriMessageView`, with the stage.)
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InvoiceSriMessageView")]
pub struct SriMessageView {
    /// The SRI's code (35, 43, 60, 70…).
    pub identifier: String,
    pub message: String,
    pub additional_info: Option<String>,
    /// ERROR, ADVERTENCIA, INFORMATIVO.
    pub kind: String,
    /// `estado` of the answer (DEVUELTA, NO AUTORIZADO…).
    pub sri_status: String,
    /// Local date-time.
    pub date: String,
}

impl SriMessageView {
    /// A message, its time in the company's `zone`.
    pub fn new(m: &SriDocumentMessage, zone: Zone) -> Self {
        SriMessageView {
            identifier: m.identifier.clone(),
            message: m.message.clone(),
            additional_info: m.additional_info.clone(),
            kind: m.kind.clone(),
            sri_status: m.sri_status.clone(),
            date: zone.iso(m.created_at),
        }
    }
}

impl InvoiceView {
    /// The view of `sale` and its document (none only if the document went missing).
    pub fn new(
        sale: SaleView,
        document: Option<&SriDocument>,
        messages: &[SriDocumentMessage],
        zone: Zone,
    ) -> InvoiceView {
        let status = document.and_then(|d| DocumentStatus::parse(&d.status));
        InvoiceView {
            sale,
            document_id: document.map(|d| d.id),
            access_key: document.map(|d| d.access_key.clone()),
            status: status.map_or("", DocumentStatus::label).to_string(),
            status_code: document.map(|d| d.status.clone()).unwrap_or_default(),
            pending: status.is_some_and(DocumentStatus::is_pending),
            correctable: status.is_some_and(DocumentStatus::needs_correction),
            authorization_number: document.and_then(|d| d.authorization_number.clone()),
            authorization_date: document
                .and_then(|d| d.authorization_date.as_deref())
                .map(|d| zone.iso_text(d)),
            last_error: document.and_then(|d| d.last_error.clone()),
            messages: messages
                .iter()
                .map(|m| SriMessageView::new(m, zone))
                .collect(),
        }
    }
}
