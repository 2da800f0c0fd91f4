//! Inventory adjustments: a header (number per branch, warehouse, reason) and its lines (signed
//! quantity: positive enters, negative leaves). Registered once, never edited or deleted: a wrong
//! adjustment is corrected by another.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::list::{ListParams, Page, SortKey, paginate};
use crate::db::schema::{adjustment_lines, adjustments};
use crate::db::search::search_fold;
use crate::db::{DbBackend, DbConnection};
use crate::models::CompanyId;

/// An adjustment header.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = adjustments)]
pub struct Adjustment {
    pub id: i64,
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

/// A header to insert.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = adjustments)]
pub struct NewAdjustment {
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

type Query = diesel::dsl::IntoBoxed<
    'static,
    diesel::dsl::Select<adjustments::table, diesel::dsl::AsSelect<Adjustment, DbBackend>>,
    DbBackend,
>;

const SORTS: &[SortKey<Query>] = crate::sort_keys![Query, adjustments::id;
    "date" => adjustments::date,
    "number" => adjustments::number,
];

impl Adjustment {
    /// One page of the branch's adjustments (newest first by default through `order=desc`).
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        params: &ListParams,
    ) -> QueryResult<Page<Adjustment>> {
        let (from, to) = params.time_range();
        let filtered = || {
            let mut query: Query = adjustments::table
                .select(Adjustment::as_select())
                .filter(adjustments::company_id.eq(company.get()))
                .filter(adjustments::branch_office_id.eq(branch_office_id))
                .into_boxed();
            if let Some(pattern) = params.search_pattern() {
                query = query.filter(search_fold(adjustments::reason).like(pattern).escape('\\'));
            }
            if let Some(from) = from {
                query = query.filter(adjustments::date.ge(from));
            }
            if let Some(to) = to {
                query = query.filter(adjustments::date.lt(to));
            }
            query
        };
        paginate(conn, params, filtered, SORTS)
    }

    /// One adjustment of the company.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<Adjustment>> {
        adjustments::table
            .filter(adjustments::company_id.eq(company.get()))
            .filter(adjustments::id.eq(id))
            .select(Adjustment::as_select())
            .first(conn)
            .optional()
    }

    /// The lines of an adjustment of the company, reached through their adjustment (a join).
    pub fn lines(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Vec<AdjustmentLine>> {
        adjustment_lines::table
            .inner_join(adjustments::table)
            .filter(adjustments::company_id.eq(company.get()))
            .filter(adjustment_lines::adjustment_id.eq(id))
            .order(adjustment_lines::id.asc())
            .select(AdjustmentLine::as_select())
            .load(conn)
    }

    /// The next number of the branch (the caller holds the branch's number lock).
    pub fn next_number(conn: &mut DbConnection, branch_office_id: i64) -> QueryResult<i64> {
        let max: Option<i64> = adjustments::table
            .filter(adjustments::branch_office_id.eq(branch_office_id))
            .select(diesel::dsl::max(adjustments::number))
            .first(conn)?;
        Ok(max.unwrap_or(0) + 1)
    }

    /// Inserts the header; returns its id.
    pub fn insert(conn: &mut DbConnection, new: &NewAdjustment) -> QueryResult<i64> {
        diesel::insert_into(adjustments::table)
            .values(new)
            .returning(adjustments::id)
            .get_result(conn)
    }

    /// Inserts a line.
    pub fn insert_line(
        conn: &mut DbConnection,
        adjustment_id: i64,
        product_id: i64,
        quantity: i64,
        unit_cost: i64,
    ) -> QueryResult<usize> {
        diesel::insert_into(adjustment_lines::table)
            .values((
                adjustment_lines::adjustment_id.eq(adjustment_id),
                adjustment_lines::product_id.eq(product_id),
                adjustment_lines::quantity.eq(quantity),
                adjustment_lines::unit_cost.eq(unit_cost),
            ))
            .execute(conn)
    }
}
