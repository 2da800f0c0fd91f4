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
    // PostgreSQL: `ON CONFLICT DO NOTHING`, then the row `FOR UPDATE`. SQLite: the write
    // transaction already holds the database, so it reads, and creates only the first time.
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

/// Locks the company-wide counter `doc_type` (`company_sequences`, e.g. collection receipts) for
/// the rest of the write transaction, creating it at zero the first time: `(row id, last number)`.
pub fn lock_company(
    conn: &mut DbConnection,
    company_id: i64,
    doc_type: &str,
) -> QueryResult<(i64, i64)> {
    use crate::db::schema::company_sequences as seq;
    let new = (
        seq::company_id.eq(company_id),
        seq::doc_type.eq(doc_type),
        seq::last_number.eq(0i64),
    );
    let key = seq::table
        .filter(seq::company_id.eq(company_id))
        .filter(seq::doc_type.eq(doc_type))
        .select((seq::id, seq::last_number));
    // PostgreSQL: `ON CONFLICT DO NOTHING`, then the row `FOR UPDATE`. SQLite: the write
    // transaction already holds the database, so it reads, and creates only the first time.
    match conn {
        DbConnection::Postgres(pg) => {
            diesel::insert_into(seq::table)
                .values(new)
                .on_conflict((seq::company_id, seq::doc_type))
                .do_nothing()
                .execute(pg)?;
            key.for_update().first(pg)
        }
        DbConnection::Sqlite(lite) => match key.first(lite).optional()? {
            Some(found) => Ok(found),
            None => {
                diesel::insert_into(seq::table).values(new).execute(lite)?;
                key.first(lite)
            }
        },
    }
}

/// Moves company counter row `id` from `last` to `next`; answers how many rows changed.
pub fn store_company(conn: &mut DbConnection, id: i64, last: i64, next: i64) -> QueryResult<usize> {
    use crate::db::schema::company_sequences as seq;
    diesel::update(seq::table.find(id))
        .filter(seq::last_number.eq(last))
        .set(seq::last_number.eq(next))
        .execute(conn)
}

/// The `WITH` items of [`take`] on PostgreSQL, the start of its statement: `ep`, the branch's
/// (`$2`) first active emission point of company `$1`, and `seq`, its counter of `$3` moved on
/// (created at 1 the first time; the upsert's `UPDATE` takes the row lock), `RETURNING id,
/// emission_point_id, last_number`. [`super::stock::lock_numbered`] adds its stock rows to them.
pub(super) const TAKE_WITH: &str = "WITH ep AS (SELECT id, code FROM emission_points \
     WHERE company_id = $1 AND branch_office_id = $2 AND active \
     ORDER BY code LIMIT 1), \
     seq AS (INSERT INTO document_sequences \
     (company_id, emission_point_id, doc_type, last_number) \
     SELECT $1, ep.id, $3, 1 FROM ep \
     ON CONFLICT (emission_point_id, doc_type) \
     DO UPDATE SET last_number = document_sequences.last_number + 1 \
     RETURNING id, emission_point_id, last_number)";

/// A number taken by [`take`]: the counter row, the emission point (id and code) and the number.
#[derive(Debug, Clone, QueryableByName)]
pub struct Taken {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub id: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub emission_point_id: i64,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub point_code: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub number: i64,
}

/// Takes the next number of `doc_type` at the branch's first active emission point (by code),
/// creating the counter the first time, and keeps the counter locked for the rest of the
/// transaction: for a document that, once numbered, is either stored or rolled back with its
/// number. `None` without an active emission point. On PostgreSQL one statement finds the
/// point, moves the counter (its row lock is taken by the `UPDATE` of the upsert) and answers
/// the number (kept prepared, [`super::native::kept`]): the sales of one emission point queue on that lock until commit, so each
/// round trip inside it was paid by every waiting sale. On SQLite (the write transaction
/// already holds the database) the point, the counter and its update, each a cached statement.
pub fn take(
    conn: &mut DbConnection,
    company_id: i64,
    branch_office_id: i64,
    doc_type: &str,
) -> QueryResult<Option<Taken>> {
    use diesel::sql_types::{BigInt, Text};
    if let DbConnection::Postgres(pg) = conn {
        return super::native::kept(
            diesel::sql_query(format!(
                "{TAKE_WITH} SELECT seq.id, seq.emission_point_id, ep.code AS point_code, \
                 seq.last_number AS number \
                 FROM seq JOIN ep ON ep.id = seq.emission_point_id"
            ))
            .bind::<BigInt, _>(company_id)
            .bind::<BigInt, _>(branch_office_id)
            .bind::<Text, _>(doc_type),
        )
        .get_result(pg)
        .optional();
    }
    let Some((point_id, point_code)) = first_emission_point(conn, company_id, branch_office_id)?
    else {
        return Ok(None);
    };
    let (id, last) = lock(conn, company_id, point_id, doc_type)?;
    if store(conn, id, last, last + 1)? != 1 {
        return Err(diesel::result::Error::NotFound);
    }
    Ok(Some(Taken {
        id,
        emission_point_id: point_id,
        point_code,
        number: last + 1,
    }))
}
