//! Electronic guías de remisión as the API and `/admin/ebilling/guiaDeRemision` show them: the
//! shop's record with the SRI state of its document (the queue's), and in the detail the SRI's
//! messages.

use serde::Serialize;
use ts_rs::TS;

use super::document::{ElectronicDocumentView, SriMessageView};
use crate::db::list::Page;

/// One line of a guía.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RemissionGuideLineView {
    /// Index of the recipient (0-based) the line travels to.
    pub recipient: i32,
    pub product_id: Option<i64>,
    pub code: Option<String>,
    pub description: String,
    /// Decimal text.
    pub quantity: String,
}

/// A guía with its SRI state.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RemissionGuideView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `001-001-000000001`.
    pub number: String,
    pub transfer_id: Option<i64>,
    /// The transfer's number in its branch.
    pub transfer_number: Option<i64>,
    pub carrier_name: String,
    pub carrier_identification: String,
    pub plate: String,
    pub start_date: String,
    pub end_date: String,
    pub user: String,
    /// Ecuador time.
    pub created_at: String,
    /// The document in the SRI queue (`/api/ebilling/documents/{documentId}`).
    pub document_id: i64,
    pub access_key: String,
    /// Stored SRI state.
    #[ts(as = "crate::domain::document_status::DocumentStatus")]
    pub state: String,
    /// The Spanish badge (firmado, …, autorizado).
    pub state_name: String,
    pub document: ElectronicDocumentView,
    pub lines: Vec<RemissionGuideLineView>,
    /// The SRI's messages (only in the detail; empty in the list).
    pub messages: Vec<SriMessageView>,
}

/// `/admin/ebilling/guiaDeRemision`: the branch's recent guías and recent transfers to document.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RemissionGuidesPage {
    pub list: Page<RemissionGuideView>,
    /// Recent transfers of the branch without an electronic guía.
    pub transfers: Vec<TransferChoiceView>,
    /// Today in Ecuador (`AAAA-MM-DD`), the earliest start date.
    pub today: String,
    /// The branch's address, the default origin.
    pub origin_address: String,
    /// Where the documents go when it is not the SRI itself (`pages::sri_target`).
    pub sri_target: Option<String>,
}

/// A transfer the page offers to document.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TransferChoiceView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub number: i64,
    /// Ecuador time.
    pub date: String,
    pub from_cellar_name: String,
    pub to_cellar_name: String,
    pub carrier_name: Option<String>,
    pub carrier_identification: Option<String>,
    pub plate: Option<String>,
    pub lines: i64,
}
