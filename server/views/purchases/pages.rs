//! Data of the purchases pages (`/admin/compras/...`): one page of the list and what the forms
//! choose from, built from the same functions as the APIs.

use serde::Serialize;
use ts_rs::TS;

use crate::db::list::Page;
use crate::views::inventory::warehouse::CellarOptionView;
use crate::views::sales::pages::BankOptionView;

use super::payable::{PayableView, SupplierStatementView};
use super::purchase::PurchaseView;

/// An IVA code a purchase line may carry, with the percent the totals charge.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseIvaView {
    pub code: String,
    pub label: String,
    pub percent: u32,
}

/// A code and its Spanish name (expense categories).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseOptionView {
    pub value: String,
    pub label: String,
}

/// A supplier to pick in a selector.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SupplierOptionView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    pub identification: String,
    pub credit_days: i32,
}

/// What every purchase form chooses from: bank accounts, IVA codes, today's date (the company's).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseFormView {
    pub bank_accounts: Vec<BankOptionView>,
    pub iva_codes: Vec<PurchaseIvaView>,
    /// `AAAA-MM-DD` in the company's zone.
    pub today: String,
}

/// `/admin/compras/mercaderia`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct MerchandisePage {
    pub list: Page<PurchaseView>,
    pub form: PurchaseFormView,
    pub cellars: Vec<CellarOptionView>,
}

/// `/admin/compras/gastos`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ExpensesPage {
    pub list: Page<PurchaseView>,
    pub form: PurchaseFormView,
    pub categories: Vec<PurchaseOptionView>,
}

/// `/admin/compras/manual`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ManualPurchasesPage {
    pub list: Page<PurchaseView>,
    pub form: PurchaseFormView,
}

/// `/admin/compras/cuentasPorPagar`: the payables (filters `supplierId`, `status=open`,
/// `overdue=true`), the suppliers to filter by, and the bank accounts a payment may come from.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PayablesPage {
    pub list: Page<PayableView>,
    pub suppliers: Vec<SupplierOptionView>,
    pub bank_accounts: Vec<BankOptionView>,
}

/// `/admin/compras/estadoCuentaProveedor`: the suppliers and the statement of `?supplierId=`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SupplierStatementPage {
    pub suppliers: Vec<SupplierOptionView>,
    pub statement: Option<SupplierStatementView>,
}
