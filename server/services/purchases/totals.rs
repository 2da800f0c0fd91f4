//! The totals of a purchase's lines, with the one calculation of the application
//! ([`crate::domain::totals::compute`]): at the register, in the purchase's view and in its
//! retención, from the same rows.

use rust_decimal::Decimal;

use crate::domain::money::{from_micros, qty_from_micros};
use crate::domain::totals::{self, Line, Totals};
use crate::error::{AppError, AppResult};
use crate::models::purchases::purchase::PurchaseLine;

/// The totals of purchase lines, with the one calculation of the application.
pub fn totals_of(lines: &[(i64, i64, i64, &str)]) -> AppResult<Totals> {
    let taxable: Vec<Line> = lines
        .iter()
        .map(|&(quantity, unit_cost, discount, iva)| Line {
            quantity: qty_from_micros(quantity),
            unit_price: from_micros(unit_cost),
            discount: from_micros(discount),
            iva: iva.to_string(),
            ice: None,
            irbpnr_bottles: None,
        })
        .collect();
    totals::compute(&taxable, Decimal::ZERO, Decimal::ZERO).map_err(|errors| {
        let first = errors
            .first()
            .map(|e| e.message.clone())
            .unwrap_or_default();
        AppError::field("lines", first)
    })
}

/// The totals of a stored purchase's lines.
pub fn of_stored(lines: &[PurchaseLine]) -> AppResult<Totals> {
    let rows: Vec<(i64, i64, i64, &str)> = lines
        .iter()
        .map(|l| (l.quantity, l.unit_cost, l.discount, l.iva_code.as_str()))
        .collect();
    totals_of(&rows)
}
