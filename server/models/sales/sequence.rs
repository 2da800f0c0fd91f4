//! Document numbers `estab-ptoEmi-secuencial`: one counter per (emission point, document type).
//!
//! A document takes its counter's lock with [`lock`] at the start of its write transaction and
//! writes the new value with [`advance`] in the same transaction, so a rollback gives the number
//! back: numbers never repeat and never skip, also under concurrency. On PostgreSQL the lock is the
//! row's `FOR UPDATE`; on SQLite the write transaction (`BEGIN IMMEDIATE`) already serialises.
//!
//! Lock order of a sales document: its counter, then stock rows (the inventory service), then the
//! cash shift. Documents that take stock first (adjustments, transfers) never take a counter, so no
//! two transactions wait for each other in a cycle.

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::native::fixed;
use crate::db::schema::{document_sequences, emission_points};
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::config::branch_office::BranchOffice;

/// Document types with their own counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocType {
    SalesNote,
    CreditNote,
}

impl DocType {
    fn as_str(self) -> &'static str {
        match self {
            Self::SalesNote => "sales_note",
            Self::CreditNote => "credit_note",
        }
    }
}

/// Refusal when the branch has no active emission point.
pub const NO_EMISSION_POINT: &str =
    "La sucursal no tiene un punto de emisión activo: agréguelo en Empresa → Sucursales";

/// A counter under lock: where the next number comes from.
#[derive(Debug, Clone)]
pub struct Counter {
    id: i64,
    pub emission_point_id: i64,
    last: i64,
    /// `estab-ptoEmi-` of the numbers.
    prefix: String,
}

impl Counter {
    /// The number the next document gets.
    pub fn next(&self) -> i64 {
        self.last + 1
    }

    /// The full number of sequential `n`.
    pub fn format(&self, n: i64) -> String {
        format!("{}{n:09}", self.prefix)
    }
}

/// Locks the counter of `doc` at the branch's emission point (the first active one by code),
/// creating it at zero the first time.
pub fn lock(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: &BranchOffice,
    doc: DocType,
) -> AppResult<Counter> {
    let point = emission_points::table
        .filter(emission_points::company_id.eq(company.get()))
        .filter(emission_points::branch_office_id.eq(branch.id))
        .filter(emission_points::active.eq(true))
        .order(emission_points::code.asc())
        .select((emission_points::id, emission_points::code));
    let point: Option<(i64, String)> = crate::native!(&mut *conn, |c| point.first(c).optional())?;
    let (point_id, point_code) = point.ok_or_else(|| crate::error::conflict(NO_EMISSION_POINT))?;
    let new = (
        document_sequences::company_id.eq(company.get()),
        document_sequences::emission_point_id.eq(point_id),
        document_sequences::doc_type.eq(doc.as_str()),
        document_sequences::last_number.eq(0i64),
    );
    let key = document_sequences::table
        .filter(document_sequences::emission_point_id.eq(point_id))
        .filter(document_sequences::doc_type.eq(doc.as_str()))
        .select((document_sequences::id, document_sequences::last_number));
    let (id, last): (i64, i64) = match conn {
        DbConnection::Postgres(pg) => {
            diesel::insert_into(document_sequences::table)
                .values(new)
                .on_conflict((
                    document_sequences::emission_point_id,
                    document_sequences::doc_type,
                ))
                .do_nothing()
                .execute(pg)?;
            key.for_update().first(pg)?
        }
        // The write transaction holds the database: read, and create only the first time.
        DbConnection::Sqlite(lite) => match key.first(lite).optional()? {
            Some(found) => found,
            None => {
                diesel::insert_into(document_sequences::table)
                    .values(new)
                    .execute(lite)?;
                key.first(lite)?
            }
        },
    };
    Ok(Counter {
        id,
        emission_point_id: point_id,
        last,
        prefix: format!("{}-{}-", branch.code, point_code),
    })
}

/// Stores that `counter.next()` was used. Call it in the transaction that took the lock.
pub fn advance(conn: &mut DbConnection, counter: &Counter) -> AppResult<i64> {
    let n = counter.next();
    let update = fixed(
        diesel::update(document_sequences::table.find(counter.id))
            .filter(document_sequences::last_number.eq(counter.last))
            .set(document_sequences::last_number.eq(n)),
    );
    let changed = crate::native!(conn, |c| update.execute(c))?;
    if changed != 1 {
        // Only possible if something wrote the counter without its lock: refuse rather than
        // hand out a number twice.
        return Err(AppError::Internal(anyhow::anyhow!(
            "document counter {} moved under its lock",
            counter.id
        )));
    }
    Ok(n)
}
