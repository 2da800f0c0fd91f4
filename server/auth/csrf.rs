//! CSRF protection for cookie-authenticated writes: a signed double-submit token bound to the
//! session, and a full origin check (OWASP's "signed double-submit cookie").
//!
//! Every response to a browser carries a token in the script-readable `mostrador_csrf` cookie:
//! `{nonce}.{mac}`, where `mac` is HMAC-SHA256, under a server secret, of the session cookie's
//! value (empty when signed out) and the nonce. A state-changing request must
//!
//! 1. come from our own origin: `Origin`, when sent, must equal scheme, host and port of this
//!    server (`http` or `https` as configured, or `X-Forwarded-Proto` behind a trusted proxy) or
//!    of `PUBLIC_URL`; without `Origin`, `Sec-Fetch-Site` must not say another site;
//! 2. echo a token that verifies for *its own* session: API calls in the `X-CSRF-Token` header,
//!    the JavaScript-free login form in its `_csrf` field (checked by that handler).
//!
//! Another site can make the browser send our cookies but can read neither the token nor the
//! session; and because the token is signed for the session, a cookie planted from elsewhere (a
//! sibling subdomain, a man in the middle on plain HTTP) with a matching made-up header proves
//! nothing. When a response opens or ends a session, a token for the new session replaces the
//! old one in the same response, so the page's next write carries the right one.
//!
//! The secret is made once per database (table `server_secrets`) so every app server signs alike
//! and tokens survive restarts.

use std::sync::Arc;

use axum::extract::Request;
use axum::http::header::{HOST, ORIGIN, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use diesel::prelude::*;
use sha2::{Digest, Sha256};
use tokio::sync::OnceCell;

use crate::auth::extract::SESSION_COOKIE;
use crate::db::DbConnection;
use crate::db::schema::server_secrets;
use crate::error::AppError;
use crate::http::ServerParts;
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

/// Name of the signing secret in `server_secrets`.
const SECRET_NAME: &str = "csrf";

/// The request's CSRF token, as a request extension for handlers and page rendering.
#[derive(Debug, Clone)]
pub struct CsrfToken {
    /// The token (from the cookie when it verified for this session, or newly issued).
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

/// HMAC-SHA256 (RFC 2104).
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut block = [0u8; 64];
    if key.len() > 64 {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let pad = |byte: u8| block.map(|b| b ^ byte);
    let inner = Sha256::new()
        .chain_update(pad(0x36))
        .chain_update(message)
        .finalize();
    let outer = Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize();
    let mut out = [0u8; 32];
    out.copy_from_slice(&outer);
    out
}

/// Signs and checks tokens with the server secret.
#[derive(Clone)]
pub struct Signer {
    secret: Vec<u8>,
}

impl Signer {
    pub fn new(secret: &[u8]) -> Self {
        Self {
            secret: secret.to_vec(),
        }
    }

    fn mac(&self, session: &str, nonce: &str) -> String {
        let message = format!("csrf|{session}|{nonce}");
        URL_SAFE_NO_PAD.encode(hmac_sha256(&self.secret, message.as_bytes()))
    }

    /// A new token for the session whose cookie value is `session` (empty: signed out).
    pub fn issue(&self, session: &str) -> String {
        let nonce = &random::token()[..22];
        format!("{nonce}.{}", self.mac(session, nonce))
    }

    /// Whether `token` was issued by this server for `session`.
    pub fn verify(&self, token: &str, session: &str) -> bool {
        token.split_once('.').is_some_and(|(nonce, mac)| {
            !nonce.is_empty()
                && constant_time_eq(mac.as_bytes(), self.mac(session, nonce).as_bytes())
        })
    }
}

/// Reads the signing secret, making it on first use (a racing server's insert wins, both read it).
fn load_secret(conn: &mut DbConnection) -> QueryResult<String> {
    let stored = |conn: &mut DbConnection| {
        server_secrets::table
            .filter(server_secrets::name.eq(SECRET_NAME))
            .select(server_secrets::value)
            .first::<String>(conn)
    };
    if let Some(value) = stored(conn).optional()? {
        return Ok(value);
    }
    let fresh = format!("{}{}", random::token(), random::token());
    let inserted = diesel::insert_into(server_secrets::table)
        .values((
            server_secrets::name.eq(SECRET_NAME),
            server_secrets::value.eq(&fresh),
        ))
        .execute(conn);
    match inserted {
        Ok(_) => Ok(fresh),
        Err(_) => stored(conn),
    }
}

/// The middleware's state: the server's settings and database, and the signer, loaded on first
/// use.
#[derive(Clone)]
pub struct Guard {
    state: Arc<dyn ServerParts>,
    signer: Arc<OnceCell<Signer>>,
}

impl Guard {
    pub fn new(state: impl ServerParts) -> Self {
        Self {
            state: Arc::new(state),
            signer: Arc::new(OnceCell::new()),
        }
    }

    async fn signer(&self) -> Result<&Signer, AppError> {
        self.signer
            .get_or_try_init(|| async {
                let secret = self.state.db().run(|conn| Ok(load_secret(conn)?)).await?;
                Ok(Signer::new(secret.as_bytes()))
            })
            .await
    }

    /// The scheme this server is reached with.
    fn scheme<'a>(&self, headers: &'a HeaderMap) -> &'a str {
        let forwarded = self
            .state
            .config()
            .trust_proxy
            .then(|| headers.get("x-forwarded-proto")?.to_str().ok())
            .flatten()
            .and_then(|v| v.split(',').next())
            .map(str::trim)
            .filter(|v| !v.is_empty());
        forwarded.unwrap_or(if self.state.config().cookie_secure {
            "https"
        } else {
            "http"
        })
    }

    /// False when the request says it comes from another origin.
    fn same_origin(&self, req: &Request) -> bool {
        let headers = req.headers();
        if let Some(origin) = headers.get(ORIGIN).and_then(|v| v.to_str().ok()) {
            let host = headers
                .get(HOST)
                .and_then(|v| v.to_str().ok())
                .or_else(|| req.uri().authority().map(|a| a.as_str()))
                .unwrap_or_default();
            let own = normalize_origin(&format!("{}://{host}", self.scheme(headers)));
            let public = self
                .state
                .config()
                .public_url
                .as_deref()
                .map(normalize_origin);
            let origin = normalize_origin(origin);
            return origin.is_some() && (origin == own || origin == public.flatten());
        }
        match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
            Some(site) => matches!(site, "same-origin" | "none"),
            None => true,
        }
    }
}

/// `scheme://host[:port]` in lower case with the scheme's default port dropped; `None` for
/// anything else (`null`, a bare host, a path).
pub fn normalize_origin(text: &str) -> Option<String> {
    let (scheme, rest) = text.trim().split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    let authority = rest.split('/').next()?.to_ascii_lowercase();
    if !matches!(scheme.as_str(), "http" | "https") || authority.is_empty() {
        return None;
    }
    let default_port = if scheme == "http" { ":80" } else { ":443" };
    let authority = authority
        .strip_suffix(default_port)
        .unwrap_or(&authority)
        .to_string();
    Some(format!("{scheme}://{authority}"))
}

fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The session cookie a response sets: `Some("")` when it ends the session.
fn session_set_by(response: &Response) -> Option<String> {
    let prefix = format!("{SESSION_COOKIE}=");
    response
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|cookie| {
            let value = cookie.strip_prefix(&prefix)?.split(';').next()?.trim();
            let ended = cookie.contains("Max-Age=0");
            Some(if ended {
                String::new()
            } else {
                value.to_string()
            })
        })
}

fn token_cookie(value: &str, secure: bool) -> Option<HeaderValue> {
    HeaderValue::from_str(&cookies::set(
        COOKIE,
        value,
        Visibility::Script,
        secure,
        None,
    ))
    .ok()
}

/// Middleware: issues the token cookie and rejects unsafe requests that fail the checks.
pub async fn protect(guard: Guard, mut req: Request, next: Next) -> Response {
    let signer = match guard.signer().await {
        Ok(signer) => signer.clone(),
        Err(err) => return err.into_response(),
    };
    let secure = guard.state.config().cookie_secure;
    let session = cookies::get(req.headers(), SESSION_COOKIE).unwrap_or_default();
    let sent = cookies::get(req.headers(), COOKIE).filter(|t| signer.verify(t, &session));
    let token = CsrfToken {
        value: sent.clone().unwrap_or_else(|| signer.issue(&session)),
        from_cookie: sent.is_some(),
    };
    let refusal = if is_safe(req.method()) {
        None
    } else if !guard.same_origin(&req) {
        Some(CROSS_SITE)
    } else {
        let is_api = req.uri().path().starts_with("/api/");
        let echoed = req.headers().get(HEADER).and_then(|v| v.to_str().ok());
        (is_api && !token.matches(echoed)).then_some(REJECTED)
    };
    let issue = !token.from_cookie;
    let value = token.value.clone();
    let mut response = match refusal {
        Some(message) => AppError::Forbidden(message.into()).into_response(),
        None => {
            req.extensions_mut().insert(token);
            next.run(req).await
        }
    };
    // A session opened or ended here gets its own token; otherwise a token the browser lacked.
    let replacement = match session_set_by(&response) {
        Some(new_session) => Some(signer.issue(&new_session)),
        None => issue.then_some(value),
    };
    if let Some(cookie) = replacement.and_then(|v| token_cookie(&v, secure)) {
        response.headers_mut().append(SET_COOKIE, cookie);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hmac_matches_rfc_4231() {
        let mac = hmac_sha256(b"Jefe", b"what do ya want for nothing?");
        let hex: String = mac.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            hex,
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn tokens_are_bound_to_the_session() {
        let signer = Signer::new(b"secreto de prueba");
        let token = signer.issue("sesion-1");
        assert!(signer.verify(&token, "sesion-1"));
        assert!(!signer.verify(&token, "sesion-2"), "another session");
        assert!(!signer.verify(&token, ""), "signed out");
        assert!(!signer.verify("evil", "sesion-1"));
        assert!(!signer.verify("evil.evil", "sesion-1"));
        let other = Signer::new(b"otro secreto");
        assert!(!other.verify(&token, "sesion-1"), "another server secret");
        let anonymous = signer.issue("");
        assert!(signer.verify(&anonymous, ""));
        assert!(!signer.verify(&anonymous, "sesion-1"));
    }

    #[test]
    fn origins_compare_scheme_host_and_port() {
        assert_eq!(
            normalize_origin("HTTP://Mostrador.test:80").as_deref(),
            Some("http://mostrador.test")
        );
        assert_eq!(
            normalize_origin("https://127.0.0.1:443").as_deref(),
            Some("https://127.0.0.1")
        );
        assert_ne!(
            normalize_origin("https://127.0.0.1:3300"),
            normalize_origin("http://127.0.0.1:3300")
        );
        assert_eq!(normalize_origin("null"), None);
        assert_eq!(normalize_origin("ftp://x"), None);
    }
}
