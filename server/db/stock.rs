//! The stock rows' hot path, written for each backend: taking a sale's rows (creating the
//! missing ones) and saving their balances. The row type is the caller's (any `S` that reads a
//! whole `stocks` row), so this module needs nothing from `models`.

use chrono::NaiveDateTime;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Timestamp};
use diesel::sqlite::Sqlite;

use super::DbConnection;
use super::batch::{Batch, Sql, Write};
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
                super::native::kept(
                    diesel::sql_query(
                        "SELECT s.* FROM stocks s \
                     JOIN unnest($2::int8[], $3::int8[]) AS k (product_id, warehouse_id) \
                     ON s.product_id = k.product_id AND s.warehouse_id = k.warehouse_id \
                     WHERE s.company_id = $1 \
                     ORDER BY s.product_id, s.warehouse_id FOR UPDATE OF s",
                    )
                    .bind::<BigInt, _>(company)
                    .bind::<Array<BigInt>, _>(products.clone())
                    .bind::<Array<BigInt>, _>(warehouses.clone()),
                )
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
                let row = by_key(company, *key).select(stocks::all_columns);
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

/// The query of [`by_key`].
type ByKey = diesel::dsl::Filter<
    diesel::dsl::Filter<
        diesel::dsl::Filter<stocks::table, diesel::dsl::Eq<stocks::company_id, i64>>,
        diesel::dsl::Eq<stocks::product_id, i64>,
    >,
    diesel::dsl::Eq<stocks::warehouse_id, i64>,
>;

/// The stock row of `company` of `(product, warehouse)`, found through the unique index.
fn by_key(company: i64, (product, warehouse): (i64, i64)) -> ByKey {
    stocks::table
        .filter(stocks::company_id.eq(company))
        .filter(stocks::product_id.eq(product))
        .filter(stocks::warehouse_id.eq(warehouse))
}

/// Saves the balances `(id, quantity, average cost)` of rows of `company` the caller has locked,
/// stamped `at`, as one write of `batch`: on PostgreSQL one statement (a round trip each was a
/// tenth of a sale's), on SQLite one cached statement each ([`fixed`]).
pub fn save_balances<'q>(
    batch: &mut Batch<'_, 'q>,
    company: i64,
    balances: &[(i64, i64, i64)],
    at: NaiveDateTime,
) -> QueryResult<Write> {
    batch.add(
        || {
            let ids = balances.iter().map(|b| b.0).collect::<Vec<_>>();
            let quantities = balances.iter().map(|b| b.1).collect::<Vec<_>>();
            let costs = balances.iter().map(|b| b.2).collect::<Vec<_>>();
            Sql::new(
                "UPDATE stocks s SET quantity = b.quantity, average_cost = b.average_cost, \
                 updated_at = ",
            )
            .bind::<Timestamp, _>(at)
            .sql(" FROM unnest(")
            .bind::<Array<BigInt>, _>(ids)
            .sql(", ")
            .bind::<Array<BigInt>, _>(quantities)
            .sql(", ")
            .bind::<Array<BigInt>, _>(costs)
            .sql(") AS b (id, quantity, average_cost) WHERE s.id = b.id AND s.company_id = ")
            .bind::<BigInt, _>(company)
        },
        balances.iter().map(|&(id, quantity, average_cost)| {
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
        }),
    )
}

/// Inserts stock rows `(product, warehouse, quantity, average cost)` of `company` with their
/// balances, stamped `at`, in the order given, as one write of `batch` (on PostgreSQL one
/// statement of a bind per column, [`crate::unnest_insert`]; on SQLite one cached statement
/// each). For rows that cannot exist yet (their
/// products were created in the caller's transaction), so there is no conflict to handle.
pub fn insert_balances<'q>(
    batch: &mut Batch<'_, 'q>,
    company: i64,
    rows: &[(i64, i64, i64, i64)],
    at: NaiveDateTime,
) -> QueryResult<Write> {
    batch.add(
        || {
            Sql::new(
                "INSERT INTO stocks (company_id, product_id, warehouse_id, quantity, \
                 average_cost, updated_at) SELECT * FROM unnest(",
            )
            .values(rows, |_| company)
            .sql(", ")
            .values(rows, |r| r.0)
            .sql(", ")
            .values(rows, |r| r.1)
            .sql(", ")
            .values(rows, |r| r.2)
            .sql(", ")
            .values(rows, |r| r.3)
            .sql(", ")
            .values(rows, |_| at)
            .sql(")")
        },
        rows.iter()
            .map(|r| diesel::insert_into(stocks::table).values(new_row(company, *r, at))),
    )
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

/// A row of [`lock_numbered`]: the number taken and one stock row locked (none when no row of the
/// keys exists yet).
#[derive(QueryableByName)]
struct Numbered {
    #[diesel(sql_type = BigInt)]
    counter_id: i64,
    #[diesel(sql_type = BigInt)]
    emission_point_id: i64,
    #[diesel(sql_type = diesel::sql_types::Text)]
    point_code: String,
    #[diesel(sql_type = BigInt)]
    number: i64,
    #[diesel(sql_type = diesel::sql_types::Nullable<BigInt>)]
    id: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Nullable<BigInt>)]
    product_id: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Nullable<BigInt>)]
    warehouse_id: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Nullable<BigInt>)]
    quantity: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Nullable<BigInt>)]
    average_cost: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Nullable<Timestamp>)]
    updated_at: Option<NaiveDateTime>,
}

/// A stock row as [`lock_numbered`] gives it: `(id, product, warehouse, quantity, average cost,
/// updated at)`.
pub type StockRow = (i64, i64, i64, i64, i64, NaiveDateTime);

/// A sale's two locks at once: the next number of `doc_type` at the branch's first active
/// emission point ([`super::counter::take`]), then the existing stock rows of `keys` of
/// `company` (sorted by the caller, as for [`lock`]), in that order, the order every sales
/// document takes them. On PostgreSQL one statement, kept prepared: a sale waits once for both,
/// and the counter, which every sale of the emission point waits for, is held one round trip
/// less. On SQLite (the write transaction holds the database) the counter's statements, then a
/// cached read of each row. `None` without an active emission point. Rows missing (stock that
/// never came in) are not created here: the caller takes [`lock`] for them.
pub fn lock_numbered(
    conn: &mut DbConnection,
    company: i64,
    branch_office_id: i64,
    doc_type: &str,
    keys: &[(i64, i64)],
) -> QueryResult<Option<(super::counter::Taken, Vec<StockRow>)>> {
    let DbConnection::Postgres(pg) = conn else {
        let Some(taken) = super::counter::take(conn, company, branch_office_id, doc_type)? else {
            return Ok(None);
        };
        let mut rows = Vec::with_capacity(keys.len());
        for key in keys {
            let row = by_key(company, *key).select((
                stocks::id,
                stocks::product_id,
                stocks::warehouse_id,
                stocks::quantity,
                stocks::average_cost,
                stocks::updated_at,
            ));
            rows.extend(super::native::first::<_, StockRow>(conn, row).optional()?);
        }
        return Ok(Some((taken, rows)));
    };
    let (products, warehouses): (Vec<i64>, Vec<i64>) = keys.iter().copied().unzip();
    let found: Vec<Numbered> = super::native::kept(
        diesel::sql_query(format!(
            "{}, st AS (SELECT s.* FROM stocks s \
             JOIN unnest($4::int8[], $5::int8[]) AS k (product_id, warehouse_id) \
             ON s.product_id = k.product_id AND s.warehouse_id = k.warehouse_id \
             WHERE s.company_id = $1 \
             ORDER BY s.product_id, s.warehouse_id FOR UPDATE OF s) \
             SELECT seq.id AS counter_id, seq.emission_point_id, ep.code AS point_code, \
             seq.last_number AS number, st.id, st.product_id, st.warehouse_id, st.quantity, \
             st.average_cost, st.updated_at \
             FROM seq JOIN ep ON ep.id = seq.emission_point_id LEFT JOIN st ON true",
            super::counter::TAKE_WITH
        ))
        .bind::<BigInt, _>(company)
        .bind::<BigInt, _>(branch_office_id)
        .bind::<diesel::sql_types::Text, _>(doc_type)
        .bind::<Array<BigInt>, _>(products)
        .bind::<Array<BigInt>, _>(warehouses),
    )
    .load(pg)?;
    let Some(first) = found.first() else {
        return Ok(None);
    };
    let taken = super::counter::Taken {
        id: first.counter_id,
        emission_point_id: first.emission_point_id,
        point_code: first.point_code.clone(),
        number: first.number,
    };
    let rows = found
        .into_iter()
        .filter_map(|r| {
            Some((
                r.id?,
                r.product_id?,
                r.warehouse_id?,
                r.quantity?,
                r.average_cost?,
                r.updated_at?,
            ))
        })
        .collect();
    Ok(Some((taken, rows)))
}
