//! Reading form values shared by the inventory and sales forms: decimals (strings or integers,
//! never JSON fractions; a decimal comma or point, `crate::domain::money::parse_decimal`) as
//! millionths, optional record ids and trimmed text. Each returns the
//! Spanish problem for its field.

use rust_decimal::Decimal;
use serde_json::Value;

use crate::domain::limits::Limit;
use crate::domain::money::{MICROS_SCALE, decimals, to_micros};
use crate::http::params::parse_id;
use crate::validation::{NumberField, number_field, plain_decimal};

/// A decimal read from a form: `None` when absent, `null` or `""`.
pub fn decimal(value: Option<&Value>, what: &str) -> Result<Option<Decimal>, String> {
    let text = match number_field(value) {
        NumberField::Absent => return Ok(None),
        NumberField::Text(text) => text,
        NumberField::Fraction => {
            return Err(format!(
                "{what} debe escribirse como texto (p. ej. \"1.25\")"
            ));
        }
        NumberField::NotANumber => return Err(format!("{what} no es un número válido")),
    };
    let number = plain_decimal(&text).map_err(|p| p.message(what))?;
    if decimals(number) > MICROS_SCALE {
        return Err(format!("{what} admite hasta 6 decimales"));
    }
    Ok(Some(number))
}

/// A decimal as millionths, checked against a minimum (`> 0` when `positive`, else `≥ 0` unless
/// `signed`) and against the ceiling `limit` of its kind ([`crate::domain::limits`]).
pub fn micros(
    value: Option<&Value>,
    what: &str,
    positive: bool,
    signed: bool,
    limit: Limit,
) -> Result<Option<i64>, String> {
    let Some(number) = decimal(value, what)? else {
        return Ok(None);
    };
    if positive && number <= Decimal::ZERO {
        return Err(format!("{what} debe ser mayor que cero"));
    }
    if !signed && number < Decimal::ZERO {
        return Err(format!("{what} no puede ser negativo"));
    }
    limit.check(to_micros(number), what).map(Some)
}

/// A required decimal as millionths ([`micros`]).
pub fn required_micros(
    value: Option<&Value>,
    what: &str,
    positive: bool,
    signed: bool,
    limit: Limit,
) -> Result<i64, String> {
    micros(value, what, positive, signed, limit)?.ok_or_else(|| format!("{what} es obligatorio"))
}

/// An optional record id (`null`, `""` or absent is `None`); the 404 of `parse_id` when it is
/// not an id.
pub fn optional_id(value: Option<&Value>) -> Result<Option<i64>, crate::error::AppError> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(v) => parse_id(Some(v)).map(Some),
    }
}

/// Trimmed optional text (`None` when blank).
pub fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
}

/// A whole number in `min..=max` from a JSON number or numeric string (`default` when absent).
pub fn whole(
    value: Option<&Value>,
    default: i64,
    min: i64,
    max: i64,
    what: &str,
) -> Result<i64, String> {
    let parsed = match value {
        None | Some(Value::Null) => return Ok(default),
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(default),
        Some(Value::String(s)) => s.trim().parse().ok(),
        Some(_) => None,
    };
    match parsed {
        Some(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "{what} debe ser un número entero entre {min} y {max}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::limits::{QUANTITY, UNIT_PRICE};
    use serde_json::json;

    #[test]
    fn decimals_as_micros() {
        assert_eq!(
            micros(Some(&json!("1.25")), "El precio", false, false, UNIT_PRICE),
            Ok(Some(1_250_000))
        );
        assert_eq!(
            micros(Some(&json!(3)), "El precio", false, false, UNIT_PRICE),
            Ok(Some(3_000_000))
        );
        assert_eq!(
            micros(Some(&json!("")), "El precio", false, false, UNIT_PRICE),
            Ok(None)
        );
        assert!(micros(Some(&json!(1.5)), "El precio", false, false, UNIT_PRICE).is_err());
        assert!(micros(Some(&json!("-1")), "El precio", false, false, UNIT_PRICE).is_err());
        assert_eq!(
            micros(Some(&json!("-1")), "La cantidad", false, true, QUANTITY),
            Ok(Some(-1_000_000))
        );
        assert!(micros(Some(&json!("0")), "La cantidad", true, false, QUANTITY).is_err());
        assert!(
            micros(
                Some(&json!("1.1234567")),
                "La cantidad",
                false,
                false,
                QUANTITY
            )
            .is_err()
        );
        assert_eq!(
            micros(Some(&json!("1,5")), "La cantidad", false, false, QUANTITY),
            Ok(Some(1_500_000))
        );
        assert!(
            micros(
                Some(&json!("1.000,5")),
                "La cantidad",
                false,
                false,
                QUANTITY
            )
            .is_err()
        );
    }

    #[test]
    fn ceilings_are_refused_with_the_limit_named() {
        let qty = |v: Value| micros(Some(&v), "La cantidad", true, false, QUANTITY);
        assert_eq!(qty(json!("10000000")), Ok(Some(10_000_000_000_000)));
        assert_eq!(
            qty(json!("10000000.000001")),
            Err("La cantidad no puede superar 10,000,000".into())
        );
        assert_eq!(
            micros(
                Some(&json!("-10000001")),
                "La cantidad",
                false,
                true,
                QUANTITY
            ),
            Err("La cantidad no puede superar 10,000,000".into())
        );
        // Past i64 altogether: the same refusal, not a wrapped value.
        assert_eq!(
            qty(json!("99999999999999999999")),
            Err("La cantidad no puede superar 10,000,000".into())
        );
        let cost = |v: Value| micros(Some(&v), "El costo unitario", false, false, UNIT_PRICE);
        assert_eq!(cost(json!("1000000")), Ok(Some(1_000_000_000_000)));
        assert_eq!(
            cost(json!("1000000.01")),
            Err("El costo unitario no puede superar $ 1,000,000.00".into())
        );
    }
}
