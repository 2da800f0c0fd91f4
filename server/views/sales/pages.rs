//! Page data of the sales screens.

use serde::Serialize;
use ts_rs::TS;

use super::credit_note::CreditNoteView;
use super::note::{SaleClientView, SaleRowView, SaleView};
use crate::db::list::Page;
use crate::views::cash::pages::TicketHeader;

/// Sales of one payment method.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct MethodTotalView {
    pub method: String,
    pub label: String,
    pub amount: String,
}

/// `/admin/ventas`: today's sales of the branch, by payment method, and the last documents.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SalesHubPage {
    pub count: i64,
    pub total: String,
    pub by_method: Vec<MethodTotalView>,
    pub recent: Vec<SaleRowView>,
}

/// A bank account to choose for a transfer.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BankOptionView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub label: String,
    /// What the account holds now (decimal text, may be negative), for admin and user: a payment
    /// that would leave it below zero is warned about before it is sent. `null` for a cashier.
    pub balance: Option<String>,
}

/// `/admin/ventas/notaventa`: what the POS needs before the first scan.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PosPage {
    /// The client of a sale until another is chosen.
    pub final_consumer: SaleClientView,
    /// Whether the user has an open shift (cash, card and transfer sales need one).
    pub has_open_turn: bool,
    pub bank_accounts: Vec<BankOptionView>,
    /// Admin and user may sell at another price.
    pub can_change_price: bool,
    /// The cashier's «Descuento máximo del cajero (%)» (`"0"`: no manual discounts); `None` for
    /// admin and user, who discount freely.
    pub max_discount: Option<String>,
    /// Where facturas go when it is not the SRI itself (`ebilling::pages::sri_target`).
    pub sri_target: Option<String>,
}

/// The printable sales note (A4 and 80 mm).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SaleNotePrint {
    pub header: TicketHeader,
    pub sale: SaleView,
    pub printed_at: String,
    /// The internal credit notes against it (each links its own printouts).
    pub credit_notes: Vec<CreditNoteLinkView>,
}

/// A credit note a printout links to.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CreditNoteLinkView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub number: String,
}

/// The printable internal credit note (A4 and 80 mm): the note, its client and its returned lines
/// in the shape of sale lines (the sales note's printouts are built from them).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CreditNotePrint {
    pub header: TicketHeader,
    pub note: CreditNoteView,
    pub client: SaleClientView,
    pub lines: Vec<super::note::SaleLineView>,
    pub printed_at: String,
}

/// `/admin/ventas/notaCredito`: the branch's credit notes.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CreditNotesPage {
    pub list: Page<CreditNoteView>,
}

/// `/admin/ventas/cotizador`: the branch's quotes.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct QuotesPage {
    pub list: Page<super::quote::QuoteRowView>,
}

/// The printable quote on A4 (`/tickets/quoter/A4PDF?id={id}`).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct QuotePrint {
    pub header: TicketHeader,
    /// `null` when the link names no quote (no `?id=`).
    pub quote: Option<super::quote::QuoteView>,
    pub printed_at: String,
}
