//! Inventory adjustments: a header (number per branch, warehouse, reason) and its lines (signed
//! quantity: positive enters, negative leaves). Registered once, never edited or deleted: a wrong
//! adjustment is corrected by another.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page, SortKey, dated_page};
use crate::db::schema::{adjustment_lines, adjustments};
use crate::db::search::search_fold;
use crate::models::config::company::Company;
use crate::models::inventory::document::{StockDocument, StockLine};
use crate::models::{CompanyId, ListQuery};

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

type Query = ListQuery<adjustments::table, Adjustment>;

const SORTS: &[SortKey<Query>] = &[
    SortKey::by::<adjustments::date, adjustments::id>("date"),
    SortKey::by::<adjustments::number, adjustments::id>("number"),
];

impl StockDocument for Adjustment {
    const KIND: &'static str = "adjustment";
    type New = NewAdjustment;

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
    ) -> QueryResult<Page<Adjustment>> {
        let zone = Company::zone(conn, company)?;
        dated_page(
            conn,
            params,
            zone,
            || -> Query {
                adjustments::table
                    .select(Adjustment::as_select())
                    .filter(adjustments::company_id.eq(company.get()))
                    .filter(adjustments::branch_office_id.eq(branch_office_id))
                    .into_boxed()
            },
            |query, pattern| {
                query.filter(search_fold(adjustments::reason).like(pattern).escape('\\'))
            },
            adjustments::date,
            SORTS,
        )
    }

    fn find(
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

    fn lines_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<StockLine>> {
        adjustment_lines::table
            .inner_join(adjustments::table)
            .filter(adjustments::company_id.eq(company.get()))
            .filter(adjustment_lines::adjustment_id.eq_any(ids.to_vec()))
            .order(adjustment_lines::id.asc())
            .select((
                adjustment_lines::adjustment_id,
                adjustment_lines::product_id,
                adjustment_lines::quantity,
                adjustment_lines::unit_cost,
            ))
            .load(conn)
    }

    fn next_number(conn: &mut DbConnection, branch_office_id: i64) -> QueryResult<i64> {
        let max: Option<i64> = adjustments::table
            .filter(adjustments::branch_office_id.eq(branch_office_id))
            .select(diesel::dsl::max(adjustments::number))
            .first(conn)?;
        Ok(max.unwrap_or(0) + 1)
    }

    fn insert(conn: &mut DbConnection, new: &NewAdjustment) -> QueryResult<i64> {
        diesel::insert_into(adjustments::table)
            .values(new)
            .returning(adjustments::id)
            .get_result(conn)
    }

    fn insert_line(
        conn: &mut DbConnection,
        document_id: i64,
        product_id: i64,
        quantity: i64,
        unit_cost: i64,
    ) -> QueryResult<usize> {
        diesel::insert_into(adjustment_lines::table)
            .values((
                adjustment_lines::adjustment_id.eq(document_id),
                adjustment_lines::product_id.eq(product_id),
                adjustment_lines::quantity.eq(quantity),
                adjustment_lines::unit_cost.eq(unit_cost),
            ))
            .execute(conn)
    }
}
