//! `GET /api/reports/sales`, `/top`, `/slow`, `/stock` (admin and user) and `/dashboard` (every
//! role; a cashier sees only their own shift). Extract → `services::reports` → view.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::controllers::answer;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::http::params::query_map;
use crate::services::reports::{dashboard, sales, stock};
use crate::views::reports::{
    ReportsDashboardView, SalesReportView, SlowReportView, StockReportView,
};

fn get<'a>(query: &'a HashMap<String, String>, name: &str) -> Option<&'a str> {
    query.get(name).map(String::as_str)
}

/// The sales report of a query (`from`, `to`, `groupBy`).
pub fn sales_data(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &HashMap<String, String>,
) -> AppResult<SalesReportView> {
    let (from, to) = sales::range(tenant.zone(), get(query, "from"), get(query, "to"))?;
    let group = sales::GroupBy::parse(get(query, "groupBy"))?;
    Ok((&sales::report(conn, tenant, from, to, group)?).into())
}

/// The top products of a query (`from`, `to`, `limit`: 10 by default, at most 100).
pub fn top_data(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &HashMap<String, String>,
) -> AppResult<SalesReportView> {
    let (from, to) = sales::range(tenant.zone(), get(query, "from"), get(query, "to"))?;
    let limit = match get(query, "limit").map(str::trim).filter(|v| !v.is_empty()) {
        None => 10,
        Some(v) => v
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=100).contains(n))
            .ok_or_else(|| AppError::field("limit", "El límite debe ser un número de 1 a 100"))?,
    };
    Ok((&sales::top(conn, tenant, from, to, limit)?).into())
}

/// The slow movers of a query (`days`, 30 by default).
pub fn slow_data(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &HashMap<String, String>,
) -> AppResult<SlowReportView> {
    let days = stock::slow_days(get(query, "days"))?;
    Ok(SlowReportView::new(days, &stock::slow(conn, tenant, days)?))
}

/// Products below minimum and stock value per warehouse.
pub fn stock_data(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<StockReportView> {
    Ok(StockReportView::new(
        &stock::low(conn, tenant)?,
        &stock::value_by_cellar(conn, tenant)?,
    ))
}

/// Runs `load` for an admin or user with the request's query.
async fn admin_user<T, F>(
    state: AppState,
    auth: crate::auth::signed_in::AuthUser,
    uri: axum::http::Uri,
    load: F,
) -> AppResult<Json<T>>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Tenant, &HashMap<String, String>) -> AppResult<T>
        + Send
        + 'static,
{
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let query = query_map(&uri);
    Ok(Json(
        state
            .db
            .run(move |conn| load(conn, &tenant, &query))
            .await?,
    ))
}

/// `GET /api/reports/sales?from=&to=&groupBy=`.
pub async fn sales(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: axum::http::Uri,
) -> AppResult<Json<SalesReportView>> {
    admin_user(state, auth, uri, sales_data).await
}

/// `GET /api/reports/top?from=&to=&limit=`.
pub async fn top(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: axum::http::Uri,
) -> AppResult<Json<SalesReportView>> {
    admin_user(state, auth, uri, top_data).await
}

/// `GET /api/reports/slow?days=`.
pub async fn slow(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: axum::http::Uri,
) -> AppResult<Json<SlowReportView>> {
    admin_user(state, auth, uri, slow_data).await
}

/// `GET /api/reports/stock`.
pub async fn stock_report(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: axum::http::Uri,
) -> AppResult<Json<StockReportView>> {
    admin_user(state, auth, uri, |conn, tenant, _| stock_data(conn, tenant)).await
}

/// The dashboard of the tenant.
pub fn dashboard_data(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<ReportsDashboardView> {
    Ok((&dashboard::load(conn, tenant)?).into())
}

/// `GET /api/reports/dashboard`.
pub async fn dashboard(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<ReportsDashboardView>> {
    answer::read(&state, &auth, dashboard_data).await
}
