//! What the pool knows about each of its connections, from diesel's instrumentation (every
//! statement reports its start and end to the connection's [`Probe`]):
//!
//! - how many statements the database's connections have sent ([`Statements`]): the number a
//!   test bounds (a 5-line sale, one request's authentication) so that a change that adds round
//!   trips to PostgreSQL fails instead of going unnoticed;
//! - whether the connection died (the server closed it, the network dropped it): diesel's own
//!   `is_broken` only looks at the transaction state, so without this r2d2 would lend a dead
//!   PostgreSQL connection again and again;
//! - when it last talked to the server, so only a connection idle for a while is tested before
//!   it is lent ([`Probe::stale`]) instead of a `SELECT 1` on every loan.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use diesel::connection::{Instrumentation, InstrumentationEvent};
use diesel::result::{DatabaseErrorKind, Error};

/// A connection idle this long is tested before it is lent (a server restart or a network
/// timeout may have closed it meanwhile); a busy one never is.
pub const IDLE_CHECK: Duration = Duration::from_secs(30);

/// Statements sent by all the connections of one database (shared by their probes).
#[derive(Debug, Clone, Default)]
pub struct Statements(Arc<AtomicU64>);

impl Statements {
    /// Statements sent so far.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// The instrumentation of one connection.
#[derive(Debug)]
pub struct Probe {
    statements: Statements,
    last_used: Instant,
    broken: bool,
}

impl Probe {
    /// A probe counting into `statements`.
    pub fn new(statements: Statements) -> Self {
        Self {
            statements,
            last_used: Instant::now(),
            broken: false,
        }
    }

    /// Whether a statement failed because the connection itself is gone.
    pub fn broken(&self) -> bool {
        self.broken
    }

    /// Whether the connection has been idle for [`IDLE_CHECK`] or more.
    pub fn stale(&self) -> bool {
        self.last_used.elapsed() >= IDLE_CHECK
    }
}

/// Whether `error` says the connection is gone (not that the statement was refused).
pub fn is_connection_lost(error: &Error) -> bool {
    matches!(
        error,
        Error::DatabaseError(
            DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
            _
        ) | Error::BrokenTransactionManager
    )
}

impl Instrumentation for Probe {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        match event {
            InstrumentationEvent::StartQuery { .. } => {
                self.statements.0.fetch_add(1, Ordering::Relaxed);
            }
            InstrumentationEvent::FinishQuery { error, .. } => {
                self.last_used = Instant::now();
                if error.is_some_and(is_connection_lost) {
                    self.broken = true;
                }
            }
            _ => {}
        }
    }
}

/// The probe of a connection (`None` for one opened without it).
pub fn of(conn: &mut impl diesel::Connection) -> Option<&mut Probe> {
    conn.instrumentation().downcast_mut::<Probe>()
}
