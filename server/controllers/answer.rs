//! The shapes of a handler's answer, so a handler says only what it reads or writes: read on
//! behalf of any role of the company on one pooled connection ([`read`], one record [`read_one`],
//! a list page [`read_page`]), or register one new record in one write transaction ([`created`]).

use axum::Json;
use axum::http::StatusCode;

use crate::app::AppState;
use crate::auth::roles::{self, Tenant};
use crate::auth::signed_in::AuthUser;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::AppResult;
use crate::models::CompanyId;

/// Answers `read` as JSON: any role of the company, one pooled connection.
pub async fn read<T, F>(state: &AppState, auth: &AuthUser, read: F) -> AppResult<Json<T>>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Tenant) -> AppResult<T> + Send + 'static,
{
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(state.db.run(move |conn| read(conn, &tenant)).await?))
}

/// Answers the record `id` as `detail` reads it (its 404 included), like [`read`].
pub async fn read_one<T: Send + 'static>(
    state: &AppState,
    auth: &AuthUser,
    id: i64,
    detail: fn(&mut DbConnection, CompanyId, i64) -> AppResult<T>,
) -> AppResult<Json<T>> {
    read(state, auth, move |conn, tenant| {
        detail(conn, tenant.company, id)
    })
    .await
}

/// Answers the page of a list that `list` reads for `params`, like [`read`].
pub async fn read_page<T, F>(
    state: &AppState,
    auth: &AuthUser,
    params: ListParams,
    list: F,
) -> AppResult<Json<Page<T>>>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Tenant, &ListParams) -> AppResult<Page<T>> + Send + 'static,
{
    read(state, auth, move |conn, tenant| list(conn, tenant, &params)).await
}

/// Answers 201 with what `write` registered in one write transaction, any role of the company.
pub async fn created<T, F>(
    state: &AppState,
    auth: &AuthUser,
    write: F,
) -> AppResult<(StatusCode, Json<T>)>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Tenant) -> AppResult<T> + Send + 'static,
{
    let tenant = auth.tenant(roles::ALL)?;
    let written = state.db.write(move |conn| write(conn, &tenant)).await?;
    Ok((StatusCode::CREATED, Json(written)))
}
