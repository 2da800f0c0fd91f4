//! `/api/auth/*`: sign-up and e-mail verification, sign-in and sign-out, password reset, and the
//! choice of branch office.

pub mod branch;
pub mod password;
pub mod session;
pub mod signup;

use crate::error::{AppError, FieldErrors};

/// Longest e-mail address accepted (RFC 5321 path limit).
const EMAIL_MAX: usize = 254;
/// Longest display name accepted.
const NAME_MAX: usize = 120;

/// Spanish problem with an e-mail address, if any. Deliberately simple: one `@`, something before
/// it, a dotted domain after it, no spaces. The verification e-mail is the real check.
pub fn email_problem(email: &str) -> Option<&'static str> {
    let email = email.trim();
    if email.is_empty() {
        return Some("El correo electrónico es obligatorio");
    }
    if email.len() > EMAIL_MAX {
        return Some("El correo electrónico es demasiado largo");
    }
    let valid = match email.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !email.chars().any(char::is_whitespace)
        }
        None => false,
    };
    (!valid).then_some("El correo electrónico no es válido")
}

/// Spanish problem with a person's name, if any.
pub fn name_problem(name: &str) -> Option<&'static str> {
    let length = name.trim().chars().count();
    if length == 0 {
        Some("El nombre es obligatorio")
    } else if length > NAME_MAX {
        Some("El nombre no puede tener más de 120 caracteres")
    } else {
        None
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_rules() {
        assert!(email_problem("ana@tienda.ec").is_none());
        assert!(email_problem(" Ana@Tienda.EC ").is_none());
        for bad in [
            "",
            "ana",
            "ana@",
            "@tienda.ec",
            "ana@tienda",
            "ana@@tienda.ec",
            "a na@tienda.ec",
            "ana@.ec",
        ] {
            assert!(
                email_problem(bad).is_some(),
                "{bad:?} debería ser rechazado"
            );
        }
    }
}
