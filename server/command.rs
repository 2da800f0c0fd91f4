//! The fields of a typed command as a form sends them.
//!
//! Every request body is a `#[derive(Deserialize, TS)]` struct (a command), read by the
//! controller and handed to the service that decides on it. Its numbers and record ids are
//! [`NumberInput`] and [`IdInput`] (and lists of them, [`ListInput`]): they accept whatever JSON
//! the field holds and keep it, sorted, until the service reads it with the field's Spanish name
//! and rules. Why not `Decimal` or `i64` fields: serde would refuse the whole body at the first bad
//! field, in English, naming a byte offset; the API answers every field's problem in Spanish (with
//! the field's path and 400/422 as each form decides), accepts `"1,25"` as a decimal, and never
//! takes a JSON fraction (`1.25`, binary floating point) as an amount. A field that is absent or
//! `null` reads as absent: the command's other fields still deserialize.
//!
//! Written by hand because the rules are the API's own (the accepted spellings and the Spanish
//! refusals are a contract); decimals themselves are parsed by
//! [`crate::domain::money::parse_decimal`].

use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer};
use serde_json::{Number, Value};

use crate::domain::limits::{AMOUNT, Limit};
use crate::domain::money::{MICROS_SCALE, decimals, to_micros};
use crate::error::{AppError, not_in_table};
use crate::validation::plain_decimal;

/// What a body holds where a scalar is expected.
#[derive(Debug, Clone, Default, PartialEq)]
enum Scalar {
    /// Absent or `null`.
    #[default]
    Absent,
    /// A JSON string, as sent.
    Text(String),
    /// A JSON number.
    Number(Number),
    /// Anything else (`true`, a list, an object).
    Other,
}

impl Scalar {
    fn of(value: Option<&Value>) -> Scalar {
        match value {
            None | Some(Value::Null) => Scalar::Absent,
            Some(Value::String(text)) => Scalar::Text(text.clone()),
            Some(Value::Number(number)) => Scalar::Number(number.clone()),
            Some(_) => Scalar::Other,
        }
    }

    /// Absent, `null` or blank text.
    fn is_blank(&self) -> bool {
        match self {
            Scalar::Absent => true,
            Scalar::Text(text) => text.trim().is_empty(),
            _ => false,
        }
    }
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Scalar, D::Error> {
        // Through `Option`, so that a field missing from the body reads as absent (serde hands a
        // missing field to `deserialize_option` as `None`) and `null` too.
        Ok(Scalar::of(
            Option::<Value>::deserialize(deserializer)?.as_ref(),
        ))
    }
}

/// A decimal (or whole number) field: text with a decimal point or comma (`"1.25"`, `"1,25"`), a
/// whole JSON number, or nothing. Read with [`NumberInput::micros`], [`NumberInput::money`] or
/// [`NumberInput::whole`].
#[derive(Debug, Clone, Default, PartialEq, Deserialize, ts_rs::TS)]
#[serde(transparent)]
pub struct NumberInput(#[ts(type = "string | number | null")] Scalar);

/// How a [`NumberInput`] reads as a decimal.
enum DecimalText {
    Absent,
    /// Trimmed text, or a whole JSON number written out.
    Text(String),
    /// A JSON number with a fraction.
    Fraction,
    NotANumber,
}

impl NumberInput {
    /// The field holding `value` (a JSON value read by other means, e.g. a query parameter).
    pub fn of(value: Option<&Value>) -> NumberInput {
        NumberInput(Scalar::of(value))
    }

    /// The field holding `text` (a figure the server writes into a command of its own).
    pub fn from_text(text: impl Into<String>) -> NumberInput {
        NumberInput(Scalar::Text(text.into()))
    }

    /// Absent, `null` or blank.
    pub fn is_absent(&self) -> bool {
        self.0.is_blank()
    }

    /// Absent or `null` (blank text is a value, which a form may read as its default).
    pub fn is_null(&self) -> bool {
        self.0 == Scalar::Absent
    }

    fn decimal_text(&self) -> DecimalText {
        match &self.0 {
            scalar if scalar.is_blank() => DecimalText::Absent,
            Scalar::Text(text) => DecimalText::Text(text.trim().to_string()),
            Scalar::Number(n) if n.is_i64() || n.is_u64() => DecimalText::Text(n.to_string()),
            Scalar::Number(_) => DecimalText::Fraction,
            _ => DecimalText::NotANumber,
        }
    }

    /// The decimal: `None` when absent, `null` or `""`; at most 6 decimals (`what` names the
    /// field in the Spanish problem: "El precio").
    pub fn decimal(&self, what: &str) -> Result<Option<Decimal>, String> {
        let text = match self.decimal_text() {
            DecimalText::Absent => return Ok(None),
            DecimalText::Text(text) => text,
            DecimalText::Fraction => {
                return Err(format!(
                    "{what} debe escribirse como texto (p. ej. \"1.25\")"
                ));
            }
            DecimalText::NotANumber => return Err(format!("{what} no es un número válido")),
        };
        let number = plain_decimal(&text).map_err(|p| p.message(what))?;
        if decimals(number) > MICROS_SCALE {
            return Err(format!("{what} admite hasta 6 decimales"));
        }
        Ok(Some(number))
    }

    /// The decimal as millionths, checked against a minimum (`> 0` when `positive`, else `≥ 0`
    /// unless `signed`) and against the ceiling `limit` of its kind
    /// ([`crate::domain::limits`]).
    pub fn micros(
        &self,
        what: &str,
        positive: bool,
        signed: bool,
        limit: Limit,
    ) -> Result<Option<i64>, String> {
        let Some(number) = self.decimal(what)? else {
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

    /// A required [`NumberInput::micros`].
    pub fn required_micros(
        &self,
        what: &str,
        positive: bool,
        signed: bool,
        limit: Limit,
    ) -> Result<i64, String> {
        self.micros(what, positive, signed, limit)?
            .ok_or_else(|| format!("{what} es obligatorio"))
    }

    /// A money amount: at most 2 decimals, as a decimal. `Ok(None)` when absent or empty. Signs
    /// and bounds are each form's own rule.
    pub fn money(&self, what: &str) -> Result<Option<Decimal>, String> {
        let text = match self.decimal_text() {
            DecimalText::Absent => return Ok(None),
            DecimalText::Text(text) => text,
            DecimalText::Fraction | DecimalText::NotANumber => {
                return Err(format!(
                    "{what} debe ser un número escrito como texto, p. ej. \"10.50\""
                ));
            }
        };
        let amount = plain_decimal(&text).map_err(|p| p.message(what))?;
        if amount.normalize().scale() > 2 {
            return Err(format!("{what} admite como máximo 2 decimales"));
        }
        Ok(Some(amount))
    }

    /// A money amount ([`NumberInput::money`]) as millionths, not negative, at most [`AMOUNT`]
    /// (a drawer, an account or a payment never holds more). `Ok(None)` when absent or empty.
    pub fn amount(&self, what: &str) -> Result<Option<i64>, String> {
        let Some(amount) = self.money(what)? else {
            return Ok(None);
        };
        if amount.is_sign_negative() && !amount.is_zero() {
            return Err(format!("{what} no puede ser negativo"));
        }
        AMOUNT.check(to_micros(amount), what).map(Some)
    }

    /// A whole number in `min..=max` from a JSON number or numeric text (`default` when absent
    /// or blank).
    pub fn whole(&self, default: i64, min: i64, max: i64, what: &str) -> Result<i64, String> {
        if self.0.is_blank() {
            return Ok(default);
        }
        match self.whole_number() {
            Some(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(format!(
                "{what} debe ser un número entero entre {min} y {max}"
            )),
        }
    }

    /// What was written: trimmed text, or a JSON number written out (empty otherwise). For a
    /// code that a scanner may send as a number (a barcode).
    pub fn written(&self) -> String {
        match &self.0 {
            Scalar::Text(text) => text.trim().to_string(),
            Scalar::Number(n) => n.to_string(),
            _ => String::new(),
        }
    }

    /// The whole number it holds (a JSON integer or trimmed numeric text), if any.
    pub fn whole_number(&self) -> Option<i64> {
        match &self.0 {
            Scalar::Number(n) => n.as_i64(),
            Scalar::Text(text) => text.trim().parse().ok(),
            _ => None,
        }
    }
}

/// A record id field: a positive JSON integer or plain digits (`"12"`), or nothing.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, ts_rs::TS)]
#[serde(transparent)]
pub struct IdInput(#[ts(type = "number | string | null")] Scalar);

impl IdInput {
    /// The field holding `value` (a path segment or a value read by other means).
    pub fn of(value: Option<&Value>) -> IdInput {
        IdInput(Scalar::of(value))
    }

    /// The field holding `id`.
    pub fn from_id(id: i64) -> IdInput {
        IdInput(Scalar::Number(Number::from(id)))
    }

    /// Absent, `null` or blank.
    pub fn is_absent(&self) -> bool {
        self.0.is_blank()
    }

    /// Absent or `null` (blank text is a value: it names no record).
    pub fn is_null(&self) -> bool {
        self.0 == Scalar::Absent
    }

    /// The id it holds, if it holds one (`None` when absent or not an id).
    pub fn id(&self) -> Option<i64> {
        match &self.0 {
            Scalar::Number(n) => n.as_i64(),
            Scalar::Text(text) => {
                let text = text.trim();
                // Only plain digits: `+1`, `1e3` or ` 1` are not ids.
                if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
                    text.parse().ok()
                } else {
                    None
                }
            }
            _ => None,
        }
        .filter(|id| *id > 0)
    }

    /// The id; anything else (absent included) is the 404 the specification asks for (a record
    /// that is not in the table).
    pub fn required(&self) -> Result<i64, AppError> {
        self.id().ok_or_else(not_in_table)
    }

    /// `None` when absent, `null` or `""`; the id otherwise, or the 404 of
    /// [`IdInput::required`] when it is not one.
    pub fn optional(&self) -> Result<Option<i64>, AppError> {
        if self.0.is_blank() {
            Ok(None)
        } else {
            self.required().map(Some)
        }
    }
}

/// A list field (`[…]`) of lenient items: absent, a list, or something else, which each form
/// refuses with its own message.
/// In a command exported to TypeScript the field says its type: `#[ts(type = "number[] | null")]`.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum ListInput<T> {
    #[default]
    Absent,
    Items(Vec<T>),
    NotAList,
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ListInput<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ListInput<T>, D::Error> {
        // Items never fail to deserialize (they are lenient), so a list always reads.
        match Option::<Value>::deserialize(deserializer)? {
            None => Ok(ListInput::Absent),
            Some(Value::Array(items)) => items
                .into_iter()
                .map(|item| T::deserialize(item).map_err(serde::de::Error::custom))
                .collect::<Result<Vec<T>, _>>()
                .map(ListInput::Items),
            Some(_) => Ok(ListInput::NotAList),
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::limits::{QUANTITY, UNIT_PRICE};
    use serde_json::json;

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Command {
        quantity: NumberInput,
        product_id: IdInput,
        ids: ListInput<IdInput>,
    }

    fn read(body: Value) -> Command {
        serde_json::from_value(body).expect("a lenient command always reads")
    }

    #[test]
    fn absent_null_and_wrong_types_still_read() {
        let empty = read(json!({}));
        assert!(empty.quantity.is_absent() && empty.product_id.is_absent());
        assert_eq!(empty.ids, ListInput::Absent);
        let wrong = read(json!({"quantity": true, "productId": [1], "ids": "x"}));
        assert_eq!(
            wrong.quantity.decimal("La cantidad"),
            Err("La cantidad no es un número válido".into())
        );
        assert!(wrong.product_id.required().is_err());
        assert_eq!(wrong.ids, ListInput::NotAList);
        let null = read(json!({"quantity": null, "productId": null, "ids": null}));
        assert!(null.quantity.is_absent());
        assert_eq!(null.product_id.optional().ok(), Some(None));
    }

    #[test]
    fn decimals_as_micros() {
        let n = |v: Value| NumberInput::of(Some(&v));
        assert_eq!(
            n(json!("1.25")).micros("El precio", false, false, UNIT_PRICE),
            Ok(Some(1_250_000))
        );
        assert_eq!(
            n(json!("1,25")).micros("El precio", false, false, UNIT_PRICE),
            Ok(Some(1_250_000))
        );
        assert_eq!(
            n(json!(3)).micros("El precio", false, false, UNIT_PRICE),
            Ok(Some(3_000_000))
        );
        assert_eq!(
            n(json!(1.5)).decimal("La cantidad"),
            Err("La cantidad debe escribirse como texto (p. ej. \"1.25\")".into())
        );
        assert_eq!(
            n(json!("0")).micros("La cantidad", true, false, QUANTITY),
            Err("La cantidad debe ser mayor que cero".into())
        );
        assert_eq!(
            n(json!("-1")).micros("El costo", false, false, UNIT_PRICE),
            Err("El costo no puede ser negativo".into())
        );
        assert_eq!(
            n(json!("1.1234567")).decimal("La cantidad"),
            Err("La cantidad admite hasta 6 decimales".into())
        );
        assert_eq!(
            n(json!(" ")).required_micros("La cantidad", true, false, QUANTITY),
            Err("La cantidad es obligatorio".into())
        );
    }

    #[test]
    fn money_and_whole_numbers() {
        let n = |v: Value| NumberInput::of(Some(&v));
        assert_eq!(
            n(json!("10,50")).money("El monto"),
            Ok(Some(Decimal::new(1050, 2)))
        );
        assert_eq!(
            n(json!("10.505")).money("El monto"),
            Err("El monto admite como máximo 2 decimales".into())
        );
        assert_eq!(
            n(json!(1.5)).money("El monto"),
            Err("El monto debe ser un número escrito como texto, p. ej. \"10.50\"".into())
        );
        assert_eq!(n(json!("")).whole(7, 1, 10, "Los días"), Ok(7));
        assert_eq!(n(json!(" 4 ")).whole(7, 1, 10, "Los días"), Ok(4));
        assert_eq!(
            n(json!(11)).whole(7, 1, 10, "Los días"),
            Err("Los días debe ser un número entero entre 1 y 10".into())
        );
        assert_eq!(
            n(json!(2.5)).whole(7, 1, 10, "Los días"),
            Err("Los días debe ser un número entero entre 1 y 10".into())
        );
    }

    #[test]
    fn money_amounts() {
        let money = |v: Value| NumberInput::of(Some(&v)).money("El monto");
        assert_eq!(money(json!("10.50")), Ok(Some(Decimal::new(1050, 2))));
        assert_eq!(money(json!(" 7 ")), Ok(Some(Decimal::from(7))));
        assert_eq!(money(json!(12)), Ok(Some(Decimal::from(12))));
        assert_eq!(money(json!("-3")), Ok(Some(Decimal::from(-3))));
        assert_eq!(money(json!("")), Ok(None));
        assert_eq!(NumberInput::default().money("El monto"), Ok(None));
        assert_eq!(
            money(json!("1.005")),
            Err("El monto admite como máximo 2 decimales".into())
        );
        assert_eq!(money(json!("10,50")), Ok(Some(Decimal::new(1050, 2))));
        for bad in [
            json!("1e3"),
            json!("+1"),
            json!("abc"),
            json!("-"),
            json!(","),
        ] {
            assert_eq!(money(bad), Err("El monto no es un número válido".into()));
        }
        for thousands in ["1.234,56", "1,234.56", "1.234.567"] {
            assert_eq!(
                money(json!(thousands)),
                Err(
                    "El monto no puede llevar separador de miles: escríbalo como 1234,56 o 1234.56"
                        .into()
                )
            );
        }
        assert!(
            money(json!(1.5))
                .unwrap_err()
                .contains("escrito como texto")
        );
    }

    #[test]
    fn amounts() {
        let amount = |v: Value| NumberInput::of(Some(&v)).amount("El monto");
        assert_eq!(amount(json!("10.50")), Ok(Some(10_500_000)));
        assert_eq!(amount(json!(7)), Ok(Some(7_000_000)));
        assert_eq!(NumberInput::default().amount("El monto"), Ok(None));
        assert!(amount(json!(1.5)).is_err());
        assert!(amount(json!("1.005")).is_err());
        assert!(amount(json!("-1")).is_err());
        // The decimal comma is accepted; a thousands separator is not.
        assert_eq!(amount(json!("1,50")), Ok(Some(1_500_000)));
        assert!(amount(json!("1.000,50")).is_err());
        assert_eq!(amount(json!("1000000000")), Ok(Some(AMOUNT.max())));
        assert_eq!(
            amount(json!("1000000000.01")),
            Err("El monto no puede superar $ 1,000,000,000.00".into())
        );
    }

    #[test]
    fn ids() {
        let id = |v: Value| IdInput::of(Some(&v));
        assert_eq!(id(json!(12)).required().ok(), Some(12));
        assert_eq!(id(json!("12")).required().ok(), Some(12));
        for bad in [
            json!("+1"),
            json!("1e3"),
            json!(" "),
            json!(0),
            json!(-3),
            json!(1.5),
        ] {
            assert!(id(bad.clone()).required().is_err(), "{bad}");
        }
        assert_eq!(id(json!("")).optional().ok(), Some(None));
        assert!(id(json!("x")).optional().is_err());
        assert_eq!(id(json!("x")).id(), None);
        assert_eq!(IdInput::from_id(5).id(), Some(5));
    }
}
