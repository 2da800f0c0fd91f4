//! The parts of the generic list contract that are the same for every resource: read one record,
//! lock or unlock it, delete it (`GET {base}/{id}`, `POST {base}/{id}/lock`, `POST {base}/delete`).
//! A resource describes itself with [`Record`]; listing, creating and editing stay in its own
//! module because their fields differ.

use axum::Json;
use axum::extract::State;
use serde::Serialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::DbConnection;
use crate::db::list::Page;
use crate::error::AppResult;
use crate::error::locked;
use crate::http::json::JsonBody;
use crate::http::params::{IdBody, PathId};
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::views::MessageResponse;

/// A page whose rows become views all at once (`views` makes one batch of lookups for the page,
/// where [`Page::try_map`] would make a row's at a time); total, page and limit as they are.
pub fn page_views<T, V>(
    page: Page<T>,
    views: impl FnOnce(Vec<T>) -> AppResult<Vec<V>>,
) -> AppResult<Page<V>> {
    let Page {
        results,
        total,
        page,
        limit,
    } = page;
    Ok(Page {
        results: views(results)?,
        total,
        page,
        limit,
    })
}

/// A company-owned record managed by the generic list screens.
pub trait Record: Send + 'static {
    /// What the API returns for one record.
    type View: Serialize + Send + 'static;
    /// Roles that may read one record.
    const READ: &'static [Role];
    /// Roles that may lock, unlock and delete.
    const WRITE: &'static [Role];
    /// Confirmation shown after deleting.
    const DELETED: &'static str;

    /// The record's view; `not_in_table` when it is not the company's.
    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<Self::View>;
    /// Whether it is locked; `not_in_table` when it is not the company's.
    fn is_locked(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<bool>;
    /// Sets the lock of the company's record.
    fn set_locked(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        locked: bool,
    ) -> AppResult<()>;
    /// Deletes the company's record after the resource's own checks (records that use it).
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()>;
}

/// Fails with the locked-record error when `id` is locked (edits check this first).
pub fn ensure_unlocked<R: Record>(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
) -> AppResult<()> {
    if R::is_locked(conn, company, id)? {
        Err(locked())
    } else {
        Ok(())
    }
}

/// `GET {base}/{id}`.
pub async fn get<R: Record>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<R::View>> {
    let tenant = auth.tenant(R::READ)?;
    Ok(Json(
        state
            .db
            .run(move |conn| R::view(conn, tenant.company, id))
            .await?,
    ))
}

/// `POST {base}/{id}/lock`: toggles the lock and returns the record.
pub async fn lock<R: Record>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<R::View>> {
    let tenant = auth.tenant(R::WRITE)?;
    let view = state
        .db
        .write(move |conn| {
            let was_locked = R::is_locked(conn, tenant.company, id)?;
            R::set_locked(conn, tenant.company, id, !was_locked)?;
            R::view(conn, tenant.company, id)
        })
        .await?;
    Ok(Json(view))
}

/// `POST {base}/delete` `{_id}`: refused while locked.
pub async fn delete<R: Record>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> AppResult<Json<MessageResponse>> {
    let tenant = auth.tenant(R::WRITE)?;
    let id = body.id.required()?;
    state
        .db
        .write(move |conn| {
            ensure_unlocked::<R>(conn, tenant.company, id)?;
            R::delete(conn, tenant.company, id)
        })
        .await?;
    Ok(Json(MessageResponse {
        message: R::DELETED.into(),
    }))
}
