//! `/api/purchases/expense` and `/api/purchases/manual`: expenses and manual purchases (no
//! inventory). Same roles as merchandise purchases: every role registers, admin and user cancel.

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, Uri};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::list::Page;
use crate::error::AppResult;
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::services::purchases::expense::{self as service, ExpenseBody, ManualBody};
use crate::views::purchases::purchase::PurchaseView;

use super::documents::{self, CancelBody};

/// The handlers of one kind of purchase without inventory.
macro_rules! kind_handlers {
    ($module:ident, $kind:literal, $body:ty, $service:path) => {
        pub mod $module {
            use super::*;

            #[doc = concat!("`GET /api/purchases/", $kind, "`.")]
            pub async fn list(
                State(state): State<AppState>,
                CurrentUser(auth): CurrentUser,
                uri: Uri,
            ) -> AppResult<Json<Page<PurchaseView>>> {
                let raw = uri.query().unwrap_or_default().to_string();
                documents::list(state, auth, $kind, raw).await
            }

            #[doc = concat!("`GET /api/purchases/", $kind, "/{id}`.")]
            pub async fn get(
                State(state): State<AppState>,
                CurrentUser(auth): CurrentUser,
                PathId(id): PathId,
            ) -> AppResult<Json<PurchaseView>> {
                documents::get(state, auth, $kind, id).await
            }

            #[doc = concat!("`POST /api/purchases/", $kind, "/register`.")]
            pub async fn register(
                State(state): State<AppState>,
                CurrentUser(auth): CurrentUser,
                JsonBody(body): JsonBody<$body>,
            ) -> AppResult<(StatusCode, Json<PurchaseView>)> {
                documents::register(
                    state,
                    auth,
                    $kind,
                    body,
                    |b: &$body| b.idempotency_key.clone(),
                    $service,
                )
                .await
            }

            #[doc = concat!("`POST /api/purchases/", $kind, "/{id}/cancel`.")]
            pub async fn cancel(
                State(state): State<AppState>,
                CurrentUser(auth): CurrentUser,
                PathId(id): PathId,
                JsonBody(body): JsonBody<CancelBody>,
            ) -> AppResult<Json<PurchaseView>> {
                documents::cancel(state, auth, $kind, id, body).await
            }
        }
    };
}

kind_handlers!(expense, "expense", ExpenseBody, service::register_expense);
kind_handlers!(manual, "manual", ManualBody, service::register_manual);
