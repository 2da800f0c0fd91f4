//! What each route of the UI needs, loaded on the server. Keys are route ids of
//! `ui/src/route-table.ts`; a route without an entry gets `null`. The browser loads the same
//! data through `/api` when it navigates, so each loader here mirrors a client loader there.

use std::collections::HashMap;

use axum::http::StatusCode;
use serde::Serialize;
use serde_json::{Value, json};

use super::{page_not_found, sample};
use crate::app::AppState;
use crate::auth::extract::{AuthUser, LOCKED};
use crate::auth::roles::{self, Tenant};
use crate::controllers::auth::password::check_reset_token;
use crate::controllers::auth::signup::verify_token;
use crate::controllers::{branch_offices, categories, company_data, dashboard, holidays, users};
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::http::list::ListParams;
use crate::models::branch_office::BranchOffice;
use crate::models::category::Category;
use crate::models::user::Role;
use crate::ssr::routes::RouteMatch;
use crate::util::time::local_date;
use crate::views::admin::CategoryView;
use crate::views::branch_office::{BranchOfficeView, accessible_branches};

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
            query: query_map(query),
            raw_query: query,
            route,
            user,
        }
    }

    fn param(&self, name: &str) -> String {
        self.route.params.get(name).cloned().unwrap_or_default()
    }

    /// Runs `load` as the signed-in user acting in their company with one of `allowed` roles;
    /// any failure becomes the route's error (shown by the error screen).
    async fn tenant_data<T, F>(&self, allowed: &'static [Role], load: F) -> Value
    where
        T: Serialize + Send + 'static,
        F: FnOnce(&mut DbConnection, &Tenant, &str) -> AppResult<T> + Send + 'static,
    {
        let result = async {
            let auth = self.user.ok_or_else(|| {
                AppError::Unauthorized(crate::auth::extract::NOT_SIGNED_IN.into())
            })?;
            let tenant = auth.tenant(allowed)?;
            let query = self.raw_query.to_string();
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

fn query_map(query: &str) -> HashMap<String, String> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(query)
        .unwrap_or_default()
        .into_iter()
        .collect()
}

fn list_params(query: &str) -> AppResult<ListParams> {
    ListParams::from_query(query)
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
        // The back office frame: the branches for the selector.
        "admin" => match ctx.user {
            Some(auth) => {
                let user = auth.user.clone();
                ctx.state
                    .db
                    .run(move |conn| Ok(json!({ "branches": accessible_branches(conn, &user)? })))
                    .await
                    .unwrap_or_else(|err| route_error(err.status(), &err.public_message()))
            }
            None => Value::Null,
        },
        "admin-home" => match ctx.user.and_then(|u| u.user.company_id) {
            Some(_) => ctx.tenant_data(roles::ALL, |conn, tenant, _| dashboard::load(conn, tenant)).await,
            None => Value::Null,
        },
        "admin-categories" => {
            ctx.tenant_data(roles::ADMIN_USER, |conn, tenant, query| {
                let all: Vec<CategoryView> = Category::all(conn, tenant.company_id, false)?
                    .iter()
                    .map(|c| CategoryView::new(c, None))
                    .collect();
                Ok(json!({ "list": categories::list_page(conn, tenant, &list_params(query)?)?, "all": all }))
            })
            .await
        }
        "config-users" => {
            ctx.tenant_data(roles::ADMIN, |conn, tenant, query| {
                let branches: Vec<BranchOfficeView> =
                    BranchOffice::list_for_company(conn, tenant.company_id)?.iter().map(BranchOfficeView::from).collect();
                Ok(json!({ "list": users::list_page(conn, tenant, &list_params(query)?)?, "branches": branches }))
            })
            .await
        }
        "config-company" => {
            ctx.tenant_data(roles::ADMIN, |conn, tenant, query| {
                Ok(json!({
                    "company": company_data::detail(conn, tenant)?,
                    "branches": branch_offices::list_page(conn, tenant, &list_params(query)?)?,
                }))
            })
            .await
        }
        "config-licences" => ctx.tenant_data(roles::ADMIN, |conn, tenant, _| dashboard::licence_view(conn, tenant)).await,
        "config-holidays" => {
            ctx.tenant_data(roles::ADMIN, |conn, tenant, query| {
                let asked = holidays::parse_year(query_map(query).get("year").map(String::as_str)).ok().flatten();
                let year = asked.unwrap_or_else(|| chrono::Datelike::year(&local_date()));
                Ok(json!({ "list": holidays::list_page(conn, tenant, &list_params(query)?, Some(year))?, "year": year }))
            })
            .await
        }
        _ => Value::Null,
    }
}
