//! Reservations of a branch's tables: the form's rules (date, time, duration, people, tables) with
//! their Spanish messages, the refusal of a table booked at overlapping times (also between two
//! writers at once: the tables' rows are locked in the write transaction, `db::restaurant_lock`),
//! and the states a reservation goes through.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime, TimeDelta};
use serde::Deserialize;

use crate::auth::roles::Tenant;
use crate::command::{IdInput, ListInput, NumberInput};
use crate::db::{DbConnection, restaurant_lock};
use crate::domain::states::ReservationState;
use crate::error::{AppError, AppResult, conflict, not_in_table};

use crate::models::CompanyId;
use crate::models::restaurant::reservation::{Reservation, ReservationFields};
use crate::models::restaurant::table::RestaurantTable;
use crate::util::time::Zone;
use crate::validation::{check_fields, optional_text, required_text};

/// States of a reservation: value, Spanish label. `reservada` → `llego` → `finalizada`;
/// `reservada` → `no_llego` or `cancelada`; `llego` → `cancelada` too (a party that leaves before
/// ordering).
pub const STATES: [(&str, &str); 5] = [
    (ReservationState::Reservada.as_str(), "Reservada"),
    (ReservationState::Llego.as_str(), "Llegó"),
    (ReservationState::Finalizada.as_str(), "Finalizada"),
    (ReservationState::NoLlego.as_str(), "No llegó"),
    (ReservationState::Cancelada.as_str(), "Cancelada"),
];
/// Duration of a reservation when the form leaves it out, in minutes.
pub const DEFAULT_MINUTES: i64 = 120;
/// Shortest and longest reservation, in minutes.
pub const MINUTES_RANGE: (i64, i64) = (15, 720);
/// Most people of one reservation.
pub const PEOPLE_MAX: i64 = 500;

/// The Spanish label of a state.
pub fn state_label(state: &str) -> &'static str {
    STATES
        .iter()
        .find(|(value, _)| *value == state)
        .map_or("", |(_, label)| label)
}

/// Whether a reservation may go from `from` to `to`.
pub fn may_change(from: &str, to: &str) -> bool {
    matches!(
        (from, to),
        ("reservada", "llego" | "no_llego" | "cancelada") | ("llego", "finalizada" | "cancelada")
    )
}

/// Body of register and update: `{clientName, phone, date: "AAAA-MM-DD", time: "HH:MM",
/// durationMinutes?, people, tableIds, notes?}`.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ReservationBody {
    client_name: Option<String>,
    phone: Option<String>,
    date: Option<String>,
    time: Option<String>,
    #[ts(optional = nullable)]
    duration_minutes: NumberInput,
    #[ts(optional = nullable)]
    people: NumberInput,
    #[ts(optional = nullable, type = "Array<number | string> | null")]
    table_ids: ListInput<IdInput>,
    notes: Option<String>,
}

/// Body of `POST /api/restaurant/reservation/{id}/state`.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[ts(rename = "ReservationStateBody")]
pub struct StateBody {
    pub state: Option<String>,
}

/// The local date and time of the form as the UTC instant they stand for in the company's zone.
fn starts_at(zone: Zone, date: NaiveDate, time: NaiveTime) -> NaiveDateTime {
    use chrono::TimeZone;
    let local = date.and_time(time);
    match zone.0.from_local_datetime(&local).earliest() {
        Some(t) => t.naive_utc(),
        // A time skipped by a clock change: an hour later.
        None => zone
            .0
            .from_local_datetime(&(local + TimeDelta::hours(1)))
            .earliest()
            .map_or(local, |t| t.naive_utc()),
    }
}

/// The validated form: the fields and the tables (ids of the branch, sorted, no repeats).
struct Form {
    fields: ReservationFields,
    tables: Vec<i64>,
}

fn form(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: i64,
    body: &ReservationBody,
) -> AppResult<Form> {
    let client_name = body
        .client_name
        .clone()
        .unwrap_or_default()
        .trim()
        .to_string();
    let phone = body.phone.clone().unwrap_or_default().trim().to_string();
    let notes = body
        .notes
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string);
    let date = match body
        .date
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
    {
        None => Err("La fecha es obligatoria".to_string()),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .ok()
            .filter(|d| (2000..=2100).contains(&chrono::Datelike::year(d)))
            .ok_or_else(|| "La fecha no es válida: use el formato AAAA-MM-DD".to_string()),
    };
    let time = match body
        .time
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        None => Err("La hora es obligatoria".to_string()),
        Some(text) => NaiveTime::parse_from_str(text, "%H:%M")
            .ok()
            .filter(|_| text.len() == 5)
            .ok_or_else(|| "La hora no es válida: use el formato HH:MM (24 horas)".to_string()),
    };
    let minutes = body.duration_minutes.whole(
        DEFAULT_MINUTES,
        MINUTES_RANGE.0,
        MINUTES_RANGE.1,
        "La duración en minutos",
    );
    let people = if body.people.is_null() {
        Err("El número de personas es obligatorio".to_string())
    } else {
        body.people.whole(0, 1, PEOPLE_MAX, "El número de personas")
    };
    let tables = match &body.table_ids {
        ListInput::Items(items) if !items.is_empty() => {
            let mut ids = Vec::new();
            let mut bad = false;
            for item in items {
                match item.id() {
                    Some(id) => ids.push(id),
                    None => bad = true,
                }
            }
            ids.sort_unstable();
            ids.dedup();
            let found = RestaurantTable::of_ids(conn, tenant.company, branch, &ids)?;
            if bad || found.len() != ids.len() {
                Err("Alguna de las mesas no existe en la sucursal".to_string())
            } else {
                Ok(ids)
            }
        }
        _ => Err("Elija al menos una mesa".to_string()),
    };
    check_fields([
        (
            "clientName",
            required_text(&client_name, "El nombre del cliente", 120),
        ),
        ("phone", required_text(&phone, "El teléfono", 30)),
        ("date", date.clone().err()),
        ("time", time.clone().err()),
        ("durationMinutes", minutes.clone().err()),
        ("people", people.clone().err()),
        ("tableIds", tables.clone().err()),
        ("notes", optional_text(notes.as_deref(), "Las notas", 500)),
    ])?;
    let (Ok(date), Ok(time), Ok(minutes), Ok(people), Ok(tables)) =
        (date, time, minutes, people, tables)
    else {
        return Err(AppError::BadRequest("Datos no válidos".into()));
    };
    let starts = starts_at(tenant.zone(), date, time);
    Ok(Form {
        fields: ReservationFields {
            client_name,
            phone,
            starts_at: starts,
            ends_at: starts + TimeDelta::minutes(minutes),
            people: i32::try_from(people).unwrap_or(i32::MAX),
            notes,
        },
        tables,
    })
}

/// Refuses the form when one of its tables is held by another reservation at overlapping times,
/// naming the table, the client and the times. Locks the tables' rows first, so a concurrent
/// reservation of the same table waits for this transaction and then sees its row.
fn ensure_free(
    conn: &mut DbConnection,
    tenant: &Tenant,
    form: &Form,
    except: Option<i64>,
) -> AppResult<()> {
    restaurant_lock::tables(conn, &form.tables)?;
    let clash = Reservation::bookings(
        conn,
        tenant.company,
        &form.tables,
        form.fields.starts_at,
        form.fields.ends_at,
        except,
    )?;
    if let Some(booking) = clash.first() {
        let zone = tenant.zone();
        let hour = |t: NaiveDateTime| zone.local(t).format("%H:%M").to_string();
        let message = format!(
            "La mesa «{}» ya está reservada de {} a {} ({}, {}). Elija otra mesa u otra hora.",
            booking.table_name,
            hour(booking.starts_at),
            hour(booking.ends_at),
            booking.client_name,
            zone.local(booking.starts_at).format("%d/%m/%Y"),
        );
        return Err(AppError::Conflict {
            errors: [("tableIds".to_string(), message.clone())].into(),
            message,
        });
    }
    Ok(())
}

/// The company's reservation `id`; the 404 of the generic list otherwise.
pub fn reservation(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<Reservation> {
    Reservation::find(conn, company, id)?.ok_or_else(not_in_table)
}

/// A new reservation in the user's branch (state reservada); its id. Runs in the caller's write
/// transaction.
pub fn create(conn: &mut DbConnection, tenant: &Tenant, body: ReservationBody) -> AppResult<i64> {
    let branch = tenant.branch(conn)?.id;
    let form = form(conn, tenant, branch, &body)?;
    ensure_free(conn, tenant, &form, None)?;
    let id = Reservation::insert(conn, tenant.company, branch, tenant.user_id(), &form.fields)?;
    Reservation::set_tables(conn, tenant.company, id, &form.tables)?;
    Ok(id)
}

/// Saves the company's reservation `id` (the caller has checked its lock): only while reservada.
pub fn edit(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
    body: ReservationBody,
) -> AppResult<()> {
    let current = reservation(conn, tenant.company, id)?;
    if current.state != "reservada" {
        return Err(conflict(format!(
            "Solo se puede modificar una reserva en estado «Reservada»; esta está «{}»",
            state_label(&current.state)
        )));
    }
    let form = form(conn, tenant, current.branch_office_id, &body)?;
    ensure_free(conn, tenant, &form, Some(id))?;
    Reservation::update(conn, tenant.company, id, &form.fields)?;
    Reservation::set_tables(conn, tenant.company, id, &form.tables)?;
    Ok(())
}

/// Moves the company's reservation `id` to `state` (see [`may_change`]).
pub fn set_state(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
    body: StateBody,
) -> AppResult<()> {
    let current = reservation(conn, tenant.company, id)?;
    let wanted = body.state.as_deref().map(str::trim).unwrap_or_default();
    let Some((to, label)) = STATES.iter().find(|(value, _)| *value == wanted) else {
        return Err(AppError::field(
            "state",
            "El estado debe ser reservada, llego, finalizada, no_llego o cancelada",
        ));
    };
    if !may_change(&current.state, to) {
        return Err(conflict(format!(
            "Una reserva «{}» no puede pasar a «{label}»",
            state_label(&current.state)
        )));
    }
    Reservation::set_state(conn, tenant.company, id, to)?;
    Ok(())
}
