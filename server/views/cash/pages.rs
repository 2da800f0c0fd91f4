//! Data of the cash pages.

use serde::Serialize;
use ts_rs::TS;

use crate::db::list::Page;
use crate::views::cash::bank::BankAccountView;
use crate::views::cash::barrio::{CnbConfigView, CnbReportView};
use crate::views::cash::register::CashRegisterStateView;
use crate::views::cash::turn::{TurnDetailView, TurnView};

/// `/admin/caja`: my open shift and the branch's registers with their state.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CashHubPage {
    pub my_turn: Option<TurnView>,
    pub registers: Vec<CashRegisterStateView>,
}

/// `/admin/caja/abrirCerrarCaja` and `/admin/caja/Ingresar`: my open shift in detail, the
/// registers I may open and the denominations of a count.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CashDrawerPage {
    pub my_turn: Option<TurnDetailView>,
    pub registers: Vec<CashRegisterStateView>,
    /// Bills then coins, as decimal strings (`"100.00"` … `"0.01"`).
    pub denominations: Vec<String>,
}

/// `/admin/caja/misTurnos` and `/admin/caja/turno/confirmarCierre`: a page of shifts (and the
/// accounts a confirmation may deposit to).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TurnsPage {
    pub list: Page<TurnView>,
    pub bank_accounts: Vec<BankAccountView>,
}

/// A register or a cashier to filter by.
#[derive(Debug, Clone, Serialize, TS)]
pub struct TurnFilterOption {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
}

/// `/admin/caja/historial`: the owner's history of the branch's shifts (counts, differences,
/// confirmations; each links its arqueo) and what it filters by.
#[derive(Debug, Clone, Serialize, TS)]
pub struct TurnHistoryPage {
    pub list: Page<TurnView>,
    pub registers: Vec<TurnFilterOption>,
    pub cashiers: Vec<TurnFilterOption>,
}

/// Who issues a ticket: the header every 80 mm ticket prints (sales tickets reuse it).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TicketHeader {
    pub ruc: String,
    pub business_name: String,
    pub trade_name: Option<String>,
    pub address: String,
    pub branch_name: String,
}

/// The arqueo (cash-count) ticket of a shift; `turn` is `null` when there is none to print.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CashCountTicket {
    pub header: TicketHeader,
    pub turn: Option<TurnDetailView>,
    pub printed_at: String,
}

/// `/admin/banco/bancoDelBarrio`: the agent's configuration, today's report, whether the user may
/// configure (admin) and has an open shift to operate on.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CnbPage {
    pub config: Option<CnbConfigView>,
    pub report: CnbReportView,
    pub can_configure: bool,
    pub has_open_turn: bool,
}

/// The printable day report of Banco del Barrio.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CnbReportTicket {
    pub header: TicketHeader,
    pub report: CnbReportView,
    pub printed_at: String,
}
