//! Reading and writing cookies (the two we use do not need a cookie jar).

use axum::http::HeaderMap;
use axum::http::header::COOKIE;

/// Value of cookie `name` in the request, if present and non-empty.
pub fn get(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, v)| *k == name && !v.is_empty())
        .map(|(_, v)| v.to_string())
}

/// What a cookie may be read by.
#[derive(Debug, Clone, Copy)]
pub enum Visibility {
    /// Not readable by page scripts (the session).
    HttpOnly,
    /// Readable by page scripts (the CSRF token they echo in a header).
    Script,
}

/// A `Set-Cookie` value; `max_age` `Some(0)` deletes it, `None` makes it last the browser session.
pub fn set(
    name: &str,
    value: &str,
    visibility: Visibility,
    secure: bool,
    max_age: Option<i64>,
) -> String {
    let mut cookie = format!("{name}={value}; Path=/; SameSite=Lax");
    if matches!(visibility, Visibility::HttpOnly) {
        cookie.push_str("; HttpOnly");
    }
    if secure {
        cookie.push_str("; Secure");
    }
    if let Some(age) = max_age {
        cookie.push_str(&format!("; Max-Age={age}"));
    }
    cookie
}
