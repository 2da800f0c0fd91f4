//! Weighted average cost, in millionths (no floats): the arithmetic of every kardex row.
//!
//! An entry of `q` at unit cost `c` into a balance of `Q` at average `A` gives the average
//! `(Q·A + q·c) / (Q + q)`; when `Q ≤ 0` the new average is `c`. Exits leave at the current
//! average and do not change it. The balance value is always `quantity × average` rounded to the
//! micro, so it never drifts from it.
//!
//! Every step is checked: a figure that would leave `i64` makes the step `None` (the caller
//! refuses the movement, [`crate::services::inventory::stock`]), never a wrapped value. The
//! products and quotients are [`Quantity::times`], [`Money::per`] and [`div_round`].

use rust_decimal::{Decimal, RoundingStrategy};

use crate::domain::amount::{Money, Quantity, div_round};
use crate::domain::money::{MICROS_SCALE, from_micros};

/// Quantity, average unit cost and value of a product in a warehouse (millionths).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Balance {
    pub quantity: i64,
    pub average: i64,
}

/// What a movement did: its unit and total cost, the balance after it and that balance's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub unit_cost: i64,
    pub total_cost: i64,
    pub after: Balance,
    /// `after.value()`.
    pub value: i64,
}

/// `quantity × unit` in millionths, rounded; `None` when it does not fit.
pub fn times(quantity: i64, unit: i64) -> Option<i64> {
    Quantity::from_micros(quantity)
        .times(Money::from_micros(unit))
        .map(Money::micros)
}

/// `total / quantity` as a unit cost in millionths, rounded (0 for no quantity); `None` when it
/// does not fit.
pub fn per_unit(total: i64, quantity: i64) -> Option<i64> {
    if quantity == 0 {
        return Some(0);
    }
    Money::from_micros(total)
        .per(Quantity::from_micros(quantity))
        .map(Money::micros)
}

/// `quantity × unit` rounded to the micro like [`times`], as a decimal that always fits: for views
/// that show or add up stored rows (a row written before the ceilings of
/// [`crate::domain::limits`] may hold figures whose product leaves `i64`).
pub fn exact_times(quantity: i64, unit: i64) -> Decimal {
    (from_micros(quantity) * from_micros(unit))
        .round_dp_with_strategy(MICROS_SCALE, RoundingStrategy::MidpointAwayFromZero)
}

impl Balance {
    /// The value of the balance: quantity × average; `None` when it does not fit.
    pub fn value(&self) -> Option<i64> {
        times(self.quantity, self.average)
    }

    /// The step to `after`, with its value; `None` when the value does not fit.
    fn step(unit_cost: i64, total_cost: i64, after: Balance) -> Option<Step> {
        Some(Step {
            unit_cost,
            total_cost,
            after,
            value: after.value()?,
        })
    }

    /// An entry of `quantity` (> 0) at `unit_cost` (≥ 0); `None` when a figure does not fit.
    pub fn enter(self, quantity: i64, unit_cost: i64) -> Option<Step> {
        let unit_cost = unit_cost.max(0);
        let total = self.quantity.checked_add(quantity)?;
        let average = if self.quantity <= 0 || total <= 0 {
            unit_cost
        } else {
            // Each product is below 2^126, so their sum stays within i128.
            let held = i128::from(self.quantity) * i128::from(self.average);
            let entered = i128::from(quantity) * i128::from(unit_cost);
            div_round(held.checked_add(entered)?, i128::from(total))?
        };
        let after = Balance {
            quantity: total,
            average: average.max(0),
        };
        Self::step(unit_cost, times(quantity, unit_cost)?, after)
    }

    /// An exit of `quantity` (> 0) at the current average; `None` when a figure does not fit.
    pub fn leave(self, quantity: i64) -> Option<Step> {
        let after = Balance {
            quantity: self.quantity.checked_sub(quantity)?,
            average: self.average,
        };
        Self::step(self.average, times(quantity, self.average)?, after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const U: i64 = 1_000_000;
    const SCALE: i128 = U as i128;

    #[test]
    fn weighted_average_of_two_entries_and_an_exit() {
        let b = Balance::default().enter(10 * U, 2 * U).unwrap().after;
        assert_eq!(
            b,
            Balance {
                quantity: 10 * U,
                average: 2 * U
            }
        );
        let step = b.enter(10 * U, 4 * U).unwrap();
        assert_eq!(step.after.average, 3 * U);
        assert_eq!(step.total_cost, 40 * U);
        let out = step.after.leave(5 * U).unwrap();
        assert_eq!((out.unit_cost, out.total_cost), (3 * U, 15 * U));
        assert_eq!(
            out.after,
            Balance {
                quantity: 15 * U,
                average: 3 * U
            }
        );
    }

    #[test]
    fn an_entry_into_negative_or_zero_stock_takes_its_own_cost() {
        let negative = Balance {
            quantity: -2 * U,
            average: 5 * U,
        };
        assert_eq!(
            negative.enter(3 * U, U).unwrap().after,
            Balance {
                quantity: U,
                average: U
            }
        );
        // A third of a cent keeps six decimals.
        let b = Balance::default()
            .enter(3 * U, U)
            .unwrap()
            .after
            .enter(U * 3 / 2, 0)
            .unwrap()
            .after;
        assert_eq!(b.average, 666_667);
    }

    #[test]
    fn a_step_that_leaves_i64_is_none_not_wrapped() {
        // The probe of the hardening issue: 999,999,999 units at 999,999,999 wrapped to
        // 2,001,764,205,207.90 in the kardex.
        let big = 999_999_999 * U;
        assert_eq!(Balance::default().enter(big, big), None);
        assert_eq!(times(big, big), None);
        // Stock that would wrap below i64::MIN or above i64::MAX.
        let full = Balance {
            quantity: i64::MAX - U,
            average: 0,
        };
        assert_eq!(full.enter(2 * U, 0), None);
        let empty = Balance {
            quantity: i64::MIN + U,
            average: 0,
        };
        assert_eq!(empty.leave(2 * U), None);
        // A value that does not fit even though the quantity does.
        let dear = Balance {
            quantity: 10_000_000 * U,
            average: 1_000_000 * U,
        };
        assert_eq!(dear.leave(U), None);
        assert_eq!(per_unit(i64::MAX, 1), None);
        assert_eq!(per_unit(5 * U, 0), Some(0));
        // Views still show such a row exactly.
        assert_eq!(
            exact_times(big, big).to_string(),
            "999999998000000001.000000"
        );
    }

    proptest! {
        /// Running quantity = Σ in − Σ out; the value is quantity × average within rounding; the
        /// average is never negative.
        #[test]
        fn running_balance_holds(moves in proptest::collection::vec((any::<bool>(), 1i64..5_000_000_000, 0i64..50_000_000), 1..60)) {
            let mut balance = Balance::default();
            let (mut ins, mut outs) = (0i64, 0i64);
            for (entry, quantity, cost) in moves {
                let step = if entry {
                    ins += quantity;
                    balance.enter(quantity, cost).unwrap()
                } else {
                    outs += quantity;
                    balance.leave(quantity).unwrap()
                };
                balance = step.after;
                prop_assert_eq!(balance.quantity, ins - outs);
                prop_assert!(balance.average >= 0);
                let exact = balance.quantity as i128 * balance.average as i128;
                prop_assert_eq!(Some(step.value), balance.value());
                prop_assert_eq!(
                    from_micros(step.value),
                    exact_times(balance.quantity, balance.average)
                );
                prop_assert!((i128::from(step.value) * SCALE - exact).abs() <= SCALE / 2);
                prop_assert!(step.total_cost >= 0);
            }
        }
    }
}
