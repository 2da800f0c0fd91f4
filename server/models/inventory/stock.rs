//! Stock per (product, warehouse): quantity and weighted average unit cost (millionths). Only the
//! movement service ([`super::movements`]) writes it.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::batch::Batch;
use crate::db::schema::{products, stocks, warehouses};
use crate::models::CompanyId;
use crate::util::time::now;

/// A stock row.
#[derive(Debug, Clone, Queryable, QueryableByName, Selectable)]
#[diesel(table_name = stocks)]
pub struct Stock {
    pub id: i64,
    pub company_id: i64,
    pub product_id: i64,
    pub warehouse_id: i64,
    pub quantity: i64,
    pub average_cost: i64,
    pub updated_at: NaiveDateTime,
}

/// A row of the stock list: the stock, product name, product code, product minimum, warehouse
/// name.
pub type StockListing = (Stock, String, String, i64, String);

impl Stock {
    /// Makes sure a stock row exists for each `(product, warehouse)` and locks them, in the order
    /// given (callers sort by product then warehouse so two transactions never wait on each other
    /// in a cycle); how each backend does it is [`crate::db::stock::lock`]'s business. Returns
    /// the rows in the order of `keys`.
    pub fn lock(
        conn: &mut DbConnection,
        company: CompanyId,
        keys: &[(i64, i64)],
    ) -> QueryResult<Vec<Stock>> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let rows: Vec<Stock> = crate::db::stock::lock(conn, company.get(), keys, now())?;
        keys.iter()
            .map(|&(product, warehouse)| {
                rows.iter()
                    .find(|r| r.product_id == product && r.warehouse_id == warehouse)
                    .cloned()
                    .ok_or(diesel::result::Error::NotFound)
            })
            .collect()
    }

    /// The next number of `doc_type` at the branch's emission point and the company's existing
    /// stock rows of `keys` (sorted), locked together ([`crate::db::stock::lock_numbered`]):
    /// `None` without an active emission point. Rows that do not exist yet are not among them.
    pub fn lock_numbered(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        doc_type: &str,
        keys: &[(i64, i64)],
    ) -> QueryResult<Option<(crate::db::counter::Taken, Vec<Stock>)>> {
        let found =
            crate::db::stock::lock_numbered(conn, company.get(), branch_office_id, doc_type, keys)?;
        Ok(found.map(|(taken, rows)| {
            let rows = rows
                .into_iter()
                .map(
                    |(id, product_id, warehouse_id, quantity, average_cost, updated_at)| Stock {
                        id,
                        company_id: company.get(),
                        product_id,
                        warehouse_id,
                        quantity,
                        average_cost,
                        updated_at,
                    },
                )
                .collect();
            (taken, rows)
        }))
    }

    /// Saves the balances `(id, quantity, average cost)` of the company's rows the caller has
    /// locked ([`Self::lock`]), as a write of `batch`; a row of another company is left alone.
    pub fn save_all(
        batch: &mut Batch<'_, '_>,
        company: CompanyId,
        balances: &[(i64, i64, i64)],
    ) -> QueryResult<()> {
        if !balances.is_empty() {
            crate::db::stock::save_balances(batch, company.get(), balances, now())?;
        }
        Ok(())
    }

    /// Inserts the rows `(product, warehouse, quantity, average cost)` of the company, which the
    /// caller knows do not exist (their products are new in its transaction), with these balances
    /// ([`crate::db::stock::insert_balances`]), as a write of `batch`.
    pub fn insert_all(
        batch: &mut Batch<'_, '_>,
        company: CompanyId,
        rows: &[(i64, i64, i64, i64)],
    ) -> QueryResult<()> {
        if !rows.is_empty() {
            crate::db::stock::insert_balances(batch, company.get(), rows, now())?;
        }
        Ok(())
    }

    /// Stock rows of `product_ids` in the warehouses of a branch, with the warehouse name:
    /// `(stock, warehouse name)`, by product and warehouse.
    pub fn of_products_in_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        product_ids: &[i64],
    ) -> QueryResult<Vec<(Stock, String)>> {
        stocks::table
            .inner_join(warehouses::table)
            .filter(stocks::company_id.eq(company.get()))
            .filter(warehouses::branch_office_id.eq(branch_office_id))
            .filter(stocks::product_id.eq_any(product_ids.to_vec()))
            .order((
                stocks::product_id.asc(),
                warehouses::is_default.desc(),
                warehouses::name.asc(),
            ))
            .select((Stock::as_select(), warehouses::name))
            .load(conn)
    }

    /// One stock row, if any.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        product_id: i64,
        warehouse_id: i64,
    ) -> QueryResult<Option<Stock>> {
        stocks::table
            .filter(stocks::company_id.eq(company.get()))
            .filter(stocks::product_id.eq(product_id))
            .filter(stocks::warehouse_id.eq(warehouse_id))
            .select(Stock::as_select())
            .first(conn)
            .optional()
    }

    /// Stock of a warehouse (or of every warehouse of the branch): `(stock, product name, product
    /// code, minimum, warehouse name)`, searched by product name or code, optionally only rows at
    /// or below the product's minimum; by product name.
    pub fn listing(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        warehouse_id: Option<i64>,
        search: Option<String>,
        low_only: bool,
        limit: i64,
    ) -> QueryResult<Vec<StockListing>> {
        use crate::db::search::search_fold;
        let mut query = stocks::table
            .inner_join(warehouses::table)
            .inner_join(products::table)
            .filter(stocks::company_id.eq(company.get()))
            .filter(warehouses::branch_office_id.eq(branch_office_id))
            .filter(products::active.eq(true))
            .into_boxed();
        if let Some(w) = warehouse_id {
            query = query.filter(stocks::warehouse_id.eq(w));
        }
        if let Some(pattern) = search {
            query = query.filter(
                search_fold(products::name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(search_fold(products::code).like(pattern).escape('\\')),
            );
        }
        if low_only {
            query = query.filter(stocks::quantity.lt(products::min_stock));
        }
        query
            .order((
                products::name.asc(),
                products::id.asc(),
                warehouses::name.asc(),
            ))
            .limit(limit)
            .select((
                Stock::as_select(),
                products::name,
                products::code,
                products::min_stock,
                warehouses::name,
            ))
            .load(conn)
    }
}
