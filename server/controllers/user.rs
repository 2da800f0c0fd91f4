//! The signed-in user.

use axum::Json;
use axum::extract::State;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::AppResult;
use crate::views::branch_office::{BranchOfficeView, accessible_branches};
use crate::views::user::CurrentUserView;

/// `GET /api/user`: the current user; 401 without a session.
pub async fn current_user(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<CurrentUserView>> {
    let view = state
        .db
        .run(move |conn| Ok(CurrentUserView::load(conn, &auth.user)?))
        .await?;
    Ok(Json(view))
}

/// `GET /api/users/AccessBranchOffices`: the branches the user may work in.
pub async fn access_branch_offices(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Vec<BranchOfficeView>>> {
    let branches = state
        .db
        .run(move |conn| Ok(accessible_branches(conn, &auth.user)?))
        .await?;
    Ok(Json(branches))
}
