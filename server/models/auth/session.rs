//! Server-side sessions. The cookie holds a random token; the table holds its SHA-256.

use std::time::Duration;

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Date, Nullable, Text, Timestamp};

use crate::db::DbConnection;
use crate::db::schema::sessions;
use crate::models::auth::user::User;
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

/// A live session with everything a request needs to know about who sent it, read in one
/// statement ([`crate::db::signed_in`]).
#[derive(Debug, Clone, QueryableByName)]
pub struct SignedIn {
    #[diesel(embed)]
    pub user: User,
    #[diesel(sql_type = BigInt)]
    pub session_id: i64,
    #[diesel(sql_type = Timestamp)]
    pub session_last_seen_at: NaiveDateTime,
    #[diesel(sql_type = Timestamp)]
    pub session_expires_at: NaiveDateTime,
    /// The company's time zone (none for an account without a company).
    #[diesel(sql_type = Nullable<Text>)]
    pub company_time_zone: Option<String>,
    /// The last day of the company's licence in force (the newest), if it has one.
    #[diesel(sql_type = Nullable<Date>)]
    pub licence_until: Option<NaiveDate>,
}

/// Sessions are extended at most this often, so reads do not turn every request into a write.
const TOUCH_EVERY: chrono::TimeDelta = chrono::TimeDelta::minutes(5);

impl SignedIn {
    /// True when the session has expired (to delete) or is due to be extended.
    pub fn needs_upkeep(&self) -> bool {
        let at = now();
        self.session_expires_at <= at || at - self.session_last_seen_at >= TOUCH_EVERY
    }
}

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

    /// The live session for a cookie token with its user, time zone and licence
    /// ([`SignedIn`]), extended when due, in one statement (two when it is extended or found
    /// expired, then deleted).
    pub fn signed_in(
        conn: &mut DbConnection,
        token: &str,
        lifetime: Duration,
    ) -> QueryResult<Option<SignedIn>> {
        match Session::find_signed_in(conn, token)? {
            Some(found) if found.needs_upkeep() => Session::upkeep(conn, found, lifetime),
            found => Ok(found),
        }
    }

    /// The session of a cookie token with its user, time zone and licence, as stored: one read
    /// that writes nothing (the caller runs [`Session::upkeep`] when
    /// [`SignedIn::needs_upkeep`]).
    pub fn find_signed_in(conn: &mut DbConnection, token: &str) -> QueryResult<Option<SignedIn>> {
        crate::db::signed_in::find::<SignedIn>(conn, &random::digest(token))
    }

    /// The write a found session may need: deleted when expired (`None`), else extended.
    pub fn upkeep(
        conn: &mut DbConnection,
        found: SignedIn,
        lifetime: Duration,
    ) -> QueryResult<Option<SignedIn>> {
        let at = now();
        if found.session_expires_at <= at {
            diesel::delete(sessions::table.find(found.session_id)).execute(conn)?;
            return Ok(None);
        }
        if at - found.session_last_seen_at >= TOUCH_EVERY {
            diesel::update(sessions::table.find(found.session_id))
                .set((
                    sessions::last_seen_at.eq(at),
                    sessions::expires_at.eq(at + ttl(lifetime)),
                ))
                .execute(conn)?;
        }
        Ok(Some(found))
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
