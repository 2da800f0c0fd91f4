//! The ceilings of every figure a user enters or the server computes, in one place.
//!
//! Money and quantities are `i64` millionths ([`super::amount`]), so the largest storable figure
//! is about 9.2 trillion. A shop never comes near that, so a figure past these ceilings is bad
//! input, refused with 400 and a message naming the field and the limit — never wrapped or
//! saturated. The ceilings leave room below `i64`: a line's value (quantity × unit price) always
//! fits the `i128` arithmetic of [`super::amount::Quantity::times`], and sums of a few stored
//! values (a kardex opening over warehouses, SQL `SUM` on SQLite, which fails on overflow) stay
//! within `i64`.
//!
//! | limit          | ceiling              | applies to                                          |
//! |----------------|----------------------|-----------------------------------------------------|
//! | [`QUANTITY`]   | 10,000,000 units     | a line's quantity (sales, credit notes, adjustments, transfers, imports, recipes), a minimum stock |
//! | [`UNIT_PRICE`] | $ 1,000,000.00         | a unit price or unit cost (products, sale lines, adjustments, imports, fixed promotions) |
//! | [`AMOUNT`]     | $ 1,000,000,000.00     | any single amount entered: payments, cash received, discounts, cash in/out, opening amounts, Banco del Barrio amounts, cupos and credit limits |
//! | [`STOCK`]      | 1,000,000,000 units  | the balance of one product in one warehouse, after any movement |
//! | [`VALUE`]      | $ 1,000,000,000,000.00 | a computed amount: a line's value, a document's total, a movement's cost, a stock's value |

use super::amount::{CENT, UNIT};

/// A ceiling on the absolute value of one kind of figure (millionths), and how its refusal
/// writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    max: i64,
    money: bool,
}

/// Most units on one line of any document (and a minimum stock).
pub const QUANTITY: Limit = Limit::units(10_000_000);
/// Highest unit price or unit cost.
pub const UNIT_PRICE: Limit = Limit::dollars(1_000_000);
/// Highest single amount a user enters (a drawer or a sale never holds more).
pub const AMOUNT: Limit = Limit::dollars(1_000_000_000);
/// Largest balance of one product in one warehouse (positive or negative).
pub const STOCK: Limit = Limit::units(1_000_000_000);
/// Largest computed amount: a line's value, a document's total, a movement's cost, a stock's
/// value. Nine of them still add up within `i64`.
pub const VALUE: Limit = Limit::dollars(1_000_000_000_000);

impl Limit {
    const fn units(units: i64) -> Limit {
        Limit {
            max: units * UNIT,
            money: false,
        }
    }

    const fn dollars(dollars: i64) -> Limit {
        Limit {
            max: dollars * UNIT,
            money: true,
        }
    }

    /// The ceiling in millionths.
    pub const fn max(self) -> i64 {
        self.max
    }

    /// Whether `micros` is within the ceiling (either sign).
    pub fn allows(self, micros: i64) -> bool {
        micros.checked_abs().is_some_and(|m| m <= self.max)
    }

    /// The ceiling as the screens write numbers (`ui/src/lib/format.ts`): `10,000,000`, money
    /// `$ 1,000,000.00` — one format beside the amounts a screen shows.
    pub fn text(self) -> String {
        let grouped = crate::domain::money::group_thousands((self.max / UNIT).unsigned_abs());
        if self.money {
            format!("$ {grouped}.{:02}", self.max % UNIT / CENT)
        } else {
            grouped
        }
    }

    /// The refusal of `what` past this ceiling: «La cantidad no puede superar 10,000,000».
    pub fn problem(self, what: &str) -> String {
        format!("{what} no puede superar {}", self.text())
    }

    /// `value` when it was computed (`Some`, not an overflow) and is within the ceiling; else
    /// [`Limit::problem`] of `what`.
    pub fn check(self, value: Option<i64>, what: &str) -> Result<i64, String> {
        value
            .filter(|v| self.allows(*v))
            .ok_or_else(|| self.problem(what))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ceilings_read_like_the_screens() {
        assert_eq!(QUANTITY.text(), "10,000,000");
        assert_eq!(UNIT_PRICE.text(), "$ 1,000,000.00");
        assert_eq!(AMOUNT.text(), "$ 1,000,000,000.00");
        assert_eq!(STOCK.text(), "1,000,000,000");
        assert_eq!(VALUE.text(), "$ 1,000,000,000,000.00");
        assert_eq!(
            QUANTITY.problem("La cantidad"),
            "La cantidad no puede superar 10,000,000"
        );
    }

    #[test]
    fn the_ceiling_is_allowed_one_micro_more_is_not() {
        assert!(QUANTITY.allows(10_000_000 * UNIT));
        assert!(QUANTITY.allows(-10_000_000 * UNIT));
        assert!(!QUANTITY.allows(10_000_000 * UNIT + 1));
        assert!(!QUANTITY.allows(i64::MIN));
        assert_eq!(UNIT_PRICE.check(Some(5), "El costo"), Ok(5));
        assert_eq!(
            UNIT_PRICE.check(None, "El costo"),
            Err("El costo no puede superar $ 1,000,000.00".into())
        );
    }

    #[test]
    fn ceilings_leave_room_below_i64() {
        // Nine values and nine stocks add up without overflow.
        assert!(VALUE.max().checked_mul(9).is_some());
        assert!(STOCK.max().checked_mul(9).is_some());
        // The widest line value is computed in i128 without overflow.
        assert!(
            i128::from(QUANTITY.max())
                .checked_mul(i128::from(UNIT_PRICE.max()))
                .is_some()
        );
    }
}
