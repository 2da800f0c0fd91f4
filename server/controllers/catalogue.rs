//! The rest of the generic list contract for catalogues (simple company-owned tables, see
//! `models::catalogue`): `GET {base}` (one page), `POST {base}/register` and
//! `POST {base}/{id}/update`, on top of [`Record`] (get, lock, delete). A resource says who may do
//! what and writes only what is its own: the body, its validation with its Spanish messages, and
//! how a row becomes its view.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::Tenant;
use crate::controllers::records::Record;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppResult, not_in_table};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::catalogue::CatalogueRow;

/// One page of a resource's list: its `list_page`, which its page's data also uses.
pub type PageFn<V> = fn(&mut DbConnection, &Tenant, &ListParams) -> AppResult<Page<V>>;

/// A catalogue resource: a [`Record`] that is also listed (by the roles that read it),
/// registered and edited.
pub trait Catalogue: Record {
    /// Body of register and update.
    type Body: DeserializeOwned + Send + 'static;
    /// Roles that may register and update.
    const EDIT: &'static [Role];
    /// One page of the list.
    const PAGE: PageFn<Self::View>;

    /// Validates `body` and inserts; the new record's id (answered with [`Record::view`]).
    fn create(conn: &mut DbConnection, tenant: &Tenant, body: Self::Body) -> AppResult<i64>;
    /// Checks that the record may change (`ensure_unlocked` and the resource's own rules, in the
    /// resource's order), validates `body` and saves (answered with [`Record::view`]).
    fn edit(conn: &mut DbConnection, tenant: &Tenant, id: i64, body: Self::Body) -> AppResult<()>;
}

/// The company's row `id`; the generic list's 'No existe el registro en la tabla' otherwise.
pub fn load<T: CatalogueRow>(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<T> {
    T::find(conn, company, id)?.ok_or_else(not_in_table)
}

/// A body's text field trimmed, `None` when absent or empty.
pub fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}

/// [`Record::is_locked`] of a catalogue row.
pub fn is_locked<T: CatalogueRow>(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
) -> AppResult<bool> {
    Ok(load::<T>(conn, company, id)?.is_locked())
}

/// [`Record::set_locked`] of a catalogue row.
pub fn set_locked<T: CatalogueRow>(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
    locked: bool,
) -> AppResult<()> {
    T::set_locked(conn, company, id, locked)?;
    Ok(())
}

/// `GET {base}`: for the roles that may read one record.
pub async fn list<C: Catalogue>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<C::View>>> {
    let tenant = auth.tenant(C::READ)?;
    Ok(Json(
        state
            .db
            .run(move |conn| (C::PAGE)(conn, &tenant, &params))
            .await?,
    ))
}

/// `POST {base}/register`: 201 with the new record.
pub async fn register<C: Catalogue>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<C::Body>,
) -> AppResult<(StatusCode, Json<C::View>)> {
    let tenant = auth.tenant(C::EDIT)?;
    let created = state
        .db
        .write(move |conn| {
            let id = C::create(conn, &tenant, body)?;
            C::view(conn, tenant.company, id)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// `POST {base}/{id}/update`.
pub async fn update<C: Catalogue>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<C::Body>,
) -> AppResult<Json<C::View>> {
    let tenant = auth.tenant(C::EDIT)?;
    let updated = state
        .db
        .write(move |conn| {
            C::edit(conn, &tenant, id, body)?;
            C::view(conn, tenant.company, id)
        })
        .await?;
    Ok(Json(updated))
}

/// [`Record::is_locked`] and [`Record::set_locked`] of a resource whose lock is its row's
/// (`models::catalogue::CatalogueRow`): `crate::row_lock!(BankAccount);` inside `impl Record`.
///
/// Why a macro, for now: `Record` (in `controllers::records`) requires both methods, so each
/// catalogue's `impl Record` must contain them, and the macro writes the two delegations to
/// [`is_locked`] and [`set_locked`]. Without it each of the eleven resources writes those two
/// functions out (about a dozen lines each).
#[macro_export]
macro_rules! row_lock {
    ($row:ty) => {
        fn is_locked(
            conn: &mut $crate::db::DbConnection,
            company: $crate::models::CompanyId,
            id: i64,
        ) -> $crate::error::AppResult<bool> {
            $crate::controllers::catalogue::is_locked::<$row>(conn, company, id)
        }

        fn set_locked(
            conn: &mut $crate::db::DbConnection,
            company: $crate::models::CompanyId,
            id: i64,
            locked: bool,
        ) -> $crate::error::AppResult<()> {
            $crate::controllers::catalogue::set_locked::<$row>(conn, company, id, locked)
        }
    };
}
