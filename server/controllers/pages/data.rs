//! What each route of the UI needs, loaded on the server. Keys are route ids of
//! `ui/src/route-table.ts`; a route without an entry gets `null`. The browser loads the same
//! data through `/api` when it navigates, so each loader here mirrors a client loader there.

use std::collections::HashMap;

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::{page_not_found, sample};
use crate::app::AppState;
use crate::auth::extract::{AuthUser, LOCKED};
use crate::controllers::auth::password::check_reset_token;
use crate::controllers::auth::signup::verify_token;
use crate::ssr::routes::RouteMatch;

/// A failure the route's loader throws in the engine (it shows the error screen with `status`).
pub fn route_error(status: StatusCode, message: &str) -> Value {
    json!({ "__error": { "status": status.as_u16(), "message": message } })
}

/// The request as page loaders see it.
pub struct PageContext<'a> {
    pub state: &'a AppState,
    pub path: &'a str,
    pub query: HashMap<String, String>,
    pub route: &'a RouteMatch,
    pub user: Option<&'a AuthUser>,
}

impl<'a> PageContext<'a> {
    /// Splits `path_and_query`.
    pub fn new(state: &'a AppState, path_and_query: &'a str, route: &'a RouteMatch, user: Option<&'a AuthUser>) -> Self {
        let (path, query) = path_and_query.split_once('?').unwrap_or((path_and_query, ""));
        let query = serde_urlencoded::from_str::<Vec<(String, String)>>(query).unwrap_or_default().into_iter().collect();
        Self { state, path, query, route, user }
    }

    fn param(&self, name: &str) -> String {
        self.route.params.get(name).cloned().unwrap_or_default()
    }
}

/// Data for route `id`.
pub async fn load(ctx: &PageContext<'_>, id: &str) -> Value {
    match id {
        "login" => match ctx.query.get("motivo").map(String::as_str) {
            Some("sesion") => json!({ "authRequired": true }),
            Some("bloqueado") => json!({ "error": LOCKED }),
            _ => json!({}),
        },
        "verify-email" => {
            let token = ctx.query.get("token").cloned().unwrap_or_default();
            match verify_token(ctx.state, token).await {
                Ok(message) => json!({ "ok": true, "message": message }),
                Err(err) => json!({ "ok": false, "message": err.public_message() }),
            }
        }
        "reset-password" => match check_reset_token(ctx.state, ctx.param("tokenReset")).await {
            Ok(()) => json!({ "valid": true }),
            Err(err) => json!({ "valid": false, "message": err.public_message() }),
        },
        "ticket-sample-a4" => match sample::document(ctx.state, ctx.user).await {
            Ok(doc) => doc,
            Err(err) => route_error(err.status(), &err.public_message()),
        },
        "not-found" => route_error(StatusCode::NOT_FOUND, &page_not_found(ctx.path)),
        _ => Value::Null,
    }
}
