//! Restaurant: event rows (queries only; the rules are in `services::restaurant`).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::restaurant_events;
use crate::models::CompanyId;

/// An event: what changed in an order, with the order's view as it was then (`payload`, JSON).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = restaurant_events)]
pub struct Event {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub seq: i64,
    pub order_id: Option<i64>,
    pub kind: String,
    pub payload: String,
    pub created_at: NaiveDateTime,
}

/// A new event.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = restaurant_events)]
pub struct NewEvent {
    pub company_id: i64,
    pub branch_office_id: i64,
    pub seq: i64,
    pub order_id: Option<i64>,
    pub kind: String,
    pub payload: String,
    pub created_at: NaiveDateTime,
}

impl Event {
    /// Inserts an event.
    pub fn insert(conn: &mut DbConnection, new: &NewEvent) -> QueryResult<usize> {
        diesel::insert_into(restaurant_events::table)
            .values(new)
            .execute(conn)
    }

    /// The branch's events after sequence `after`, in order, at most `limit`.
    pub fn after(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
        after: i64,
        limit: i64,
    ) -> QueryResult<Vec<Event>> {
        restaurant_events::table
            .filter(restaurant_events::company_id.eq(company.get()))
            .filter(restaurant_events::seq.gt(after))
            .filter(restaurant_events::branch_office_id.eq(branch))
            .order(restaurant_events::seq.asc())
            .limit(limit)
            .select(Event::as_select())
            .load(conn)
    }

    /// The company's last sequence (0 before the first event).
    pub fn last_seq(conn: &mut DbConnection, company: CompanyId) -> QueryResult<i64> {
        restaurant_events::table
            .filter(restaurant_events::company_id.eq(company.get()))
            .select(diesel::dsl::max(restaurant_events::seq))
            .first::<Option<i64>>(conn)
            .map(|n| n.unwrap_or(0))
    }
}
