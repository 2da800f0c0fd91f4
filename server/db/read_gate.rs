//! The gate SQLite's readers pass while they hold a pooled connection, closed for a moment by the
//! writer when it resets a WAL past [`super::WAL_LIMIT`].
//!
//! A WAL reset (`wal_checkpoint(TRUNCATE)`) must wait until no reader is on a snapshot that lives
//! in the WAL. SQLite's checkpoint only polls the readers' locks, sleeping between polls, and a
//! steady stream of short reads re-takes those locks between two polls: under four readers that
//! each started a new read as soon as the last ended, the reset failed time after time and the
//! WAL reached twice its limit. Closing this gate lets the reads in progress end and holds the new
//! ones until the reset is over, so it succeeds at the first try. The writer waits at most
//! [`READERS_WAIT`] for the gate (a long report may be reading): past that it tries the reset as
//! before, and the readers it held back go on.
//!
//! Only the reads of requests pass the gate ([`super::Database::run`], `read`, `read_quick`);
//! connections taken with `get` (command line, background threads) do not, and the reset's own
//! busy timeout waits for them. PostgreSQL has no gate.

use std::sync::Arc;
use std::time::Duration;

use parking_lot::{RwLock, RwLockReadGuard, RwLockWriteGuard};

/// How long the writer waits for the reads in progress before resetting the WAL anyway.
const READERS_WAIT: Duration = Duration::from_millis(500);

/// Shared by the pool's readers and the writer thread of one SQLite database.
#[derive(Clone, Default)]
pub(super) struct ReadGate(Arc<RwLock<()>>);

impl ReadGate {
    /// Passes the gate, waiting while the writer holds it closed; open while the guard lives.
    pub(super) fn pass(&self) -> RwLockReadGuard<'_, ()> {
        self.0.read()
    }

    /// Passes the gate only when it is open now (for reads run on an async worker, which must not
    /// wait).
    pub(super) fn try_pass(&self) -> Option<RwLockReadGuard<'_, ()>> {
        self.0.try_read()
    }

    /// Closes the gate once the reads in progress end (at most [`READERS_WAIT`]; `None` when they
    /// did not), until the guard is dropped. Readers that arrive meanwhile wait: the lock is fair,
    /// a waiting writer holds new readers back.
    pub(super) fn close(&self) -> Option<RwLockWriteGuard<'_, ()>> {
        self.0.try_write_for(READERS_WAIT)
    }
}
