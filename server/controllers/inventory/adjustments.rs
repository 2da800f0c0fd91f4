//! `/api/inventory/adjustment`: inventory adjustments, register only (a wrong one is corrected by
//! another); the rule is `services::inventory::adjustments`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use super::documents::{self, DocumentView, Related};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::list::{ListParams, Page};
use crate::error::AppResult;
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::inventory::adjustment::Adjustment;
use crate::services::inventory::adjustments::{self as service, AdjustmentBody};
use crate::views::inventory::document::{AdjustmentView, iso};

impl DocumentView for Adjustment {
    type View = AdjustmentView;

    fn view(&self, related: &Related) -> AdjustmentView {
        AdjustmentView {
            id: self.id,
            number: self.number,
            date: iso(self.date),
            cellar_id: self.warehouse_id,
            cellar_name: related.cellar(self.warehouse_id),
            mode: self.mode.clone(),
            reason: self.reason.clone(),
            note: self.note.clone(),
            user: related.user(self.user_id),
            lines: related.lines(self.id),
        }
    }
}

/// `GET /api/inventory/adjustment`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<AdjustmentView>>> {
    documents::list::<Adjustment>(state, auth, params).await
}

/// `POST /api/inventory/adjustment/register`.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<AdjustmentBody>,
) -> AppResult<(StatusCode, Json<AdjustmentView>)> {
    documents::register::<Adjustment, _>(state, auth, body, service::register).await
}

/// `GET /api/inventory/adjustment/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<AdjustmentView>> {
    documents::get::<Adjustment>(state, auth, id).await
}
