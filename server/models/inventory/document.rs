//! The stock document building block: a header numbered per branch (adjustments, transfers;
//! purchases next) and its lines `(product, quantity, unit cost)`. Every kind has the same
//! queries on its own two tables, written out in each kind's model file (the list through
//! [`crate::db::list::dated_page`]).

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::models::CompanyId;

/// One line of any stock document, under its document's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable)]
pub struct StockLine {
    pub document_id: i64,
    pub product_id: i64,
    /// Millionths; signed for adjustments (negative leaves).
    pub quantity: i64,
    pub unit_cost: i64,
}

/// A kind of stock document: its header row and the queries on its tables.
pub trait StockDocument: Sized {
    /// The document type the kardex rows name.
    const KIND: &'static str;
    /// The header to insert.
    type New;

    fn id(&self) -> i64;
    fn user_id(&self) -> Option<i64>;

    /// One page of the branch's documents, searched by reason and filtered by date.
    fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        params: &ListParams,
    ) -> QueryResult<Page<Self>>;
    /// One document of the company.
    fn find(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<Option<Self>>;
    /// The lines of these documents of the company, in order (one query for a whole page).
    fn lines_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<StockLine>>;
    /// The next number of the branch (the caller holds the branch's number lock).
    fn next_number(conn: &mut DbConnection, branch_office_id: i64) -> QueryResult<i64>;
    /// Inserts the header; returns its id.
    fn insert(conn: &mut DbConnection, new: &Self::New) -> QueryResult<i64>;
    /// Inserts a line.
    fn insert_line(
        conn: &mut DbConnection,
        document_id: i64,
        product_id: i64,
        quantity: i64,
        unit_cost: i64,
    ) -> QueryResult<usize>;
}
