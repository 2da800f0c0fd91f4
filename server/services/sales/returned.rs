//! A portion of a sold line that comes back (a credit note's line, internal or electronic) and the
//! taxable line it makes: shared by the credit note ([`super::credit_note`]) and its SRI document
//! ([`super::electronic_credit_note`]) so that neither imports the other.

use crate::domain::money::{from_micros, money};
use crate::domain::totals;
use crate::models::sales::note::SaleLine;

/// A portion of a sale line being returned.
pub struct Portion<'a> {
    pub line: &'a SaleLine,
    pub quantity: i64,
}

/// The taxable line of a returned portion: its share of the line's discounts, pro rata.
pub fn taxable(p: &Portion) -> totals::Line {
    let discount = from_micros(p.line.discount + p.line.promotion_discount);
    let share = if p.quantity == p.line.quantity {
        discount
    } else {
        money(discount * from_micros(p.quantity) / from_micros(p.line.quantity))
    };
    totals::Line {
        quantity: from_micros(p.quantity),
        unit_price: from_micros(p.line.unit_price),
        discount: share,
        iva: p.line.iva_code.clone(),
        ice: None,
        irbpnr_bottles: None,
    }
}
