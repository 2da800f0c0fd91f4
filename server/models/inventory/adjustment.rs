//! Inventory adjustments: a header (number per branch, warehouse, reason) and its lines (signed
//! quantity: positive enters, negative leaves). Registered once, never edited or deleted: a wrong
//! adjustment is corrected by another.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{adjustment_lines, adjustments};

crate::row_structs! {
    /// An adjustment header.
    #[derive(Debug, Clone, Queryable, Selectable)]
    #[diesel(table_name = adjustments)]
    pub struct Adjustment;

    /// A header to insert.
    #[derive(Debug, Clone, Insertable)]
    #[diesel(table_name = adjustments)]
    pub struct NewAdjustment;

    pub(row) id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub number: i64,
    pub date: NaiveDateTime,
    pub warehouse_id: i64,
    pub mode: String,
    pub reason: String,
    pub note: Option<String>,
    pub user_id: Option<i64>,
    pub created_at: NaiveDateTime,
}

/// A line: `(product_id, signed quantity, unit cost)`.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = adjustment_lines)]
pub struct AdjustmentLine {
    pub id: i64,
    pub adjustment_id: i64,
    pub product_id: i64,
    pub quantity: i64,
    pub unit_cost: i64,
}

crate::models::inventory::document::stock_document!(
    Adjustment,
    NewAdjustment,
    "adjustment",
    adjustments,
    adjustment_lines,
    adjustment_id
);
