//! The stock rows' hot path, written for each backend: taking a sale's rows (creating the
//! missing ones) and saving their balances. The row type is the caller's (any `S` that reads a
//! whole `stocks` row), so this module needs nothing from `models`.

use chrono::NaiveDateTime;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Timestamp};
use diesel::sqlite::Sqlite;

use super::DbConnection;
use super::native::fixed;
use super::schema::stocks;

/// Makes sure a stock row of `company` exists for each `(product, warehouse)` of `keys` and
/// locks them, in the order given (callers sort by product then warehouse so two transactions
/// never wait on each other in a cycle). On PostgreSQL one statement takes them all `FOR
/// UPDATE` by their keys, in that order (and, when some are missing, one inserts those and
/// another takes them all again); SQLite's
/// write transaction (`BEGIN IMMEDIATE`) already holds the whole database, so there each row is
/// read by its key and only a missing one is inserted (one cached statement per key). Every
/// lookup goes through the unique `(product_id, warehouse_id)` index. New rows are empty, stamped
/// `at`. Returns the rows, in no promised order.
pub fn lock<S>(
    conn: &mut DbConnection,
    company: i64,
    keys: &[(i64, i64)],
    at: NaiveDateTime,
) -> QueryResult<Vec<S>>
where
    S: QueryableByName<Pg> + Queryable<stocks::SqlType, Sqlite> + 'static,
{
    let new = |&(product, warehouse): &(i64, i64)| new_row(company, (product, warehouse, 0, 0), at);
    match conn {
        DbConnection::Postgres(pg) => {
            // One statement locks them all, each row found by its key on the unique
            // `(product_id, warehouse_id)` index (a join with the keys: two `ANY` lists once
            // got a generic plan that walked a whole warehouse's stock), and `FOR UPDATE`
            // locks them in the order the `ORDER BY` returns them: the fixed order. The rows
            // nearly always exist (stock came in before it goes out), so the missing ones are
            // inserted only when the lock finds fewer rows than keys, and all taken again.
            let (products, warehouses): (Vec<i64>, Vec<i64>) = keys.iter().copied().unzip();
            let lock_all = || {
                diesel::sql_query(
                    "SELECT s.* FROM stocks s \
                     JOIN unnest($2::int8[], $3::int8[]) AS k (product_id, warehouse_id) \
                     ON s.product_id = k.product_id AND s.warehouse_id = k.warehouse_id \
                     WHERE s.company_id = $1 \
                     ORDER BY s.product_id, s.warehouse_id FOR UPDATE OF s",
                )
                .bind::<BigInt, _>(company)
                .bind::<Array<BigInt>, _>(products.clone())
                .bind::<Array<BigInt>, _>(warehouses.clone())
            };
            let rows: Vec<S> = lock_all().load(pg)?;
            if rows.len() == keys.len() {
                return Ok(rows);
            }
            let all: Vec<_> = keys.iter().map(new).collect();
            diesel::insert_into(stocks::table)
                .values(all)
                .on_conflict((stocks::product_id, stocks::warehouse_id))
                .do_nothing()
                .execute(pg)?;
            lock_all().load(pg)
        }
        DbConnection::Sqlite(lite) => {
            let mut rows = Vec::with_capacity(keys.len());
            for key in keys {
                // Every column in the table's order: the SQL (and cache key) of the row type's
                // `as_select()`.
                let row = stocks::table
                    .filter(stocks::company_id.eq(company))
                    .filter(stocks::product_id.eq(key.0))
                    .filter(stocks::warehouse_id.eq(key.1))
                    .select(stocks::all_columns);
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
            Ok(rows)
        }
    }
}

/// Saves the balances `(id, quantity, average cost)` of rows of `company` the caller has locked,
/// stamped `at`: on PostgreSQL in one statement (a round trip each was a tenth of a sale's), on
/// SQLite one cached statement each ([`fixed`]).
pub fn save_balances(
    conn: &mut DbConnection,
    company: i64,
    balances: &[(i64, i64, i64)],
    at: NaiveDateTime,
) -> QueryResult<()> {
    match conn {
        DbConnection::Postgres(pg) => {
            let ids = balances.iter().map(|b| b.0).collect::<Vec<_>>();
            let quantities = balances.iter().map(|b| b.1).collect::<Vec<_>>();
            let costs = balances.iter().map(|b| b.2).collect::<Vec<_>>();
            diesel::sql_query(
                "UPDATE stocks s SET quantity = b.quantity, average_cost = b.average_cost, \
                 updated_at = $4 \
                 FROM unnest($1::int8[], $2::int8[], $3::int8[]) \
                 AS b (id, quantity, average_cost) WHERE s.id = b.id AND s.company_id = $5",
            )
            .bind::<Array<BigInt>, _>(ids)
            .bind::<Array<BigInt>, _>(quantities)
            .bind::<Array<BigInt>, _>(costs)
            .bind::<Timestamp, _>(at)
            .bind::<BigInt, _>(company)
            .execute(pg)?;
        }
        DbConnection::Sqlite(lite) => {
            for &(id, quantity, average_cost) in balances {
                fixed(
                    diesel::update(
                        stocks::table
                            .filter(stocks::company_id.eq(company))
                            .filter(stocks::id.eq(id)),
                    )
                    .set((
                        stocks::quantity.eq(quantity),
                        stocks::average_cost.eq(average_cost),
                        stocks::updated_at.eq(at),
                    )),
                )
                .execute(lite)?;
            }
        }
    }
    Ok(())
}

/// Inserts stock rows `(product, warehouse, quantity, average cost)` of `company` with their
/// balances, stamped `at`, in the order given: on PostgreSQL in one statement, on SQLite one
/// cached statement each ([`super::bulk::execute`]). For rows that cannot exist yet (their
/// products were created in the caller's transaction), so there is no conflict to handle.
pub fn insert_balances(
    conn: &mut DbConnection,
    company: i64,
    rows: &[(i64, i64, i64, i64)],
    at: NaiveDateTime,
) -> QueryResult<()> {
    let row = |r: &(i64, i64, i64, i64)| new_row(company, *r, at);
    super::bulk::execute(
        conn,
        || diesel::insert_into(stocks::table).values(rows.iter().map(row).collect::<Vec<_>>()),
        rows.iter()
            .map(|r| diesel::insert_into(stocks::table).values(row(r))),
    )?;
    Ok(())
}

/// The values of a new stock row.
type NewRow = (
    diesel::dsl::Eq<stocks::company_id, i64>,
    diesel::dsl::Eq<stocks::product_id, i64>,
    diesel::dsl::Eq<stocks::warehouse_id, i64>,
    diesel::dsl::Eq<stocks::quantity, i64>,
    diesel::dsl::Eq<stocks::average_cost, i64>,
    diesel::dsl::Eq<stocks::updated_at, NaiveDateTime>,
);

/// A new stock row of `company`: `(product, warehouse, quantity, average cost)`, stamped `at`.
fn new_row(
    company: i64,
    (product, warehouse, quantity, average): (i64, i64, i64, i64),
    at: NaiveDateTime,
) -> NewRow {
    (
        stocks::company_id.eq(company),
        stocks::product_id.eq(product),
        stocks::warehouse_id.eq(warehouse),
        stocks::quantity.eq(quantity),
        stocks::average_cost.eq(average),
        stocks::updated_at.eq(at),
    )
}
