//! A line posted to a cash shift under the shift's lock, in one statement on PostgreSQL: the
//! `UPDATE` that locks the shift while it is open and the `INSERT` of the line, joined in a
//! data-modifying `WITH`, kept prepared ([`super::native::kept`]). The sales of a shift queue on its lock, so each round trip inside it
//! was paid by every waiting sale. On SQLite (the write transaction already holds the database,
//! and there is no round trip to save) the caller locks and inserts as before. The row type is
//! the caller's (any `R` read by column name), so this module needs nothing from `models`.

use chrono::NaiveDateTime;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};

use super::DbConnection;
use super::batch::Sql;

/// The values of a new line of `turn_movements`.
#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
    pub kind: &'a str,
    pub payment_method: Option<&'a str>,
    pub amount: i64,
    pub reason: &'a str,
    pub source_type: Option<&'a str>,
    pub source_id: Option<i64>,
    pub user_id: i64,
    pub at: NaiveDateTime,
}

/// On PostgreSQL, locks shift `turn` of `company` if its state is `open` (stamping its
/// `updated_at`) and inserts `line` into it: `Some(Some(row))` when posted, `Some(None)` when the
/// shift is not open (nothing written). On SQLite, `None`: the caller does it in two statements.
pub fn post_if_open<R>(
    conn: &mut DbConnection,
    company: i64,
    turn: i64,
    open: &str,
    line: &Line,
) -> QueryResult<Option<Option<R>>>
where
    R: QueryableByName<Pg> + 'static,
{
    let DbConnection::Postgres(pg) = conn else {
        return Ok(None);
    };
    super::native::kept(
        diesel::sql_query(
            "WITH t AS (UPDATE turns SET updated_at = $9 \
           WHERE company_id = $1 AND id = $2 AND state = $11 RETURNING id) \
         INSERT INTO turn_movements (company_id, turn_id, kind, payment_method, amount, reason, \
           source_type, source_id, user_id, created_at) \
         SELECT $1, t.id, $3, $4, $5, $6, $7, $8, $10, $9 FROM t \
         RETURNING *",
        )
        .bind::<BigInt, _>(company)
        .bind::<BigInt, _>(turn)
        .bind::<Text, _>(line.kind)
        .bind::<Nullable<Text>, _>(line.payment_method)
        .bind::<BigInt, _>(line.amount)
        .bind::<Text, _>(line.reason)
        .bind::<Nullable<Text>, _>(line.source_type)
        .bind::<Nullable<BigInt>, _>(line.source_id)
        .bind::<Timestamp, _>(line.at)
        .bind::<BigInt, _>(line.user_id)
        .bind::<Text, _>(open),
    )
    .get_result(pg)
    .optional()
    .map(Some)
}

/// `line` of shift `turn` of `company` as a write of a [`super::batch::Batch`] that follows the
/// shift's lock in the same batch: `source` is the `WITH` item of the lock's update (one row when
/// the shift was open, none otherwise), so the line is inserted only into an open shift, as
/// [`post_if_open`] does in one statement of its own.
pub fn insert_after<'q>(source: &str, company: i64, turn: i64, line: &Line<'q>) -> Sql<'q> {
    Sql::new(
        "INSERT INTO turn_movements (company_id, turn_id, kind, payment_method, amount, reason, \
         source_type, source_id, user_id, created_at) SELECT ",
    )
    .bind::<BigInt, _>(company)
    .sql(", ")
    .bind::<BigInt, _>(turn)
    .sql(", ")
    .bind::<Text, _>(line.kind)
    .sql(", ")
    .bind::<Nullable<Text>, _>(line.payment_method)
    .sql(", ")
    .bind::<BigInt, _>(line.amount)
    .sql(", ")
    .bind::<Text, _>(line.reason)
    .sql(", ")
    .bind::<Nullable<Text>, _>(line.source_type)
    .sql(", ")
    .bind::<Nullable<BigInt>, _>(line.source_id)
    .sql(", ")
    .bind::<BigInt, _>(line.user_id)
    .sql(", ")
    .bind::<Timestamp, _>(line.at)
    .sql(&format!(" FROM {source}"))
}
