//! Who a session cookie belongs to, in one statement: the session, its user, the company's time
//! zone and the company's licence in force (the newest), joined on the server. Every signed-in
//! request runs it; on PostgreSQL each of the former four reads was a round trip of its own. The
//! SQL is the same on both backends but for the placeholder, and kept prepared
//! ([`super::native::kept`]); the row type is the caller's (any
//! `R` read by column name), so this module needs nothing from `models`.

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel::sqlite::Sqlite;

use super::DbConnection;
use super::native::kept;

/// The columns: every column of `users` under its own name, then `session_id`,
/// `session_last_seen_at`, `session_expires_at`, `company_time_zone` (null without a company)
/// and `licence_until` (null without a licence). `{token}` is the placeholder of the token's
/// digest.
const SQL: &str = "SELECT u.*, s.id AS session_id, s.last_seen_at AS session_last_seen_at, \
     s.expires_at AS session_expires_at, c.time_zone AS company_time_zone, \
     (SELECT l.valid_until FROM licences l WHERE l.company_id = u.company_id \
      ORDER BY l.id DESC LIMIT 1) AS licence_until \
     FROM sessions s JOIN users u ON u.id = s.user_id \
     LEFT JOIN companies c ON c.id = u.company_id \
     WHERE s.token_hash = {token}";

/// The row of the session whose token hashes to `digest`, if there is one (expired or not: the
/// caller decides).
pub fn find<R>(conn: &mut DbConnection, digest: &str) -> QueryResult<Option<R>>
where
    R: QueryableByName<Pg> + QueryableByName<Sqlite> + 'static,
{
    match conn {
        DbConnection::Postgres(pg) => {
            kept(diesel::sql_query(SQL.replace("{token}", "$1")).bind::<Text, _>(digest))
                .get_result(pg)
                .optional()
        }
        DbConnection::Sqlite(lite) => {
            kept(diesel::sql_query(SQL.replace("{token}", "?")).bind::<Text, _>(digest))
                .get_result(lite)
                .optional()
        }
    }
}
