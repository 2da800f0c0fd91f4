//! `POST /api/users/{id}/update`, `POST /api/users/{id}/lock` and `POST /api/users/delete`.

use axum::Json;
use axum::extract::State;

use super::{UserBody, fields, keep_an_admin, licence_has_room, load, reload};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles;
use crate::db::write_transaction;
use crate::error::{AppResult, conflict, constraint_conflict, locked};
use crate::http::json::JsonBody;
use crate::http::params::{IdBody, PathId};
use crate::models::auth::session::Session;
use crate::models::auth::user::{Role, User};
use crate::views::MessageResponse;
use crate::views::config::user::UserRowView;

/// `POST /api/users/{id}/update`.
pub async fn update(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<UserBody>,
) -> AppResult<Json<UserRowView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let company = tenant.company;
    let view = state
        .db
        .run(move |conn| {
            let (fields, branches) = fields(conn, company, &body)?;
            write_transaction(conn, |conn| {
                let target = load(conn, company, id)?;
                if target.locked {
                    return Err(locked());
                }
                keep_an_admin(conn, company, &target, fields.role == Role::Admin)?;
                User::update(conn, company, id, &fields)?;
                User::set_branch_access(conn, company, id, &branches)?;
                reload(conn, company, id)
            })
        })
        .await?;
    Ok(Json(view))
}

/// `POST /api/users/{id}/lock`: locks or unlocks; locking ends the user's sessions, unlocking
/// needs room in the licence.
pub async fn lock(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<UserRowView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let company = tenant.company;
    let view = state
        .db
        .write(move |conn| {
            let target = load(conn, company, id)?;
            let locking = !target.locked;
            if locking {
                keep_an_admin(conn, company, &target, false)?;
                Session::delete_for_user(conn, target.id)?;
            } else {
                licence_has_room(conn, company, |allowed| {
                    format!("La licencia permite {allowed} usuarios activos.")
                })?;
            }
            User::set_locked(conn, company, id, locking)?;
            reload(conn, company, id)
        })
        .await?;
    Ok(Json(view))
}

/// `POST /api/users/delete` `{_id}`.
pub async fn delete(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> AppResult<Json<MessageResponse>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let id = body.id.required()?;
    state
        .db
        .write(move |conn| {
            let target = load(conn, tenant.company, id)?;
            if target.id == tenant.user_id() {
                return Err(conflict("No puede eliminar su propio usuario"));
            }
            if target.locked {
                return Err(locked());
            }
            keep_an_admin(conn, tenant.company, &target, false)?;
            User::delete(conn, tenant.company, id)
                .map_err(|e| constraint_conflict(e, "_id", ""))?;
            Ok(())
        })
        .await?;
    Ok(Json(MessageResponse {
        message: "Usuario eliminado".into(),
    }))
}
