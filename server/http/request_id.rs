//! A request id on every request: taken from the `X-Request-Id` header when a proxy sent a sane
//! one, otherwise made here; echoed in the response header and carried by a tracing span around
//! the whole request, so every log line of the request — internal errors included — names it.
//! The UI shows it next to an internal error ("Referencia"), which lets a user's 'Error Api' be
//! found in the server log.

use axum::extract::Request;
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;

/// The header in and out.
pub const HEADER: &str = "x-request-id";

/// The id of the request being served (a request extension).
#[derive(Debug, Clone)]
pub struct RequestId(pub String);

/// Accepts ids a proxy might send: 1–64 letters, digits, `-`, `_` or `.`.
fn acceptable(value: &HeaderValue) -> Option<String> {
    let text = value.to_str().ok()?;
    (!text.is_empty()
        && text.len() <= 64
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')))
    .then(|| text.to_string())
}

/// A fresh id: 16 URL-safe random characters.
fn generate() -> String {
    crate::util::random::token()[..16].to_string()
}

/// Middleware: assigns the id, runs the request inside its span, returns the id in the response.
pub async fn assign(mut req: Request, next: Next) -> Response {
    let id = req
        .headers()
        .get(HEADER)
        .and_then(acceptable)
        .unwrap_or_else(generate);
    req.extensions_mut().insert(RequestId(id.clone()));
    let span = tracing::info_span!(
        "solicitud",
        id = %id,
        method = %req.method(),
        path = %req.uri().path()
    );
    let mut response = next.run(req).instrument(span).await;
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(HEADER, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_sane_ids_only() {
        assert_eq!(
            acceptable(&HeaderValue::from_static("abc-123_x.y")).as_deref(),
            Some("abc-123_x.y")
        );
        assert!(acceptable(&HeaderValue::from_static("")).is_none());
        assert!(acceptable(&HeaderValue::from_static("a b")).is_none());
        assert!(acceptable(&HeaderValue::from_str(&"x".repeat(65)).unwrap()).is_none());
        assert_eq!(generate().len(), 16);
    }
}
