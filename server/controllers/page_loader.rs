//! What a page loader is: the request as the loaders of a page see it ([`PageContext`]), the loader
//! itself ([`Loader`]) and the failure a loader hands to the error screen ([`route_error`]).
//!
//! Each area's `pages.rs` lists its loaders by route id against these types, and
//! `controllers/pages/loaders.rs` joins the lists into the one table the document handler reads.
//! This module imports no area and nothing of `controllers/pages`, so the areas and the handler
//! both depend on it and never on each other's page code.

use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::pin::Pin;

use axum::http::StatusCode;
use serde::Serialize;
use serde_json::{Value, json};

use crate::app::AppState;
use crate::auth::extract::NOT_SIGNED_IN;
use crate::auth::roles::{self, Tenant};
use crate::auth::signed_in::AuthUser;
use crate::db::DbConnection;
use crate::db::list::ListParams;
use crate::error::{AppError, AppResult};
use crate::models::auth::user::Role;
use crate::ssr::routes::{MatchedRoute, RouteMatch};
use crate::views::route_id::RouteId;

/// The data a loader answers for its route, once loaded.
pub type PageFuture<'a> = Pin<Box<dyn Future<Output = Value> + Send + 'a>>;

/// The loader of one route: its data (`null` when there is none; a [`route_error`] when the
/// route must show the error screen).
pub type Loader = for<'a> fn(&'a PageContext<'a>) -> PageFuture<'a>;

/// The loaders of an area, by route id (the ids of `ui/src/features/<area>/routes.ts`).
pub type Loaders = &'static [(RouteId, Loader)];

/// A failure the route's loader throws in the engine (it shows the error screen with `status`).
pub fn route_error(status: StatusCode, message: &str) -> Value {
    json!({ "__error": { "status": status.as_u16(), "message": message } })
}

/// Message of a route whose params fail their rule, and of a path no page has (specification §2).
pub fn page_not_found(path: &str) -> String {
    format!("Page Not Found {path}")
}

/// The request as the loader of one matched route sees it.
pub struct PageContext<'a> {
    pub state: &'a AppState,
    pub path: &'a str,
    pub query: HashMap<String, String>,
    /// The raw query string (list pages parse it like the API does).
    pub raw_query: &'a str,
    pub route: &'a RouteMatch,
    pub user: Option<&'a AuthUser>,
    /// Roles the route table admits on the route being loaded: the loader acts with them, so a
    /// page's roles are written once, in the route table.
    pub roles: &'a [Role],
}

impl<'a> PageContext<'a> {
    /// The context of the page at `path_and_query`, matched as `route`, loading its deepest route
    /// (see [`Self::load_route`] for the others).
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
            roles: route.roles.as_deref().unwrap_or(roles::ALL),
        }
    }

    /// Loads `matched` (one route of the match) next: its loader acts with its roles.
    pub fn load_route(&mut self, matched: &'a MatchedRoute) {
        self.roles = matched.roles.as_deref().unwrap_or(roles::ALL);
    }

    /// A path param of the route (`""` when absent).
    pub fn param(&self, name: &str) -> String {
        self.route.params.get(name).cloned().unwrap_or_default()
    }

    /// Runs `load` on a database thread as the signed-in user acting in their company, with the
    /// page's query and params; any failure (no session, a role the route does not admit, an
    /// account without company, a query error) becomes the route's error (the error screen).
    pub async fn tenant_data<T, F>(&self, load: F) -> Value
    where
        T: Serialize + Send + 'static,
        F: FnOnce(&mut DbConnection, &Tenant, &PageQuery) -> AppResult<T> + Send + 'static,
    {
        let result = async {
            let auth = self
                .user
                .ok_or_else(|| AppError::Unauthorized(NOT_SIGNED_IN.into()))?;
            let tenant = auth.tenant(self.roles)?;
            let query = PageQuery {
                raw: self.raw_query.to_string(),
                values: self.query.clone(),
                params: self.route.params.clone(),
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

    /// [`Self::tenant_data`] as a loader's answer: a loader of a tenant page is
    /// `|ctx| ctx.tenant(some_fn)`.
    pub fn tenant<T, F>(&'a self, load: F) -> PageFuture<'a>
    where
        T: Serialize + Send + 'static,
        F: FnOnce(&mut DbConnection, &Tenant, &PageQuery) -> AppResult<T> + Send + 'static,
    {
        Box::pin(self.tenant_data(load))
    }
}

/// The page's query string and path params, for loaders that run on a database thread.
pub struct PageQuery {
    raw: String,
    values: HashMap<String, String>,
    params: BTreeMap<String, String>,
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

    /// Every query parameter.
    pub fn values(&self) -> &HashMap<String, String> {
        &self.values
    }

    /// The raw query string.
    pub fn raw(&self) -> &str {
        &self.raw
    }

    /// A path param of the route (`""` when absent).
    pub fn param(&self, name: &str) -> &str {
        self.params.get(name).map_or("", String::as_str)
    }
}
