//! `/api/restaurant`: orders and the kitchen (admin and user). The rules are
//! [`crate::services::restaurant::orders`]; here the body is read, the service called and the
//! order shown.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::Deserialize;
use serde_json::Value;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::auth::signed_in::AuthUser;
use crate::controllers::documents::sale as sale_views;
use crate::controllers::restaurant::order_views;
use crate::db::list::{ListParams, Page};
use crate::error::{AppError, AppResult};
use crate::http::form::QueryParams;
use crate::http::json::JsonBody;
use crate::http::params::{PathId, parse_id};
use crate::services::restaurant::orders::{
    self, BillBody, Billed, ItemsBody, JoinBody, MoveBody, OpenBody, PriceBody, SplitBody,
    StateBody, VoidBody,
};
use crate::services::sales::below_cost;
use crate::services::sales::note::SaleKind;
use crate::views::restaurant::order::{BillView, KitchenTicketView, OrderView};
use crate::views::sales::note::SalePreviewView;

/// The user as a member of the restaurant's staff: admin and user.
fn staff(auth: &AuthUser) -> AppResult<Tenant> {
    auth.tenant(roles::ADMIN_USER)
}

/// `{id}` and `{itemId}` of an item's route.
pub struct ItemPath(pub i64, pub i64);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ItemPath {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let Path(params) = Path::<Vec<(String, String)>>::from_request_parts(parts, state)
            .await
            .map_err(|_| crate::error::not_in_table())?;
        let get = |name: &str| {
            let raw = params
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| Value::String(v.clone()));
            parse_id(raw.as_ref())
        };
        Ok(ItemPath(get("id")?, get("itemId")?))
    }
}

/// `POST /api/restaurant/order/open`: 201 with the order.
pub async fn open(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<OpenBody>,
) -> AppResult<(StatusCode, Json<OrderView>)> {
    let tenant = staff(&auth)?;
    let view = orders::open(&state.db, &tenant, body).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// `POST /api/restaurant/order/{id}/items`: sends a round.
pub async fn items(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<ItemsBody>,
) -> AppResult<Json<OrderView>> {
    let tenant = staff(&auth)?;
    Ok(Json(orders::add_items(&state.db, &tenant, id, body).await?))
}

/// `POST /api/restaurant/order/{id}/item/{itemId}/state`.
pub async fn item_state(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    ItemPath(id, item): ItemPath,
    JsonBody(body): JsonBody<StateBody>,
) -> AppResult<Json<OrderView>> {
    let tenant = staff(&auth)?;
    Ok(Json(
        orders::set_state(&state.db, &tenant, id, item, body).await?,
    ))
}

/// `POST /api/restaurant/order/{id}/item/{itemId}/void`.
pub async fn item_void(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    ItemPath(id, item): ItemPath,
    JsonBody(body): JsonBody<VoidBody>,
) -> AppResult<Json<OrderView>> {
    let tenant = staff(&auth)?;
    Ok(Json(
        orders::void(&state.db, &tenant, id, item, body).await?,
    ))
}

/// `POST /api/restaurant/order/{id}/item/{itemId}/split {quantity}`: those units become an item
/// of their own (a split by items gives each guest their unit).
pub async fn item_split(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    ItemPath(id, item): ItemPath,
    JsonBody(body): JsonBody<SplitBody>,
) -> AppResult<Json<OrderView>> {
    let tenant = staff(&auth)?;
    Ok(Json(
        orders::split_item(&state.db, &tenant, id, item, body).await?,
    ))
}

/// `POST /api/restaurant/order/{id}/price {itemIds?, clientId?, documentType?}`: what the bill
/// would charge, as the sales preview answers it (the last part of a split takes the remainder).
pub async fn price(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<PriceBody>,
) -> AppResult<Json<SalePreviewView>> {
    let tenant = staff(&auth)?;
    let view = state
        .db
        .read(move |conn| {
            let priced = orders::price(conn, &tenant, id, &body)?;
            let below = below_cost::check_lines(conn, &tenant, &priced.lines)?;
            Ok(SalePreviewView::new(&priced, below))
        })
        .await?;
    Ok(Json(view))
}

/// `POST /api/restaurant/order/{id}/move`.
pub async fn move_to(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<MoveBody>,
) -> AppResult<Json<OrderView>> {
    let tenant = staff(&auth)?;
    Ok(Json(orders::move_to(&state.db, &tenant, id, body).await?))
}

/// `POST /api/restaurant/order/{id}/join {orderId}`: the other table's order joins this one.
pub async fn join(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<JoinBody>,
) -> AppResult<Json<OrderView>> {
    let tenant = staff(&auth)?;
    Ok(Json(orders::join(&state.db, &tenant, id, body).await?))
}

/// `POST /api/restaurant/order/{id}/requestBill`.
pub async fn request_bill(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<OrderView>> {
    let tenant = staff(&auth)?;
    Ok(Json(orders::request_bill(&state.db, &tenant, id).await?))
}

/// `POST /api/restaurant/order/{id}/bill`: 201 with `{order, sale}` for a new sale, 200 with the
/// sale already registered under the same key (or `sale: null` when the order was closed with
/// nothing to bill).
pub async fn bill(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<BillBody>,
) -> AppResult<(StatusCode, Json<BillView>)> {
    let tenant = staff(&auth)?;
    let (order, billed) = orders::bill(&state.db, &tenant, id, body).await?;
    let (status, sale, kind) = match billed {
        Billed::Created(sale, kind) => (StatusCode::CREATED, Some(sale), kind),
        Billed::Existing(sale, kind) => (StatusCode::OK, Some(sale), kind),
        Billed::Closed => (StatusCode::OK, None, SaleKind::Note),
    };
    if status == StatusCode::CREATED && kind == SaleKind::Invoice {
        crate::sri::queue::worker::wake();
    }
    let company = tenant.company;
    let sale = match sale {
        None => Value::Null,
        Some(sale) => {
            state
                .db
                .run(move |conn| {
                    let view = match kind {
                        SaleKind::Note => {
                            serde_json::to_value(sale_views::view(conn, company, &sale)?)
                        }
                        SaleKind::Invoice => {
                            serde_json::to_value(sale_views::invoice_view(conn, company, &sale)?)
                        }
                    };
                    view.map_err(|e| AppError::Internal(anyhow::anyhow!("venta: {e}")))
                })
                .await?
        }
    };
    Ok((status, Json(BillView { order, sale })))
}

/// `GET /api/restaurant/order/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<OrderView>> {
    let tenant = staff(&auth)?;
    Ok(Json(
        state
            .db
            .run(move |conn| order_views::one(conn, &tenant, id))
            .await?,
    ))
}

/// Filters of the order list.
#[derive(Debug, Deserialize)]
pub struct ListFilter {
    pub state: Option<String>,
    pub kind: Option<String>,
}

/// `GET /api/restaurant/order?state=&kind=`: the branch's orders, newest first.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
    QueryParams(filter): QueryParams<ListFilter>,
) -> AppResult<Json<Page<OrderView>>> {
    let tenant = staff(&auth)?;
    let filter = orders::filter_of(filter.state, filter.kind)?;
    Ok(Json(
        state
            .db
            .run(move |conn| order_views::list(conn, &tenant, &filter, &params))
            .await?,
    ))
}

/// `?station=` of the kitchen.
#[derive(Debug, Deserialize)]
pub struct KitchenQuery {
    pub station: Option<String>,
}

/// `GET /api/restaurant/kitchen?station=`: the current tickets.
pub async fn kitchen(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    QueryParams(query): QueryParams<KitchenQuery>,
) -> AppResult<Json<Vec<KitchenTicketView>>> {
    let tenant = staff(&auth)?;
    let station = query
        .station
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    Ok(Json(
        state
            .db
            .run(move |conn| order_views::kitchen(conn, &tenant, station.as_deref()))
            .await?,
    ))
}
