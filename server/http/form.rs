//! URL-encoded data — HTML form bodies ([`FormBody`]) and query strings ([`QueryParams`]) — with
//! the control-character rule ([`super::text`]: every field single-line) and Spanish refusals.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::{refusals, text};
use crate::error::AppError;

/// Decodes `key=value&…` into `T` after checking every key and value; `invalid` is the refusal
/// when it does not parse.
pub fn decode<T: DeserializeOwned>(raw: &[u8], invalid: &str) -> Result<T, AppError> {
    let invalid = || AppError::BadRequest(invalid.into());
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(raw).map_err(|_| invalid())?;
    if pairs
        .iter()
        .any(|(k, v)| text::has_control(k) || text::has_control(v))
    {
        return Err(text::refused());
    }
    serde_urlencoded::from_bytes(raw).map_err(|_| invalid())
}

/// Like `axum::Form` for a POSTed HTML form, with Spanish refusals.
pub struct FormBody<T>(pub T);

impl<S, T> FromRequest<S> for FormBody<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| refusals::body_error(e.status()))?;
        decode(&bytes, "El formulario enviado no es válido.").map(FormBody)
    }
}

/// Like `axum::extract::Query`, with Spanish refusals.
pub struct QueryParams<T>(pub T);

impl<S, T> FromRequestParts<S> for QueryParams<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, AppError> {
        let query = parts.uri.query().unwrap_or_default();
        decode(
            query.as_bytes(),
            "Los parámetros de la dirección no son válidos.",
        )
        .map(QueryParams)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn fields_are_single_line() {
        let ok: BTreeMap<String, String> = decode(b"email=ana%40tienda.ec&x=a+b", "X").unwrap();
        assert_eq!(ok["email"], "ana@tienda.ec");
        assert_eq!(
            decode::<BTreeMap<String, String>>(b"email=a%00", "X")
                .unwrap_err()
                .public_message(),
            text::CONTROL_CHARACTERS
        );
        assert!(decode::<BTreeMap<String, String>>(b"a=%0D%0A", "X").is_err());
    }
}
