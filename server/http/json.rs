//! A JSON body extractor whose refusals use the app's error shape and Spanish messages, and that
//! applies the control-character rule ([`super::text`]) before any handler sees the data.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::header::CONTENT_TYPE;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{refusals, text};
use crate::error::AppError;

/// Like `axum::Json`, but every refusal is a `{statusCode, message}` in Spanish without the
/// parser's English: 400 for a missing content type, bad JSON, control characters or data of the
/// wrong shape; 413 for a body over the limit.
pub struct JsonBody<T>(pub T);

/// Whether the request says its body is JSON (`application/json` or `application/…+json`).
fn is_json(req: &Request) -> bool {
    let Some(value) = req
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// A name from the parser's message when it is a plain field name (never echoes odd input).
fn field_name(message: &str) -> Option<&str> {
    let name = message.split('`').nth(1)?;
    (!name.is_empty()
        && name.len() <= 40
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
    .then_some(name)
}

/// The parser's complaint about the data's shape, said in Spanish.
pub fn shape_message(error: &serde_json::Error) -> String {
    let raw = error.to_string();
    let detail = if raw.starts_with("missing field") {
        match field_name(&raw) {
            Some(name) => format!("falta el campo «{name}»"),
            None => "falta un campo obligatorio".into(),
        }
    } else if raw.starts_with("unknown field") {
        match field_name(&raw) {
            Some(name) => format!("el campo «{name}» no se reconoce"),
            None => "hay un campo que no se reconoce".into(),
        }
    } else if raw.starts_with("invalid type") {
        "un campo tiene un tipo de dato que no corresponde (texto, número, lista u objeto)".into()
    } else {
        "un campo tiene un valor no válido".into()
    };
    format!("Los datos enviados no tienen la forma esperada: {detail}.")
}

/// Parses a JSON body already read, applying the control-character rule.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|_| AppError::BadRequest("El JSON enviado no es válido".into()))?;
    text::check_json(&value)?;
    serde_json::from_value(value).map_err(|e| AppError::BadRequest(shape_message(&e)))
}

impl<S, T> FromRequest<S> for JsonBody<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(&req) {
            return Err(AppError::BadRequest(
                "El cuerpo de la solicitud debe ser JSON (Content-Type: application/json)".into(),
            ));
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| refusals::body_error(e.status()))?;
        parse(&bytes).map(JsonBody)
    }
}

/// [`JsonBody`] of a body that may be left out: an empty body (or only blanks) is `T::default()`,
/// whatever its content type says (the resend routes take their corrections this way).
pub struct OptionalJsonBody<T>(pub T);

impl<S, T> FromRequest<S> for OptionalJsonBody<T>
where
    T: DeserializeOwned + Default,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| refusals::body_error(e.status()))?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalJsonBody(T::default()));
        }
        parse(&bytes).map(OptionalJsonBody)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Body {
        name: String,
        count: Option<i64>,
    }

    #[test]
    fn refusals_are_spanish_without_internals() {
        let message = |bytes: &[u8]| parse::<Body>(bytes).unwrap_err().public_message();
        assert_eq!(message(b"{"), "El JSON enviado no es válido");
        let wrong = message(br#"{"name": 1}"#);
        assert!(wrong.starts_with("Los datos enviados"), "{wrong}");
        assert!(
            !wrong.contains("invalid") && !wrong.contains("expected"),
            "{wrong}"
        );
        assert_eq!(
            message(br#"{"count": 1}"#),
            "Los datos enviados no tienen la forma esperada: falta el campo «name»."
        );
        assert_eq!(message(br#"{"name": "a\u0000"}"#), text::CONTROL_CHARACTERS);
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(message(deep.as_bytes()), "El JSON enviado no es válido");
        assert_eq!(
            parse::<Body>(br#"{"name": "ok\nok"}"#).unwrap().name,
            "ok\nok"
        );
    }
}
