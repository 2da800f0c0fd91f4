//! Document numbers `estab-ptoEmi-secuencial`: one counter per (emission point, document type).
//!
//! A document takes its counter's lock with [`lock`] at the start of its write transaction and
//! writes the new value with [`advance`] in the same transaction, so a rollback gives the number
//! back: numbers never repeat and never skip, also under concurrency. A sale, which reads
//! everything first and from then on is either stored or rolled back, takes lock and advance
//! together, and its stock rows with them, by [`take_with_stock`] (one statement on PostgreSQL),
//! after its reads. On PostgreSQL the lock is the row's `FOR UPDATE`; on SQLite the write
//! transaction (`BEGIN IMMEDIATE`) already serialises (both in [`crate::db::counter`]).
//!
//! Lock order of a sales document: its counter, then stock rows (the inventory service), then the
//! cash shift. Documents that take stock first (adjustments, transfers) never take a counter, so no
//! two transactions wait for each other in a cycle.

use crate::db::{DbConnection, counter};
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::config::branch_office::BranchOffice;
use crate::models::inventory::stock::Stock;

/// Document types with their own counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocType {
    SalesNote,
    CreditNote,
    /// The electronic factura: numbered apart from the sales notes of the same point.
    Invoice,
    /// The electronic nota de crédito: numbered apart from the internal credit notes.
    ElectronicCreditNote,
    /// Electronic guía de remisión (`services::ebilling::remission_guides`).
    RemissionGuide,
    /// Comprobante de retención on a purchase (`services::purchases::withholding`).
    Withholding,
}

impl DocType {
    fn as_str(self) -> &'static str {
        match self {
            Self::SalesNote => "sales_note",
            Self::CreditNote => "credit_note",
            Self::Invoice => "invoice",
            Self::ElectronicCreditNote => "electronic_credit_note",
            Self::RemissionGuide => "remission_guide",
            Self::Withholding => "withholding",
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
    /// The emission point's code (`ptoEmi`).
    pub point_code: String,
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
    let (point_id, point_code) = counter::first_emission_point(conn, company.get(), branch.id)?
        .ok_or_else(|| crate::error::conflict(NO_EMISSION_POINT))?;
    let (id, last) = counter::lock(conn, company.get(), point_id, doc.as_str())?;
    Ok(Counter {
        id,
        emission_point_id: point_id,
        last,
        prefix: format!("{}-{}-", branch.code, point_code),
        point_code,
    })
}

/// Takes the next number of `doc` at the branch's emission point now, for a document that from
/// here on is either stored or rolled back with its number (the number is given back only by a
/// rollback): [`lock`] and [`advance`] in one step, one statement on PostgreSQL
/// ([`counter::take`]). The counter stays locked until the transaction ends, so take it as late
/// as the document allows (after its reads) — the documents of one emission point wait for it.
/// Returns the counter (whose [`Counter::next`] is the number taken) and the number.
pub fn take(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: &BranchOffice,
    doc: DocType,
) -> AppResult<(Counter, i64)> {
    let taken = counter::take(conn, company.get(), branch.id, doc.as_str())?
        .ok_or_else(|| crate::error::conflict(NO_EMISSION_POINT))?;
    Ok(counter_of(branch, taken))
}

/// The counter of a number taken at `branch`, and the number.
fn counter_of(branch: &BranchOffice, taken: counter::Taken) -> (Counter, i64) {
    let number = taken.number;
    let counter = Counter {
        id: taken.id,
        emission_point_id: taken.emission_point_id,
        last: number - 1,
        prefix: format!("{}-{}-", branch.code, taken.point_code),
        point_code: taken.point_code,
    };
    (counter, number)
}

/// [`take`] together with the lock of the stock rows of `keys` (sorted, as the inventory
/// service locks them), in that order, for a sale: one statement on PostgreSQL
/// ([`Stock::lock_numbered`]), so the sale waits once and holds the counter one round trip less.
/// Rows that do not exist yet are created and locked after it
/// ([`crate::services::inventory::stock::lock_keys`]). Returns the counter, the number and the
/// locked rows.
pub fn take_with_stock(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: &BranchOffice,
    doc: DocType,
    keys: &[(i64, i64)],
) -> AppResult<(Counter, i64, Vec<Stock>)> {
    let (taken, mut rows) = Stock::lock_numbered(conn, company, branch.id, doc.as_str(), keys)?
        .ok_or_else(|| crate::error::conflict(NO_EMISSION_POINT))?;
    if rows.len() < keys.len() {
        rows = crate::services::inventory::stock::lock_keys(conn, company, keys.iter().copied())?;
    }
    let (counter, number) = counter_of(branch, taken);
    Ok((counter, number, rows))
}

/// Stores that `counter.next()` was used. Call it in the transaction that took the lock.
pub fn advance(conn: &mut DbConnection, counter: &Counter) -> AppResult<i64> {
    let n = counter.next();
    if counter::store(conn, counter.id, counter.last, n)? != 1 {
        // Only possible if something wrote the counter without its lock: refuse rather than
        // hand out a number twice.
        return Err(AppError::Internal(anyhow::anyhow!(
            "document counter {} moved under its lock",
            counter.id
        )));
    }
    Ok(n)
}

/// Documents numbered once per company rather than per emission point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompanyDoc {
    /// Receipt of a collection of receivables (`services::receivables::collection`).
    CollectionReceipt,
    /// The sequence of the restaurant's events (`services::restaurant::events`): every change
    /// to an order takes it, so a company's events commit in sequence order.
    RestaurantEvent,
    /// The number of a restaurant order (called at the counter), taken after the event lock.
    RestaurantOrder,
}

impl CompanyDoc {
    fn as_str(self) -> &'static str {
        match self {
            Self::CollectionReceipt => "collection_receipt",
            Self::RestaurantEvent => "restaurant_event",
            Self::RestaurantOrder => "restaurant_order",
        }
    }
}

/// A company-wide counter under lock (same rules as [`Counter`]: taken at the start of the write
/// transaction, advanced in it, so numbers never repeat nor skip).
#[derive(Debug, Clone)]
pub struct CompanyCounter {
    id: i64,
    last: i64,
}

impl CompanyCounter {
    /// The number the next document gets.
    pub fn next(&self) -> i64 {
        self.last + 1
    }
}

/// Locks the company's counter of `doc`, creating it at zero the first time.
pub fn lock_company(
    conn: &mut DbConnection,
    company: CompanyId,
    doc: CompanyDoc,
) -> AppResult<CompanyCounter> {
    let (id, last) = counter::lock_company(conn, company.get(), doc.as_str())?;
    Ok(CompanyCounter { id, last })
}

/// Stores that `counter.next()` was used. Call it in the transaction that took the lock; the
/// counter then stands at the number taken, so one lock may give several numbers.
pub fn advance_company(conn: &mut DbConnection, counter: &mut CompanyCounter) -> AppResult<i64> {
    let n = counter.next();
    if counter::store_company(conn, counter.id, counter.last, n)? != 1 {
        return Err(AppError::Internal(anyhow::anyhow!(
            "company counter {} moved under its lock",
            counter.id
        )));
    }
    counter.last = n;
    Ok(n)
}
