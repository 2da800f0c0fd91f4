//! Registering a company's row of the dated tax table: a new rate for a code from a day on (the
//! previous row of that code then ends the day before), a new code, or the end of a code.
//!
//! The rule that keeps each code's timeline readable: a new row starts after every row the
//! company already sees for that code. On the day a national row starts, the company may give
//! its own figure (it replaces the national row for that company, e.g. to correct a rate the
//! national table got wrong); a second row of its own on one day is a duplicate.

use crate::db::DbConnection;
use crate::error::{AppError, AppResult, constraint_conflict, field_conflict};
use crate::models::CompanyId;
use crate::models::taxes::rate::{RateFields, TaxRate};

/// Kinds of row: withholding of renta, withholding of IVA, the IVA rate of a sale.
pub const KINDS: &[&str] = &["renta", "iva", "tarifa_iva"];

/// Two rows of the company for one code on one day.
pub const DUPLICATE: &str = "Ya hay una tarifa de la empresa para ese código desde esa fecha";

/// Registers `row` for the company, written by `user_id`; returns the new row. It starts after
/// every row the company sees for its code, so it is the code's latest (in force with no end).
/// An empty description takes the code's latest one; a retired row has no percentage.
pub fn register(
    conn: &mut DbConnection,
    company: CompanyId,
    user_id: i64,
    mut row: RateFields,
) -> AppResult<TaxRate> {
    let history = TaxRate::history(conn, company, &row.kind, &row.code)?;
    let latest = history.last().map(|r| &r.fields);
    if let Some(latest) = latest {
        let own_same_day = history
            .iter()
            .any(|r| r.fields.valid_from == row.valid_from && r.company_id.is_some());
        if own_same_day {
            return Err(field_conflict("validFrom", DUPLICATE));
        }
        if row.valid_from < latest.valid_from {
            return Err(AppError::field(
                "validFrom",
                format!(
                    "La fecha debe ser igual o posterior al {}, inicio de la última tarifa del código {}",
                    latest.valid_from.format("%d/%m/%Y"),
                    row.code
                ),
            ));
        }
    }
    row.description = match (row.description.trim(), latest) {
        ("", Some(latest)) => latest.description.clone(),
        ("", None) => {
            return Err(AppError::field(
                "description",
                "La descripción es obligatoria para un código nuevo",
            ));
        }
        (text, _) => text.to_string(),
    };
    if row.retired {
        if latest.is_none_or(|r| r.retired) {
            return Err(AppError::field(
                "code",
                format!(
                    "El código {} no tiene una tarifa vigente que retirar",
                    row.code
                ),
            ));
        }
        row.percent_bp = 0;
    }
    TaxRate::insert(conn, company, user_id, &row)
        .map_err(|e| constraint_conflict(e, "validFrom", DUPLICATE))
}
