//! The cash area: registers (`/api/cashRegister`), shifts (`/api/Turn`) and bank accounts
//! (`/api/bank`). Money moves only through `services::cash::posting`.

automod::dir!(pub "server/controllers/cash");

use serde_json::Value;

use crate::domain::limits::AMOUNT;
use crate::domain::money::to_micros;

/// A money amount of a form as micros ([`crate::validation::money`]), not negative, at most
/// [`AMOUNT`] (a drawer never holds more). `Ok(None)` when absent or empty; `Err` is the Spanish
/// problem.
pub fn money_field(value: Option<&Value>, what: &str) -> Result<Option<i64>, String> {
    let Some(amount) = crate::validation::money(value, what)? else {
        return Ok(None);
    };
    if amount.is_sign_negative() && !amount.is_zero() {
        return Err(format!("{what} no puede ser negativo"));
    }
    AMOUNT.check(to_micros(amount), what).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn money_fields() {
        assert_eq!(
            money_field(Some(&json!("10.50")), "El monto"),
            Ok(Some(10_500_000))
        );
        assert_eq!(
            money_field(Some(&json!(7)), "El monto"),
            Ok(Some(7_000_000))
        );
        assert_eq!(money_field(None, "El monto"), Ok(None));
        assert!(money_field(Some(&json!(1.5)), "El monto").is_err());
        assert!(money_field(Some(&json!("1.005")), "El monto").is_err());
        assert!(money_field(Some(&json!("-1")), "El monto").is_err());
        // The decimal comma is accepted (issue 24, defect 6); a thousands separator is not.
        assert_eq!(
            money_field(Some(&json!("1,50")), "El monto"),
            Ok(Some(1_500_000))
        );
        assert!(money_field(Some(&json!("1.000,50")), "El monto").is_err());
        assert_eq!(
            money_field(Some(&json!("1000000000")), "El monto"),
            Ok(Some(AMOUNT.max()))
        );
        assert_eq!(
            money_field(Some(&json!("1000000000.01")), "El monto"),
            Err("El monto no puede superar $ 1,000,000,000.00".into())
        );
    }
}
