//! The data of each route of the UI, loaded on the server — the only loader of each page.
//!
//! A document request renders with it; the browser, when it navigates, fetches the same data from
//! `GET /api/page-data/{path}` (routes marked `data` in `ui/src/route-table.ts`), so a page never
//! has a second loader to drift from this one. Each business area keeps its loaders in its own
//! `pages.rs`, built from the same functions that serve its API; [`load`] asks each area in turn.

use std::collections::HashMap;

use axum::http::StatusCode;
use serde::Serialize;
use serde_json::{Value, json};

use super::{page_not_found, sample};
use crate::app::AppState;
use crate::auth::extract::{AuthUser, NOT_SIGNED_IN};
use crate::auth::roles::Tenant;
use crate::controllers::{auth, cash, config, home, inventory, sales};
use crate::db::DbConnection;
use crate::db::list::ListParams;
use crate::error::{AppError, AppResult};
use crate::models::auth::user::Role;
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
    /// The raw query string (list pages parse it like the API does).
    pub raw_query: &'a str,
    pub route: &'a RouteMatch,
    pub user: Option<&'a AuthUser>,
}

impl<'a> PageContext<'a> {
    /// Splits `path_and_query`.
    pub fn new(
        state: &'a AppState,
        path_and_query: &'a str,
        route: &'a RouteMatch,
        user: Option<&'a AuthUser>,
    ) -> Self {
        let (path, query) = path_and_query
            .split_once('?')
            .unwrap_or((path_and_query, ""));
        Self {
            state,
            path,
            query: serde_urlencoded::from_str::<Vec<(String, String)>>(query)
                .unwrap_or_default()
                .into_iter()
                .collect(),
            raw_query: query,
            route,
            user,
        }
    }

    /// A path param of the route (`""` when absent).
    pub fn param(&self, name: &str) -> String {
        self.route.params.get(name).cloned().unwrap_or_default()
    }

    /// Runs `load` as the signed-in user acting in their company with one of `allowed` roles, with
    /// the page's list parameters; any failure becomes the route's error (the error screen).
    pub async fn tenant_data<T, F>(&self, allowed: &'static [Role], load: F) -> Value
    where
        T: Serialize + Send + 'static,
        F: FnOnce(&mut DbConnection, &Tenant, &PageQuery) -> AppResult<T> + Send + 'static,
    {
        let result = async {
            let auth = self
                .user
                .ok_or_else(|| AppError::Unauthorized(NOT_SIGNED_IN.into()))?;
            let tenant = auth.tenant(allowed)?;
            let query = PageQuery {
                raw: self.raw_query.to_string(),
                values: self.query.clone(),
            };
            let data = self
                .state
                .db
                .run(move |conn| load(conn, &tenant, &query))
                .await?;
            serde_json::to_value(data).map_err(|e| AppError::Internal(e.into()))
        }
        .await;
        result.unwrap_or_else(|err| route_error(err.status(), &err.public_message()))
    }
}

/// The page's query string, for loaders that run on a database thread.
pub struct PageQuery {
    raw: String,
    values: HashMap<String, String>,
}

impl PageQuery {
    /// The list parameters, parsed exactly as the list API parses them.
    pub fn list(&self) -> AppResult<ListParams> {
        ListParams::from_query(&self.raw)
    }

    /// One query parameter.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }
}

/// Route ids whose data comes from [`load`]; the route table marks the same routes `data`.
pub fn routes_with_data() -> Vec<&'static str> {
    [
        auth::pages::ROUTES,
        home::pages::ROUTES,
        config::pages::ROUTES,
        inventory::pages::ROUTES,
        sales::pages::ROUTES,
        cash::pages::ROUTES,
        &["ticket-sample-a4", "not-found"],
    ]
    .concat()
}

/// Data for route `id` (`null` for a route without data).
pub async fn load(ctx: &PageContext<'_>, id: &str) -> Value {
    if let Some(data) = auth::pages::load(ctx, id).await {
        return data;
    }
    if let Some(data) = home::pages::load(ctx, id).await {
        return data;
    }
    if let Some(data) = config::pages::load(ctx, id).await {
        return data;
    }
    if let Some(data) = inventory::pages::load(ctx, id).await {
        return data;
    }
    if let Some(data) = sales::pages::load(ctx, id).await {
        return data;
    }
    if let Some(data) = cash::pages::load(ctx, id).await {
        return data;
    }
    match id {
        "ticket-sample-a4" => match sample::document(ctx.state, ctx.user).await {
            Ok(doc) => doc,
            Err(err) => route_error(err.status(), &err.public_message()),
        },
        "not-found" => route_error(StatusCode::NOT_FOUND, &page_not_found(ctx.path)),
        _ => Value::Null,
    }
}
