//! Stock per (product, warehouse): quantity and weighted average unit cost (millionths). Only the
//! movement service ([`super::movements`]) writes it.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Timestamp};

use crate::db::DbConnection;
use crate::db::native::fixed;
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
    /// in a cycle). On PostgreSQL the missing rows are inserted in one statement and another
    /// takes them all `FOR UPDATE` by their keys, in that order; SQLite's write transaction (`BEGIN
    /// IMMEDIATE`) already holds the whole database, so there each row is read by its key and
    /// only a missing one is inserted (one cached statement per key). Every lookup goes through
    /// the unique `(product_id, warehouse_id)` index. Returns the rows in the order of `keys`.
    pub fn lock(
        conn: &mut DbConnection,
        company: CompanyId,
        keys: &[(i64, i64)],
    ) -> QueryResult<Vec<Stock>> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let at = now();
        let new = |&(product, warehouse): &(i64, i64)| {
            (
                stocks::company_id.eq(company.get()),
                stocks::product_id.eq(product),
                stocks::warehouse_id.eq(warehouse),
                stocks::quantity.eq(0i64),
                stocks::average_cost.eq(0i64),
                stocks::updated_at.eq(at),
            )
        };
        let rows: Vec<Stock> = match conn {
            DbConnection::Postgres(pg) => {
                let all: Vec<_> = keys.iter().map(new).collect();
                diesel::insert_into(stocks::table)
                    .values(all)
                    .on_conflict((stocks::product_id, stocks::warehouse_id))
                    .do_nothing()
                    .execute(pg)?;
                // One statement locks them all, each row found by its key on the unique
                // `(product_id, warehouse_id)` index (a join with the keys: two `ANY` lists once
                // got a generic plan that walked a whole warehouse's stock), and `FOR UPDATE`
                // locks them in the order the `ORDER BY` returns them: the fixed order.
                let (products, warehouses): (Vec<i64>, Vec<i64>) = keys.iter().copied().unzip();
                diesel::sql_query(
                    "SELECT s.* FROM stocks s \
                     JOIN unnest($2::int8[], $3::int8[]) AS k (product_id, warehouse_id) \
                     ON s.product_id = k.product_id AND s.warehouse_id = k.warehouse_id \
                     WHERE s.company_id = $1 \
                     ORDER BY s.product_id, s.warehouse_id FOR UPDATE OF s",
                )
                .bind::<BigInt, _>(company.get())
                .bind::<Array<BigInt>, _>(products)
                .bind::<Array<BigInt>, _>(warehouses)
                .load(pg)?
            }
            DbConnection::Sqlite(lite) => {
                let mut rows = Vec::with_capacity(keys.len());
                for key in keys {
                    let row = stocks::table
                        .filter(stocks::company_id.eq(company.get()))
                        .filter(stocks::product_id.eq(key.0))
                        .filter(stocks::warehouse_id.eq(key.1))
                        .select(Stock::as_select());
                    let found = match row.first(lite).optional()? {
                        Some(found) => found,
                        None => {
                            diesel::insert_into(stocks::table)
                                .values(new(key))
                                .execute(lite)?;
                            row.first(lite)?
                        }
                    };
                    rows.push(found);
                }
                rows
            }
        };
        keys.iter()
            .map(|&(product, warehouse)| {
                rows.iter()
                    .find(|r| r.product_id == product && r.warehouse_id == warehouse)
                    .cloned()
                    .ok_or(diesel::result::Error::NotFound)
            })
            .collect()
    }

    /// Saves the balances `(id, quantity, average cost)` of locked rows: on PostgreSQL in one
    /// statement (a round trip each was a tenth of a sale's), on SQLite one cached statement each.
    pub fn save_all(conn: &mut DbConnection, balances: &[(i64, i64, i64)]) -> QueryResult<()> {
        match conn {
            DbConnection::Postgres(pg) => {
                let ids = balances.iter().map(|b| b.0).collect::<Vec<_>>();
                let quantities = balances.iter().map(|b| b.1).collect::<Vec<_>>();
                let costs = balances.iter().map(|b| b.2).collect::<Vec<_>>();
                diesel::sql_query(
                    "UPDATE stocks s SET quantity = b.quantity, average_cost = b.average_cost, \
                     updated_at = $4 \
                     FROM unnest($1::int8[], $2::int8[], $3::int8[]) \
                     AS b (id, quantity, average_cost) WHERE s.id = b.id",
                )
                .bind::<Array<BigInt>, _>(ids)
                .bind::<Array<BigInt>, _>(quantities)
                .bind::<Array<BigInt>, _>(costs)
                .bind::<Timestamp, _>(now())
                .execute(pg)?;
            }
            DbConnection::Sqlite(_) => {
                for &(id, quantity, average_cost) in balances {
                    Self::save(conn, id, quantity, average_cost)?;
                }
            }
        }
        Ok(())
    }

    /// Saves the balance of a locked row.
    pub fn save(
        conn: &mut DbConnection,
        id: i64,
        quantity: i64,
        average_cost: i64,
    ) -> QueryResult<usize> {
        let update = fixed(diesel::update(stocks::table.find(id)).set((
            stocks::quantity.eq(quantity),
            stocks::average_cost.eq(average_cost),
            stocks::updated_at.eq(now()),
        )));
        crate::native!(conn, |c| update.execute(c))
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
