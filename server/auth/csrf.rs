//! CSRF protection for cookie-authenticated writes (double-submit cookie + origin check).
//!
//! Every response to a browser carries a random token in the script-readable `mostrador_csrf`
//! cookie. A state-changing request must (1) not come from another origin (`Origin` /
//! `Sec-Fetch-Site`) and (2) echo the cookie's token: API calls in the `X-CSRF-Token` header, the
//! JavaScript-free login form in its `_csrf` field (checked by that handler). Another site can make
//! the browser send our cookies but can neither read the token nor set the header.

use axum::extract::Request;
use axum::http::header::{HOST, ORIGIN, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::AppError;
use crate::http::cookies::{self, Visibility};
use crate::util::random;

/// Cookie holding the token.
pub const COOKIE: &str = "mostrador_csrf";
/// Header that must echo it on API writes.
pub const HEADER: &str = "x-csrf-token";
/// Form field that must echo it on form posts.
pub const FIELD: &str = "_csrf";

/// Message for a missing or wrong token.
pub const REJECTED: &str = "Solicitud rechazada por seguridad (token CSRF ausente o no válido). Recargue la página e intente de nuevo.";
/// Message for a cross-site request.
pub const CROSS_SITE: &str = "Solicitud rechazada por seguridad: proviene de otro sitio.";

/// The request's CSRF token, as a request extension for handlers and page rendering.
#[derive(Debug, Clone)]
pub struct CsrfToken {
    /// The token (from the cookie, or newly issued).
    pub value: String,
    /// Whether the browser sent it (a newly issued token cannot vouch for anything yet).
    pub from_cookie: bool,
}

impl CsrfToken {
    /// Whether `echoed` proves the request came from our own page.
    pub fn matches(&self, echoed: Option<&str>) -> bool {
        self.from_cookie
            && echoed.is_some_and(|e| constant_time_eq(e.as_bytes(), self.value.as_bytes()))
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// False when the browser says the request comes from another site.
fn same_origin(headers: &HeaderMap) -> bool {
    if let Some(origin) = headers.get(ORIGIN).and_then(|v| v.to_str().ok()) {
        let host = headers
            .get(HOST)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        let origin_host = origin
            .split_once("://")
            .map(|(_, rest)| rest)
            .unwrap_or(origin);
        return origin != "null" && origin_host.eq_ignore_ascii_case(host);
    }
    match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        Some(site) => matches!(site, "same-origin" | "none"),
        None => true,
    }
}

/// Middleware: issues the token cookie and rejects unsafe requests that fail the checks.
pub async fn protect(secure: bool, mut req: Request, next: Next) -> Response {
    let from_cookie = cookies::get(req.headers(), COOKIE);
    let token = CsrfToken {
        value: from_cookie.clone().unwrap_or_else(random::token),
        from_cookie: from_cookie.is_some(),
    };
    if !is_safe(req.method()) {
        if !same_origin(req.headers()) {
            return AppError::Forbidden(CROSS_SITE.into()).into_response();
        }
        let is_api = req.uri().path().starts_with("/api/");
        let echoed = req.headers().get(HEADER).and_then(|v| v.to_str().ok());
        if is_api && !token.matches(echoed) {
            return AppError::Forbidden(REJECTED.into()).into_response();
        }
    }
    let issue = !token.from_cookie;
    let value = token.value.clone();
    req.extensions_mut().insert(token);
    let mut response = next.run(req).await;
    if issue
        && let Ok(cookie) = HeaderValue::from_str(&cookies::set(
            COOKIE,
            &value,
            Visibility::Script,
            secure,
            None,
        ))
    {
        response.headers_mut().append(SET_COOKIE, cookie);
    }
    response
}
