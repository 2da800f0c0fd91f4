//! Page loaders of the restaurant area (see `controllers/pages/loaders.rs`): the same functions
//! as the APIs.

use chrono::NaiveDate;

use super::setup::{branch_tables, branch_zones, reservations_page};
use crate::auth::roles::Tenant;
use crate::controllers::page_loader::{Loaders, PageQuery};
use crate::db::DbConnection;
use crate::db::list::{ListParams, MAX_LIMIT};
use crate::error::AppResult;
use crate::services::restaurant::reservations::STATES;
use crate::services::restaurant::setup::{PLAN_SIZE, SHAPES};
use crate::views::restaurant::setup::{FloorSetupPage, ReservationsPage, RestaurantOptionView};
use crate::views::route_id::RouteId;

/// The restaurant's loaders by route id.
pub const LOADERS: Loaders = &[
    (RouteId::AdminRestaurantTables, |ctx| {
        ctx.tenant(floor_setup)
    }),
    (RouteId::AdminRestaurantReservations, |ctx| {
        ctx.tenant(reservations)
    }),
];

fn options(list: &[(&str, &str)]) -> Vec<RestaurantOptionView> {
    list.iter()
        .map(|(value, label)| RestaurantOptionView {
            value: (*value).to_string(),
            label: (*label).to_string(),
        })
        .collect()
}

/// «Mesas y zonas»: every zone and table of the branch.
fn floor_setup(
    conn: &mut DbConnection,
    tenant: &Tenant,
    _query: &PageQuery,
) -> AppResult<FloorSetupPage> {
    Ok(FloorSetupPage {
        zones: branch_zones(conn, tenant)?,
        tables: branch_tables(conn, tenant)?,
        shapes: options(&SHAPES),
        plan_size: PLAN_SIZE,
    })
}

/// «Reservas»: the reservations of `?date=` (today when absent or not a date), by time.
fn reservations(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &PageQuery,
) -> AppResult<ReservationsPage> {
    let date = query
        .get("date")
        .and_then(|d| NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d").ok())
        .unwrap_or_else(|| tenant.zone().today());
    let params = ListParams {
        from: Some(date),
        to: Some(date),
        limit: MAX_LIMIT,
        ..ListParams::default()
    };
    Ok(ReservationsPage {
        date: date.format("%Y-%m-%d").to_string(),
        list: reservations_page(conn, tenant, &params)?,
        tables: branch_tables(conn, tenant)?,
        states: options(&STATES),
    })
}
