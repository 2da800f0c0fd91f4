//! Embedded migrations, one tree per backend (same folder names; see migrations/README.md). The
//! way in is `services::upgrade`, which also fills the data a migration leaves to the code.

use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use super::DbConnection;

const SQLITE: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
const POSTGRES: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// Applies every pending migration; returns the names applied.
pub fn run_pending(conn: &mut DbConnection) -> anyhow::Result<Vec<String>> {
    let applied = match conn {
        DbConnection::Sqlite(inner) => inner.run_pending_migrations(SQLITE),
        DbConnection::Postgres(inner) => inner.run_pending_migrations(POSTGRES),
    }
    .map_err(|e| anyhow::anyhow!("no se pudieron aplicar las migraciones: {e}"))?;
    Ok(applied.into_iter().map(|v| v.to_string()).collect())
}
