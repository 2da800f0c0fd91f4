//! Sign-in and sign-out. The same check serves the API (`POST /api/auth/login`) and the
//! JavaScript-free form (`POST /login`).

use axum::extract::State;
use axum::http::header::{LOCATION, SET_COOKIE, USER_AGENT};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::csrf::{self, CsrfToken};
use crate::auth::extract::{MaybeUser, SESSION_COOKIE};
use crate::auth::{password, throttle};
use crate::error::{AppError, AppResult};
use crate::http::client_ip::ClientIp;
use crate::http::cookies::{self, Visibility};
use crate::http::form::FormBody;
use crate::http::json::JsonBody;
use crate::models::auth::session::Session;
use crate::models::auth::user::{User, normalize_email};
use crate::views::MessageResponse;
use crate::views::auth::pages::LoginPage;
use crate::views::auth::user::CurrentUserView;

/// Same message whether the e-mail exists or the password is wrong.
pub const INVALID_CREDENTIALS: &str = "Credenciales inválidas";
/// Sign-in refused until the e-mail is verified.
pub const NOT_VERIFIED: &str =
    "Debe verificar su correo electrónico antes de iniciar sesión. Revise su bandeja de entrada.";

/// Credentials.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct LoginBody {
    email: Option<String>,
    password: Option<String>,
}

/// The JavaScript-free sign-in form.
#[derive(Debug, Deserialize)]
pub struct LoginForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(rename = "_csrf", default)]
    csrf: String,
    /// Where to go after signing in (a printable document the visitor opened signed out).
    #[serde(default)]
    volver: String,
}

/// A safe place to return to after signing in: a path of this site (`/…`, not `//host` nor
/// `/\host`), without control characters; anything else is ignored.
pub fn return_path(value: &str) -> Option<&str> {
    let value = value.trim();
    let safe = value.starts_with('/')
        && !value.starts_with("//")
        && !value.starts_with("/\\")
        && value.len() <= 2000
        && !value.chars().any(char::is_control);
    safe.then_some(value)
}

/// Checks credentials (throttled) and opens a session. Returns the user and the session token.
async fn authenticate(
    state: &AppState,
    email: String,
    password_text: String,
    ip: String,
    user_agent: Option<String>,
) -> AppResult<(CurrentUserView, String)> {
    if email.trim().is_empty() || password_text.is_empty() {
        return Err(AppError::Unauthorized(INVALID_CREDENTIALS.into()));
    }
    let email = normalize_email(&email);
    let ttl = state.config.session_ttl;
    state
        .db
        .run(move |conn| {
            throttle::check(conn, &email, &ip)?;
            let user = User::find_by_email(conn, &email)?;
            let matches = match &user {
                Some(u) => password::verify(&password_text, &u.password_hash),
                None => {
                    password::verify_dummy(&password_text);
                    false
                }
            };
            let Some(user) = user.filter(|_| matches) else {
                throttle::record_failure(conn, &email, &ip)?;
                return Err(AppError::Unauthorized(INVALID_CREDENTIALS.into()));
            };
            if user.locked {
                return Err(AppError::Forbidden(crate::auth::extract::LOCKED.into()));
            }
            if !user.is_email_verified {
                return Err(AppError::Forbidden(NOT_VERIFIED.into()));
            }
            throttle::record_success(conn, &email, &ip)?;
            let token = Session::create(conn, user.id, ttl, Some(&ip), user_agent.as_deref())?;
            Ok((CurrentUserView::load(conn, &user)?, token))
        })
        .await
}

/// The `Set-Cookie` value of a new session. Tokens are URL-safe base64, so the header is always
/// valid; a failure is answered as an internal error rather than a panic.
fn session_cookie(state: &AppState, token: &str) -> AppResult<HeaderValue> {
    let max_age = state.config.session_ttl.as_secs() as i64;
    let cookie = cookies::set(
        SESSION_COOKIE,
        token,
        Visibility::HttpOnly,
        state.config.cookie_secure,
        Some(max_age),
    );
    HeaderValue::from_str(&cookie).map_err(|err| AppError::Internal(err.into()))
}

fn user_agent(headers: &HeaderMap) -> Option<String> {
    headers
        .get(USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(String::from)
}

/// `POST /api/auth/login` → sets the session cookie and returns the user.
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    JsonBody(body): JsonBody<LoginBody>,
) -> AppResult<Response> {
    let (user, token) = authenticate(
        &state,
        body.email.unwrap_or_default(),
        body.password.unwrap_or_default(),
        ip,
        user_agent(&headers),
    )
    .await?;
    let cookie = session_cookie(&state, &token)?;
    let mut response = Json(user).into_response();
    response.headers_mut().insert(SET_COOKIE, cookie);
    Ok(response)
}

/// `POST /login` (form, works without JavaScript): redirects into the back office, or shows the
/// sign-in page again with the error and the e-mail kept.
pub async fn login_form(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Extension(csrf_token): Extension<CsrfToken>,
    headers: HeaderMap,
    FormBody(form): FormBody<LoginForm>,
) -> Response {
    let email = form.email.clone();
    let result = if csrf_token.matches(Some(&form.csrf)) {
        authenticate(&state, form.email, form.password, ip, user_agent(&headers)).await
    } else {
        Err(AppError::Forbidden(csrf::REJECTED.into()))
    };
    let result = result.and_then(|(user, token)| Ok((user, session_cookie(&state, &token)?)));
    match result {
        Ok((user, cookie)) => {
            let target = match return_path(&form.volver) {
                Some(back) => back.to_string(),
                None => user
                    .default_menu
                    .filter(|m| m.starts_with("/admin"))
                    .unwrap_or_else(|| "/admin".into()),
            };
            let mut response = StatusCode::SEE_OTHER.into_response();
            response.headers_mut().insert(SET_COOKIE, cookie);
            if let Ok(location) = HeaderValue::from_str(&target) {
                response.headers_mut().insert(LOCATION, location);
            }
            response
        }
        Err(err) => {
            let data = serde_json::to_value(LoginPage {
                email: Some(email.trim().to_string()),
                error: Some(err.public_message()),
                ..LoginPage::default()
            })
            .unwrap_or_default();
            crate::controllers::pages::render_with(
                &state,
                "/login",
                None,
                &csrf_token,
                [("login", data)],
                Some(err.status()),
            )
            .await
        }
    }
}

/// `POST /api/auth/logout`: ends the session on the server and clears the cookie.
pub async fn logout(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
) -> AppResult<Response> {
    if let Some(auth) = user {
        state
            .db
            .run(move |conn| Ok(Session::delete(conn, auth.session_id)?))
            .await?;
    }
    let mut response = Json(MessageResponse {
        message: "Sesión cerrada".into(),
    })
    .into_response();
    let cookie = cookies::set(
        SESSION_COOKIE,
        "",
        Visibility::HttpOnly,
        state.config.cookie_secure,
        Some(0),
    );
    let cookie = HeaderValue::from_str(&cookie).map_err(|err| AppError::Internal(err.into()))?;
    response.headers_mut().insert(SET_COOKIE, cookie);
    Ok(response)
}
