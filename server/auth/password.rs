//! Password hashing with argon2id. Hashes are PHC strings (`$argon2id$v=19$m=…`), which carry the
//! algorithm and its parameters, so stronger settings later still verify old hashes.
//!
//! Hashing is deliberately slow (tens of milliseconds); callers run it on a blocking thread (inside
//! `Database::run` or `spawn_blocking`), never on the async workers.

use std::sync::OnceLock;

use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Argon2, PasswordHash};

/// Shortest password accepted.
pub const MIN_LENGTH: usize = 8;
/// Longest password accepted (argon2 accepts more; this bounds the work an attacker can ask for).
pub const MAX_LENGTH: usize = 256;

/// Hashes a password with a fresh random salt.
pub fn hash(password: &str) -> anyhow::Result<String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("no se pudo calcular el hash de la contraseña: {e}"))
}

/// Whether `password` matches `stored`. A malformed stored hash never matches.
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// Spends the same time as a real check, for sign-ins with an unknown e-mail, so response time does
/// not reveal which e-mails have accounts.
pub fn verify_dummy(password: &str) {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let stored = DUMMY.get_or_init(|| hash("contraseña-de-relleno").unwrap_or_default());
    let _ = verify(password, stored);
}

/// Spanish validation message for a new password, if it is not acceptable.
pub fn problem(password: &str) -> Option<String> {
    let length = password.chars().count();
    if length < MIN_LENGTH {
        Some(format!(
            "La contraseña debe tener al menos {MIN_LENGTH} caracteres"
        ))
    } else if length > MAX_LENGTH {
        Some(format!(
            "La contraseña no puede tener más de {MAX_LENGTH} caracteres"
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_verifies_only_the_same_password() {
        let stored = hash("correcta-123").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("correcta-123", &stored));
        assert!(!verify("incorrecta-123", &stored));
        assert!(!verify("correcta-123", "no-es-un-hash"));
    }

    #[test]
    fn length_rules() {
        assert!(problem("1234567").is_some());
        assert!(problem("12345678").is_none());
        assert!(problem(&"x".repeat(MAX_LENGTH + 1)).is_some());
    }
}
