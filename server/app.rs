//! The application state every handler receives.

use std::ops::Deref;
use std::sync::Arc;

use crate::config::Config;
use crate::db::Database;
use crate::http::ServerParts;
use crate::mail::Mailer;
use crate::ssr::SsrPool;
use crate::ssr::ride_memory::RideMemory;

/// Long-lived parts of the server. Nothing here holds per-user state: sessions, throttling and
/// queues live in the database, so any number of app servers can share one PostgreSQL.
pub struct App {
    pub config: Config,
    pub db: Database,
    pub ssr: SsrPool,
    pub mailer: Mailer,
    /// Copies of cached RIDE pages of authorized (immutable) documents, in front of the shared
    /// `ride_cache` table: nothing another server needs (see its module).
    pub rides: RideMemory,
}

/// Cheap-to-clone handle to [`App`], used as axum state.
#[derive(Clone)]
pub struct AppState(pub Arc<App>);

impl ServerParts for AppState {
    fn config(&self) -> &Config {
        &self.config
    }

    fn db(&self) -> &Database {
        &self.db
    }
}

impl Deref for AppState {
    type Target = App;
    fn deref(&self) -> &App {
        &self.0
    }
}
