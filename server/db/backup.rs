//! A consistent copy of a SQLite database while the application keeps running: `VACUUM INTO`
//! reads one snapshot (writers go on; the copy holds what was committed when it began) and writes
//! a compact file. `mostrador backup` runs it, and the systemd timer in `deploy/` runs that.
//! PostgreSQL is backed up with its own tools (`pg_dump`), so here it is refused with that advice.

use std::path::{Path, PathBuf};

use diesel::connection::SimpleConnection;
use diesel::sql_types::Text;
use diesel::{Connection, QueryableByName, RunQueryDsl, SqliteConnection};

use super::DbUrl;

/// Copies the database of `url` into `dest` (which must not exist). The copy is written beside it
/// under a temporary name, checked (`PRAGMA quick_check`) and only then renamed, so `dest` never
/// holds a half-written file. Returns the copy's size in bytes.
///
/// It opens its own plain connection rather than the application's pool: opening the pool
/// refreshes the planner's statistics, a write that would wait for a server's open transaction.
pub fn backup_into(url: &str, dest: &Path) -> anyhow::Result<u64> {
    let path = match DbUrl::parse(url).map_err(anyhow::Error::msg)? {
        DbUrl::Sqlite(path) => path,
        DbUrl::Postgres(_) => anyhow::bail!(
            "la copia de seguridad integrada es para SQLite; en PostgreSQL use pg_dump (vea deploy/DEPLOY.md)"
        ),
    };
    if !path.exists() {
        anyhow::bail!("no existe la base {}", path.display());
    }
    let mut lite = SqliteConnection::establish(&utf8(&path)?)?;
    lite.batch_execute("PRAGMA busy_timeout = 10000")?;
    if dest.exists() {
        anyhow::bail!("{} ya existe: elija otro nombre", dest.display());
    }
    let partial = partial_name(dest);
    let _ = std::fs::remove_file(&partial);
    diesel::sql_query("VACUUM INTO ?")
        .bind::<Text, _>(utf8(&partial)?)
        .execute(&mut lite)?;
    let checked = check(&partial);
    if let Err(err) = checked {
        let _ = std::fs::remove_file(&partial);
        return Err(err);
    }
    std::fs::rename(&partial, dest)?;
    Ok(std::fs::metadata(dest)?.len())
}

/// `dest` with `.partial` appended.
fn partial_name(dest: &Path) -> PathBuf {
    let mut name = dest.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// A path as SQLite takes it.
fn utf8(path: &Path) -> anyhow::Result<String> {
    path.to_str()
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("la ruta {} debe ser UTF-8", path.display()))
}

/// Opens the copy on its own and runs SQLite's quick check on it.
fn check(copy: &Path) -> anyhow::Result<()> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = Text)]
        quick_check: String,
    }
    let mut conn = SqliteConnection::establish(&utf8(copy)?)?;
    let rows: Vec<Row> = diesel::sql_query("PRAGMA quick_check").load(&mut conn)?;
    match rows.first().map(|r| r.quick_check.as_str()) {
        Some("ok") => Ok(()),
        other => anyhow::bail!("la copia no pasó la verificación: {other:?}"),
    }
}
