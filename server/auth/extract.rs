//! Who is making the request. Handlers ask explicitly: `CurrentUser` (sign-in required, 401
//! otherwise) or `MaybeUser` (public pages that adapt). The session is looked up once per request
//! and cached in the request's extensions, in one statement (`Session::signed_in`: session,
//! user, time zone and licence), which the licence check of writes reads too ([`licence_until`]).

use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::error::AppError;
use crate::http::{ServerParts, cookies};
use crate::models::auth::session::Session;
use crate::util::time::Zone;

use crate::auth::signed_in::AuthUser;

/// Name of the session cookie.
pub const SESSION_COOKIE: &str = "mostrador_session";

/// Message for a request without a valid session (also what any bare 401 says).
pub use crate::http::refusals::NOT_SIGNED_IN;
/// Message for a locked user.
pub const LOCKED: &str = "Su usuario está bloqueado. Contacte al administrador de su empresa.";

/// Outcome of the session lookup, cached per request: the user, and the last day of their
/// company's licence in force.
#[derive(Clone)]
struct Lookup(Arc<Result<Found, String>>);

/// A signed-in user and the last day of their company's licence in force.
type Found = Option<(AuthUser, Option<chrono::NaiveDate>)>;

/// The last day of the licence in force of the company of the request's signed-in user (`None`
/// without one), once [`CurrentUser`] or [`MaybeUser`] has looked the session up; `None` when no
/// lookup found a user.
pub fn licence_until(parts: &Parts) -> Option<Option<chrono::NaiveDate>> {
    match parts.extensions.get::<Lookup>()?.0.as_ref() {
        Ok(Some((_, until))) => Some(*until),
        _ => None,
    }
}

async fn lookup<S: ServerParts>(
    parts: &mut Parts,
    state: &S,
) -> Result<Option<AuthUser>, AppError> {
    if let Some(Lookup(cached)) = parts.extensions.get::<Lookup>() {
        return match cached.as_ref() {
            Ok(found) => Ok(found.as_ref().map(|(auth, _)| auth.clone())),
            Err(message) => Err(AppError::Forbidden(message.clone())),
        };
    }
    let found = match cookies::get(&parts.headers, SESSION_COOKIE) {
        None => Ok(None),
        Some(token) => {
            let ttl = state.config().session_ttl;
            // The read every request makes, answered from this thread when it can
            // (`read_quick`); the rare write (extend or delete the session) goes the usual way,
            // again on another connection if its connection died (both are safe to repeat).
            let loaded = match state
                .db()
                .read_quick(move |conn| Ok(Session::find_signed_in(conn, &token)?))
                .await?
            {
                Some(found) if found.needs_upkeep() => {
                    state
                        .db()
                        .read(move |conn| Ok(Session::upkeep(conn, found.clone(), ttl)?))
                        .await?
                }
                found => found,
            };
            match loaded {
                Some(found) if found.user.locked => Err(LOCKED.to_string()),
                Some(found) => Ok(Some((
                    AuthUser {
                        zone: found
                            .company_time_zone
                            .as_deref()
                            .map_or_else(Zone::default, Zone::from_stored),
                        user: found.user,
                        session_id: found.session_id,
                    },
                    found.licence_until,
                ))),
                None => Ok(None),
            }
        }
    };
    parts.extensions.insert(Lookup(Arc::new(found.clone())));
    found
        .map(|found| found.map(|(auth, _)| auth))
        .map_err(AppError::Forbidden)
}

/// The signed-in user; 401 without a valid session, 403 when locked.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub AuthUser);

impl<S: ServerParts> FromRequestParts<S> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        lookup(parts, state)
            .await?
            .map(CurrentUser)
            .ok_or_else(|| AppError::Unauthorized(NOT_SIGNED_IN.into()))
    }
}

/// The signed-in user if any. A locked user still fails with 403.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<AuthUser>);

impl<S: ServerParts> FromRequestParts<S> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        Ok(MaybeUser(lookup(parts, state).await?))
    }
}
