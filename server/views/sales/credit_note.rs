//! Internal credit notes.

use serde::Serialize;
use ts_rs::TS;

use super::note::DocumentTotalsView;

/// A returned line.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CreditNoteLineView {
    pub sale_line_id: i64,
    pub product_id: i64,
    pub code: String,
    pub name: String,
    pub quantity: String,
    pub unit_price: String,
    pub net: String,
    pub iva: String,
    pub total: String,
}

/// A credit note.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CreditNoteView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub number: String,
    pub date: String,
    pub sale_id: i64,
    pub sale_number: String,
    pub client_name: String,
    pub reason: String,
    /// `cash` (refunded from the shift) or `credit` (lowers the receivable).
    pub refund: String,
    pub user: String,
    pub lines: Vec<CreditNoteLineView>,
    pub totals: DocumentTotalsView,
    pub total: String,
}

/// A line of a sale with what may still be returned (the credit note screen).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReturnableLineView {
    pub sale_line_id: i64,
    pub product_id: i64,
    pub code: String,
    pub name: String,
    pub sold: String,
    pub returned: String,
    pub returnable: String,
    pub unit_price: String,
}
