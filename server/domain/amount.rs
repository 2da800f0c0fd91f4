//! [`Money`] and [`Quantity`]: the stored decimals of every area, in millionths (`i64`), with one
//! rounding rule and arithmetic that says when it does not fit instead of wrapping.
//!
//! The database keeps money, unit costs and quantities as `BIGINT` millionths (see
//! [`super::money::MICROS_SCALE`]) so both backends add them exactly in SQL. Before these types
//! each area restated the scale and the rounding (`inventory::cost`, `sales::promotion`,
//! `sales::pricing`); now [`div_round`] is the only division with rounding, and products of a
//! quantity and a price go through [`Quantity::times`]. Every operation that could leave `i64`
//! returns `None`; the caller turns that into a field error (a shop never reaches those figures,
//! so an overflow is always bad input).
//!
//! Both types serialize as decimal strings: money with 2 decimals (`"10.50"`), quantities without
//! trailing zeros (`"1.5"`), the way every view already writes them.

use std::fmt;

use rust_decimal::Decimal;
use serde::{Serialize, Serializer};

use super::money::{from_micros, money_text, qty_from_micros, to_micros};

/// One whole unit (a dollar, one item) in millionths.
pub const UNIT: i64 = 1_000_000;
/// One cent in millionths.
pub const CENT: i64 = 10_000;

/// `numerator / denominator` rounded half away from zero: the one rounding rule of stored
/// decimals (the SRI's half-up on non-negative amounts). `None` for a zero denominator or a
/// result outside `i64`.
pub fn div_round(numerator: i128, denominator: i128) -> Option<i64> {
    if denominator == 0 {
        return None;
    }
    let (q, r) = (numerator / denominator, numerator % denominator);
    let rounded = if 2 * r.unsigned_abs() >= denominator.unsigned_abs() {
        q + numerator.signum() * denominator.signum()
    } else {
        q
    };
    i64::try_from(rounded).ok()
}

macro_rules! micros_type {
    ($name:ident) => {
        impl $name {
            /// Zero.
            pub const ZERO: $name = $name(0);

            /// A stored value (millionths).
            pub const fn from_micros(micros: i64) -> $name {
                $name(micros)
            }

            /// The stored value (millionths).
            pub const fn micros(self) -> i64 {
                self.0
            }

            /// A decimal rounded half away from zero to 6 decimals; `None` when it does not fit.
            pub fn from_decimal(value: Decimal) -> Option<$name> {
                to_micros(value).map($name)
            }

            /// The exact decimal, with 6 decimals of scale.
            pub fn to_decimal(self) -> Decimal {
                from_micros(self.0)
            }

            /// `self + other`, `None` on overflow.
            pub fn checked_add(self, other: $name) -> Option<$name> {
                self.0.checked_add(other.0).map($name)
            }

            /// `self - other`, `None` on overflow.
            pub fn checked_sub(self, other: $name) -> Option<$name> {
                self.0.checked_sub(other.0).map($name)
            }

            /// The sum of `values`, `None` on overflow.
            pub fn checked_sum(values: impl IntoIterator<Item = $name>) -> Option<$name> {
                values
                    .into_iter()
                    .try_fold($name::ZERO, |sum, v| sum.checked_add(v))
            }

            /// Whether it is above zero.
            pub const fn is_positive(self) -> bool {
                self.0 > 0
            }
        }
    };
}

/// An amount of money or a unit price/cost, in millionths of a dollar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

/// A quantity of a product, in millionths of its unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Quantity(i64);

micros_type!(Money);
micros_type!(Quantity);

impl Money {
    /// Rounded half away from zero to whole cents (what a document line or a discount shows).
    pub fn round_to_cents(self) -> Money {
        // `div_round` of an i64 by a positive constant always fits back in i64.
        Money(div_round(i128::from(self.0), i128::from(CENT)).unwrap_or(0) * CENT)
    }

    /// The unit price or cost of `total` spread over `quantity`, rounded to the micro; `None` for
    /// no quantity or a result outside `i64`.
    pub fn per(self, quantity: Quantity) -> Option<Money> {
        div_round(
            i128::from(self.0) * i128::from(UNIT),
            i128::from(quantity.0),
        )
        .map(Money)
    }

    /// The text every view shows: 2 decimals, rounded half away from zero (`"1.50"`).
    pub fn text(self) -> String {
        money_text(self.0)
    }

    /// The price with IVA (PVP) a shopper pays for one unit at this base unit price and an IVA
    /// of `percent`: the SRI's arithmetic of a one-unit line ([`crate::domain::totals`]), the
    /// base rounded to cents plus its IVA rounded to cents. `None` when it does not fit.
    pub fn with_iva(self, percent: u32) -> Option<Money> {
        let base = Quantity::from_micros(UNIT).amount(self)?;
        let iva = div_round(
            i128::from(base.0) * i128::from(percent),
            100 * i128::from(CENT),
        )?
        .checked_mul(CENT)?;
        base.0.checked_add(iva).map(Money)
    }

    /// The base unit price (to the micro, the one rounding rule) of a price with IVA `pvp` at
    /// `percent`: `pvp × 100 / (100 + percent)`. PVP 23.00 at 15 % is 20.000000, and
    /// [`Money::with_iva`] of the result gives the PVP back whenever a base in cents reaches it
    /// (at 15 % no base gives 1.11: 0.97 gives 1.12 and 0.96 gives 1.10).
    pub fn base_of_pvp(pvp: Money, percent: u32) -> Option<Money> {
        div_round(i128::from(pvp.0) * 100, 100 + i128::from(percent)).map(Money)
    }
}

impl Quantity {
    /// `self × unit` (a line's amount, a movement's cost), rounded to the micro; `None` when it
    /// does not fit.
    pub fn times(self, unit: Money) -> Option<Money> {
        div_round(i128::from(self.0) * i128::from(unit.0), i128::from(UNIT)).map(Money)
    }

    /// `self × unit` rounded once, half away from zero, to whole cents: a document line's gross
    /// (the exact product is rounded, never the micro first); `None` when it does not fit.
    pub fn amount(self, unit: Money) -> Option<Money> {
        div_round(
            i128::from(self.0) * i128::from(unit.0),
            i128::from(UNIT) * i128::from(CENT),
        )?
        .checked_mul(CENT)
        .map(Money)
    }

    /// The text every view shows: without trailing zeros (`"1.5"`, `"3"`).
    pub fn text(self) -> String {
        qty_from_micros(self.0).to_string()
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text())
    }
}

impl Serialize for Quantity {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn price_with_iva_round_trips() {
        let m = |text: &str| Money::from_decimal(text.parse().unwrap()).unwrap();
        assert_eq!(Money::base_of_pvp(m("23.00"), 15), Some(m("20")));
        assert_eq!(m("20").with_iva(15), Some(m("23.00")));
        assert_eq!(Money::base_of_pvp(m("1.00"), 15), Some(m("0.869565")));
        assert_eq!(m("0.869565").with_iva(15), Some(m("1.00")));
        assert_eq!(Money::base_of_pvp(m("4.50"), 0), Some(m("4.50")));
        assert_eq!(Money::base_of_pvp(m("10.50"), 5), Some(m("10")));
        // No base in cents reaches 1.11 at 15 %: the nearest PVP is what the shopper pays.
        assert_eq!(Money::base_of_pvp(m("1.11"), 15), Some(m("0.965217")));
        assert_eq!(m("0.965217").with_iva(15), Some(m("1.12")));
    }

    #[test]
    fn rounds_half_away_from_zero() {
        assert_eq!(div_round(5, 2), Some(3));
        assert_eq!(div_round(-5, 2), Some(-3));
        assert_eq!(div_round(4, 3), Some(1));
        assert_eq!(div_round(5, -2), Some(-3));
        assert_eq!(div_round(1, 0), None);
        assert_eq!(div_round(i128::from(i64::MAX) * 4, 2), None);
    }

    #[test]
    fn money_and_quantity_read_like_the_views() {
        assert_eq!(Money::from_micros(1_500_000).text(), "1.50");
        assert_eq!(Money::from_micros(1_005_000).text(), "1.01");
        assert_eq!(Quantity::from_micros(1_500_000).text(), "1.5");
        assert_eq!(Quantity::from_micros(3 * UNIT).to_string(), "3");
        assert_eq!(
            serde_json::to_string(&Money::from_micros(10_500_000)).unwrap(),
            "\"10.50\""
        );
    }

    #[test]
    fn products_and_unit_costs_round_to_the_micro() {
        let q = Quantity::from_micros(3 * UNIT);
        assert_eq!(
            q.times(Money::from_micros(333_333)),
            Some(Money::from_micros(999_999))
        );
        assert_eq!(
            Money::from_micros(UNIT).per(q),
            Some(Money::from_micros(333_333))
        );
        assert_eq!(Money::from_micros(UNIT).per(Quantity::ZERO), None);
        // Rounded once: 0.004999999 is no cent, although to the micro it would be 0.005000.
        assert_eq!(
            Quantity::from_micros(1).amount(Money::from_micros(4_999_999_000)),
            Some(Money::ZERO)
        );
        assert_eq!(
            Quantity::from_micros(3 * UNIT).amount(Money::from_micros(1_235_000)),
            Some(Money::from_micros(3_710_000))
        );
        assert_eq!(
            Money::from_micros(1_234_999).round_to_cents(),
            Money::from_micros(1_230_000)
        );
        assert_eq!(
            Money::from_micros(1_235_000).round_to_cents(),
            Money::from_micros(1_240_000)
        );
    }

    #[test]
    fn overflow_is_none_not_a_wrapped_value() {
        // The probe of the hardening issue: 999,999,999 units at 999,999,999.
        let q = Quantity::from_micros(999_999_999 * UNIT);
        assert_eq!(q.times(Money::from_micros(999_999_999 * UNIT)), None);
        assert_eq!(q.amount(Money::from_micros(999_999_999 * UNIT)), None);
        assert_eq!(
            Money::from_micros(i64::MAX).checked_add(Money::from_micros(1)),
            None
        );
        assert_eq!(
            Quantity::checked_sum([Quantity::from_micros(i64::MAX), Quantity::from_micros(1)]),
            None
        );
    }

    proptest! {
        /// `times` agrees with exact decimal arithmetic rounded half away from zero.
        #[test]
        fn times_matches_decimal(q in 0i64..10_000_000_000_000, p in 0i64..1_000_000_000_000) {
            let exact = Decimal::new(q, 6) * Decimal::new(p, 6);
            let expected = Money::from_decimal(exact);
            prop_assert_eq!(Quantity::from_micros(q).times(Money::from_micros(p)), expected);
        }

        /// `amount` is the exact product rounded once to cents, as `money::money` rounds it.
        #[test]
        fn amount_matches_decimal(q in 0i64..10_000_000_000_000, p in 0i64..1_000_000_000_000) {
            let exact = Decimal::new(q, 6) * Decimal::new(p, 6);
            let expected = Money::from_decimal(super::super::money::money(exact));
            prop_assert_eq!(Quantity::from_micros(q).amount(Money::from_micros(p)), expected);
        }

        /// `with_iva` is the total the one totals calculation gives a one-unit line, for every
        /// IVA rate in force, and a PVP's base gives that PVP back whenever some base does.
        #[test]
        fn with_iva_is_the_total_of_one_unit(p in 0i64..1_000_000_000, rate in 0usize..5) {
            let code = ["0", "4", "5", "8", "10"][rate];
            let percent = crate::domain::taxes::iva_rate(code).unwrap().percent;
            let line = crate::domain::totals::Line {
                quantity: Decimal::ONE,
                unit_price: Decimal::new(p, 6),
                discount: Decimal::ZERO,
                iva: code.into(),
                ice: None,
                irbpnr_bottles: None,
            };
            let totals = crate::domain::totals::compute(&[line], Decimal::ZERO, Decimal::ZERO).unwrap();
            let pvp = Money::from_micros(p).with_iva(percent).unwrap();
            prop_assert_eq!(Some(pvp), Money::from_decimal(totals.total));
            let back = Money::base_of_pvp(pvp, percent).unwrap();
            prop_assert_eq!(back.with_iva(percent), Some(pvp));
        }
    }
}
