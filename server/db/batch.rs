//! Writes sent to the database together: on PostgreSQL one statement for all of them, each write
//! an item of a data-modifying `WITH`; on SQLite each write runs when it is added, as any other.
//!
//! Why: on PostgreSQL every statement is a round trip, and the writes that end a document (a
//! sale's header, lines, payments, kardex rows, stock balances, line in the shift and report
//! summary) run while the document holds the locks that the next document of the same emission
//! point, products and shift waits for. Measured on the 2-core machine with 8 terminals selling
//! the same products, a sale held its locks for 7 ms, of which the server worked 2.3 ms: the
//! rest were the 15 round trips between the locks and the commit. Sent as one statement those
//! writes are one round trip. SQLite is embedded (a statement costs no round trip) and runs
//! every write in its writer thread, so there nothing is gained by holding writes back.
//!
//! A [`Batch`] holds the connection for as long as it lives, so nothing can read the database
//! while a write is pending: such a read would see the write on SQLite and not on PostgreSQL. So
//! a caller reads and locks first, then adds its writes, then sends them. PostgreSQL's rules of
//! `WITH` apply to the writes of one batch: they all run on one snapshot and none sees the rows of
//! another, so two writes of a batch never touch the same row, and a write that must only happen
//! when an earlier one touched a row says so with [`Batch::add_if`]. Constraints are checked when
//! the statement ends, so a line may reference a header inserted by the same batch.
//!
//! Written by hand because diesel has no pipelining nor a way to join statements; the joined
//! statement is built from the writes' own diesel statements ([`QueryFragment`]), so each write
//! keeps its typed columns and binds.

use diesel::pg::{Pg, PgConnection};
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::query_dsl::methods::ExecuteDsl;
use diesel::sql_types::{Array, BigInt, HasSqlType};
use diesel::sqlite::SqliteConnection;
use diesel::{QueryResult, RunQueryDsl};

use super::DbConnection;

/// A PostgreSQL write kept for [`Batch::send`].
type Kept<'q> = Box<dyn QueryFragment<Pg> + 'q>;

/// Writes of one transaction on their way to the database. See the module comment.
pub struct Batch<'c, 'q> {
    conn: &'c mut DbConnection,
    /// PostgreSQL: the writes added, to send as one statement.
    kept: Vec<Kept<'q>>,
    /// SQLite: the rows each write touched when it ran.
    rows: Vec<usize>,
}

/// One write of a batch, to ask [`Sent::rows`] how many rows it touched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Write(usize);

/// What a sent batch did.
#[derive(Debug, Clone, Default)]
pub struct Sent {
    rows: Vec<usize>,
}

impl Sent {
    /// Rows `write` inserted, updated or deleted.
    pub fn rows(&self, write: Write) -> usize {
        self.rows.get(write.0).copied().unwrap_or(0)
    }
}

impl<'c, 'q> Batch<'c, 'q> {
    /// A batch on `conn` (which must be in a write transaction).
    pub fn on(conn: &'c mut DbConnection) -> Self {
        Batch {
            conn,
            kept: Vec::new(),
            rows: Vec::new(),
        }
    }

    /// Adds a write: `all` (one statement, built only on PostgreSQL, kept for [`Batch::send`]) or
    /// the statements of `each` (built and run now, only on SQLite). Both are the same write, as
    /// in [`super::bulk::execute`]. `all` must not end in `RETURNING` (the batch adds its own),
    /// and its text must not depend on how many rows it writes: one row, or a
    /// [`crate::unnest_insert`] (see [`Together`]).
    pub fn add<A, E>(
        &mut self,
        all: impl FnOnce() -> A,
        each: impl IntoIterator<Item = E>,
    ) -> QueryResult<Write>
    where
        A: QueryFragment<Pg> + 'q,
        E: RunQueryDsl<SqliteConnection> + ExecuteDsl<SqliteConnection>,
    {
        match self.conn {
            DbConnection::Postgres(_) => {
                self.kept.push(Box::new(all()));
                Ok(Write(self.kept.len() - 1))
            }
            DbConnection::Sqlite(lite) => {
                let mut n = 0;
                for statement in each {
                    n += statement.execute(lite)?;
                }
                self.rows.push(n);
                Ok(Write(self.rows.len() - 1))
            }
        }
    }

    /// Adds a write that happens only when `after` (an earlier write of this batch) touched some
    /// row: on PostgreSQL `all` gets the name of `after`'s `WITH` item, whose rows its statement
    /// reads (`… SELECT … FROM <name>`, one row per row `after` touched); on SQLite `each` runs
    /// only if `after` touched a row.
    pub fn add_if<A, E>(
        &mut self,
        after: Write,
        all: impl FnOnce(&str) -> A,
        each: impl IntoIterator<Item = E>,
    ) -> QueryResult<Write>
    where
        A: QueryFragment<Pg> + 'q,
        E: RunQueryDsl<SqliteConnection> + ExecuteDsl<SqliteConnection>,
    {
        let skipped = matches!(self.conn, DbConnection::Sqlite(_))
            && self.rows.get(after.0).copied().unwrap_or(0) == 0;
        if skipped {
            self.rows.push(0);
            return Ok(Write(self.rows.len() - 1));
        }
        let source = item_name(after.0);
        self.add(|| all(&source), each)
    }

    /// Sends the writes (on PostgreSQL one statement; on SQLite they already ran) and tells what
    /// each did. An error leaves the transaction to roll back, as any failed write.
    pub fn send(self) -> QueryResult<Sent> {
        match self.conn {
            DbConnection::Sqlite(_) => Ok(Sent { rows: self.rows }),
            DbConnection::Postgres(_) if self.kept.is_empty() => Ok(Sent::default()),
            DbConnection::Postgres(pg) => {
                let counts: Vec<i64> = Together(&self.kept).get_result(pg)?;
                Ok(Sent {
                    rows: counts
                        .into_iter()
                        .map(|n| usize::try_from(n).unwrap_or(0))
                        .collect(),
                })
            }
        }
    }
}

/// The name of the `WITH` item of write `i`.
fn item_name(i: usize) -> String {
    format!("w{i}")
}

/// The writes of a batch as one PostgreSQL statement:
/// `WITH w0 AS (<write> RETURNING 1), w1 AS (…) SELECT ARRAY[(SELECT count(*) FROM w0), …]`,
/// kept prepared under its text (diesel's cache of a statement without a static type): its
/// parse and plan were a third of the server's work on a sale, inside the sale's locks. The text
/// depends on which writes the batch has, never on how many rows they write, as long as every
/// multi-row write is a [`crate::unnest_insert`] (or another statement whose rows are array
/// binds): a batch of diesel's `insert_into(…).values(rows)` would be prepared anew for each row
/// count and kept, and the cache of prepared statements would only grow.
struct Together<'a, 'q>(&'a [Kept<'q>]);

impl QueryFragment<Pg> for Together<'_, '_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        for (i, write) in self.0.iter().enumerate() {
            out.push_sql(if i == 0 { "WITH " } else { ", " });
            out.push_sql(&item_name(i));
            out.push_sql(" AS (");
            write.walk_ast(out.reborrow())?;
            out.push_sql(" RETURNING 1)");
        }
        out.push_sql(" SELECT ARRAY[");
        for i in 0..self.0.len() {
            if i > 0 {
                out.push_sql(", ");
            }
            out.push_sql("(SELECT count(*) FROM ");
            out.push_sql(&item_name(i));
            out.push_sql(")");
        }
        out.push_sql("]::int8[]");
        Ok(())
    }

    fn is_safe_to_cache_prepared(&self, _backend: &Pg) -> QueryResult<bool> {
        // See the type's comment: cached under its text, which the row counts do not change.
        Ok(true)
    }
}

impl QueryId for Together<'_, '_> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for Together<'_, '_> {
    type SqlType = Array<BigInt>;
}

impl RunQueryDsl<PgConnection> for Together<'_, '_> {}

/// A PostgreSQL statement written as text with its binds in place, for the writes of a batch
/// that diesel's DSL cannot build (an `UPDATE … FROM unnest(…)`, an `INSERT … SELECT … FROM` an
/// earlier write). diesel's `sql_query` numbers its placeholders by hand (`$1`), which clash
/// when two statements are joined; here every [`Sql::bind`] is numbered where it lands.
#[derive(Default)]
pub struct Sql<'q> {
    parts: Vec<Part<'q>>,
}

enum Part<'q> {
    Text(String),
    Bind(Box<dyn QueryFragment<Pg> + 'q>),
}

impl<'q> Sql<'q> {
    /// A statement starting with `text`.
    pub fn new(text: &str) -> Self {
        Sql::default().sql(text)
    }

    /// Appends `text`.
    pub fn sql(mut self, text: &str) -> Self {
        self.parts.push(Part::Text(text.to_string()));
        self
    }

    /// Appends a placeholder bound to `value` as SQL type `ST`.
    pub fn bind<ST, T>(mut self, value: T) -> Self
    where
        Pg: HasSqlType<ST>,
        ST: diesel::sql_types::SqlType + diesel::expression::TypedExpressionType + 'q,
        T: diesel::expression::AsExpression<ST>,
        T::Expression: QueryFragment<Pg> + 'q,
    {
        self.parts.push(Part::Bind(Box::new(value.as_expression())));
        self
    }
}

impl QueryFragment<Pg> for Sql<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        for part in &self.parts {
            match part {
                Part::Text(text) => out.push_sql(text),
                Part::Bind(value) => value.walk_ast(out.reborrow())?,
            }
        }
        Ok(())
    }
}

/// The SQL type of a column whose values have the Rust type `Self`: what
/// [`crate::unnest_insert`] binds an array of.
pub trait ColumnType {
    type Sql: diesel::sql_types::SqlType + diesel::sql_types::SingleValue + 'static;
}

macro_rules! column_types {
    ($($rust:ty => $sql:ty),* $(,)?) => {
        $(impl ColumnType for $rust {
            type Sql = $sql;
        })*
    };
}

column_types! {
    i64 => BigInt,
    i32 => diesel::sql_types::Integer,
    bool => diesel::sql_types::Bool,
    str => diesel::sql_types::Text,
    String => diesel::sql_types::Text,
    chrono::NaiveDate => diesel::sql_types::Date,
    chrono::NaiveDateTime => diesel::sql_types::Timestamp,
}

impl<T: ColumnType + ?Sized> ColumnType for &T {
    type Sql = T::Sql;
}

impl<T: ColumnType> ColumnType for Option<T>
where
    T::Sql: diesel::sql_types::SqlType<IsNull = diesel::sql_types::is_nullable::NotNull>,
{
    type Sql = diesel::sql_types::Nullable<T::Sql>;
}

impl<'q> Sql<'q> {
    /// Appends one placeholder bound to the array of `value` of every row of `rows`.
    pub fn values<R, T>(self, rows: &[R], value: impl Fn(&R) -> T) -> Self
    where
        T: ColumnType + diesel::serialize::ToSql<T::Sql, Pg> + std::fmt::Debug + 'q,
        Pg: HasSqlType<T::Sql>,
    {
        self.bind::<Array<T::Sql>, _>(rows.iter().map(value).collect::<Vec<T>>())
    }
}

/// The PostgreSQL form of a multi-row insert as a write of a batch: `INSERT INTO $table (c1, …)
/// SELECT * FROM unnest($1, …)`, the values of each column — the field of that name of every
/// row of `$rows` (cloned), with the SQL type of its Rust type ([`ColumnType`]) — bound as one
/// array. Its text does not depend on the number of rows (diesel's `VALUES (…), (…)` has a
/// placeholder per value), so the batch it goes into is prepared once per shape and kept, and any
/// number of rows stays one bind per column (PostgreSQL takes at most 65,535 binds per statement).
/// The column names are checked against the schema when compiled. An optional `tail` follows
/// (`ON CONFLICT …`).
///
/// `unnest_insert!(kardex, rows, [company_id, product_id, …])`
#[macro_export]
macro_rules! unnest_insert {
    ($table:ident, $rows:expr, [$first:ident $(, $column:ident)* $(,)?] $(, tail: $tail:expr)?) => {{
        use $crate::db::schema::$table;
        let _ = ($table::$first, $($table::$column),*);
        let rows = $rows;
        $crate::db::batch::Sql::new(concat!(
            "INSERT INTO ", stringify!($table), " (", stringify!($first),
            $(", ", stringify!($column),)* ") SELECT * FROM unnest("
        ))
        .values(rows, |r| r.$first.clone())
        $(.sql(", ").values(rows, |r| r.$column.clone()))*
        .sql(")")
        $(.sql($tail))?
    }};
}
