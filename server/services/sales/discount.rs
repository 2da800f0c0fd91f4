//! The cashier's discount limit (issue 22): a cashier may not change a price, and without a limit
//! on the line discount could still sell five units of 10.00 for 0.01. The company's «Descuento
//! máximo del cajero (%)» caps what a cashier discounts by hand, on each line and on the whole
//! sale; 0 % (the default) means no manual discounts at all. Promotions are the company's own
//! rule and are not counted. Admin and user discount freely, never past a line's value (that
//! check is pricing's, for every role).
//!
//! The percentage is stored like a promotion's, in millionths of a percent unit
//! (10 % = 10 000 000). Each maximum is rounded half-up to the cent, the one rule of
//! [`div_round`]. Because lines round one by one, many cheap lines could add up to more than the
//! limit (each of 100 lines of 0.05 at 10 % allows 0.01: 20 % in all), so the whole sale is held
//! to the limit too.

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::domain::amount::{CENT, UNIT, div_round};
use crate::domain::money::{money, qty_from_micros};
use crate::error::{AppError, AppResult};
use crate::models::auth::user::Role;
use crate::models::config::company::Company;

/// 100 % in millionths of a percent unit.
pub const FULL: i64 = 100 * UNIT;

/// The user's limit in millionths of a percent unit: the company's for a cashier, `None` (free)
/// for admin and user.
pub fn limit_of(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<Option<i64>> {
    if tenant.role() != Role::Cashier {
        return Ok(None);
    }
    Ok(Some(Company::cashier_max_discount(conn, tenant.company)?))
}

/// A percentage as the screens write it, without trailing zeros (`"10"`, `"2.5"`).
pub fn percent_text(limit: i64) -> String {
    qty_from_micros(limit).to_string()
}

/// Checks the manual discounts of `lines`, each `(gross, discount)` in millionths, against
/// `limit` (`None`: no limit). A refusal is 403 naming the limit and, for a line, its number.
pub fn check(limit: Option<i64>, lines: impl IntoIterator<Item = (i64, i64)>) -> AppResult<()> {
    let Some(limit) = limit else {
        return Ok(());
    };
    let (mut gross, mut discount) = (0i128, 0i128);
    for (i, (line_gross, line_discount)) in lines.into_iter().enumerate() {
        let allowed = allowed(line_gross.into(), limit);
        if i128::from(line_discount) > allowed {
            return Err(AppError::Forbidden(format!(
                "Línea {}: el descuento de {} supera el máximo permitido al cajero ({} % = {})",
                i + 1,
                text(line_discount.into()),
                percent_text(limit),
                text(allowed)
            )));
        }
        gross += i128::from(line_gross);
        discount += i128::from(line_discount);
    }
    let allowed = allowed(gross, limit);
    if discount > allowed {
        return Err(AppError::Forbidden(format!(
            "El descuento total de {} supera el máximo permitido al cajero ({} % de {} = {})",
            text(discount),
            percent_text(limit),
            text(gross),
            text(allowed)
        )));
    }
    Ok(())
}

/// `limit` percent of `gross`, rounded half-up to the cent, in millionths. Sums of at most a few
/// hundred `i64` amounts times 100 % stay far inside `i128`; the rounded cents always fit `i64`.
fn allowed(gross: i128, limit: i64) -> i128 {
    let cents = div_round(
        gross * i128::from(limit),
        i128::from(FULL) * i128::from(CENT),
    );
    i128::from(cents.unwrap_or(i64::MAX)) * i128::from(CENT)
}

/// An amount in millionths as money text (`"0.02"`); sums of lines may pass `i64`.
fn text(micros: i128) -> String {
    rust_decimal::Decimal::try_from_i128_with_scale(micros, crate::domain::money::MICROS_SCALE)
        .map_or_else(|_| micros.to_string(), |d| money(d).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: i64 = UNIT;

    fn refusal(limit: i64, lines: &[(i64, i64)]) -> Option<String> {
        match check(Some(limit), lines.iter().copied()) {
            Ok(()) => None,
            Err(AppError::Forbidden(message)) => Some(message),
            Err(other) => panic!("not a 403: {other:?}"),
        }
    }

    #[test]
    fn admin_and_user_are_not_limited() {
        assert!(check(None, [(50 * M, 50 * M)]).is_ok());
    }

    #[test]
    fn a_line_up_to_the_limit_passes_and_a_cent_more_is_refused() {
        // 10 % of 50.00 = 5.00.
        assert_eq!(refusal(10 * M, &[(50 * M, 5 * M)]), None);
        assert_eq!(
            refusal(10 * M, &[(50 * M, 5_010_000)]).as_deref(),
            Some(
                "Línea 1: el descuento de 5.01 supera el máximo permitido al cajero (10 % = 5.00)"
            )
        );
        // The default 0 %: the probe of the issue.
        assert_eq!(
            refusal(0, &[(50 * M, 49_990_000)]).as_deref(),
            Some(
                "Línea 1: el descuento de 49.99 supera el máximo permitido al cajero (0 % = 0.00)"
            )
        );
        assert_eq!(refusal(0, &[(50 * M, 0)]), None);
        // 2.5 % of 3.30 = 0.0825 → 0.08; names the second line.
        assert_eq!(
            refusal(2_500_000, &[(M, 0), (3_300_000, 90_000)]).as_deref(),
            Some(
                "Línea 2: el descuento de 0.09 supera el máximo permitido al cajero (2.5 % = 0.08)"
            )
        );
        assert_eq!(refusal(FULL, &[(3_300_000, 3_300_000)]), None);
    }

    #[test]
    fn rounding_per_line_does_not_add_up_past_the_limit() {
        // 10 % of 0.05 = 0.005 → 0.01 on each line, but 10 % of 0.15 = 0.015 → 0.02 in all.
        let (cheap, full_price) = ((50_000, 10_000), (50_000, 0));
        assert_eq!(refusal(10 * M, &[cheap]), None);
        assert_eq!(refusal(10 * M, &[cheap, full_price, cheap]), None);
        assert_eq!(
            refusal(10 * M, &[cheap, cheap, cheap]).as_deref(),
            Some(
                "El descuento total de 0.03 supera el máximo permitido al cajero (10 % de 0.15 = 0.02)"
            )
        );
    }

    #[test]
    fn percentages_read_without_trailing_zeros() {
        assert_eq!(percent_text(0), "0");
        assert_eq!(percent_text(2_500_000), "2.5");
        assert_eq!(percent_text(FULL), "100");
    }
}
