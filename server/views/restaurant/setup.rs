//! Zones, tables and reservations as the restaurant API and its pages answer them.

use serde::Serialize;
use ts_rs::TS;

use crate::db::list::Page;
use crate::domain::states::{ReservationState, TableOccupancy};

/// A zone of the branch's floor.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ZoneView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    pub branch_office_id: i64,
    pub active: bool,
    pub locked: bool,
}

/// The reservation shown on a table of the floor plan (one within the next hour).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TableReservationView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub client_name: String,
    /// Local start, `HH:MM`.
    pub time: String,
}

/// A table with its place on the plan and what is on it now: `state` is libre, ocupada, cuenta
/// (the bill was asked for) or reservada; `orderId` and `openedAt` (ISO) of its open order.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TableView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub zone_id: i64,
    pub zone_name: String,
    pub name: String,
    pub seats: i32,
    /// square, round or rect.
    pub shape: String,
    pub x: i32,
    pub y: i32,
    pub active: bool,
    pub locked: bool,
    pub state: TableOccupancy,
    pub order_id: Option<i64>,
    pub opened_at: Option<String>,
    pub reservation: Option<TableReservationView>,
}

/// A table a reservation holds.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReservedTableView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
}

/// A reservation: `date` (AAAA-MM-DD) and `time` (HH:MM) local, `startsAt`/`endsAt` ISO;
/// `state` reservada, llego, finalizada, no_llego or cancelada, with its Spanish `stateLabel`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReservationView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub client_name: String,
    pub phone: String,
    pub date: String,
    pub time: String,
    pub duration_minutes: i64,
    pub starts_at: String,
    pub ends_at: String,
    pub people: i32,
    pub table_ids: Vec<i64>,
    pub tables: Vec<ReservedTableView>,
    pub notes: Option<String>,
    #[ts(as = "ReservationState")]
    pub state: String,
    pub state_label: String,
    pub locked: bool,
}

/// A value of a closed list with its Spanish label (shapes, reservation states).
#[derive(Debug, Clone, Serialize, TS)]
pub struct RestaurantOptionView {
    pub value: String,
    pub label: String,
}

/// The «Mesas y zonas» page: every zone and table of the branch, and the shapes.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FloorSetupPage {
    pub zones: Vec<ZoneView>,
    pub tables: Vec<TableView>,
    pub shapes: Vec<RestaurantOptionView>,
    /// Size of the floor plan in plan units (x and y go from 0 to it).
    pub plan_size: i64,
}

/// The «Reservas» page: the day's reservations, the branch's tables and the states.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReservationsPage {
    /// The day shown, AAAA-MM-DD.
    pub date: String,
    pub list: Page<ReservationView>,
    pub tables: Vec<TableView>,
    pub states: Vec<RestaurantOptionView>,
}
