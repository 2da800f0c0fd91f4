//! Embedded migrations, one tree per backend (same folder names; see migrations/README.md).

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
    let applied: Vec<String> = applied.into_iter().map(|v| v.to_string()).collect();
    // The sales report's summary (migration `2026-11-27-140000_report_summary`) of the sales
    // written before it: summed by the code that keeps it, which knows the zone rules and the
    // split of mixed payments (see `services::reports::summary`).
    crate::services::reports::summary::backfill(conn)
        .map_err(|e| anyhow::anyhow!("no se pudo resumir las ventas para los reportes: {e}"))?;
    Ok(applied)
}
