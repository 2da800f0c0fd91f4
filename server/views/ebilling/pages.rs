//! Data of the e-billing pages.

use serde::Serialize;
use ts_rs::TS;

use super::document::ElectronicDocumentView;
use crate::db::list::Page;

/// `/admin/ebilling`: the branch's electronic documents (same list as `GET /api/ebilling/documents`
/// with the page's query string).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ElectronicDocumentsPage {
    pub list: Page<ElectronicDocumentView>,
}
