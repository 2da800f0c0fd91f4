//! Server-side sessions. The cookie holds a random token; the table holds its SHA-256.

use std::time::Duration;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::native;
use crate::db::schema::sessions;
use crate::util::random;
use crate::util::time::now;

/// A session row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = sessions)]
pub struct Session {
    pub id: i64,
    pub token_hash: String,
    pub user_id: i64,
    pub created_at: NaiveDateTime,
    pub last_seen_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
}

/// Sessions are extended at most this often, so reads do not turn every request into a write.
const TOUCH_EVERY: chrono::TimeDelta = chrono::TimeDelta::minutes(5);

fn ttl(ttl: Duration) -> chrono::TimeDelta {
    chrono::TimeDelta::from_std(ttl).unwrap_or(chrono::TimeDelta::hours(12))
}

impl Session {
    /// Starts a session; returns the token for the cookie (never stored).
    pub fn create(
        conn: &mut DbConnection,
        user_id: i64,
        lifetime: Duration,
        ip: Option<&str>,
        user_agent: Option<&str>,
    ) -> QueryResult<String> {
        let token = random::token();
        let at = now();
        diesel::insert_into(sessions::table)
            .values((
                sessions::token_hash.eq(random::digest(&token)),
                sessions::user_id.eq(user_id),
                sessions::created_at.eq(at),
                sessions::last_seen_at.eq(at),
                sessions::expires_at.eq(at + ttl(lifetime)),
                sessions::ip.eq(ip),
                sessions::user_agent
                    .eq(user_agent.map(|ua| ua.chars().take(300).collect::<String>())),
            ))
            .execute(conn)?;
        Ok(token)
    }

    /// The live session for a cookie token, extended when due. Expired sessions are deleted.
    pub fn find_live(
        conn: &mut DbConnection,
        token: &str,
        lifetime: Duration,
    ) -> QueryResult<Option<Session>> {
        // Every request of a signed-in user runs this: on the backend's own connection
        // (`crate::db::native`).
        let digest = random::digest(token);
        let by_token = sessions::table
            .filter(sessions::token_hash.eq(&digest))
            .select(native::columns::<Session>());
        let found: Option<Session> = native::first(conn, by_token).optional()?;
        let Some(session) = found else {
            return Ok(None);
        };
        let at = now();
        if session.expires_at <= at {
            diesel::delete(sessions::table.find(session.id)).execute(conn)?;
            return Ok(None);
        }
        if at - session.last_seen_at >= TOUCH_EVERY {
            diesel::update(sessions::table.find(session.id))
                .set((
                    sessions::last_seen_at.eq(at),
                    sessions::expires_at.eq(at + ttl(lifetime)),
                ))
                .execute(conn)?;
        }
        Ok(Some(session))
    }

    /// Ends one session.
    pub fn delete(conn: &mut DbConnection, id: i64) -> QueryResult<usize> {
        diesel::delete(sessions::table.find(id)).execute(conn)
    }

    /// Ends every session of a user (password change, lock).
    pub fn delete_for_user(conn: &mut DbConnection, user_id: i64) -> QueryResult<usize> {
        diesel::delete(sessions::table.filter(sessions::user_id.eq(user_id))).execute(conn)
    }
}
