//! Receivables (cuentas por cobrar): the list, a receivable with its payments, collection
//! receipts, the account statement and the aging report. Money as decimal strings.

use serde::Serialize;
use ts_rs::TS;

use crate::domain::states::ReceivableStatus;

/// A receivable of the list.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReceivableView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub client_id: i64,
    pub client_name: String,
    pub sale_id: i64,
    /// The sale's number (`001-001-000000123`).
    pub document: String,
    /// `AAAA-MM-DD` (company's day).
    pub issue_date: String,
    pub due_date: String,
    pub amount: String,
    /// amount − balance (collections and credit notes).
    pub paid: String,
    pub balance: String,
    pub status: ReceivableStatus,
    /// Days past the due date (0 when not due or paid).
    pub days_overdue: i64,
}

/// One payment of a receivable: the part of a receipt allocated to it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReceivablePaymentView {
    pub receipt_id: i64,
    pub number: i64,
    /// ISO date-time with the company's offset.
    pub date: String,
    pub method: String,
    /// What of the receipt went to this receivable.
    pub amount: String,
    pub receipt_amount: String,
    pub reference: Option<String>,
    pub reversed: bool,
    pub reversed_at: Option<String>,
    pub reversal_reason: Option<String>,
}

/// `GET /api/cxc/{id}`: a receivable with its payments.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReceivableDetailView {
    #[serde(flatten)]
    pub receivable: ReceivableView,
    pub payments: Vec<ReceivablePaymentView>,
}

/// How much of a receipt went to one receivable.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AllocationView {
    pub receivable_id: i64,
    pub document: String,
    pub amount: String,
    /// The receivable's balance now.
    pub balance: String,
}

/// The client of a receipt or statement.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ClientRefView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    pub identification: String,
    pub email: Option<String>,
}

/// A collection receipt (`POST /api/cxc/collect`, its reversal, its printout).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// Numbered per company, gapless.
    pub number: i64,
    pub date: String,
    pub client: ClientRefView,
    /// cash, transfer, card or cheque.
    pub method: String,
    /// Money received.
    pub amount: String,
    /// Allocated to receivables (money plus credit used).
    pub applied: String,
    /// Earlier credit (saldo a favor) this receipt used.
    pub credit_used: String,
    /// Money left over, kept as the client's credit.
    pub left_over: String,
    pub bank_account_id: Option<i64>,
    pub reference: Option<String>,
    pub allocations: Vec<AllocationView>,
    /// The client's credit (saldo a favor) now.
    pub remaining_credit: String,
    /// What the client still owes now.
    pub outstanding: String,
    pub user: String,
    pub reversed: bool,
    pub reversed_at: Option<String>,
    pub reversal_reason: Option<String>,
}

/// A line of the account statement.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StatementLineView {
    /// `AAAA-MM-DD` (company's day).
    pub date: String,
    pub document: String,
    pub charge: String,
    pub payment: String,
    pub balance: String,
}

/// `GET /api/cxc/statement`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StatementView {
    pub client: ClientRefView,
    pub from: String,
    pub to: String,
    pub opening_balance: String,
    pub lines: Vec<StatementLineView>,
    pub total_charges: String,
    pub total_payments: String,
    pub closing_balance: String,
    /// The company's name (printout header).
    pub company: String,
}

/// Aging buckets of open balances.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AgingBucketsView {
    /// Por vencer.
    pub not_due: String,
    pub days1_to30: String,
    pub days31_to60: String,
    pub days61_to90: String,
    pub over90: String,
    pub total: String,
}

/// A client's row of the aging report.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AgingClientView {
    pub client_id: i64,
    pub name: String,
    #[serde(flatten)]
    pub buckets: AgingBucketsView,
}

/// `GET /api/cxc/aging`: buckets per client (largest debt first) and in total.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AgingView {
    /// The day the ages are measured on.
    pub date: String,
    pub clients: Vec<AgingClientView>,
    pub total: AgingBucketsView,
    /// Past due (every bucket but «por vencer»).
    pub overdue: String,
}

/// The hub `/admin/cxc`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CxcHubView {
    pub total: String,
    pub overdue: String,
    pub aging: AgingBucketsView,
    /// The five clients that owe most.
    pub top_debtors: Vec<AgingClientView>,
}

/// Data of `/admin/cxc/cobrarCxC`: clients with open balances or credit, bank accounts.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CollectPageView {
    pub client: Option<ClientRefView>,
    pub open: Vec<ReceivableView>,
    pub credit: String,
    pub bank_accounts: Vec<crate::views::sales::pages::BankOptionView>,
    pub debtors: Vec<AgingClientView>,
    /// The receipt just printed (`?receipt=`), if any.
    pub receipt: Option<ReceiptView>,
}

/// `/admin/cxc/listaCxC`.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ReceivablesPage {
    pub list: crate::db::list::Page<ReceivableView>,
}

/// A client to choose (statement, collection).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ClientOptionView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
}

/// `/admin/cxc/estadoCuenta`: clients with receivables, and the statement of `?clientId=`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StatementPage {
    pub clients: Vec<ClientOptionView>,
    pub statement: Option<StatementView>,
}

/// Printouts of the area (receipt 80 mm and A4, statement A4): the issuer's header and the
/// document.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptPrint {
    pub header: crate::views::cash::pages::TicketHeader,
    pub receipt: ReceiptView,
    pub printed_at: String,
}

/// `/tickets/cxc/{id}/estado_de_cuenta`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StatementPrint {
    pub header: crate::views::cash::pages::TicketHeader,
    pub statement: StatementView,
    pub printed_at: String,
}
