//! Field checks shared by every form: each returns the Spanish problem with a value (or `None`),
//! and [`check_fields`] turns the problems into one validation error naming each field.

use rust_decimal::Decimal;

use crate::domain::ids::{CONSUMIDOR_FINAL_ID, validate_cedula, validate_ruc};
use crate::domain::money::{DecimalProblem, parse_decimal};
use crate::error::{AppError, FieldErrors};

/// Longest e-mail address accepted (RFC 5321 path limit).
pub const EMAIL_MAX: usize = 254;
/// Longest display name accepted.
pub const NAME_MAX: usize = 120;

/// Collects field problems into a validation error (or `Ok` when there are none).
pub fn check_fields<'a>(
    problems: impl IntoIterator<Item = (&'a str, Option<String>)>,
) -> Result<(), AppError> {
    let errors: FieldErrors = problems
        .into_iter()
        .filter_map(|(field, problem)| problem.map(|p| (field.to_string(), p)))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(AppError::fields(errors))
    }
}

/// The problem with a required text of at most `max` characters (`what` names it: "El nombre").
pub fn required_text(value: &str, what: &str, max: usize) -> Option<String> {
    let length = value.trim().chars().count();
    if length == 0 {
        Some(format!("{what} es obligatorio"))
    } else if length > max {
        Some(format!("{what} no puede tener más de {max} caracteres"))
    } else {
        None
    }
}

/// The problem with an optional text longer than `max` characters.
pub fn optional_text(value: Option<&str>, what: &str, max: usize) -> Option<String> {
    value
        .filter(|v| v.trim().chars().count() > max)
        .map(|_| format!("{what} no puede tener más de {max} caracteres"))
}

/// Spanish problem with a person's name, if any.
pub fn name_problem(name: &str) -> Option<String> {
    required_text(name, "El nombre", NAME_MAX)
}

/// An e-mail address another account already has.
pub const EMAIL_TAKEN: &str = "Ya existe una cuenta con este correo electrónico";

/// Spanish problem with an e-mail address, if any.
///
/// The syntax is checked by the `email_address` crate (RFC 5321/5322: dot-atom local part, a
/// domain of letter-or-digit labels with a top-level domain; no display names, quoted local parts
/// or IP literals). On top of it the address must be plain ASCII: a dotless `ı`, a Cyrillic `а`
/// or a full-width letter would make an account that reads like another's (`admın@demo.ec`).
/// Addresses are stored and compared trimmed and in lower case (`normalize_email`), so
/// `Admin@Demo.ec` and `admin@demo.ec` are one account.
pub fn email_problem(email: &str) -> Option<String> {
    use email_address::{EmailAddress, Options};
    let email = email.trim();
    if email.is_empty() {
        return Some("El correo electrónico es obligatorio".into());
    }
    if email.len() > EMAIL_MAX {
        return Some("El correo electrónico es demasiado largo".into());
    }
    if !email.is_ascii() {
        return Some(
            "El correo electrónico solo puede tener letras sin tildes, números y los signos habituales"
                .into(),
        );
    }
    let options = Options::default()
        .with_required_tld()
        .without_display_text()
        .without_domain_literal();
    let valid = !email.starts_with('"') && EmailAddress::parse_with_options(email, options).is_ok();
    (!valid).then(|| "El correo electrónico no es válido".into())
}

/// `text` as a decimal: digits, an optional minus and one decimal separator, comma or point
/// (`20,00` is `20.00`); the rule and its refusals are [`parse_decimal`]'s.
pub fn plain_decimal(text: &str) -> Result<Decimal, DecimalProblem> {
    parse_decimal(text)
}

/// Identification types (the SRI's buyer identification kinds, by name): of clients and
/// suppliers alike.
pub const ID_TYPES: &[&str] = &["ruc", "cedula", "pasaporte", "consumidorFinal", "exterior"];

/// A client's or supplier's identification type and identification (upper case) as sent.
pub fn identification_of(
    id_type: &Option<String>,
    identification: &Option<String>,
) -> (String, String) {
    // Trimmed here rather than with `command::text`: that module reads numbers with this one's
    // rules, and neither should import the other.
    let trimmed = |value: &Option<String>| value.as_deref().unwrap_or_default().trim().to_string();
    (trimmed(id_type), trimmed(identification).to_uppercase())
}

/// The identification's problem, told only when its type is fine (no `type_problem`).
pub fn identification_check(
    id_type: &str,
    identification: &str,
    type_problem: &Option<String>,
) -> Option<String> {
    if type_problem.is_none() {
        identification_problem(id_type, identification)
    } else {
        None
    }
}

/// The problem with an identification of type `id_type`, if any.
pub fn identification_problem(id_type: &str, identification: &str) -> Option<String> {
    if identification.is_empty() {
        return Some("La identificación es obligatoria".into());
    }
    if identification == CONSUMIDOR_FINAL_ID {
        return Some("9999999999999 es el consumidor final, que ya existe en la empresa".into());
    }
    let problem = match id_type {
        "cedula" => validate_cedula(identification).err(),
        "ruc" => validate_ruc(identification).err(),
        "pasaporte" | "exterior" => {
            let fine = identification.chars().count() <= 20
                && identification
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-');
            (!fine).then(|| "solo letras, dígitos y guiones, hasta 20 caracteres".to_string())
        }
        _ => None,
    };
    problem.map(|p| format!("Identificación no válida: {p}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_rules() {
        assert!(email_problem("ana@tienda.ec").is_none());
        assert!(email_problem(" Ana@Tienda.EC ").is_none());
        assert!(email_problem("ana.maria+caja@mi-tienda.com.ec").is_none());
        for bad in [
            "",
            "ana",
            "ana@",
            "@tienda.ec",
            "ana@tienda",
            "ana@@tienda.ec",
            "a na@tienda.ec",
            "ana@.ec",
            "adm\u{131}n@demo.ec",
            "a@-.ec",
            "a@b..ec",
            "<a>@b.ec",
            "Ana <ana@tienda.ec>",
            "\"a b\"@tienda.ec",
            "a@[127.0.0.1]",
            "a\u{0}@demo.ec",
            "admin@demo.ec\u{0}",
            "ana@tienda.ec.",
        ] {
            assert!(
                email_problem(bad).is_some(),
                "{bad:?} debería ser rechazado"
            );
        }
    }

    #[test]
    fn texts() {
        assert_eq!(
            required_text("  ", "El nombre", 5).as_deref(),
            Some("El nombre es obligatorio")
        );
        assert_eq!(
            required_text("abcdef", "El nombre", 5).as_deref(),
            Some("El nombre no puede tener más de 5 caracteres")
        );
        assert!(required_text("ñandú", "El nombre", 5).is_none());
        assert!(optional_text(None, "La nota", 3).is_none());
        assert!(optional_text(Some("abcd"), "La nota", 3).is_some());
    }
}
