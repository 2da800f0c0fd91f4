//! Prices below the average cost (issue 22, point 5): a warning, never a refusal. The product form
//! warns about a price level below the cost; the POS preview flags each line sold below it.
//!
//! The cost compared is the **branch's**: the weighted average cost of the product over the
//! warehouses of the branch the user works in (Σ quantity × average ÷ Σ quantity over the
//! warehouses that hold stock; when none holds any, the highest average recorded there, i.e. the
//! last known cost). It is the cost the branch's sales take out of the kardex, not a company-wide
//! figure that mixes in other branches' purchases. Products without stock rows (services,
//! recipes, or goods never bought) have no cost and never warn.

use std::collections::HashMap;

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::domain::amount::div_round;
use crate::domain::money::{fmt_qty, from_micros};
use crate::error::AppResult;
use crate::models::auth::user::Role;
use crate::models::inventory::product::Product;
use crate::models::inventory::stock::Stock;
use crate::services::sales::pricing::PricedLine;

/// One million: the scale of every stored decimal.
const SCALE: i128 = 1_000_000;

/// The branch average cost of each of `products` that has one (millionths, > 0).
pub fn branch_costs(
    conn: &mut DbConnection,
    tenant: &Tenant,
    products: &[i64],
) -> AppResult<HashMap<i64, i64>> {
    let branch = tenant.branch(conn)?.id;
    let mut rows: HashMap<i64, Vec<Stock>> = HashMap::new();
    for (stock, _) in Stock::of_products_in_branch(conn, tenant.company, branch, products)? {
        rows.entry(stock.product_id).or_default().push(stock);
    }
    Ok(rows
        .into_iter()
        .filter_map(|(product, stocks)| Some((product, weighted_average(&stocks)?)))
        .filter(|(_, cost)| *cost > 0)
        .collect())
}

/// Σ quantity × average ÷ Σ quantity over the rows with stock; without stock, the highest
/// average (`None` without rows, or when the sums do not fit).
fn weighted_average(stocks: &[Stock]) -> Option<i64> {
    let held: Vec<&Stock> = stocks.iter().filter(|s| s.quantity > 0).collect();
    if held.is_empty() {
        return stocks.iter().map(|s| s.average_cost).max();
    }
    let quantity: i128 = held.iter().map(|s| s.quantity as i128).sum();
    let value = held.iter().try_fold(0i128, |sum, s| {
        sum.checked_add(s.quantity as i128 * s.average_cost as i128)
    })?;
    div_round(value, quantity)
}

/// Whether `net` (what `quantity` units bring in, millionths) is below `quantity` × `cost`.
fn below(net: i64, quantity: i64, cost: i64) -> bool {
    (net as i128) * SCALE < (quantity as i128) * (cost as i128)
}

/// The product form's warnings: `(field, message)` for each price level (`price`, `price2`,
/// `price3`) below the branch average cost. The form is for admin and user, who may see the cost.
pub fn price_warnings(
    conn: &mut DbConnection,
    tenant: &Tenant,
    product: &Product,
) -> AppResult<Vec<(&'static str, String)>> {
    let Some(&cost) = branch_costs(conn, tenant, &[product.id])?.get(&product.id) else {
        return Ok(Vec::new());
    };
    Ok([
        ("price", Some(product.price)),
        ("price2", product.price2),
        ("price3", product.price3),
    ]
    .into_iter()
    .filter_map(|(field, level)| Some((field, level?)))
    .filter(|&(_, level)| below(level, SCALE as i64, cost))
    .map(|(field, _)| (field, price_message(cost)))
    .collect())
}

/// «El precio está por debajo del costo promedio (X.XX)».
pub fn price_message(cost: i64) -> String {
    format!(
        "El precio está por debajo del costo promedio ({})",
        fmt_qty(from_micros(cost))
    )
}

/// The lines of a priced document sold below cost.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BelowCost {
    /// One flag per line, in order.
    pub lines: Vec<bool>,
    /// «Línea N: «Producto» se vende por debajo del costo promedio», with the cost in parentheses
    /// for admin and user only (a cashier is not shown costs).
    pub warnings: Vec<String>,
}

/// Flags each line whose unit price after its discounts (the manual one and the promotion's,
/// i.e. what the line brings in before IVA) is below the branch average cost.
pub fn check_lines(
    conn: &mut DbConnection,
    tenant: &Tenant,
    lines: &[PricedLine],
) -> AppResult<BelowCost> {
    let ids: Vec<i64> = lines.iter().map(|l| l.product.id).collect();
    let costs = branch_costs(conn, tenant, &ids)?;
    let show_cost = tenant.role() != Role::Cashier;
    let mut out = BelowCost::default();
    for (i, line) in lines.iter().enumerate() {
        let net = line.gross - line.discount - line.promotion_discount();
        let cost = costs
            .get(&line.product.id)
            .copied()
            .filter(|&cost| below(net, line.quantity, cost));
        out.lines.push(cost.is_some());
        if let Some(cost) = cost {
            let figure = if show_cost {
                format!(" ({})", fmt_qty(from_micros(cost)))
            } else {
                String::new()
            };
            out.warnings.push(format!(
                "Línea {}: «{}» se vende por debajo del costo promedio{figure}",
                i + 1,
                line.product.name
            ));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_compares_the_line_with_quantity_times_cost() {
        let m = 1_000_000;
        assert!(below(7 * m, m, 8 * m));
        assert!(!below(8 * m, m, 8 * m));
        assert!(!below(9 * m, m, 8 * m));
        // 3 units for 22.00 at a cost of 7.333333: 22.00 ≥ 21.999999.
        assert!(!below(22 * m, 3 * m, 7_333_333));
        assert!(below(21_990_000, 3 * m, 7_333_333));
        // No overflow at the limits.
        assert!(!below(i64::MAX, i64::MAX, 1));
    }
}
