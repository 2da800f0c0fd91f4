//! Document counters' rows (`document_sequences`) as each backend locks them. The rules — which
//! counter a document takes, when the number is used, what a moved counter means — live in
//! `services::sales::sequence`; this module only hides that PostgreSQL locks the row with
//! `FOR UPDATE` while SQLite's write transaction (`BEGIN IMMEDIATE`) already holds the database.

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::native::fixed;
use crate::db::schema::{document_sequences, emission_points};

/// The first active emission point of the branch by code: `(id, code)`. Run on every sale, so
/// kept as a prepared statement.
pub fn first_emission_point(
    conn: &mut DbConnection,
    company_id: i64,
    branch_office_id: i64,
) -> QueryResult<Option<(i64, String)>> {
    let point = emission_points::table
        .filter(emission_points::company_id.eq(company_id))
        .filter(emission_points::branch_office_id.eq(branch_office_id))
        .filter(emission_points::active.eq(true))
        .order(emission_points::code.asc())
        .select((emission_points::id, emission_points::code));
    crate::native!(conn, |c| point.first(c).optional())
}

/// Locks the counter row of (`emission_point_id`, `doc_type`) for the rest of the write
/// transaction, creating it at zero the first time: `(row id, last number)`.
pub fn lock(
    conn: &mut DbConnection,
    company_id: i64,
    emission_point_id: i64,
    doc_type: &str,
) -> QueryResult<(i64, i64)> {
    let new = (
        document_sequences::company_id.eq(company_id),
        document_sequences::emission_point_id.eq(emission_point_id),
        document_sequences::doc_type.eq(doc_type),
        document_sequences::last_number.eq(0i64),
    );
    let key = document_sequences::table
        .filter(document_sequences::emission_point_id.eq(emission_point_id))
        .filter(document_sequences::doc_type.eq(doc_type))
        .select((document_sequences::id, document_sequences::last_number));
    match conn {
        DbConnection::Postgres(pg) => {
            diesel::insert_into(document_sequences::table)
                .values(new)
                .on_conflict((
                    document_sequences::emission_point_id,
                    document_sequences::doc_type,
                ))
                .do_nothing()
                .execute(pg)?;
            key.for_update().first(pg)
        }
        // The write transaction holds the database: read, and create only the first time.
        DbConnection::Sqlite(lite) => match key.first(lite).optional()? {
            Some(found) => Ok(found),
            None => {
                diesel::insert_into(document_sequences::table)
                    .values(new)
                    .execute(lite)?;
                key.first(lite)
            }
        },
    }
}

/// Moves counter row `id` from `last` to `next`; answers how many rows changed (0 when the row
/// no longer holds `last`).
pub fn store(conn: &mut DbConnection, id: i64, last: i64, next: i64) -> QueryResult<usize> {
    let update = fixed(
        diesel::update(document_sequences::table.find(id))
            .filter(document_sequences::last_number.eq(last))
            .set(document_sequences::last_number.eq(next)),
    );
    crate::native!(conn, |c| update.execute(c))
}
