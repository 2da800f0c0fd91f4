//! `/api/purchases/merchandise`: merchandise purchases (stock in at cost). Every role lists and
//! registers them (a cashier receives and pays a delivery from their own shift); only admin and
//! user cancel. The rules are `services::purchases`.

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, Uri};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::AppResult;
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::services::purchases::merchandise::{self as service, MerchandiseBody};
use crate::views::purchases::purchase::PurchaseView;

use super::documents::{self, CancelBody};

const KIND: &str = "merchandise";

/// `GET /api/purchases/merchandise`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: Uri,
) -> AppResult<Json<crate::db::list::Page<PurchaseView>>> {
    let raw = uri.query().unwrap_or_default().to_string();
    documents::list(state, auth, KIND, raw).await
}

/// `GET /api/purchases/merchandise/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<PurchaseView>> {
    documents::get(state, auth, KIND, id).await
}

/// `POST /api/purchases/merchandise/register`.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<MerchandiseBody>,
) -> AppResult<(StatusCode, Json<PurchaseView>)> {
    documents::register(
        state,
        auth,
        KIND,
        body,
        |b: &MerchandiseBody| b.idempotency_key.clone(),
        service::register,
    )
    .await
}

/// `POST /api/purchases/merchandise/{id}/cancel`.
pub async fn cancel(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<CancelBody>,
) -> AppResult<Json<PurchaseView>> {
    documents::cancel(state, auth, KIND, id, body).await
}
