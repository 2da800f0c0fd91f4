//! Who is making the request. Handlers ask explicitly: `CurrentUser` (sign-in required, 401
//! otherwise) or `MaybeUser` (public pages that adapt). The session is looked up once per request
//! and cached in the request's extensions.

use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::app::AppState;
use crate::error::AppError;
use crate::http::cookies;
use crate::models::CompanyId;
use crate::models::auth::session::Session;
use crate::models::auth::user::{Role, User};
use crate::models::config::company::Company;
use crate::util::time::Zone;

/// Name of the session cookie.
pub const SESSION_COOKIE: &str = "mostrador_session";

/// Message for a request without a valid session.
pub const NOT_SIGNED_IN: &str =
    "Su sesión no está iniciada o ha vencido. Inicie sesión nuevamente.";
/// Message for a locked user.
pub const LOCKED: &str = "Su usuario está bloqueado. Contacte al administrador de su empresa.";

/// A signed-in user and the session they used.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub user: User,
    pub session_id: i64,
    /// The company's time zone (the default for an account without a company): every date and
    /// time this user sees is in it.
    pub zone: Zone,
}

impl AuthUser {
    /// The user's role.
    pub fn role(&self) -> Role {
        self.user.role()
    }

    /// The user's company, or 403 for an account no company has taken in yet.
    pub fn company(&self) -> Result<CompanyId, AppError> {
        self.user.company().ok_or_else(|| {
            AppError::Forbidden("Su cuenta aún no pertenece a ninguna empresa".into())
        })
    }
}

/// Outcome of the session lookup, cached per request.
#[derive(Clone)]
struct Lookup(Arc<Result<Option<AuthUser>, String>>);

async fn lookup(parts: &mut Parts, state: &AppState) -> Result<Option<AuthUser>, AppError> {
    if let Some(Lookup(cached)) = parts.extensions.get::<Lookup>() {
        return match cached.as_ref() {
            Ok(found) => Ok(found.clone()),
            Err(message) => Err(AppError::Forbidden(message.clone())),
        };
    }
    let found = match cookies::get(&parts.headers, SESSION_COOKIE) {
        None => Ok(None),
        Some(token) => {
            let ttl = state.config.session_ttl;
            let loaded = state
                .db
                .run(move |conn| {
                    let Some(session) = Session::find_live(conn, &token, ttl)? else {
                        return Ok(None);
                    };
                    let user = User::find(conn, session.user_id)?;
                    let zone = match user.company() {
                        Some(company) => Zone::from_stored(&Company::time_zone(conn, company)?),
                        None => Zone::default(),
                    };
                    Ok(Some(AuthUser {
                        user,
                        session_id: session.id,
                        zone,
                    }))
                })
                .await?;
            match loaded {
                Some(auth) if auth.user.locked => Err(LOCKED.to_string()),
                other => Ok(other),
            }
        }
    };
    parts.extensions.insert(Lookup(Arc::new(found.clone())));
    found.map_err(AppError::Forbidden)
}

/// The signed-in user; 401 without a valid session, 403 when locked.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub AuthUser);

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        lookup(parts, state)
            .await?
            .map(CurrentUser)
            .ok_or_else(|| AppError::Unauthorized(NOT_SIGNED_IN.into()))
    }
}

/// The signed-in user if any. A locked user still fails with 403.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<AuthUser>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        Ok(MaybeUser(lookup(parts, state).await?))
    }
}
