//! Statements over a handful of rows (a sale's lines, their kardex rows, their products), run the
//! way each backend does them fastest: on PostgreSQL one statement for all the rows (each round
//! trip to the server was a tenth of a sale), on SQLite one cached statement per row (no round
//! trip to save in an embedded database, and a multi-row statement of a different length for
//! every sale would be prepared anew each time).
//!
//! The caller builds both forms with diesel's static DSL: `all` (a closure, built only on
//! PostgreSQL) and `each` (an iterator of one statement per row, built only on SQLite). Both run
//! on the backend's own connection ([`super::native`]). Rows are selected with
//! [`super::native::columns`], never `as_select()`, whose type names one backend.

use std::collections::HashMap;
use std::hash::Hash;

use diesel::dsl::Limit;
use diesel::pg::PgConnection;
use diesel::query_dsl::methods::{ExecuteDsl, LimitDsl, LoadQuery};
use diesel::sqlite::SqliteConnection;
use diesel::{OptionalExtension, QueryResult, RunQueryDsl};

use super::DbConnection;

/// Executes `all` (PostgreSQL) or each statement of `each` (SQLite); returns the rows touched.
pub fn execute<A, E>(
    conn: &mut DbConnection,
    all: impl FnOnce() -> A,
    each: impl IntoIterator<Item = E>,
) -> QueryResult<usize>
where
    A: RunQueryDsl<PgConnection> + ExecuteDsl<PgConnection>,
    E: RunQueryDsl<SqliteConnection> + ExecuteDsl<SqliteConnection>,
{
    match conn {
        DbConnection::Postgres(pg) => all().execute(pg),
        DbConnection::Sqlite(lite) => {
            let mut n = 0;
            for statement in each {
                n += statement.execute(lite)?;
            }
            Ok(n)
        }
    }
}

/// Inserts rows and returns their ids in the order of `keys` (one key per row, unique among
/// them). On PostgreSQL `all` is one multi-row insert `RETURNING (key, id)`: the order of
/// `RETURNING` is not promised, so each id is matched by its row's key. On SQLite each statement
/// of `each` inserts one row `RETURNING id`, in order.
pub fn insert_ids<'q, K, A, E>(
    conn: &mut DbConnection,
    keys: impl IntoIterator<Item = K>,
    all: impl FnOnce() -> A,
    each: impl IntoIterator<Item = E>,
) -> QueryResult<Vec<i64>>
where
    K: Eq + Hash,
    A: RunQueryDsl<PgConnection> + LoadQuery<'q, PgConnection, (K, i64)>,
    E: RunQueryDsl<SqliteConnection> + LoadQuery<'q, SqliteConnection, i64>,
{
    match conn {
        DbConnection::Postgres(pg) => {
            let mut by_key: HashMap<K, i64> = all().get_results(pg)?.into_iter().collect();
            keys.into_iter()
                .map(|key| by_key.remove(&key))
                .collect::<Option<Vec<i64>>>()
                .ok_or(diesel::result::Error::NotFound)
        }
        DbConnection::Sqlite(lite) => each
            .into_iter()
            .map(|statement| statement.get_result(lite))
            .collect(),
    }
}

/// Rows found by several ids: on PostgreSQL `all` (one statement, with `= ANY($1)`: the ids
/// bound as one array, so the statement is the same for any number of them); on SQLite the
/// first row of each statement of `each` (one cached lookup per id, faster for a sale's few
/// products than an `IN` list that diesel prepares anew for every length), those found.
pub fn find_each<'q, U, A, E>(
    conn: &mut DbConnection,
    all: impl FnOnce() -> A,
    each: impl IntoIterator<Item = E>,
) -> QueryResult<Vec<U>>
where
    A: RunQueryDsl<PgConnection> + LoadQuery<'q, PgConnection, U>,
    E: LimitDsl + RunQueryDsl<SqliteConnection>,
    Limit<E>: LoadQuery<'q, SqliteConnection, U>,
{
    match conn {
        DbConnection::Postgres(pg) => all().load(pg),
        DbConnection::Sqlite(lite) => {
            let mut found = Vec::new();
            for statement in each {
                if let Some(row) = statement.first(lite).optional()? {
                    found.push(row);
                }
            }
            Ok(found)
        }
    }
}

/// All the rows of several lookups (each may find many rows): on PostgreSQL `all` (one
/// statement, with `= ANY($1)`); on SQLite the rows of each statement of `each` in turn (one
/// cached statement per key).
pub fn load_each<'q, U, A, E>(
    conn: &mut DbConnection,
    all: impl FnOnce() -> A,
    each: impl IntoIterator<Item = E>,
) -> QueryResult<Vec<U>>
where
    A: RunQueryDsl<PgConnection> + LoadQuery<'q, PgConnection, U>,
    E: RunQueryDsl<SqliteConnection> + LoadQuery<'q, SqliteConnection, U>,
{
    match conn {
        DbConnection::Postgres(pg) => all().load(pg),
        DbConnection::Sqlite(lite) => {
            let mut found = Vec::new();
            for statement in each {
                found.extend(statement.load(lite)?);
            }
            Ok(found)
        }
    }
}

/// Makes PostgreSQL plan every statement of the current transaction for its own values
/// (`SET LOCAL plan_cache_mode = force_custom_plan`); nothing on SQLite. For a bulk write into
/// tables that grow while it runs: after five runs PostgreSQL may keep a generic plan of a
/// prepared statement costed while the tables were nearly empty. Sampled during an import of
/// 100,000 rows, the batch's `= ANY` lookups (products by code, barcode owners) were most of
/// the time; with this setting the import took 116 s against 126 s without, on a loaded
/// machine: not a settled gain (see the README's benchmark paragraph).
pub fn plan_for_values(conn: &mut DbConnection) -> QueryResult<()> {
    use diesel::connection::SimpleConnection;
    match conn {
        DbConnection::Postgres(pg) => {
            pg.batch_execute("SET LOCAL plan_cache_mode = force_custom_plan")
        }
        DbConnection::Sqlite(_) => Ok(()),
    }
}

/// Refreshes PostgreSQL's planner statistics of `tables` (`ANALYZE`, in its own transaction:
/// call it between the batches of a bulk write, not inside one); nothing on SQLite, whose
/// planner picks the index of an equality without statistics. Tables that grow from nearly empty
/// to 100,000 rows within one import keep the statistics of their first size unless autovacuum
/// happens to run (it is off on some servers, and lags on all), and PostgreSQL then planned
/// each batch's `code = ANY($1)` as a scan of all the company's products and the stock lock as a
/// hash join over every stock row: each batch a little slower than the one before. Analysing
/// when the import has written 1, 2, 4, 8, … batches keeps the plans right for a few seconds in
/// all.
pub fn analyze(conn: &mut DbConnection, tables: &[&'static str]) -> QueryResult<()> {
    use diesel::connection::SimpleConnection;
    match conn {
        DbConnection::Postgres(pg) if !tables.is_empty() => {
            pg.batch_execute(&format!("ANALYZE {}", tables.join(", ")))
        }
        _ => Ok(()),
    }
}
