//! The key every submitted document carries (`idempotencyKey`: a sale, a purchase, a collection,
//! a restaurant bill): the client makes one per document and sends it again on a retry, and the
//! document already registered under it is answered instead of a second one.

/// Longest key.
pub const KEY_MAX: usize = 100;

/// `raw` trimmed, when it has 1 to [`KEY_MAX`] characters; else the refusal that names the
/// document carrying it (`venta`, `compra`, `cobro`): «Cada venta lleva una clave de envío
/// (idempotencyKey) de 1 a 100 caracteres».
pub fn checked(raw: Option<&str>, document: &str) -> Result<String, String> {
    let key = raw.map(str::trim).unwrap_or_default();
    if key.is_empty() || key.chars().count() > KEY_MAX {
        return Err(format!(
            "Cada {document} lleva una clave de envío (idempotencyKey) de 1 a {KEY_MAX} caracteres"
        ));
    }
    Ok(key.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_to_a_hundred_characters_trimmed() {
        assert_eq!(checked(Some("  abc "), "venta"), Ok("abc".to_string()));
        assert_eq!(
            checked(Some(&"ñ".repeat(100)), "venta").map(|k| k.chars().count()),
            Ok(100)
        );
        for bad in [None, Some(""), Some("   ")] {
            assert_eq!(
                checked(bad, "compra"),
                Err(
                    "Cada compra lleva una clave de envío (idempotencyKey) de 1 a 100 caracteres"
                        .into()
                )
            );
        }
        assert!(checked(Some(&"x".repeat(101)), "cobro").is_err());
    }
}
