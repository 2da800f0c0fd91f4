//! What every header-plus-lines sales document (sales note, quote; the invoice next) does the same
//! way when it is registered: its free-text note, and its lines taken from the priced lines in
//! order. A new document type reuses these and adds only its own header and rules.

use crate::command::text;
use crate::error::{AppError, AppResult};
use crate::models::sales::note::SaleLine;
use crate::services::sales::pricing::Priced;

/// Longest note of a document.
const NOTE_MAX: usize = 500;

/// The note of a body, at most [`NOTE_MAX`] characters.
pub fn note_of(raw: &Option<String>) -> AppResult<Option<String>> {
    let note = text(raw);
    if let Some(problem) = crate::validation::optional_text(note.as_deref(), "La nota", NOTE_MAX) {
        return Err(AppError::field("note", problem));
    }
    Ok(note)
}

/// The lines of a document from its priced lines, numbered from 1, in the shape of a sale line
/// (a quote stores them without the cost); `unit_cost(i)` is the cost the `i`-th line left stock
/// with.
pub fn lines_of(
    priced: &Priced,
    parent_id: i64,
    unit_cost: impl Fn(usize) -> i64,
) -> Vec<SaleLine> {
    priced
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| SaleLine {
            id: 0,
            sale_id: parent_id,
            position: i as i32 + 1,
            product_id: l.product.id,
            code: l.product.code.clone(),
            name: l.product.name.clone(),
            unit: l.product.unit.clone(),
            quantity: l.quantity,
            unit_price: l.unit_price,
            discount: l.discount,
            promotion_id: l.promotion.as_ref().map(|p| p.promotion_id),
            promotion_name: l.promotion.as_ref().map(|p| p.name.clone()),
            promotion_discount: l.promotion_discount(),
            iva_code: l.iva_code.clone(),
            iva_rate: l.iva_rate as i32,
            net: l.net,
            iva: l.iva,
            unit_cost: unit_cost(i),
        })
        .collect()
}
