//! The kardex: append-only, one row per movement of a product in a warehouse, with the running
//! balance after it. Rows are inserted by the movement service and never updated or deleted.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::batch::Batch;
use crate::db::schema::kardex;
use crate::models::CompanyId;

/// A kardex row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = kardex)]
pub struct KardexRow {
    pub id: i64,
    pub company_id: i64,
    pub product_id: i64,
    pub warehouse_id: i64,
    pub created_at: NaiveDateTime,
    pub movement_type: String,
    pub document_type: String,
    pub document_id: Option<i64>,
    pub document_number: Option<String>,
    pub quantity_in: i64,
    pub quantity_out: i64,
    pub unit_cost: i64,
    pub total_cost: i64,
    pub balance_quantity: i64,
    pub average_cost: i64,
    pub balance_value: i64,
    pub user_id: Option<i64>,
    /// The source document's own date when it is not the day the row was recorded.
    pub document_date: Option<NaiveDate>,
}

/// A row to append (`None` stored as NULL, so that the insert's SQL never varies and stays
/// prepared).
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = kardex, treat_none_as_default_value = false)]
pub struct NewKardexRow<'a> {
    pub company_id: i64,
    pub product_id: i64,
    pub warehouse_id: i64,
    pub created_at: NaiveDateTime,
    pub movement_type: &'a str,
    pub document_type: &'a str,
    pub document_id: Option<i64>,
    pub document_number: Option<&'a str>,
    pub quantity_in: i64,
    pub quantity_out: i64,
    pub unit_cost: i64,
    pub total_cost: i64,
    pub balance_quantity: i64,
    pub average_cost: i64,
    pub balance_value: i64,
    pub user_id: Option<i64>,
    /// The source document's own date when it is not the day the row was recorded.
    pub document_date: Option<NaiveDate>,
}

/// Which rows of the kardex to read.
#[derive(Debug, Clone)]
pub struct KardexQuery {
    pub product_id: i64,
    pub warehouse_id: Option<i64>,
    /// Warehouses the rows may come from (the branch's) when no warehouse is given.
    pub warehouses: Vec<i64>,
    pub from: Option<NaiveDateTime>,
    pub to: Option<NaiveDateTime>,
}

impl KardexRow {
    /// Appends rows as a write of `batch` (nothing when there are none): one statement of a
    /// bind per column on PostgreSQL ([`crate::unnest_insert`]), one cached statement each on
    /// SQLite.
    pub fn append<'q>(batch: &mut Batch<'_, 'q>, rows: &'q [NewKardexRow<'q>]) -> QueryResult<()> {
        if !rows.is_empty() {
            batch.add(
                || {
                    crate::unnest_insert!(
                        kardex,
                        rows,
                        [
                            company_id,
                            product_id,
                            warehouse_id,
                            created_at,
                            movement_type,
                            document_type,
                            document_id,
                            document_number,
                            quantity_in,
                            quantity_out,
                            unit_cost,
                            total_cost,
                            balance_quantity,
                            average_cost,
                            balance_value,
                            user_id,
                            document_date,
                        ]
                    )
                },
                rows.iter()
                    .map(|row| diesel::insert_into(kardex::table).values(row)),
            )?;
        }
        Ok(())
    }

    fn filtered(
        company: CompanyId,
        q: &KardexQuery,
    ) -> kardex::BoxedQuery<'static, crate::db::DbBackend> {
        let mut query = kardex::table
            .filter(kardex::company_id.eq(company.get()))
            .filter(kardex::product_id.eq(q.product_id))
            .into_boxed();
        query = match q.warehouse_id {
            Some(w) => query.filter(kardex::warehouse_id.eq(w)),
            None => query.filter(kardex::warehouse_id.eq_any(q.warehouses.clone())),
        };
        query
    }

    /// One page of the rows in the range, oldest first, and the total.
    pub fn page(
        conn: &mut DbConnection,
        company: CompanyId,
        q: &KardexQuery,
        offset: i64,
        limit: i64,
    ) -> QueryResult<(Vec<KardexRow>, i64)> {
        let ranged = || {
            let mut query = Self::filtered(company, q);
            if let Some(from) = q.from {
                query = query.filter(kardex::created_at.ge(from));
            }
            if let Some(to) = q.to {
                query = query.filter(kardex::created_at.lt(to));
            }
            query
        };
        let total = ranged().count().get_result(conn)?;
        let rows = ranged()
            .order(kardex::id.asc())
            .offset(offset)
            .limit(limit)
            .select(KardexRow::as_select())
            .load(conn)?;
        Ok((rows, total))
    }

    /// The last row before `from` in each warehouse (the opening balance of the range).
    pub fn before(
        conn: &mut DbConnection,
        company: CompanyId,
        q: &KardexQuery,
        from: NaiveDateTime,
    ) -> QueryResult<Vec<KardexRow>> {
        Self::last_in_each(conn, company, q, |query| {
            query.filter(kardex::created_at.lt(from))
        })
    }

    /// The last row before the row `id` in each warehouse: the balances a page of the kardex
    /// starts from (rows are appended, so ids run in the order of the movements).
    pub fn before_row(
        conn: &mut DbConnection,
        company: CompanyId,
        q: &KardexQuery,
        id: i64,
    ) -> QueryResult<Vec<KardexRow>> {
        Self::last_in_each(conn, company, q, |query| query.filter(kardex::id.lt(id)))
    }

    /// The last row of each warehouse of the selection that `restrict` keeps: one indexed
    /// lookup per warehouse (a branch has a handful), so an old balance of a quiet warehouse is
    /// found however many rows the others have.
    fn last_in_each(
        conn: &mut DbConnection,
        company: CompanyId,
        q: &KardexQuery,
        restrict: impl Fn(
            kardex::BoxedQuery<'static, crate::db::DbBackend>,
        ) -> kardex::BoxedQuery<'static, crate::db::DbBackend>,
    ) -> QueryResult<Vec<KardexRow>> {
        let warehouses = match q.warehouse_id {
            Some(w) => vec![w],
            None => q.warehouses.clone(),
        };
        let mut last = Vec::new();
        for w in warehouses {
            let one = KardexQuery {
                warehouse_id: Some(w),
                ..q.clone()
            };
            if let Some(row) = restrict(Self::filtered(company, &one))
                .order(kardex::id.desc())
                .select(KardexRow::as_select())
                .first(conn)
                .optional()?
            {
                last.push(row);
            }
        }
        Ok(last)
    }

    /// The company's latest movements in some warehouses (hub), newest first.
    pub fn latest(
        conn: &mut DbConnection,
        company: CompanyId,
        warehouses: &[i64],
        limit: i64,
    ) -> QueryResult<Vec<KardexRow>> {
        kardex::table
            .filter(kardex::company_id.eq(company.get()))
            .filter(kardex::warehouse_id.eq_any(warehouses.to_vec()))
            .order(kardex::id.desc())
            .limit(limit)
            .select(KardexRow::as_select())
            .load(conn)
    }

    /// Whether a product or a warehouse has any movement (they cannot be deleted then).
    pub fn has_movements(
        conn: &mut DbConnection,
        company: CompanyId,
        product_id: Option<i64>,
        warehouse_id: Option<i64>,
    ) -> QueryResult<bool> {
        let mut query = kardex::table
            .filter(kardex::company_id.eq(company.get()))
            .into_boxed();
        if let Some(p) = product_id {
            query = query.filter(kardex::product_id.eq(p));
        }
        if let Some(w) = warehouse_id {
            query = query.filter(kardex::warehouse_id.eq(w));
        }
        Ok(query
            .select(kardex::id)
            .first::<i64>(conn)
            .optional()?
            .is_some())
    }

    /// Which of the `(product, warehouse)` pairs have a movement of the company: on PostgreSQL
    /// one statement for all the pairs' products, on SQLite one cached lookup per pair.
    pub fn with_movements(
        conn: &mut DbConnection,
        company: CompanyId,
        pairs: &[(i64, i64)],
    ) -> QueryResult<Vec<(i64, i64)>> {
        let products: Vec<i64> = pairs.iter().map(|p| p.0).collect();
        let of_company = || {
            kardex::table
                .filter(kardex::company_id.eq(company.get()))
                .select((kardex::product_id, kardex::warehouse_id))
        };
        let asked: std::collections::HashSet<&(i64, i64)> = pairs.iter().collect();
        let found: Vec<(i64, i64)> = crate::db::bulk::find_each(
            conn,
            || {
                of_company()
                    .filter(kardex::product_id.eq_any(&products))
                    .distinct()
            },
            pairs.iter().map(|&(p, w)| {
                of_company()
                    .filter(kardex::product_id.eq(p))
                    .filter(kardex::warehouse_id.eq(w))
            }),
        )?;
        Ok(found.into_iter().filter(|p| asked.contains(p)).collect())
    }

    /// Names of the company's users among `ids` (who posted each row).
    pub fn user_names(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<std::collections::HashMap<i64, String>> {
        use crate::db::schema::users;
        Ok(users::table
            .filter(users::company_id.eq(company.get()))
            .filter(users::id.eq_any(ids.to_vec()))
            .select((users::id, users::name))
            .load::<(i64, String)>(conn)?
            .into_iter()
            .collect())
    }
}
