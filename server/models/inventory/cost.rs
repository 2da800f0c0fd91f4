//! Weighted average cost, in millionths (no floats): the arithmetic of every kardex row.
//!
//! An entry of `q` at unit cost `c` into a balance of `Q` at average `A` gives the average
//! `(Q·A + q·c) / (Q + q)`; when `Q ≤ 0` the new average is `c`. Exits leave at the current
//! average and do not change it. The balance value is always `quantity × average` rounded to the
//! micro, so it never drifts from it.

/// One million: the scale of every stored decimal.
const SCALE: i128 = 1_000_000;

/// Quantity, average unit cost and value of a product in a warehouse (millionths).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Balance {
    pub quantity: i64,
    pub average: i64,
}

/// What a movement did: its unit and total cost, and the balance after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub unit_cost: i64,
    pub total_cost: i64,
    pub after: Balance,
}

/// `a / b` rounded half away from zero.
fn div_round(a: i128, b: i128) -> i128 {
    let (q, r) = (a / b, a % b);
    if 2 * r.abs() >= b.abs() {
        q + a.signum() * b.signum()
    } else {
        q
    }
}

/// `quantity × unit` in millionths, rounded.
pub fn times(quantity: i64, unit: i64) -> i64 {
    div_round(quantity as i128 * unit as i128, SCALE) as i64
}

/// `total / quantity` as a unit cost in millionths, rounded (0 for no quantity).
pub fn per_unit(total: i64, quantity: i64) -> i64 {
    if quantity == 0 {
        0
    } else {
        div_round(total as i128 * SCALE, quantity as i128) as i64
    }
}

impl Balance {
    /// The value of the balance: quantity × average.
    pub fn value(&self) -> i64 {
        times(self.quantity, self.average)
    }

    /// An entry of `quantity` (> 0) at `unit_cost` (≥ 0).
    pub fn enter(self, quantity: i64, unit_cost: i64) -> Step {
        let unit_cost = unit_cost.max(0);
        let total = self.quantity as i128 + quantity as i128;
        let average = if self.quantity <= 0 || total <= 0 {
            unit_cost
        } else {
            div_round(
                self.quantity as i128 * self.average as i128 + quantity as i128 * unit_cost as i128,
                total,
            ) as i64
        };
        Step {
            unit_cost,
            total_cost: times(quantity, unit_cost),
            after: Balance {
                quantity: total as i64,
                average: average.max(0),
            },
        }
    }

    /// An exit of `quantity` (> 0) at the current average.
    pub fn leave(self, quantity: i64) -> Step {
        Step {
            unit_cost: self.average,
            total_cost: times(quantity, self.average),
            after: Balance {
                quantity: self.quantity - quantity,
                average: self.average,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const U: i64 = 1_000_000;

    #[test]
    fn weighted_average_of_two_entries_and_an_exit() {
        let b = Balance::default().enter(10 * U, 2 * U).after;
        assert_eq!(
            b,
            Balance {
                quantity: 10 * U,
                average: 2 * U
            }
        );
        let step = b.enter(10 * U, 4 * U);
        assert_eq!(step.after.average, 3 * U);
        assert_eq!(step.total_cost, 40 * U);
        let out = step.after.leave(5 * U);
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
            negative.enter(3 * U, U).after,
            Balance {
                quantity: U,
                average: U
            }
        );
        // A third of a cent keeps six decimals.
        let b = Balance::default()
            .enter(3 * U, U)
            .after
            .enter(U * 3 / 2, 0)
            .after;
        assert_eq!(b.average, 666_667);
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
                    balance.enter(quantity, cost)
                } else {
                    outs += quantity;
                    balance.leave(quantity)
                };
                balance = step.after;
                prop_assert_eq!(balance.quantity, ins - outs);
                prop_assert!(balance.average >= 0);
                let exact = balance.quantity as i128 * balance.average as i128;
                prop_assert!((balance.value() as i128 * SCALE - exact).abs() <= SCALE / 2);
                prop_assert!(step.total_cost >= 0);
            }
        }
    }
}
