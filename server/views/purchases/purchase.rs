//! A purchase with its lines, its totals per IVA rate and how it was paid.

use serde::Serialize;
use ts_rs::TS;

/// A line of a purchase.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseLineView {
    pub product_id: Option<i64>,
    pub description: String,
    pub quantity: String,
    pub unit_cost: String,
    pub discount: String,
    pub iva_code: String,
    /// Quantity × unit cost − discount.
    pub net: String,
    /// The unit cost the stock came in at (net of the discount).
    pub stock_cost: String,
}

/// `GET /api/purchases/merchandise/lastCost?productId=`: what the product cost the last time it
/// was bought, for a new purchase line to start from (both null when it never was).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LastCostView {
    pub product_id: i64,
    pub unit_cost: Option<String>,
    /// The date of that purchase (`YYYY-MM-DD`).
    pub date: Option<String>,
}

/// The base and IVA of one rate.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseTaxView {
    pub iva_code: String,
    pub label: String,
    pub base: String,
    pub value: String,
}

/// A purchase.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `merchandise`, `expense` or `manual`.
    pub kind: String,
    pub supplier_id: i64,
    pub supplier_name: String,
    pub document_number: Option<String>,
    pub authorization: Option<String>,
    /// `AAAA-MM-DD`.
    pub date: String,
    pub cellar_id: Option<i64>,
    pub category: Option<String>,
    pub lines: Vec<PurchaseLineView>,
    pub taxes: Vec<PurchaseTaxView>,
    pub subtotal: String,
    pub discount: String,
    pub iva: String,
    pub total: String,
    /// `cash`, `bank` or `credit`.
    pub payment_method: String,
    pub bank_account_id: Option<i64>,
    pub turn_id: Option<i64>,
    pub payable_id: Option<i64>,
    /// The retención issued on it that is not annulled (a withholding agent's).
    pub withholding: Option<crate::views::purchases::withholding::PurchaseWithholdingView>,
    pub cancelled: bool,
    pub cancel_reason: Option<String>,
    pub cancelled_at: Option<String>,
    pub created_at: String,
}
