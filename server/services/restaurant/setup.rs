//! Setting up a branch's floor: its zones and tables (name, seats, shape, place on the plan), the
//! rules of their forms with their Spanish messages, what may be deleted, and each table's state
//! on the floor plan (libre, ocupada, cuenta, reservada).

use chrono::{NaiveDateTime, TimeDelta};
use serde::Deserialize;

use crate::auth::roles::Tenant;
use crate::command::{IdInput, NumberInput};
use crate::db::DbConnection;
use crate::domain::states::TableOccupancy;
use crate::error::{AppResult, conflict, constraint_conflict, field_conflict, not_in_table};

use crate::models::CompanyId;
use crate::models::restaurant::reservation::Reservation;
use crate::models::restaurant::table::{RestaurantTable, TableFields};
use crate::models::restaurant::zone::{RestaurantZone, ZoneFields};
use crate::validation::{check_fields, required_text};

/// Longest zone or table name.
pub const NAME_MAX: usize = 40;
/// Most seats of one table.
pub const SEATS_MAX: i64 = 50;
/// The floor plan's size in plan units: x and y go from 0 to this.
pub const PLAN_SIZE: i64 = 1000;
/// Shapes of a table on the plan: value, Spanish label. The first is the default.
pub const SHAPES: [(&str, &str); 3] = [
    ("square", "Cuadrada"),
    ("round", "Redonda"),
    ("rect", "Rectangular"),
];
/// How far ahead a reservation shows on the floor plan (the table is «reservada»).
pub const RESERVED_AHEAD_MINUTES: i64 = 60;

/// Duplicate zone name in the branch.
pub const ZONE_TAKEN: &str = "Ya existe una zona con ese nombre en la sucursal";
/// Duplicate table name in the branch.
pub const TABLE_TAKEN: &str = "Ya existe una mesa con ese nombre en la sucursal";
/// The zone of a table is not one of the branch's.
pub const NO_ZONE: &str = "La zona no existe en la sucursal";

/// Body of a zone's register and update: `{name, active?}`.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct ZoneBody {
    name: Option<String>,
    active: Option<bool>,
}

/// Body of a table's register and update: `{zoneId, name, seats, shape?, x?, y?, active?}`. On
/// update, absent `x`/`y`/`shape`/`active` keep what the table has (a drag sends only x and y
/// with the rest of the table as it is).
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct TableBody {
    #[ts(optional = nullable)]
    zone_id: IdInput,
    name: Option<String>,
    #[ts(optional = nullable)]
    seats: NumberInput,
    shape: Option<String>,
    #[ts(optional = nullable)]
    x: NumberInput,
    #[ts(optional = nullable)]
    y: NumberInput,
    active: Option<bool>,
}

/// The company's zone `id`; the 404 of the generic list otherwise.
pub fn zone(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<RestaurantZone> {
    RestaurantZone::find(conn, company, id)?.ok_or_else(not_in_table)
}

/// The company's table `id`; the 404 of the generic list otherwise.
pub fn table(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<RestaurantTable> {
    RestaurantTable::find(conn, company, id)?.ok_or_else(not_in_table)
}

/// Validates a zone's body (`editing`: the zone being edited).
fn zone_fields(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: i64,
    body: &ZoneBody,
    editing: Option<&RestaurantZone>,
) -> AppResult<ZoneFields> {
    let name = body.name.clone().unwrap_or_default().trim().to_string();
    check_fields([("name", required_text(&name, "El nombre", NAME_MAX))])?;
    if RestaurantZone::name_taken(conn, tenant.company, branch, &name, editing.map(|z| z.id))? {
        return Err(field_conflict("name", ZONE_TAKEN));
    }
    Ok(ZoneFields {
        name,
        active: body
            .active
            .unwrap_or_else(|| editing.is_none_or(|z| z.active)),
    })
}

/// A new zone in the user's branch; its id.
pub fn create_zone(conn: &mut DbConnection, tenant: &Tenant, body: ZoneBody) -> AppResult<i64> {
    let branch = tenant.branch(conn)?.id;
    let fields = zone_fields(conn, tenant, branch, &body, None)?;
    RestaurantZone::insert(conn, tenant.company, branch, &fields)
        .map_err(|e| constraint_conflict(e, "name", ZONE_TAKEN))
}

/// Saves the company's zone `id` (the caller has checked its lock).
pub fn edit_zone(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
    body: ZoneBody,
) -> AppResult<()> {
    let zone = zone(conn, tenant.company, id)?;
    let fields = zone_fields(conn, tenant, zone.branch_office_id, &body, Some(&zone))?;
    RestaurantZone::update(conn, tenant.company, id, &fields)?;
    Ok(())
}

/// Deletes the company's zone `id`: refused while it has tables.
pub fn delete_zone(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
    let zone = zone(conn, company, id)?;
    let tables = RestaurantZone::table_count(conn, company, id)?;
    if tables > 0 {
        return Err(conflict(format!(
            "No se puede eliminar la zona «{}»: tiene {tables} mesa{}. Elimine o cambie de zona sus mesas primero.",
            zone.name,
            if tables == 1 { "" } else { "s" }
        )));
    }
    RestaurantZone::delete(conn, company, id).map_err(|e| constraint_conflict(e, "_id", ""))?;
    Ok(())
}

/// Validates a table's body (`editing`: the table being edited, whose place and shape are kept
/// when the body leaves them out).
fn table_fields(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: i64,
    body: &TableBody,
    editing: Option<&RestaurantTable>,
) -> AppResult<TableFields> {
    let name = body.name.clone().unwrap_or_default().trim().to_string();
    let zone = match &body.zone_id {
        value if value.is_null() => Err("La zona es obligatoria".to_string()),
        value => match value.id() {
            Some(id) => match RestaurantZone::find(conn, tenant.company, id)? {
                Some(z) if z.branch_office_id == branch => Ok(id),
                _ => Err(NO_ZONE.to_string()),
            },
            None => Err(NO_ZONE.to_string()),
        },
    };
    let seats = if body.seats.is_null() {
        Err("El número de puestos es obligatorio".to_string())
    } else {
        body.seats.whole(0, 1, SEATS_MAX, "El número de puestos")
    };
    let shape = match body
        .shape
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        None => Ok(editing.map_or(SHAPES[0].0.to_string(), |t| t.shape.clone())),
        Some(s) => SHAPES
            .iter()
            .find(|(value, _)| *value == s)
            .map(|(value, _)| value.to_string())
            .ok_or_else(|| "La forma debe ser cuadrada, redonda o rectangular".to_string()),
    };
    let x = body.x.whole(
        editing.map_or(0, |t| t.x.into()),
        0,
        PLAN_SIZE,
        "La posición horizontal (x)",
    );
    let y = body.y.whole(
        editing.map_or(0, |t| t.y.into()),
        0,
        PLAN_SIZE,
        "La posición vertical (y)",
    );
    check_fields([
        ("zoneId", zone.clone().err()),
        ("name", required_text(&name, "El nombre", NAME_MAX)),
        ("seats", seats.clone().err()),
        ("shape", shape.clone().err()),
        ("x", x.clone().err()),
        ("y", y.clone().err()),
    ])?;
    if RestaurantTable::name_taken(conn, tenant.company, branch, &name, editing.map(|t| t.id))? {
        return Err(field_conflict("name", TABLE_TAKEN));
    }
    let number = |r: Result<i64, String>| i32::try_from(r.unwrap_or_default()).unwrap_or_default();
    Ok(TableFields {
        zone_id: zone.unwrap_or_default(),
        name,
        seats: number(seats),
        shape: shape.unwrap_or_default(),
        x: number(x),
        y: number(y),
        active: body
            .active
            .unwrap_or_else(|| editing.is_none_or(|t| t.active)),
    })
}

/// A new table in the user's branch; its id.
pub fn create_table(conn: &mut DbConnection, tenant: &Tenant, body: TableBody) -> AppResult<i64> {
    let branch = tenant.branch(conn)?.id;
    let fields = table_fields(conn, tenant, branch, &body, None)?;
    RestaurantTable::insert(conn, tenant.company, branch, &fields)
        .map_err(|e| constraint_conflict(e, "name", TABLE_TAKEN))
}

/// Saves the company's table `id` (the caller has checked its lock): its fields, or only its
/// place on the plan after a drag.
pub fn edit_table(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
    body: TableBody,
) -> AppResult<()> {
    let table = table(conn, tenant.company, id)?;
    let fields = table_fields(conn, tenant, table.branch_office_id, &body, Some(&table))?;
    RestaurantTable::update(conn, tenant.company, id, &fields)?;
    Ok(())
}

/// Deletes the company's table `id`: refused while an order is open on it or a reservation
/// holds it; one that has had orders stays (the foreign key: deactivate it instead).
pub fn delete_table(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
    let table = table(conn, company, id)?;
    if !RestaurantTable::open_orders(conn, company, &[id])?.is_empty() {
        return Err(conflict(format!(
            "No se puede eliminar la mesa «{}»: tiene una orden abierta",
            table.name
        )));
    }
    if Reservation::holds_table(conn, company, id)? {
        return Err(conflict(format!(
            "No se puede eliminar la mesa «{}»: tiene reservas pendientes. Cancélelas o finalícelas primero.",
            table.name
        )));
    }
    RestaurantTable::delete(conn, company, id).map_err(|e| constraint_conflict(e, "_id", ""))?;
    Ok(())
}

/// What is on a table now, for the floor plan.
#[derive(Debug, Clone)]
pub struct TableState {
    pub state: TableOccupancy,
    pub order_id: Option<i64>,
    pub opened_at: Option<NaiveDateTime>,
    /// The reservation shown on the table: (id, client, starts_at).
    pub reservation: Option<(i64, String, NaiveDateTime)>,
}

/// The state of each of `tables` at `now`: «ocupada» with an open order («cuenta» once the bill
/// was asked for), else «reservada» when a reservation (reservada or llegó) overlaps the next
/// hour, else «libre». In the order of `tables`.
pub fn states(
    conn: &mut DbConnection,
    company: CompanyId,
    tables: &[i64],
    now: NaiveDateTime,
) -> AppResult<Vec<TableState>> {
    let orders = RestaurantTable::open_orders(conn, company, tables)?;
    let bookings = Reservation::bookings(
        conn,
        company,
        tables,
        now,
        now + TimeDelta::minutes(RESERVED_AHEAD_MINUTES),
        None,
    )?;
    Ok(tables
        .iter()
        .map(|id| {
            let order = orders.iter().find(|o| o.table_id == *id);
            let booking = bookings.iter().find(|b| b.table_id == *id);
            let state = match (order, booking) {
                (Some(o), _) if o.bill_requested => TableOccupancy::Cuenta,
                (Some(_), _) => TableOccupancy::Ocupada,
                (None, Some(_)) => TableOccupancy::Reservada,
                (None, None) => TableOccupancy::Libre,
            };
            TableState {
                state,
                order_id: order.map(|o| o.order_id),
                opened_at: order.map(|o| o.opened_at),
                reservation: booking
                    .map(|b| (b.reservation_id, b.client_name.clone(), b.starts_at)),
            }
        })
        .collect())
}
