//! The signed-in user: who they are (`GET /api/user`), the branches they may work in, and their
//! theme. Every signed-in role may use these, with or without a company.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::AppResult;
use crate::http::json::JsonBody;
use crate::models::auth::user::User;
use crate::validation::check_fields;
use crate::views::auth::user::{CurrentUserView, PRIMARY_COLORS, ThemeView};
use crate::views::config::branch_office::{BranchOfficeView, accessible_branches};

/// `GET /api/user`: the current user; 401 without a session.
pub async fn current_user(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<CurrentUserView>> {
    let view = state
        .db
        .read_quick(move |conn| Ok(CurrentUserView::load(conn, &auth.user)?))
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

/// `POST /api/users/theme` body.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ThemeBody {
    theme: Option<String>,
    primary_color: Option<String>,
}

/// `POST /api/users/theme`: saves the signed-in user's theme (any role).
pub async fn set_theme(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<ThemeBody>,
) -> AppResult<Json<ThemeView>> {
    let mode = body.theme.unwrap_or_else(|| "light".into());
    let color = body.primary_color.unwrap_or_else(|| "green".into());
    check_fields([
        (
            "theme",
            (!matches!(mode.as_str(), "light" | "dark"))
                .then(|| "Elija tema claro u oscuro".to_string()),
        ),
        (
            "primaryColor",
            (!PRIMARY_COLORS.contains(&color.as_str()))
                .then(|| "Elija uno de los colores disponibles".to_string()),
        ),
    ])?;
    let id = auth.user.id;
    let (m, c) = (mode.clone(), color.clone());
    state
        .db
        .run(move |conn| Ok(User::set_theme(conn, id, &m, &c)?))
        .await?;
    Ok(Json(ThemeView {
        mode,
        primary_color: color,
    }))
}
