//! Transfers between warehouses (guías de remisión): header with the guía's data (carrier, plate,
//! dates, addresses) ready for the electronic guía, and lines. Registered once, never edited.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::{transfer_lines, transfers};

crate::row_structs! {
    /// A transfer header.
    #[derive(Debug, Clone, Queryable, Selectable)]
    #[diesel(table_name = transfers)]
    pub struct Transfer;

    /// A header to insert (the same fields without the id).
    #[derive(Debug, Clone, Insertable)]
    #[diesel(table_name = transfers)]
    pub struct NewTransfer;

    pub(row) id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub number: i64,
    pub date: NaiveDateTime,
    pub from_warehouse_id: i64,
    pub to_warehouse_id: i64,
    pub reason: String,
    pub note: Option<String>,
    pub carrier_name: Option<String>,
    pub carrier_identification: Option<String>,
    pub plate: Option<String>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub origin_address: Option<String>,
    pub destination_address: Option<String>,
    pub user_id: Option<i64>,
    pub created_at: NaiveDateTime,
}

/// A line.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = transfer_lines)]
pub struct TransferLine {
    pub id: i64,
    pub transfer_id: i64,
    pub product_id: i64,
    pub quantity: i64,
    pub unit_cost: i64,
}

crate::models::inventory::document::stock_document!(
    Transfer,
    NewTransfer,
    "transfer",
    transfers,
    transfer_lines,
    transfer_id
);

/// Takes the lock that numbers a branch's documents, after the stock rows
/// ([`crate::db::branch_lock::numbering`]).
pub fn lock_branch_numbering(conn: &mut DbConnection, branch_office_id: i64) -> QueryResult<()> {
    crate::db::branch_lock::numbering(conn, branch_office_id)
}
