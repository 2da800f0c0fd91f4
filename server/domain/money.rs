//! Decimal helpers shared by totals, XML and validation: one rounding rule, one
//! formatting rule, and a serde format that refuses floating-point numbers.
//!
//! Money never goes through `f64`. JSON amounts are strings (`"10.50"`) or integers;
//! a JSON number with a fraction is rejected with a Spanish message, because
//! `serde_json` would already have turned it into a float.

use rust_decimal::{Decimal, RoundingStrategy};

/// Rounds to 2 decimals, half away from zero (the SRI's "half-up" on non-negative
/// amounts). The only rounding function used for money in the engine.
pub fn round2(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// [`round2`] and then exactly 2 decimals of scale (`1.5` → `1.50`), so amounts read
/// the same in the XML, in JSON and on screens.
pub fn money(value: Decimal) -> Decimal {
    let mut v = round2(value);
    v.rescale(2);
    v
}

/// Formats an amount with exactly 2 decimals (`1.5` → `"1.50"`), as every monetary
/// field of the SRI schemas requires.
pub fn fmt2(value: Decimal) -> String {
    money(value).to_string()
}

/// Formats a quantity or unit price with at least 2 and at most 6 decimals
/// (`1` → `"1.00"`, `0.333333` stays), the x.1.0 schemas' limit.
pub fn fmt_qty(value: Decimal) -> String {
    let mut v = value.normalize();
    if v.scale() < 2 {
        v.rescale(2);
    }
    v.to_string()
}

/// Formats a tariff without trailing zeros (`15`, `0.02`), which keeps it within
/// the schemas' `totalDigits=4` for every rate.
pub fn fmt_tariff(value: Decimal) -> String {
    value.normalize().to_string()
}

/// Number of integer digits (the XSD `totalDigits` minus the fraction digits).
pub fn integer_digits(value: Decimal) -> u32 {
    let int = value.abs().trunc().normalize();
    if int.is_zero() {
        1
    } else {
        int.to_string().len() as u32
    }
}

/// Number of decimals actually used (`1.50` → 1, `2.125` → 3).
pub fn decimals(value: Decimal) -> u32 {
    value.normalize().scale()
}

/// Scale of every decimal the database stores: money, quantities and unit costs are `BIGINT`
/// columns in millionths (`1.25` is `1250000`), so both backends add them exactly in SQL
/// (`SUM`) and a value keeps the 6 decimals the SRI allows for quantities and unit prices.
pub const MICROS_SCALE: u32 = 6;

/// A decimal as stored: rounded half-up to 6 decimals, in millionths. `None` when it does not fit
/// (over nine trillion).
pub fn to_micros(value: Decimal) -> Option<i64> {
    let rounded =
        value.round_dp_with_strategy(MICROS_SCALE, RoundingStrategy::MidpointAwayFromZero);
    let scaled = rounded.checked_mul(Decimal::from(1_000_000))?;
    i64::try_from(scaled.trunc()).ok()
}

/// A stored decimal (millionths) back as a decimal with 6 decimals of scale.
pub fn from_micros(micros: i64) -> Decimal {
    Decimal::new(micros, MICROS_SCALE)
}

/// A stored amount as money: 2 decimals (`"1.50"`), for views.
pub fn money_from_micros(micros: i64) -> Decimal {
    money(from_micros(micros))
}

/// A stored amount as the decimal string every view sends (`"1.50"`).
pub fn money_text(micros: i64) -> String {
    money_from_micros(micros).to_string()
}

/// Whole units with thousands separated as the screens write them (`ui/src/lib/format.ts`):
/// `1234567` → `1,234,567`.
pub fn group_thousands(whole: u64) -> String {
    let digits = whole.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    grouped
}

/// A stored amount as the screens show money (`formatMoney`): `$ 1,234.56`, `-$ 3.00`; for text
/// the server writes itself (the charts' figures).
pub fn money_display(micros: i64) -> String {
    let amount = money_from_micros(micros);
    let cents = (amount.abs() * Decimal::ONE_HUNDRED)
        .trunc()
        .to_string()
        .parse::<u64>()
        .unwrap_or(0);
    let sign = if amount.is_sign_negative() && cents > 0 {
        "-"
    } else {
        ""
    };
    format!(
        "{sign}$ {}.{:02}",
        group_thousands(cents / 100),
        cents % 100
    )
}

/// A stored quantity or unit price without trailing zeros (`"1.5"`, `"3"`), for views.
pub fn qty_from_micros(micros: i64) -> Decimal {
    from_micros(micros).normalize()
}

/// Why a decimal written by a user was not read ([`parse_decimal`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecimalProblem {
    /// Not a number: letters, an exponent, a `+`, spaces inside…
    Invalid,
    /// More than one separator (`1.234,56`, `1,234.56`, `1.234.567`): a thousands separator,
    /// which cannot be told from a decimal one in general, so it is refused.
    Thousands,
}

impl DecimalProblem {
    /// The Spanish problem, `what` naming the field ("El precio").
    pub fn message(self, what: &str) -> String {
        match self {
            Self::Invalid => format!("{what} no es un número válido"),
            Self::Thousands => format!(
                "{what} no puede llevar separador de miles: escríbalo como 1234,56 o 1234.56"
            ),
        }
    }
}

/// A decimal as a user writes it (issue 24, point 6): digits, an optional leading `-`, and at
/// most **one** separator, a comma or a point, which is the decimal separator either way —
/// Ecuador writes `20,00`, the API and spreadsheets `20.00`, both are twenty. A text with two
/// or more separators (`1.234,56`, `1,234.56`) carries a thousands separator and is refused
/// ([`DecimalProblem::Thousands`]) rather than guessed: `1.234` alone is one point two three
/// four, never a thousand. No exponent, no `+`, no spaces inside (the caller trims).
pub fn parse_decimal(text: &str) -> Result<Decimal, DecimalProblem> {
    use std::str::FromStr;
    let digits = text.strip_prefix('-').unwrap_or(text);
    if !digits
        .bytes()
        .all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
    {
        return Err(DecimalProblem::Invalid);
    }
    if digits.bytes().filter(|b| matches!(b, b'.' | b',')).count() > 1 {
        return Err(DecimalProblem::Thousands);
    }
    if !digits.bytes().any(|b| b.is_ascii_digit()) {
        return Err(DecimalProblem::Invalid);
    }
    Decimal::from_str(&text.replace(',', ".")).map_err(|_| DecimalProblem::Invalid)
}

/// Serde (de)serialization of [`Decimal`] as a JSON string; integers are accepted,
/// fractional JSON numbers are refused.
pub mod serde_decimal {
    use std::fmt;

    use rust_decimal::Decimal;
    use serde::de::{self, Visitor};
    use serde::{Deserializer, Serializer};

    /// Writes the decimal as a string (`"10.50"`), exactly as stored.
    pub fn serialize<S: Serializer>(value: &Decimal, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&value.to_string())
    }

    /// Reads a decimal from a string or an integer.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Decimal, D::Error> {
        deserializer.deserialize_any(DecimalVisitor)
    }

    struct DecimalVisitor;

    impl Visitor<'_> for DecimalVisitor {
        type Value = Decimal;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("un número decimal escrito como cadena, p. ej. \"10.50\"")
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Decimal, E> {
            super::parse_decimal(v.trim()).map_err(|p| E::custom(p.message(&format!("«{v}»"))))
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Decimal, E> {
            Ok(Decimal::from(v))
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Decimal, E> {
            Ok(Decimal::from(v))
        }

        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Decimal, E> {
            Err(E::custom(format!(
                "el valor {v} debe escribirse como cadena (p. ej. \"{v}\") para no perder precisión"
            )))
        }
    }

    /// Same as the parent module for `Option<Decimal>` (`null` or absent = `None`).
    pub mod option {
        use rust_decimal::Decimal;
        use serde::{Deserialize, Deserializer, Serializer};

        /// Writes `Some` as a string, `None` as `null`.
        pub fn serialize<S: Serializer>(
            value: &Option<Decimal>,
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            match value {
                Some(v) => serializer.serialize_str(&v.to_string()),
                None => serializer.serialize_none(),
            }
        }

        /// Reads `null`, a string or an integer.
        pub fn deserialize<'de, D: Deserializer<'de>>(
            deserializer: D,
        ) -> Result<Option<Decimal>, D::Error> {
            #[derive(Deserialize)]
            struct Wrapper(#[serde(with = "super")] Decimal);
            Option::<Wrapper>::deserialize(deserializer).map(|w| w.map(|Wrapper(d)| d))
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use serde::Deserialize;
        use std::str::FromStr;

        #[derive(Deserialize, Debug)]
        struct T(#[serde(with = "super")] Decimal);

        #[test]
        fn accepts_strings_and_integers_refuses_floats() {
            let t: T = serde_json::from_str("\"10.125\"").unwrap();
            assert_eq!(t.0, Decimal::from_str("10.125").unwrap());
            let t: T = serde_json::from_str("7").unwrap();
            assert_eq!(t.0, Decimal::from(7));
            let err = serde_json::from_str::<T>("10.5").unwrap_err().to_string();
            assert!(err.contains("cadena"), "{err}");
            let err = serde_json::from_str::<T>("\"1,000.00\"")
                .unwrap_err()
                .to_string();
            assert!(err.contains("separador de miles"), "{err}");
            let t: T = serde_json::from_str("\"20,50\"").unwrap();
            assert_eq!(t.0, Decimal::from_str("20.50").unwrap());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn a_single_comma_or_point_is_the_decimal_separator() {
        let d = |s: &str| Decimal::from_str(s).unwrap();
        assert_eq!(parse_decimal("20,00"), Ok(d("20.00")));
        assert_eq!(parse_decimal("20.00"), Ok(d("20.00")));
        assert_eq!(parse_decimal("-1,5"), Ok(d("-1.5")));
        assert_eq!(parse_decimal(",5"), Ok(d("0.5")));
        assert_eq!(parse_decimal("1,234"), Ok(d("1.234")));
        for thousands in ["1.234,56", "1,234.56", "1.234.567", "1,234,567"] {
            assert_eq!(parse_decimal(thousands), Err(DecimalProblem::Thousands));
        }
        for bad in ["", "-", ",", "1e3", "+1", "1 000", "abc", "--1"] {
            assert_eq!(parse_decimal(bad), Err(DecimalProblem::Invalid), "{bad}");
        }
    }

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn micros_round_trip() {
        assert_eq!(to_micros(d("1.25")), Some(1_250_000));
        assert_eq!(to_micros(d("-0.0000005")), Some(-1));
        assert_eq!(to_micros(d("0.0000004")), Some(0));
        assert_eq!(from_micros(1_250_000), d("1.25"));
        assert_eq!(money_from_micros(1_255_000).to_string(), "1.26");
        assert_eq!(qty_from_micros(3_000_000).to_string(), "3");
        assert_eq!(to_micros(d("99999999999999")), None);
    }

    #[test]
    fn rounds_half_up() {
        assert_eq!(round2(d("0.125")), d("0.13"));
        assert_eq!(round2(d("0.135")), d("0.14"));
        assert_eq!(round2(d("2.674999")), d("2.67"));
        assert_eq!(round2(d("1.005")), d("1.01"));
    }

    #[test]
    fn formats() {
        assert_eq!(fmt2(d("1.5")), "1.50");
        assert_eq!(fmt2(d("0")), "0.00");
        assert_eq!(fmt2(d("2.345")), "2.35");
        assert_eq!(fmt_qty(d("1")), "1.00");
        assert_eq!(fmt_qty(d("0.3333330")), "0.333333");
        assert_eq!(fmt_qty(d("12.5")), "12.50");
        assert_eq!(fmt_tariff(d("15.00")), "15");
        assert_eq!(fmt_tariff(d("0.020")), "0.02");
        assert_eq!(integer_digits(d("123.45")), 3);
        assert_eq!(integer_digits(d("0.45")), 1);
        assert_eq!(decimals(d("1.50")), 1);
    }
}
