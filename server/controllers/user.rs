//! The signed-in user.

use axum::Json;
use axum::extract::State;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::AppResult;
use crate::models::branch_office::BranchOffice;
use crate::models::user::User;
use crate::views::branch_office::BranchOfficeView;
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
    let Some(company_id) = auth.user.company_id else {
        return Ok(Json(Vec::new()));
    };
    let user_id = auth.user.id;
    let branches = state
        .db
        .run(move |conn| {
            let access = User::branch_access(conn, user_id)?;
            let all = BranchOffice::list_for_company(conn, company_id)?;
            Ok(all
                .iter()
                .filter(|b| access.contains(&b.id))
                .map(BranchOfficeView::from)
                .collect())
        })
        .await?;
    Ok(Json(branches))
}
