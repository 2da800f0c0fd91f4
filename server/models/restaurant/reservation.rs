//! Reservations of a branch's tables: client, phone, when (UTC `starts_at`..`ends_at`), people,
//! notes, state (reservada, llego, finalizada, no_llego, cancelada) and the tables they hold
//! (`restaurant_reservation_tables`).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::{
    restaurant_reservation_tables, restaurant_reservations, restaurant_tables,
};
use crate::db::search::search_fold;
use crate::models::CompanyId;

/// States in which a reservation holds its tables.
pub const HOLDING: [&str; 2] = ["reservada", "llego"];

/// A reservation row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = restaurant_reservations)]
pub struct Reservation {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub client_name: String,
    pub phone: String,
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
    pub people: i32,
    pub notes: Option<String>,
    pub state: String,
    pub locked: bool,
    pub user_id: i64,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// The editable fields, already validated.
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(
    table_name = restaurant_reservations,
    treat_none_as_null = true,
    treat_none_as_default_value = false
)]
pub struct ReservationFields {
    pub client_name: String,
    pub phone: String,
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
    pub people: i32,
    pub notes: Option<String>,
}

/// A holding reservation of a table that overlaps a time range: the table and the reservation.
#[derive(Debug, Clone, Queryable)]
pub struct TableBooking {
    pub table_id: i64,
    pub table_name: String,
    pub reservation_id: i64,
    pub client_name: String,
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
}

crate::catalogue! {
    Reservation in restaurant_reservations {
        update: ReservationFields,
        children: restaurant_reservation_tables.reservation_id,
        search: |pattern| search_fold(restaurant_reservations::client_name)
            .like(pattern.clone())
            .escape('\\')
            .or(restaurant_reservations::phone.like(pattern).escape('\\')),
        sort: restaurant_reservations::starts_at;
            "startsAt" => restaurant_reservations::starts_at,
            "clientName" => restaurant_reservations::client_name,
            "state" => restaurant_reservations::state,
            "createdAt" => restaurant_reservations::id,
    }
}

impl Reservation {
    /// One page of a branch's reservations starting in `[from, to)` (either end open).
    pub fn list_of_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
        range: (Option<NaiveDateTime>, Option<NaiveDateTime>),
        params: &crate::db::list::ListParams,
    ) -> QueryResult<crate::db::list::Page<Reservation>> {
        Self::list_narrowed(conn, company, params, |query| {
            let mut query = query.filter(restaurant_reservations::branch_office_id.eq(branch));
            if let Some(from) = range.0 {
                query = query.filter(restaurant_reservations::starts_at.ge(from));
            }
            if let Some(to) = range.1 {
                query = query.filter(restaurant_reservations::starts_at.lt(to));
            }
            query
        })
    }

    /// Inserts the company's reservation in a branch, in state reservada; the new id.
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
        user_id: i64,
        fields: &ReservationFields,
    ) -> QueryResult<i64> {
        let at = crate::util::time::now();
        diesel::insert_into(restaurant_reservations::table)
            .values((
                restaurant_reservations::company_id.eq(company.get()),
                restaurant_reservations::branch_office_id.eq(branch),
                fields,
                restaurant_reservations::state.eq("reservada"),
                restaurant_reservations::user_id.eq(user_id),
                restaurant_reservations::created_at.eq(at),
                restaurant_reservations::updated_at.eq(at),
            ))
            .returning(restaurant_reservations::id)
            .get_result(conn)
    }

    /// Replaces the tables the company's reservation `id` holds.
    pub fn set_tables(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        tables: &[i64],
    ) -> QueryResult<()> {
        diesel::delete(
            restaurant_reservation_tables::table
                .filter(restaurant_reservation_tables::company_id.eq(company.get()))
                .filter(restaurant_reservation_tables::reservation_id.eq(id)),
        )
        .execute(conn)?;
        // One row a table (a reservation holds a few): batch inserts are not multi-backend.
        for table in tables {
            diesel::insert_into(restaurant_reservation_tables::table)
                .values((
                    restaurant_reservation_tables::company_id.eq(company.get()),
                    restaurant_reservation_tables::reservation_id.eq(id),
                    restaurant_reservation_tables::table_id.eq(*table),
                ))
                .execute(conn)?;
        }
        Ok(())
    }

    /// The tables (id, name) of the company's reservations among `ids`, as (reservation, table,
    /// name), by table id.
    pub fn tables_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<(i64, i64, String)>> {
        restaurant_reservation_tables::table
            .inner_join(
                restaurant_tables::table
                    .on(restaurant_tables::id.eq(restaurant_reservation_tables::table_id)),
            )
            .filter(restaurant_reservation_tables::company_id.eq(company.get()))
            .filter(restaurant_reservation_tables::reservation_id.eq_any(ids.to_vec()))
            .order(restaurant_tables::id.asc())
            .select((
                restaurant_reservation_tables::reservation_id,
                restaurant_tables::id,
                restaurant_tables::name,
            ))
            .load(conn)
    }

    /// The holding reservations (reservada, llego) of the company's tables among `tables` that
    /// overlap `[from, to)`, other than `except`, by start.
    pub fn bookings(
        conn: &mut DbConnection,
        company: CompanyId,
        tables: &[i64],
        from: NaiveDateTime,
        to: NaiveDateTime,
        except: Option<i64>,
    ) -> QueryResult<Vec<TableBooking>> {
        let mut query =
            restaurant_reservation_tables::table
                .inner_join(restaurant_reservations::table.on(
                    restaurant_reservations::id.eq(restaurant_reservation_tables::reservation_id),
                ))
                .inner_join(
                    restaurant_tables::table
                        .on(restaurant_tables::id.eq(restaurant_reservation_tables::table_id)),
                )
                .filter(restaurant_reservation_tables::company_id.eq(company.get()))
                .filter(restaurant_reservation_tables::table_id.eq_any(tables.to_vec()))
                .filter(restaurant_reservations::state.eq_any(HOLDING))
                .filter(restaurant_reservations::starts_at.lt(to))
                .filter(restaurant_reservations::ends_at.gt(from))
                .into_boxed();
        if let Some(id) = except {
            query = query.filter(restaurant_reservations::id.ne(id));
        }
        query
            .order((
                restaurant_reservations::starts_at.asc(),
                restaurant_tables::id.asc(),
            ))
            .select((
                restaurant_tables::id,
                restaurant_tables::name,
                restaurant_reservations::id,
                restaurant_reservations::client_name,
                restaurant_reservations::starts_at,
                restaurant_reservations::ends_at,
            ))
            .load(conn)
    }

    /// Sets the state of the company's reservation `id`.
    pub fn set_state(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        state: &str,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(restaurant_reservations, company, id))
            .set((
                restaurant_reservations::state.eq(state),
                restaurant_reservations::updated_at.eq(crate::util::time::now()),
            ))
            .execute(conn)
    }

    /// Whether any holding reservation (reservada, llego) of the company uses table `id`.
    pub fn holds_table(
        conn: &mut DbConnection,
        company: CompanyId,
        table: i64,
    ) -> QueryResult<bool> {
        let n: i64 =
            restaurant_reservation_tables::table
                .inner_join(restaurant_reservations::table.on(
                    restaurant_reservations::id.eq(restaurant_reservation_tables::reservation_id),
                ))
                .filter(restaurant_reservation_tables::company_id.eq(company.get()))
                .filter(restaurant_reservation_tables::table_id.eq(table))
                .filter(restaurant_reservations::state.eq_any(HOLDING))
                .count()
                .get_result(conn)?;
        Ok(n > 0)
    }
}
