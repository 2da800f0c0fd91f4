//! Transfers between warehouses (guías de remisión): header with the guía's data (carrier, plate,
//! dates, addresses) ready for the electronic guía, and lines. Registered once, never edited.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page, SortKey, dated_page};
use crate::db::schema::{transfer_lines, transfers};
use crate::db::search::search_fold;
use crate::models::config::company::Company;
use crate::models::inventory::document::{StockDocument, StockLine};
use crate::models::{CompanyId, ListQuery};

/// A transfer header.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = transfers)]
pub struct Transfer {
    pub id: i64,
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

/// A header to insert (the same fields without the id).
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = transfers)]
pub struct NewTransfer {
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

type Query = ListQuery<transfers::table, Transfer>;

const SORTS: &[SortKey<Query>] = &[
    SortKey::by::<transfers::date, transfers::id>("date"),
    SortKey::by::<transfers::number, transfers::id>("number"),
];

impl StockDocument for Transfer {
    const KIND: &'static str = "transfer";
    type New = NewTransfer;

    fn id(&self) -> i64 {
        self.id
    }

    fn user_id(&self) -> Option<i64> {
        self.user_id
    }

    fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        params: &ListParams,
    ) -> QueryResult<Page<Transfer>> {
        let zone = Company::zone(conn, company)?;
        dated_page(
            conn,
            params,
            zone,
            || -> Query {
                transfers::table
                    .select(Transfer::as_select())
                    .filter(transfers::company_id.eq(company.get()))
                    .filter(transfers::branch_office_id.eq(branch_office_id))
                    .into_boxed()
            },
            |query, pattern| {
                query.filter(search_fold(transfers::reason).like(pattern).escape('\\'))
            },
            transfers::date,
            SORTS,
        )
    }

    fn find(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<Option<Transfer>> {
        transfers::table
            .filter(transfers::company_id.eq(company.get()))
            .filter(transfers::id.eq(id))
            .select(Transfer::as_select())
            .first(conn)
            .optional()
    }

    fn lines_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<StockLine>> {
        transfer_lines::table
            .inner_join(transfers::table)
            .filter(transfers::company_id.eq(company.get()))
            .filter(transfer_lines::transfer_id.eq_any(ids.to_vec()))
            .order(transfer_lines::id.asc())
            .select((
                transfer_lines::transfer_id,
                transfer_lines::product_id,
                transfer_lines::quantity,
                transfer_lines::unit_cost,
            ))
            .load(conn)
    }

    fn next_number(conn: &mut DbConnection, branch_office_id: i64) -> QueryResult<i64> {
        let max: Option<i64> = transfers::table
            .filter(transfers::branch_office_id.eq(branch_office_id))
            .select(diesel::dsl::max(transfers::number))
            .first(conn)?;
        Ok(max.unwrap_or(0) + 1)
    }

    fn insert(conn: &mut DbConnection, new: &NewTransfer) -> QueryResult<i64> {
        diesel::insert_into(transfers::table)
            .values(new)
            .returning(transfers::id)
            .get_result(conn)
    }

    fn insert_line(
        conn: &mut DbConnection,
        document_id: i64,
        product_id: i64,
        quantity: i64,
        unit_cost: i64,
    ) -> QueryResult<usize> {
        diesel::insert_into(transfer_lines::table)
            .values((
                transfer_lines::transfer_id.eq(document_id),
                transfer_lines::product_id.eq(product_id),
                transfer_lines::quantity.eq(quantity),
                transfer_lines::unit_cost.eq(unit_cost),
            ))
            .execute(conn)
    }
}

/// Takes the lock that numbers a branch's documents, after the stock rows
/// ([`crate::db::branch_lock::numbering`]).
pub fn lock_branch_numbering(conn: &mut DbConnection, branch_office_id: i64) -> QueryResult<()> {
    crate::db::branch_lock::numbering(conn, branch_office_id)
}
