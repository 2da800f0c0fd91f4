//! Stock, the kardex and the inventory hub as the API shows them.

use serde::Serialize;
use ts_rs::TS;

/// The source document of a kardex row.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct KardexDocumentView {
    #[serde(rename = "type")]
    pub doc_type: String,
    #[serde(rename = "_id")]
    pub id: Option<i64>,
    pub number: Option<String>,
}

/// One kardex row (`{_id, date, type, document, quantityIn, …, user}`).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct KardexRowView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// When the row was recorded: ISO date and time with the company's offset
    /// (`2026-11-26T10:24:00-05:00`).
    pub date: String,
    /// The source document's own date (`2026-11-25`) when it is not the day the row was
    /// recorded (a purchase dated earlier); `null` otherwise.
    pub document_date: Option<String>,
    #[serde(rename = "type")]
    pub movement_type: String,
    pub document: KardexDocumentView,
    pub cellar_id: i64,
    /// The warehouse's name (the kardex of all the branch's warehouses shows it per row).
    pub cellar_name: String,
    pub quantity_in: String,
    pub quantity_out: String,
    pub unit_cost: String,
    pub total_cost: String,
    pub balance_quantity: String,
    pub average_cost: String,
    pub balance_value: String,
    /// The balance of every warehouse of the selection after this row (equal to
    /// `balanceQuantity` for one warehouse; for «Todas las de la sucursal», the branch's, since
    /// `balanceQuantity` is the row's own warehouse's); `null` where there is no running order
    /// (the hub's latest movements).
    pub branch_balance: Option<String>,
    pub user: Option<String>,
}

/// The balance before the range.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct KardexOpeningView {
    pub balance_quantity: String,
    pub average_cost: String,
    pub balance_value: String,
}

/// `GET /api/inventory/kardex`: `{opening, results}`, oldest first, with the page counters.
#[derive(Debug, Clone, Serialize, TS)]
pub struct KardexView {
    pub opening: KardexOpeningView,
    pub results: Vec<KardexRowView>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// One row of the stock list.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StockRowView {
    pub product_id: i64,
    pub code: String,
    pub name: String,
    pub cellar_id: i64,
    pub cellar_name: String,
    pub quantity: String,
    pub min_stock: String,
    pub average_cost: String,
    pub value: String,
    /// Below the product's minimum.
    pub low: bool,
}

/// `GET /api/inventory/stock`: one page of the rows (like every list: `total` rows in all) and
/// the value of all of them.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StockListView {
    pub results: Vec<StockRowView>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
    pub total_value: String,
}

/// The inventory hub: stock value of the branch, products below their minimum, last movements.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct InventoryHubView {
    pub stock_value: String,
    pub products: i64,
    pub low_stock: Vec<StockRowView>,
    pub last_movements: Vec<HubMovementView>,
}

/// A recent movement on the hub.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct HubMovementView {
    pub product_name: String,
    pub row: KardexRowView,
}

/// The kardex page: the branch's warehouses, the chosen product and its kardex.
#[derive(Debug, Clone, Serialize, TS)]
pub struct KardexPage {
    pub cellars: Vec<super::warehouse::CellarOptionView>,
    pub product: Option<super::product::ProductView>,
    pub kardex: Option<KardexView>,
    /// The products a `search` (code, barcode or part of the name) matched when it did not
    /// name exactly one (at most 20).
    pub matches: Vec<KardexMatchView>,
}

/// A product found by the kardex's search.
#[derive(Debug, Clone, Serialize, TS)]
pub struct KardexMatchView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub code: String,
    pub name: String,
}

/// The stock list page.
#[derive(Debug, Clone, Serialize, TS)]
pub struct StockListPage {
    pub cellars: Vec<super::warehouse::CellarOptionView>,
    pub stock: StockListView,
}
