//! Registering a stock document (adjustment, transfer; purchases next): what every kind does once
//! its lines are validated and its stock locked — number it in the branch, insert the header, post
//! its movements to the kardex under it and keep each line with the cost it moved at.

use chrono::NaiveDateTime;

use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::inventory::document::StockDocument;
use crate::models::inventory::transfer::lock_branch_numbering;
use crate::services::inventory::stock::{Document, Movement, post_movements};
use crate::util::time::now;

/// Most lines one document may carry.
pub const LINES_MAX: usize = 2000;

/// Refuses a document without lines or with more than [`LINES_MAX`].
pub fn check_line_count(count: usize) -> AppResult<()> {
    if count == 0 {
        return Err(AppError::field("lines", "Agregue al menos un producto"));
    }
    if count > LINES_MAX {
        return Err(AppError::field(
            "lines",
            format!("Un documento admite hasta {LINES_MAX} líneas"),
        ));
    }
    Ok(())
}

/// The problem of line `row` (1-based), on the `lines` field.
pub fn line_problem(row: usize, problem: impl std::fmt::Display) -> AppError {
    AppError::field("lines", format!("Línea {row}: {problem}"))
}

/// A line to keep: product, quantity as the document shows it, and the movement whose cost it
/// keeps.
#[derive(Debug, Clone, Copy)]
pub struct KeptLine {
    pub product_id: i64,
    pub quantity: i64,
    pub movement: usize,
}

/// Registers a document of kind `D` in the caller's write transaction, which has already locked
/// the stock it read (every module takes stock first, then the branch's numbering): numbers it
/// in `branch`, inserts `header(number, at)`, posts `movements` under it and inserts `lines`.
/// Returns its id.
pub fn register<D: StockDocument>(
    conn: &mut DbConnection,
    company: CompanyId,
    user: i64,
    branch: i64,
    header: impl FnOnce(i64, NaiveDateTime) -> D::New,
    movements: &[Movement],
    lines: &[KeptLine],
) -> AppResult<i64> {
    lock_branch_numbering(conn, branch)?;
    let number = D::next_number(conn, branch)?;
    let id = D::insert(conn, &header(number, now()))?;
    let posted = post_movements(
        conn,
        company,
        Some(user),
        &Document {
            doc_type: D::KIND,
            id: Some(id),
            number: Some(format!("{number:06}")),
            date: None,
        },
        movements,
    )?;
    for line in lines {
        let cost = posted.get(line.movement).map_or(0, |p| p.unit_cost);
        D::insert_line(conn, id, line.product_id, line.quantity, cost)?;
    }
    Ok(id)
}
