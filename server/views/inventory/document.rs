//! Adjustments and transfers as the API shows them.

use serde::Serialize;
use ts_rs::TS;

/// A line of an adjustment or a transfer.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocumentLineView {
    pub product_id: i64,
    pub code: String,
    pub name: String,
    pub unit: String,
    /// Signed for adjustments (negative leaves).
    pub quantity: String,
    pub unit_cost: String,
    pub total_cost: String,
}

/// An adjustment.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AdjustmentView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub number: i64,
    pub date: String,
    pub cellar_id: i64,
    pub cellar_name: String,
    pub mode: String,
    pub reason: String,
    pub note: Option<String>,
    pub user: Option<String>,
    pub lines: Vec<DocumentLineView>,
}

/// A transfer (guía de remisión).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TransferView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub number: i64,
    pub date: String,
    pub from_cellar_id: i64,
    pub from_cellar_name: String,
    pub to_cellar_id: i64,
    pub to_cellar_name: String,
    pub reason: String,
    pub note: Option<String>,
    pub carrier_name: Option<String>,
    pub carrier_identification: Option<String>,
    pub plate: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub origin_address: Option<String>,
    pub destination_address: Option<String>,
    pub user: Option<String>,
    pub lines: Vec<DocumentLineView>,
}

/// The adjustments page: the list and the branch's warehouses.
#[derive(Debug, Clone, Serialize, TS)]
pub struct AdjustmentsPage {
    pub list: crate::db::list::Page<AdjustmentView>,
    pub cellars: Vec<super::warehouse::CellarOptionView>,
}

/// The transfers page: the list, the branch's warehouses (origin) and every warehouse of the
/// company (destination).
#[derive(Debug, Clone, Serialize, TS)]
pub struct TransfersPage {
    pub list: crate::db::list::Page<TransferView>,
    pub cellars: Vec<super::warehouse::CellarOptionView>,
    pub destinations: Vec<super::warehouse::CellarOptionView>,
}

/// The printable guía de remisión: the transfer and the issuer.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TransferPrintView {
    pub transfer: TransferView,
    pub company_name: String,
    pub ruc: String,
    pub branch_code: String,
    pub branch_name: String,
    pub branch_address: String,
}
