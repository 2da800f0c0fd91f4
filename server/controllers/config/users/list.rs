//! `GET /api/users` and `GET /api/users/{id}`.

use axum::Json;
use axum::extract::State;

use super::{load, row};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::AppResult;
use crate::http::params::PathId;
use crate::models::auth::user::User;
use crate::views::config::user::UserRowView;

/// One page of users (the API and the users page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<UserRowView>> {
    let page = User::list(conn, tenant.company, params)?;
    let ids: Vec<i64> = page.results.iter().map(|u| u.id).collect();
    let access = User::branch_access_of(conn, tenant.company, &ids)?;
    Ok(page.map(|u| {
        let branches = access
            .iter()
            .filter(|(user, _)| *user == u.id)
            .map(|(_, b)| *b)
            .collect();
        UserRowView::new(&u, branches)
    }))
}

/// `GET /api/users`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<UserRowView>>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    Ok(Json(
        state
            .db
            .run(move |conn| list_page(conn, &tenant, &params))
            .await?,
    ))
}

/// `GET /api/users/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<UserRowView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    Ok(Json(
        state
            .db
            .run(move |conn| {
                let user = load(conn, tenant.company, id)?;
                row(conn, tenant.company, &user)
            })
            .await?,
    ))
}
