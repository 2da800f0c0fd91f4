//! Bringing a database up to this version: the schema's pending migrations
//! ([`crate::db::migrations`]), then the data that only the code knows how to fill. Every way in
//! (the server's start, `mostrador migrate`, the command line's own commands) goes through here.

use crate::db::DbConnection;
use crate::db::migrations;

/// Applies every pending migration and fills what they left to the code; returns the names of
/// the migrations applied.
pub fn run(conn: &mut DbConnection) -> anyhow::Result<Vec<String>> {
    let applied = migrations::run_pending(conn)?;
    // The sales report's summary (migration `2026-11-27-140000_report_summary`) of the sales
    // written before it: summed by the code that keeps it, which knows the zone rules and the
    // split of mixed payments (see `services::reports::summary`).
    super::reports::summary::backfill(conn)
        .map_err(|e| anyhow::anyhow!("no se pudo resumir las ventas para los reportes: {e}"))?;
    Ok(applied)
}
