//! Quotes: the stored quote (same line and totals views as a sales note), the list rows and the
//! stock of its lines.

use serde::Serialize;
use ts_rs::TS;

use super::note::{DocumentTotalsView, SaleClientView, SaleLineView};
use crate::domain::states::QuoteState;
use crate::models::sales::quote::{Quote, QuoteLine};

/// The state a quote is shown with: `convertida` once it became a sale, `vencida` after its
/// validity date (Ecuador's `today`), else `vigente`.
pub fn quote_state(quote: &Quote, today: chrono::NaiveDate) -> QuoteState {
    if quote.sale_id.is_some() {
        QuoteState::Convertida
    } else if quote.valid_until < today {
        QuoteState::Vencida
    } else {
        QuoteState::Vigente
    }
}

impl From<&QuoteLine> for SaleLineView {
    fn from(l: &QuoteLine) -> Self {
        SaleLineView::from(&l.as_sale_line())
    }
}

/// A stored quote.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct QuoteView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// Consecutive per branch.
    pub number: i64,
    /// Local date-time (Ecuador).
    pub date: String,
    /// `YYYY-MM-DD`.
    pub valid_until: String,
    pub client: SaleClientView,
    pub lines: Vec<SaleLineView>,
    pub totals: DocumentTotalsView,
    pub total: String,
    pub note: Option<String>,
    /// Who quoted.
    pub user: String,
    pub state: QuoteState,
    /// The sale it became (`convertida`).
    pub sale_id: Option<i64>,
    pub sale_number: Option<String>,
}

/// A row of the quotes list.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRowView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub number: i64,
    pub date: String,
    pub valid_until: String,
    pub client_name: String,
    pub total: String,
    pub state: QuoteState,
    pub sale_id: Option<i64>,
    pub sale_number: Option<String>,
}

/// `GET /api/sales/quoter/{id}/getStock`: a line of the quote and the stock of its product in the
/// branch's default warehouse.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct QuoteStockView {
    pub product_id: i64,
    pub code: String,
    pub name: String,
    /// Quoted quantity.
    pub quantity: String,
    /// Available now.
    pub stock: String,
}
