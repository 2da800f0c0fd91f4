//! The lock that numbers a branch's documents (adjustments, transfers, quotes).

use diesel::prelude::*;

use super::DbConnection;
use super::schema::branch_offices;

/// Takes the lock that numbers a branch's documents: on PostgreSQL the branch row
/// `FOR NO KEY UPDATE` (rows referencing the branch can still be inserted), taken after the
/// stock rows, so the order is always stock then branch; SQLite's write transaction already
/// serialises writers, so there it does nothing.
pub fn numbering(conn: &mut DbConnection, branch_office_id: i64) -> QueryResult<()> {
    if let DbConnection::Postgres(pg) = conn {
        branch_offices::table
            .find(branch_office_id)
            .select(branch_offices::id)
            .for_no_key_update()
            .first::<i64>(pg)?;
    }
    Ok(())
}
