//! Payables and a supplier's statement.

use serde::Serialize;
use ts_rs::TS;

use crate::domain::states::PayableStatus;

/// A payment on a payable.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PayablePaymentView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `cash` or `bank`.
    pub method: String,
    pub amount: String,
    pub bank_account_id: Option<i64>,
    pub turn_id: Option<i64>,
    pub created_at: String,
}

/// A payable.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PayableView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub supplier_id: i64,
    pub supplier_name: String,
    pub purchase_id: i64,
    pub document_number: Option<String>,
    pub amount: String,
    pub paid: String,
    pub balance: String,
    pub issue_date: String,
    pub due_date: String,
    pub status: PayableStatus,
    pub payments: Vec<PayablePaymentView>,
}

/// A line of a supplier's statement: the same shape as a client's account statement.
pub use crate::views::receivables::StatementLineView;

/// `GET /api/purchases/payable/statement`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SupplierStatementView {
    pub supplier_id: i64,
    pub supplier_name: String,
    pub opening_balance: String,
    pub lines: Vec<StatementLineView>,
    pub closing_balance: String,
}
