//! Bulk imports as the API shows them.

use serde::Serialize;
use ts_rs::TS;

use crate::services::inventory::import::RowError;

/// `GET /api/inventory/upload/{id}`.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ImportJobView {
    #[serde(rename = "_id")]
    pub id: i64,
    #[serde(rename = "fileName")]
    pub file_name: String,
    pub status: String,
    pub total: i64,
    pub processed: i64,
    pub created: i64,
    pub updated: i64,
    pub errors: Vec<RowError>,
}

/// `{_id}` of a new job.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ImportStarted {
    #[serde(rename = "_id")]
    pub id: i64,
}
