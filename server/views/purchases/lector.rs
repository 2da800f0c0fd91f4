//! What the Lector .SRI answers: the documents read from an upload, its problems, the
//! remembered supplier code mappings.

use serde::Serialize;
use ts_rs::TS;

/// A line of a received document, for mapping its supplier code.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedLineView {
    /// The supplier's product code.
    pub supplier_code: String,
    pub description: String,
    pub quantity: String,
    pub unit_cost: String,
    /// The company's product the code is mapped to, if it is.
    pub product_id: Option<i64>,
}

/// A received document.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedDocumentView {
    pub access_key: String,
    pub issuer_ruc: String,
    pub issuer_name: String,
    /// "Factura", "Nota de crédito"…
    #[serde(rename = "type")]
    #[ts(rename = "type")]
    pub doc_type: String,
    /// `001-001-000000123`.
    pub number: String,
    /// `AAAA-MM-DD`.
    pub date: String,
    pub total: String,
    /// Already imported as a purchase.
    pub imported: bool,
    pub lines: Vec<ReceivedLineView>,
}

/// A problem of an upload: the report's line (or the ZIP's entry) and the message.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LectorErrorView {
    pub line: i64,
    pub message: String,
}

/// `POST /api/tools/lector/upload` (200 when everything was read; 202 while the SRI is still
/// being asked) and `GET /api/tools/lector/upload/{_id}` (the job's progress).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LectorUploadView {
    /// The job that asks the SRI for the report's documents; none when nothing had to be asked.
    #[serde(rename = "_id")]
    #[ts(rename = "_id")]
    pub id: Option<i64>,
    /// `running` (the SRI is being asked), `done` or `failed`.
    pub status: String,
    /// Access keys of the upload (its XML files and its report's rows).
    pub total: i64,
    /// Keys already answered.
    pub processed: i64,
    /// Documents read among them.
    pub documents_total: i64,
    /// The documents read, in the upload's order: the first ones, once the job is done.
    pub documents: Vec<ReceivedDocumentView>,
    /// Problems of the upload, by line: the first ones.
    pub errors: Vec<LectorErrorView>,
    /// Every problem, also those not listed.
    pub errors_total: i64,
}

/// A supplier code mapped to a product.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SupplierMappingView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub supplier_id: i64,
    pub supplier_identification: String,
    pub supplier_name: String,
    pub supplier_code: String,
    pub product_id: i64,
    pub product_code: String,
    pub product_name: String,
}

/// The Lector .SRI page: the warehouses an import may bring stock into (default first) and the
/// remembered mappings.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LectorPage {
    pub cellars: Vec<crate::views::inventory::warehouse::CellarOptionView>,
    pub mappings: Vec<SupplierMappingView>,
}
