//! `/api/restaurant/zone`, `/api/restaurant/table`, `/api/restaurant/reservation`: the branch's
//! floor (zones, tables with their state) and reservations, as catalogues of the generic list
//! (admin and user); `POST /api/restaurant/reservation/{id}/state`. The rules are
//! `services::restaurant::{setup, reservations}`.

use axum::Json;
use axum::extract::State;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::controllers::catalogue::{Catalogue, PageFn};
use crate::controllers::records::{Record, ensure_unlocked};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::AppResult;
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::config::company::Company;
use crate::models::restaurant::reservation::Reservation;
use crate::models::restaurant::table::RestaurantTable;
use crate::models::restaurant::zone::RestaurantZone;
use crate::services::restaurant::reservations::{
    self as bookings, ReservationBody, StateBody, state_label,
};
use crate::services::restaurant::setup::{self as service, TableBody, ZoneBody};
use crate::util::time::{Zone, now};
use crate::views::restaurant::setup::{
    ReservationView, ReservedTableView, TableReservationView, TableView, ZoneView,
};

fn zone_view(z: &RestaurantZone) -> ZoneView {
    ZoneView {
        id: z.id,
        name: z.name.clone(),
        branch_office_id: z.branch_office_id,
        active: z.active,
        locked: z.locked,
    }
}

/// The views of `tables` with their zone's name and their state now.
pub fn table_views(
    conn: &mut DbConnection,
    company: CompanyId,
    zone: Zone,
    tables: &[RestaurantTable],
) -> AppResult<Vec<TableView>> {
    let ids: Vec<i64> = tables.iter().map(|t| t.id).collect();
    let states = service::states(conn, company, &ids, now())?;
    let mut zone_names: Vec<(i64, String)> = Vec::new();
    let mut views = Vec::with_capacity(tables.len());
    for (t, s) in tables.iter().zip(states) {
        let zone_name = match zone_names.iter().find(|(id, _)| *id == t.zone_id) {
            Some((_, name)) => name.clone(),
            None => {
                let name = RestaurantZone::find(conn, company, t.zone_id)?
                    .map(|z| z.name)
                    .unwrap_or_default();
                zone_names.push((t.zone_id, name.clone()));
                name
            }
        };
        views.push(TableView {
            id: t.id,
            zone_id: t.zone_id,
            zone_name,
            name: t.name.clone(),
            seats: t.seats,
            shape: t.shape.clone(),
            x: t.x,
            y: t.y,
            active: t.active,
            locked: t.locked,
            state: s.state,
            order_id: s.order_id,
            opened_at: s.opened_at.map(|at| zone.iso(at)),
            reservation: s
                .reservation
                .map(|(id, client_name, at)| TableReservationView {
                    id,
                    client_name,
                    time: zone.local(at).format("%H:%M").to_string(),
                }),
        });
    }
    Ok(views)
}

/// Every table of the user's branch with its state (the floor plans' data).
pub fn branch_tables(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<Vec<TableView>> {
    let branch = tenant.branch(conn)?.id;
    let tables = RestaurantTable::of_branch(conn, tenant.company, branch)?;
    table_views(conn, tenant.company, tenant.zone(), &tables)
}

/// Every zone of the user's branch.
pub fn branch_zones(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<Vec<ZoneView>> {
    let branch = tenant.branch(conn)?.id;
    Ok(RestaurantZone::of_branch(conn, tenant.company, branch)?
        .iter()
        .map(zone_view)
        .collect())
}

/// The views of `rows` with their tables.
pub fn reservation_views(
    conn: &mut DbConnection,
    company: CompanyId,
    zone: Zone,
    rows: Vec<Reservation>,
) -> AppResult<Vec<ReservationView>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let tables = Reservation::tables_of(conn, company, &ids)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let held: Vec<ReservedTableView> = tables
                .iter()
                .filter(|(reservation, ..)| *reservation == r.id)
                .map(|(_, id, name)| ReservedTableView {
                    id: *id,
                    name: name.clone(),
                })
                .collect();
            let start = zone.local(r.starts_at);
            ReservationView {
                id: r.id,
                client_name: r.client_name,
                phone: r.phone,
                date: start.format("%Y-%m-%d").to_string(),
                time: start.format("%H:%M").to_string(),
                duration_minutes: (r.ends_at - r.starts_at).num_minutes(),
                starts_at: zone.iso(r.starts_at),
                ends_at: zone.iso(r.ends_at),
                people: r.people,
                table_ids: held.iter().map(|t| t.id).collect(),
                tables: held,
                notes: r.notes,
                state_label: state_label(&r.state).to_string(),
                state: r.state,
                locked: r.locked,
            }
        })
        .collect())
}

/// One page of the branch's zones.
pub fn zones_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<ZoneView>> {
    let branch = tenant.branch(conn)?.id;
    Ok(RestaurantZone::list(conn, tenant.company, branch, params)?.map(|z| zone_view(&z)))
}

/// One page of the branch's tables with their state.
pub fn tables_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<TableView>> {
    let branch = tenant.branch(conn)?.id;
    let page = RestaurantTable::list(conn, tenant.company, branch, params)?;
    let views = table_views(conn, tenant.company, tenant.zone(), &page.results)?;
    Ok(Page {
        results: views,
        total: page.total,
        page: page.page,
        limit: page.limit,
    })
}

/// One page of the branch's reservations starting between `?from=` and `?to=` (AAAA-MM-DD, the
/// company's days), by start.
pub fn reservations_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<ReservationView>> {
    let branch = tenant.branch(conn)?.id;
    let zone = tenant.zone();
    let page = Reservation::list_of_branch(
        conn,
        tenant.company,
        branch,
        params.time_range(zone),
        params,
    )?;
    let views = reservation_views(conn, tenant.company, zone, page.results)?;
    Ok(Page {
        results: views,
        total: page.total,
        page: page.page,
        limit: page.limit,
    })
}

/// Zones in the generic list handlers (admin and user).
pub struct Zones;

impl Record for Zones {
    type View = ZoneView;
    const READ: &'static [Role] = roles::ADMIN_USER;
    const WRITE: &'static [Role] = roles::ADMIN_USER;
    const DELETED: &'static str = "Zona eliminada";

    crate::row_lock!(RestaurantZone);

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<ZoneView> {
        Ok(zone_view(&service::zone(conn, company, id)?))
    }

    /// Refused while it has tables.
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        service::delete_zone(conn, company, id)
    }
}

impl Catalogue for Zones {
    type Body = ZoneBody;
    const EDIT: &'static [Role] = roles::ADMIN_USER;
    const PAGE: PageFn<ZoneView> = zones_page;

    fn create(conn: &mut DbConnection, tenant: &Tenant, body: ZoneBody) -> AppResult<i64> {
        service::create_zone(conn, tenant, body)
    }

    fn edit(conn: &mut DbConnection, tenant: &Tenant, id: i64, body: ZoneBody) -> AppResult<()> {
        ensure_unlocked::<Self>(conn, tenant.company, id)?;
        service::edit_zone(conn, tenant, id, body)
    }
}

/// Tables in the generic list handlers (admin and user).
pub struct Tables;

impl Record for Tables {
    type View = TableView;
    const READ: &'static [Role] = roles::ADMIN_USER;
    const WRITE: &'static [Role] = roles::ADMIN_USER;
    const DELETED: &'static str = "Mesa eliminada";

    crate::row_lock!(RestaurantTable);

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<TableView> {
        let table = service::table(conn, company, id)?;
        let zone = Company::zone(conn, company)?;
        let mut views = table_views(conn, company, zone, &[table])?;
        Ok(views.remove(0))
    }

    /// Refused while an order is open on it or a reservation holds it.
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        service::delete_table(conn, company, id)
    }
}

impl Catalogue for Tables {
    type Body = TableBody;
    const EDIT: &'static [Role] = roles::ADMIN_USER;
    const PAGE: PageFn<TableView> = tables_page;

    fn create(conn: &mut DbConnection, tenant: &Tenant, body: TableBody) -> AppResult<i64> {
        service::create_table(conn, tenant, body)
    }

    fn edit(conn: &mut DbConnection, tenant: &Tenant, id: i64, body: TableBody) -> AppResult<()> {
        ensure_unlocked::<Self>(conn, tenant.company, id)?;
        service::edit_table(conn, tenant, id, body)
    }
}

/// Reservations in the generic list handlers (admin and user).
pub struct Reservations;

impl Record for Reservations {
    type View = ReservationView;
    const READ: &'static [Role] = roles::ADMIN_USER;
    const WRITE: &'static [Role] = roles::ADMIN_USER;
    const DELETED: &'static str = "Reserva eliminada";

    crate::row_lock!(Reservation);

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<ReservationView> {
        let row = bookings::reservation(conn, company, id)?;
        let zone = Company::zone(conn, company)?;
        let mut views = reservation_views(conn, company, zone, vec![row])?;
        Ok(views.remove(0))
    }

    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        bookings::reservation(conn, company, id)?;
        Reservation::delete(conn, company, id)?;
        Ok(())
    }
}

impl Catalogue for Reservations {
    type Body = ReservationBody;
    const EDIT: &'static [Role] = roles::ADMIN_USER;
    const PAGE: PageFn<ReservationView> = reservations_page;

    /// Refused (409, naming the table) when a table is booked at overlapping times.
    fn create(conn: &mut DbConnection, tenant: &Tenant, body: ReservationBody) -> AppResult<i64> {
        bookings::create(conn, tenant, body)
    }

    fn edit(
        conn: &mut DbConnection,
        tenant: &Tenant,
        id: i64,
        body: ReservationBody,
    ) -> AppResult<()> {
        ensure_unlocked::<Self>(conn, tenant.company, id)?;
        bookings::edit(conn, tenant, id, body)
    }
}

/// `POST /api/restaurant/reservation/{id}/state {state}`: reservada → llego → finalizada;
/// reservada → no_llego or cancelada; llego → cancelada. The reservation as it is now.
pub async fn set_state(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<StateBody>,
) -> AppResult<Json<ReservationView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let view = state
        .db
        .write(move |conn| {
            ensure_unlocked::<Reservations>(conn, tenant.company, id)?;
            bookings::set_state(conn, &tenant, id, body)?;
            Reservations::view(conn, tenant.company, id)
        })
        .await?;
    Ok(Json(view))
}
