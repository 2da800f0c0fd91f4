//! The guard every request passes (a middleware of the router): it refuses addresses that are too
//! long or carry control characters, and heads that are too large, before anything reads them;
//! and it makes sure every refusal is the app's Spanish JSON and every API answer is kept out of
//! caches.
//!
//! Handlers and the app's own extractors already answer `{statusCode, message}` in Spanish; the
//! rewrite here is the net under what they do not control: axum's own rejections (a path or query
//! that does not parse, an unknown method, a multipart body cut short) come as English
//! `text/plain`, and are replaced by a Spanish message chosen by status.

use axum::body::Body;
use axum::extract::Request;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::text;
use crate::error::{AppError, ErrorBody, INTERNAL_MESSAGE};

/// Longest path and query accepted. Longer ones are refused with 414 (past 64 KB hyper refuses
/// them itself, before any of this runs: [`super::connection`] gives that refusal the same body).
pub const URI_MAX: usize = 8 * 1024;

/// Largest head accepted: the names and values of all headers. hyper refuses heads over its read
/// buffer (408 KB) with 431 only when they arrive in pieces: it checks that limit between reads, and
/// one read can fill up to twice as much, so a head of 500 KB sent in one burst got through. Below
/// that, the answer depended on timing; this limit makes it 431 every time. Browsers send a few KB.
pub const HEADERS_MAX: usize = 64 * 1024;

/// Message of a head over [`HEADERS_MAX`].
pub const HEADERS_TOO_LARGE: &str = "Los encabezados de la solicitud son demasiado grandes.";

/// Message of a body over the size limit.
pub const TOO_LARGE: &str =
    "El contenido enviado es demasiado grande. Reduzca su tamaño e intente de nuevo.";
/// Message of an address over [`URI_MAX`].
pub const URI_TOO_LONG: &str = "La dirección solicitada es demasiado larga.";

/// The refusal for a body that could not be read (`status` is the reading error's).
pub fn body_error(status: StatusCode) -> AppError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::PayloadTooLarge(TOO_LARGE.into())
    } else {
        AppError::BadRequest("No se pudo leer el contenido de la solicitud.".into())
    }
}

/// Message for a request without a valid session (`auth::extract` refuses with it).
pub const NOT_SIGNED_IN: &str =
    "Su sesión no está iniciada o ha vencido. Inicie sesión nuevamente.";

/// Spanish message for a refusal that came without one.
pub fn message_for(status: StatusCode) -> &'static str {
    match status {
        StatusCode::BAD_REQUEST => "La solicitud no es válida.",
        StatusCode::UNAUTHORIZED => NOT_SIGNED_IN,
        StatusCode::FORBIDDEN => "No tiene permiso para realizar esta acción.",
        StatusCode::NOT_FOUND => "No existe el recurso solicitado.",
        StatusCode::METHOD_NOT_ALLOWED => "Método no permitido para esta dirección.",
        StatusCode::PAYLOAD_TOO_LARGE => TOO_LARGE,
        StatusCode::URI_TOO_LONG => URI_TOO_LONG,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "El tipo de contenido enviado no es compatible.",
        StatusCode::UNPROCESSABLE_ENTITY => "Los datos enviados no tienen la forma esperada.",
        StatusCode::TOO_MANY_REQUESTS => "Demasiadas solicitudes. Espere un momento.",
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => HEADERS_TOO_LARGE,
        s if s.is_server_error() => INTERNAL_MESSAGE,
        _ => "La solicitud no pudo procesarse.",
    }
}

/// Whether the response already speaks for itself: our JSON, or an HTML page (error pages of
/// the site are rendered in Spanish).
fn self_describing(response: &Response) -> bool {
    response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json") || t.starts_with("text/html"))
}

/// The Spanish JSON refusal for `status`, keeping the other headers of `response`.
fn rewrite(response: Response) -> Response {
    let (mut parts, _) = response.into_parts();
    let status = parts.status;
    let body = ErrorBody {
        status_code: status.as_u16(),
        message: message_for(status).into(),
        errors: None,
    };
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    parts
        .headers
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    let bytes = serde_json::to_vec(&body).unwrap_or_default();
    Response::from_parts(parts, Body::from(bytes))
}

/// Refuses what no handler should see (see the module's doc).
pub fn check_request(req: &Request) -> Result<(), AppError> {
    let head: usize = req
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len())
        .sum();
    if head > HEADERS_MAX {
        return Err(AppError::HeadersTooLarge(HEADERS_TOO_LARGE.into()));
    }
    let uri = req.uri();
    let length = uri.path().len() + uri.query().map_or(0, str::len);
    if length > URI_MAX {
        return Err(AppError::UriTooLong(URI_TOO_LONG.into()));
    }
    if text::encoded_has_control(uri.path()) || uri.query().is_some_and(text::encoded_has_control) {
        return Err(text::refused());
    }
    Ok(())
}

/// Middleware: the request guard and the answer's clean-up.
pub async fn guard(req: Request, next: Next) -> Response {
    if let Err(refusal) = check_request(&req) {
        return with_no_store(refusal.into_response());
    }
    let api = req.uri().path().starts_with("/api/");
    let mut response = next.run(req).await;
    if response.status().as_u16() >= 400 && !self_describing(&response) {
        response = rewrite(response);
    }
    if api {
        response = with_no_store(response);
    }
    response
}

/// Adds `Cache-Control: no-store` unless the handler chose a policy (the logo, the assets):
/// API answers are personal and must not stay in a shared or browser cache.
fn with_no_store(mut response: Response) -> Response {
    response
        .headers_mut()
        .entry(CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_has_a_spanish_message() {
        for code in [
            400, 401, 403, 404, 405, 406, 413, 414, 415, 422, 429, 431, 500, 503,
        ] {
            let status = StatusCode::from_u16(code).unwrap();
            let rewritten = rewrite((status, "Failed to deserialize").into_response());
            assert_eq!(rewritten.status(), status);
            assert_eq!(
                rewritten.headers()[CONTENT_TYPE],
                HeaderValue::from_static("application/json")
            );
            assert!(!message_for(status).is_empty());
        }
    }

    #[test]
    fn long_and_control_addresses_are_refused() {
        let request = |uri: &str| Request::get(uri).body(Body::empty()).unwrap();
        assert!(check_request(&request("/api/users?search=ana")).is_ok());
        assert_eq!(
            check_request(&request("/api/users?search=%00"))
                .unwrap_err()
                .status(),
            400
        );
        assert_eq!(
            check_request(&request("/api/users/1%0A/update"))
                .unwrap_err()
                .status(),
            400
        );
        let long = format!("/api/users?search={}", "a".repeat(URI_MAX));
        assert_eq!(check_request(&request(&long)).unwrap_err().status(), 414);
    }

    #[test]
    fn heads_over_the_limit_are_refused() {
        let with_header = |size: usize| {
            Request::get("/api/users")
                .header("x-relleno", "b".repeat(size))
                .body(Body::empty())
                .unwrap()
        };
        assert!(check_request(&with_header(60 * 1024)).is_ok());
        let refusal = check_request(&with_header(HEADERS_MAX)).unwrap_err();
        assert_eq!(refusal.status(), 431);
        assert_eq!(refusal.public_message(), HEADERS_TOO_LARGE);
    }
}
