//! The one rule for control characters in what a client sends, applied where requests are
//! extracted (the URI guard, [`JsonBody`](super::json::JsonBody), [`FormBody`](super::form::FormBody),
//! [`QueryParams`](super::query::QueryParams)), so no handler ever sees them.
//!
//! PostgreSQL refuses U+0000 in text (the request failed with 500) and SQLite stores it (an
//! `admin@demo.ec\0` account displayed as `admin@demo.ec`); the other controls are invisible or
//! break lines in the screens, the logs and the SRI's XML. The rule:
//!
//! - **JSON string values** may contain tab, line feed and carriage return (text areas: addresses,
//!   notes, descriptions are multi-line); every other control character (C0, DEL, C1) is refused.
//! - **JSON object keys, URL paths, query strings and form fields** are single-line: every control
//!   character is refused, tab and line breaks included.
//!
//! Single-line JSON fields that received a line break are still caught by their own validation
//! (an e-mail, a code, a RUC) or stored as the user typed them.

use serde_json::Value;

use crate::error::AppError;

/// Message of every refusal under this rule.
pub const CONTROL_CHARACTERS: &str =
    "La solicitud contiene caracteres de control no permitidos (por ejemplo, el carácter nulo).";

/// The 400 for a request that breaks the rule.
pub fn refused() -> AppError {
    AppError::BadRequest(CONTROL_CHARACTERS.into())
}

/// Whether `text` has a control character not allowed in a single-line value.
pub fn has_control(text: &str) -> bool {
    text.chars().any(char::is_control)
}

/// Whether `text` has a control character not allowed in a multi-line JSON string.
fn has_control_multiline(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}

/// Checks every key and string of a JSON document.
pub fn check_json(value: &Value) -> Result<(), AppError> {
    // Iterative: the parser already bounds nesting, this adds no recursion of its own.
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::String(s) if has_control_multiline(s) => return Err(refused()),
            Value::Array(items) => pending.extend(items),
            Value::Object(fields) => {
                for (key, item) in fields {
                    if has_control(key) {
                        return Err(refused());
                    }
                    pending.push(item);
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Percent-decodes `raw` (a path or a query string) into bytes; `+` stays as it is (a space in
/// a query is no control character either way).
pub fn percent_decode(raw: &str) -> Vec<u8> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((h << 4) | l);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// Whether a raw (percent-encoded) path or query has a control character once decoded. Bytes
/// that are not UTF-8 are judged as the replacement character (the extractors refuse them).
pub fn encoded_has_control(raw: &str) -> bool {
    has_control(&String::from_utf8_lossy(&percent_decode(raw)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_strings_may_be_multiline_but_not_null() {
        assert!(check_json(&json!({ "nota": "línea 1\nlínea 2\r\n\tfin" })).is_ok());
        assert!(check_json(&json!({ "email": "a\u{0}@demo.ec" })).is_err());
        assert!(check_json(&json!({ "x": ["ok", { "y": "\u{1b}[31m" }] })).is_err());
        assert!(check_json(&json!({ "x": "\u{7f}" })).is_err());
        assert!(check_json(&json!({ "x": "\u{85}" })).is_err());
        assert!(
            check_json(&json!({ "a\nb": 1 })).is_err(),
            "keys are single-line"
        );
        assert!(check_json(&json!([1, true, null, "ñandú"])).is_ok());
    }

    #[test]
    fn urls_are_single_line() {
        assert!(encoded_has_control("search=%00"));
        assert!(encoded_has_control("/api/users/1%0A"));
        assert!(encoded_has_control("q=%09"));
        assert!(encoded_has_control("q=%C2%85"), "C1 controls too");
        assert!(!encoded_has_control(
            "search=%C3%B1and%C3%BA+caf%C3%A9&page=2"
        ));
        assert!(!encoded_has_control("q=100%"), "a lone % is no control");
        assert!(!encoded_has_control("q=%zz"));
        assert_eq!(percent_decode("a%41%4a+"), b"aAJ+");
    }
}
