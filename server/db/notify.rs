//! Waking the restaurant's live screens when events are committed, on each backend.
//!
//! The events themselves live in the `restaurant_events` table (every server reads them from
//! there, after the sequence a screen already has); what this module carries is only the hint
//! "company N has new events", so a server's SSE streams look at the table right away instead of
//! polling it:
//!
//! - PostgreSQL: the writing transaction runs `pg_notify('restaurant_events', '<company id>')`
//!   ([`in_transaction`]), which PostgreSQL delivers at commit to every session that listens on
//!   the channel — one dedicated connection per server process ([`Hub`]'s thread), so an order
//!   taken on one app server wakes the kitchen screens connected to another. The listener
//!   reconnects with backoff when its connection fails, and then wakes every stream (what was
//!   notified while it was away is in the table).
//! - SQLite (one server process): the writer wakes the streams of its own process after the
//!   commit ([`Hub::wake`]), and a poll of the table's last id every [`SQLITE_POLL`] catches
//!   writes of other processes on the same file (the command line).
//!
//! A wake is a hint: a spurious one costs a stream one query, a lost one is caught up by the
//! next wake (or the listener's reconnect), never by missing an event.

use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::r2d2::ManageConnection;
use tokio::sync::broadcast;

use super::{DbConnection, DbUrl, Manager};
use crate::db::schema::restaurant_events;

/// The channel of the restaurant's events.
pub const CHANNEL: &str = "restaurant_events";
/// A wake for every company (after the listener reconnected, or a change seen by polling).
pub const ALL: i64 = 0;
/// How often the PostgreSQL listener reads what its connection received (a read of the socket's
/// buffer, no round trip).
const PG_POLL: Duration = Duration::from_millis(5);
/// How often the PostgreSQL listener checks its connection with a round trip (a connection that
/// died without closing would otherwise go unnoticed).
const PG_HEARTBEAT: Duration = Duration::from_secs(10);
/// How often SQLite's poll reads the events table's last id.
pub const SQLITE_POLL: Duration = Duration::from_millis(500);
/// Longest wait before the listener connects again.
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// Sends the wake of `company_id` at the commit of the current transaction (PostgreSQL); nothing
/// on SQLite, whose writer wakes its own process after the commit ([`Hub::wake`]).
pub fn in_transaction(conn: &mut DbConnection, company_id: i64) -> QueryResult<()> {
    if let DbConnection::Postgres(pg) = conn {
        diesel::sql_query("SELECT pg_notify($1, $2)")
            .bind::<diesel::sql_types::Text, _>(CHANNEL)
            .bind::<diesel::sql_types::Text, _>(company_id.to_string())
            .execute(pg)?;
    }
    Ok(())
}

/// A process's wake-ups of the restaurant's streams: a broadcast of company ids ([`ALL`] for
/// every company), fed by the backend's listener thread, started with the hub.
pub struct Hub {
    sender: broadcast::Sender<i64>,
}

impl Hub {
    /// Starts the hub and its listener for the database at `url`; the listener's thread ends
    /// when the hub is dropped.
    pub(super) fn start(url: DbUrl) -> Arc<Hub> {
        let (sender, _) = broadcast::channel(1024);
        let hub = Arc::new(Hub { sender });
        let weak = Arc::downgrade(&hub);
        // Its own connection, with its own statement count (the tests bound the statements of
        // a request by the pool's count).
        let manager = Manager {
            url: url.clone(),
            statements: Default::default(),
        };
        let spawned = std::thread::Builder::new()
            .name("restaurant-events".into())
            .spawn(move || {
                if url.is_sqlite() {
                    poll_sqlite(&manager, &weak)
                } else {
                    listen_postgres(&manager, &weak)
                }
            });
        if let Err(err) = spawned {
            tracing::error!(%err, "no se pudo iniciar el oyente de eventos del restaurante");
        }
        hub
    }

    /// A receiver of the wakes sent from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<i64> {
        self.sender.subscribe()
    }

    /// Wakes this process's streams of `company_id` (after a commit).
    pub fn wake(&self, company_id: i64) {
        // No receiver: no stream is open in this process.
        let _ = self.sender.send(company_id);
    }

    /// Streams open in this process.
    pub fn listeners(&self) -> usize {
        self.sender.receiver_count()
    }
}

/// The hub while it lives (`None`: its database was dropped, the thread ends).
fn alive(weak: &Weak<Hub>) -> Option<Arc<Hub>> {
    weak.upgrade()
}

/// PostgreSQL: `LISTEN` on a dedicated connection, each notification a wake; on failure, connect
/// again with backoff and wake everyone (notifications sent meanwhile were lost).
fn listen_postgres(manager: &Manager, weak: &Weak<Hub>) {
    let mut backoff = Duration::from_millis(100);
    loop {
        if alive(weak).is_none() {
            return;
        }
        let failure = match manager.connect() {
            Ok(DbConnection::Postgres(mut pg)) => {
                match diesel::sql_query(format!("LISTEN {CHANNEL}")).execute(&mut pg) {
                    Ok(_) => {
                        backoff = Duration::from_millis(100);
                        // Whatever was committed while not listening is read by every stream.
                        if let Some(hub) = alive(weak) {
                            hub.wake(ALL);
                        }
                        match follow(&mut pg, weak) {
                            None => return,
                            Some(err) => err,
                        }
                    }
                    Err(err) => err.to_string(),
                }
            }
            Ok(DbConnection::Sqlite(_)) => return,
            Err(err) => err.to_string(),
        };
        tracing::warn!(%failure, "oyente de eventos del restaurante: conexión perdida, reintentando");
        std::thread::sleep(backoff);
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}

/// Reads the notifications of a listening connection until it fails (`Some(error)`) or the hub
/// is gone (`None`).
fn follow(pg: &mut diesel::PgConnection, weak: &Weak<Hub>) -> Option<String> {
    let mut checked = Instant::now();
    loop {
        std::thread::sleep(PG_POLL);
        let hub = alive(weak)?;
        for received in pg.notifications_iter() {
            match received {
                Ok(n) => hub.wake(n.payload.parse().unwrap_or(ALL)),
                Err(err) => return Some(err.to_string()),
            }
        }
        if checked.elapsed() >= PG_HEARTBEAT {
            if let Err(err) = diesel::sql_query("SELECT 1").execute(pg) {
                return Some(err.to_string());
            }
            checked = Instant::now();
        }
    }
}

/// SQLite: the last event id every [`SQLITE_POLL`]; when it moved, every stream looks (the
/// writes of this process already woke them; this is for other processes on the file).
fn poll_sqlite(manager: &Manager, weak: &Weak<Hub>) {
    let mut conn = None;
    let mut last: Option<Option<i64>> = None;
    loop {
        std::thread::sleep(SQLITE_POLL);
        let Some(hub) = alive(weak) else { return };
        if conn.is_none() {
            conn = manager.connect().ok();
        }
        let Some(c) = conn.as_mut() else { continue };
        match restaurant_events::table
            .select(diesel::dsl::max(restaurant_events::id))
            .first::<Option<i64>>(c)
        {
            Ok(max) => {
                if last.is_some_and(|seen| seen != max) {
                    hub.wake(ALL);
                }
                last = Some(max);
            }
            Err(_) => conn = None,
        }
    }
}
