//! Read-only mode: while a company's licence is expired (or missing), its users can read
//! everything but change nothing. Enforced here, once, for every state-changing API call.

use axum::extract::{FromRequestParts, Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::auth::MaybeUser;
use crate::auth::extract::licence_until;
use crate::error::AppError;
use crate::http::ServerParts;
use crate::models::config::licence::Licence;

/// Message of a write refused because of the licence.
pub const READ_ONLY: &str = "La licencia de la empresa no está vigente: la aplicación está en modo de solo lectura. Contacte a su proveedor para renovarla.";

/// Calls that stay open without a licence: signing in and out, choosing a branch, the own theme.
/// (Inside the nested `/api` router the prefix is already stripped.)
fn always_allowed(path: &str) -> bool {
    let path = path.strip_prefix("/api").unwrap_or(path);
    path.starts_with("/auth/") || path == "/users/theme"
}

/// Middleware on `/api`: refuses writes of users whose company's licence is not in force.
pub async fn enforce<S: ServerParts>(
    State(state): State<S>,
    request: Request,
    next: Next,
) -> Response {
    if matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) || always_allowed(request.uri().path())
    {
        return next.run(request).await;
    }
    let (mut parts, body) = request.into_parts();
    // The lookup is cached in the request, so the handler does not query the session again;
    // it read the licence in the same statement.
    if let Ok(MaybeUser(Some(auth))) = MaybeUser::from_request_parts(&mut parts, &state).await
        && auth.user.company().is_some()
    {
        // Valid through its last day in the company's zone.
        let until = licence_until(&parts).flatten();
        if !until.is_some_and(|day| Licence::valid_until_allows(day, auth.zone.today())) {
            return AppError::Forbidden(READ_ONLY.into()).into_response();
        }
    }
    next.run(Request::from_parts(parts, body)).await
}
