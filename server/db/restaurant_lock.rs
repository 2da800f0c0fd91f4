//! The lock that serialises reservations of the same tables.

use diesel::prelude::*;

use super::DbConnection;
use super::schema::restaurant_tables;

/// Locks the rows of these tables for the rest of the write transaction, so two reservations of
/// one table at overlapping times cannot both pass their overlap check: on PostgreSQL the table
/// rows `FOR UPDATE`, in id order (two writers locking overlapping sets never deadlock); SQLite's
/// write transaction already serialises writers, so there it does nothing.
pub fn tables(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<()> {
    if let DbConnection::Postgres(pg) = conn {
        let mut sorted = ids.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        restaurant_tables::table
            .filter(restaurant_tables::id.eq_any(sorted))
            .order(restaurant_tables::id.asc())
            .select(restaurant_tables::id)
            .for_update()
            .load::<i64>(pg)?;
    }
    Ok(())
}
