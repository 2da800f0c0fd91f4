//! The database: one connection type for SQLite (default, embedded) or PostgreSQL (several app
//! servers on one database), chosen by the URL. This module is the only place that knows there are
//! two backends; models are written once against [`DbConnection`] and never branch on it. Where
//! the backends want different statements, a function here hides the difference:
//!
//! - [`native`]: a static-DSL statement run on the backend's own connection, without diesel's
//!   per-statement cost of the multi-backend connection (`first`, `load`, `get_result`,
//!   `execute`), and `fixed` updates prepared once;
//! - [`bulk`]: a few rows in one statement (PostgreSQL) or one cached statement each (SQLite);
//! - [`batch`]: the writes that end a document sent together (one statement on PostgreSQL), and
//!   [`ids`]: the ids of its rows taken before, so that rows referencing each other can travel
//!   together;
//! - [`stock`]: locking a sale's stock rows and saving their balances;
//! - [`branch_lock`]: the lock that numbers a branch's documents (PostgreSQL only);
//! - [`shift`]: a line posted to a cash shift under its lock (one statement on PostgreSQL);
//! - [`signed_in`]: a request's session, user, time zone and licence in one statement;
//! - [`product_search`]: SQLite's trigram index of products and the refresh after an import;
//! - [`search`]: the accent-folding function both backends define.
//!
//! None of them imports `models`: they take columns, primitive slices or the caller's row type
//! as a generic parameter, so `db` stays below `models` with no import cycle.
//!
//! diesel is synchronous, so every use from a request goes through [`Database::run`], which takes a
//! pooled connection on tokio's blocking threads, never on the async workers — except the short
//! reads every request makes (the session, the signed-in user's view) and a page's read of one row
//! by its key, which on SQLite run in place when a connection is free ([`Database::read_quick`]):
//! a SQLite read costs less than the two thread switches.

pub mod backup;
pub mod batch;
pub mod branch_lock;
pub mod bulk;
pub mod counter;
pub mod ids;
pub mod list;
pub mod migrations;
pub mod native;
pub mod notify;
pub mod probe;
pub mod product_search;
mod read_gate;
pub mod restaurant_lock;
pub mod schema;
pub mod search;
pub mod shift;
pub mod signed_in;
pub mod stock;
mod wal_space;
mod writer;

/// How long SQLite's WAL may grow under continuous writes before it is reset ([`writer`]).
pub use writer::WAL_LIMIT;

use std::path::PathBuf;
use std::time::Duration;

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::prelude::*;
use diesel::r2d2::{self, ManageConnection, R2D2Connection};

use crate::error::AppError;

/// A connection to either backend.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgres(diesel::PgConnection),
    Sqlite(diesel::SqliteConnection),
}

/// Which backend a URL selects, with what the driver needs to open it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbUrl {
    /// A SQLite file path (created with its folder on first use).
    Sqlite(PathBuf),
    /// A libpq connection string.
    Postgres(String),
}

impl DbUrl {
    /// Parses `sqlite://relative/path.db`, `sqlite:///absolute/path.db`, `postgres://…` or
    /// `postgresql://…`.
    pub fn parse(url: &str) -> Result<Self, String> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(Self::Postgres(url.to_string()));
        }
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .ok_or_else(|| {
                format!("DATABASE_URL no reconocida (use sqlite://… o postgres://…): {url}")
            })?;
        if path.is_empty() {
            return Err("DATABASE_URL de SQLite sin ruta de archivo".into());
        }
        Ok(Self::Sqlite(PathBuf::from(path)))
    }

    /// True for SQLite.
    pub fn is_sqlite(&self) -> bool {
        matches!(self, Self::Sqlite(_))
    }
}

/// SQLite settings applied to every new connection: WAL so readers never block the writer,
/// foreign keys enforced, and a busy timeout so concurrent writers wait instead of failing.
/// The busy timeout comes first so that the switch to WAL, which needs a moment of exclusive access,
/// waits for connections opening at the same time instead of failing. Temporary data in memory:
/// the writer runs every write in a savepoint, whose journal would otherwise spill to a
/// temporary file on each sale. A page cache of 16 MB per connection instead of SQLite's 2 MB:
/// a search of a large catalogue reads its trigram index and the matched products from memory
/// instead of copying the same pages from the operating system on every request (a fifth of
/// its time), and the memory is only taken as pages are read. `ANALYZE` samples at most 1,000 rows
/// of each index, so refreshing the statistics stays in tens of milliseconds.
const SQLITE_PRAGMAS: &str = "PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; \
     PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY; \
     PRAGMA cache_size = -16000; PRAGMA analysis_limit = 1000;";

/// r2d2 manager that opens either backend and applies the SQLite pragmas. Every connection
/// carries a [`probe::Probe`] that counts its statements into `statements` and notices when the
/// connection dies: r2d2 then drops it ([`ManageConnection::has_broken`]) instead of lending it
/// again. Connections are not tested on every loan (`SELECT 1`, a round trip per request on
/// PostgreSQL): only one idle for [`probe::IDLE_CHECK`] is ([`checkout`]).
#[derive(Debug, Clone)]
pub struct Manager {
    url: DbUrl,
    statements: probe::Statements,
}

impl Manager {
    /// The WAL file of a SQLite database.
    fn wal_path(&self) -> Option<PathBuf> {
        match &self.url {
            DbUrl::Sqlite(path) => Some(wal_space::path_of(path)),
            DbUrl::Postgres(_) => None,
        }
    }
}

impl ManageConnection for Manager {
    type Connection = DbConnection;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<DbConnection, r2d2::Error> {
        let mut conn = match &self.url {
            DbUrl::Postgres(url) => diesel::PgConnection::establish(url)
                .map(DbConnection::Postgres)
                .map_err(r2d2::Error::ConnectionError)?,
            DbUrl::Sqlite(path) => {
                let path = path.to_string_lossy();
                let mut conn = diesel::SqliteConnection::establish(&path)
                    .map_err(r2d2::Error::ConnectionError)?;
                conn.batch_execute(SQLITE_PRAGMAS)
                    .map_err(r2d2::Error::QueryError)?;
                search::register_sqlite(&mut conn).map_err(r2d2::Error::QueryError)?;
                DbConnection::Sqlite(conn)
            }
        };
        conn.set_instrumentation(probe::Probe::new(self.statements.clone()));
        Ok(conn)
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), r2d2::Error> {
        conn.ping().map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut DbConnection) -> bool {
        conn.is_broken() || probe::of(conn).is_some_and(|p| p.broken())
    }
}

/// The pool of connections.
pub type Pool = r2d2::Pool<Manager>;
/// A connection checked out of the pool.
pub type PooledConnection = r2d2::PooledConnection<Manager>;

/// The application's database handle (cheap to clone).
#[derive(Clone)]
pub struct Database {
    pool: Pool,
    url: DbUrl,
    statements: probe::Statements,
    /// SQLite: what the pool's readers pass, closed by the writer to reset the WAL
    /// ([`read_gate`]); PostgreSQL: none.
    gate: Option<read_gate::ReadGate>,
    /// SQLite's writer thread ([`writer`]), started by the first write.
    writer: std::sync::Arc<std::sync::OnceLock<writer::Writer>>,
    /// PostgreSQL: the write transactions that may run at once ([`writers_for`]), and how many
    /// (SQLite: 1, its writer thread; the semaphore is not used there).
    writers: std::sync::Arc<tokio::sync::Semaphore>,
    max_writers: usize,
    /// The restaurant's live wake-ups ([`notify`]), started by the first stream.
    events: std::sync::Arc<std::sync::OnceLock<std::sync::Arc<notify::Hub>>>,
}

impl Database {
    /// Opens a pool for `url` (creating the SQLite file's folder if needed).
    pub fn connect(url: &str, max_connections: u32) -> anyhow::Result<Self> {
        let url = DbUrl::parse(url).map_err(anyhow::Error::msg)?;
        if let DbUrl::Sqlite(path) = &url
            && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        {
            std::fs::create_dir_all(dir)?;
        }
        let manager = Manager {
            url: url.clone(),
            statements: Default::default(),
        };
        if url.is_sqlite() {
            // WAL is a setting of the file. A new file is switched by this one connection, before
            // the pool opens its connections in parallel (they raced for the switch and logged
            // "database is locked").
            let mut first = manager.connect()?;
            // The planner's statistics, for tables that have none or whose size changed much
            // since (sampled: `analysis_limit`, some 25 ms for 100,000 products). Without them
            // SQLite guesses that `company_id = ?` matches ten rows, and for a handful of ids
            // walked every product of the company instead of reading those few by id.
            first.batch_execute("PRAGMA optimize = 0x10002")?;
        }
        let statements = manager.statements.clone();
        let writers = if url.is_sqlite() {
            1
        } else {
            writers_for(max_connections)
        };
        let pool = r2d2::Pool::builder()
            .max_size(max_connections)
            .connection_timeout(Duration::from_secs(10))
            .test_on_check_out(false)
            .build(manager)?;
        Ok(Self {
            pool,
            gate: url.is_sqlite().then(read_gate::ReadGate::default),
            url,
            statements,
            writer: Default::default(),
            writers: std::sync::Arc::new(tokio::sync::Semaphore::new(writers)),
            max_writers: writers,
            events: Default::default(),
        })
    }

    /// Statements sent so far by all the connections of this database (its pool's and SQLite's
    /// writer's): a test reads it before and after a request to bound what the request costs.
    pub fn statements(&self) -> u64 {
        self.statements.get()
    }

    /// How many write transactions [`Database::write`] runs at once: one on SQLite (its writer
    /// thread), [`writers_for`] on PostgreSQL.
    pub fn max_writers(&self) -> usize {
        self.max_writers
    }

    /// The restaurant's wake-ups of this process, its listener started on first use.
    pub fn events(&self) -> &notify::Hub {
        self.events
            .get_or_init(|| notify::Hub::start(self.url.clone()))
    }

    /// Wakes this process's restaurant streams of `company_id` after a commit (nothing when no
    /// stream was ever opened here).
    pub fn wake_events(&self, company_id: i64) {
        if let Some(hub) = self.events.get() {
            hub.wake(company_id);
        }
    }

    /// The backend in use.
    pub fn url(&self) -> &DbUrl {
        &self.url
    }

    /// A connection for synchronous callers (command line, background threads).
    pub fn get(&self) -> Result<PooledConnection, AppError> {
        checkout(&self.pool)
    }

    /// [`Database::run`] for a read that may run again: when `f` fails because its connection
    /// died (a restarted server, a dropped network), it runs again on another one, until one is
    /// alive (each dead one fails at once and the pool drops it). On PostgreSQL the session
    /// lookup of every request goes through here ([`Database::read_quick`]), so after a restart
    /// the dead connections are weeded out by the first requests instead of failing them.
    pub async fn read<T, F>(&self, f: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: Fn(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
    {
        let pool = self.pool.clone();
        let gate = self.gate.clone();
        let span = tracing::Span::current();
        tokio::task::spawn_blocking(move || {
            let _entered = span.enter();
            let _pass = gate.as_ref().map(read_gate::ReadGate::pass);
            // Every pooled connection dead, then a new one.
            let mut attempts = pool.max_size() + 1;
            loop {
                let mut conn = checkout(&pool)?;
                match f(&mut conn) {
                    Err(_) if attempts > 1 && probe::of(&mut *conn).is_some_and(|p| p.broken()) => {
                        attempts -= 1;
                    }
                    outcome => return outcome,
                }
            }
        })
        .await
        .map_err(|e| {
            AppError::Internal(anyhow::anyhow!("tarea de base de datos interrumpida: {e}"))
        })?
    }

    /// [`Database::read`] of a short read that must not wait: on SQLite, when a pooled connection
    /// is free at once, `f` runs on the calling thread. Handing a read to a blocking thread and
    /// back costs two thread switches, more than an indexed SQLite read (a read of the session
    /// on every request: tens of microseconds on a virtual machine), and a reader never waits for
    /// SQLite's writer in WAL mode. `f` must only read (a write could wait for the writer's lock on
    /// an async worker). PostgreSQL (a network round trip) and a busy pool take the usual way.
    pub async fn read_quick<T, F>(&self, f: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: Fn(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
    {
        if let Some(_pass) = self.gate.as_ref().and_then(read_gate::ReadGate::try_pass)
            && let Some(mut conn) = self.pool.try_get()
        {
            return f(&mut conn);
        }
        self.read(f).await
    }

    /// After a write of a document with an idempotency key failed with `err`: two submits of one
    /// key may have raced (on PostgreSQL the loser fails on the key's unique index, or on the
    /// stock the winner took), so the document `find` reads under that key — the winner's — is
    /// the answer; when there is none, `err` is.
    pub async fn winner_or<T, F>(&self, err: AppError, find: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<Option<T>, AppError> + Send + 'static,
    {
        match self.run(find).await? {
            Some(winner) => Ok(winner),
            None => Err(err),
        }
    }

    /// Runs `f` with a pooled connection on a blocking thread.
    pub async fn run<T, F>(&self, f: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
    {
        let pool = self.pool.clone();
        let gate = self.gate.clone();
        // The blocking thread logs inside the request's span (its request id).
        let span = tracing::Span::current();
        tokio::task::spawn_blocking(move || {
            let _entered = span.enter();
            let _pass = gate.as_ref().map(read_gate::ReadGate::pass);
            let mut conn = checkout(&pool)?;
            f(&mut conn)
        })
        .await
        .map_err(|e| {
            AppError::Internal(anyhow::anyhow!("tarea de base de datos interrumpida: {e}"))
        })?
    }
}

impl Database {
    /// Runs `f` so that all its writes land or none do, and returns once they are committed. On
    /// SQLite it goes to the writer thread, which commits the writes queued together in one
    /// transaction, each in its own savepoint ([`writer`]); on PostgreSQL it runs in its own
    /// transaction ([`write_transaction`]) on a blocking thread, at most [`writers_for`] at once.
    pub async fn write<T, F>(&self, f: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
    {
        if self.url.is_sqlite() {
            return self.sqlite_writer()?.submit(f).await;
        }
        // Held until the transaction ends, also when the request gives up meanwhile (the
        // blocking task runs to its end).
        let permit = self.writers.clone().acquire_owned().await.map_err(|e| {
            AppError::Internal(anyhow::anyhow!("límite de escrituras cerrado: {e}"))
        })?;
        let pool = self.pool.clone();
        let span = tracing::Span::current();
        tokio::task::spawn_blocking(move || {
            let _entered = span.enter();
            let _permit = permit;
            // A connection that died since its last use fails its `BEGIN` at once (and its probe
            // has the pool drop it): nothing of `f` has run, so another connection is taken,
            // until one is alive (every pooled one dead, then a new one).
            let mut attempts = pool.max_size() + 1;
            let mut conn = checkout(&pool)?;
            while let Err(err) = begin(&mut conn) {
                attempts -= 1;
                if attempts == 0 || !probe::is_connection_lost(&err) {
                    return Err(err.into());
                }
                drop(conn);
                conn = checkout(&pool)?;
            }
            finish(&mut conn, f)
        })
        .await
        .map_err(|e| {
            AppError::Internal(anyhow::anyhow!("tarea de base de datos interrumpida: {e}"))
        })?
    }

    /// The SQLite writer thread, started on first use.
    fn sqlite_writer(&self) -> Result<&writer::Writer, AppError> {
        if let Some(w) = self.writer.get() {
            return Ok(w);
        }
        let started = writer::Writer::start(
            Manager {
                url: self.url.clone(),
                statements: self.statements.clone(),
            },
            self.gate.clone().unwrap_or_default(),
        )
        .map_err(|e| AppError::Internal(anyhow::anyhow!("no se pudo iniciar el escritor: {e}")))?;
        // Two first writes at once: one thread wins, the other's handle is dropped (and its
        // thread ends, having received nothing).
        Ok(self.writer.get_or_init(|| started))
    }
}

/// How many write transactions [`Database::write`] lets run at once on PostgreSQL, for a pool of
/// `max_connections`: twice the cores, within the pool. Write transactions of one emission point,
/// one shift or the same products queue on the same rows; past a few of them, each commit wakes
/// more waiters than it lets through and the queue only grows longer inside PostgreSQL, where a
/// waiting sale still holds its connection and its locks on other rows. The other writes wait
/// here, in the server, where their turn costs nothing. Measured with the sales benchmark (8
/// terminals selling the same five products, 2 cores, the previous build alternated with this
/// one, three runs each): 157 → 180 sales/s and p99 156 → 83 ms. SQLite has one writer thread
/// ([`writer`]) and needs no limit.
fn writers_for(max_connections: u32) -> usize {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    (2 * cores).clamp(1, usize::try_from(max_connections.max(1)).unwrap_or(1))
}

/// Runs `f` in one write transaction: all its writes land or none do.
///
/// On SQLite the transaction starts with `BEGIN IMMEDIATE`, taking the write lock up front, so two
/// concurrent read-then-write transactions wait for each other (busy timeout) instead of one failing
/// with "database is locked" when it tries to upgrade. Must not be nested; use
/// `conn.transaction` inside for savepoints.
pub fn write_transaction<T, E, F>(conn: &mut DbConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    begin(conn)?;
    finish(conn, f)
}

/// A pooled connection. One idle for [`probe::IDLE_CHECK`] is tested first (`SELECT 1`); if
/// it died meanwhile, another is taken (the dead one is dropped by the pool, its probe having
/// seen the failure), up to every connection of the pool and a new one.
fn checkout(pool: &Pool) -> Result<PooledConnection, AppError> {
    let get = || {
        pool.get()
            .map_err(|e| AppError::Unavailable(format!("base de datos no disponible: {e}")))
    };
    let mut conn = get()?;
    for _ in 0..pool.max_size() {
        if !(probe::of(&mut *conn).is_some_and(|p| p.stale()) && conn.ping().is_err()) {
            break;
        }
        drop(conn);
        conn = get()?;
    }
    Ok(conn)
}

/// Starts the write transaction of [`write_transaction`].
fn begin(conn: &mut DbConnection) -> diesel::QueryResult<()> {
    match conn {
        DbConnection::Sqlite(inner) => {
            AnsiTransactionManager::begin_transaction_sql(inner, "BEGIN IMMEDIATE")
        }
        DbConnection::Postgres(inner) => AnsiTransactionManager::begin_transaction(inner),
    }
}

/// Runs `f` in the transaction [`begin`] started, and commits it or rolls it back.
fn finish<T, E, F>(conn: &mut DbConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    match f(conn) {
        Ok(value) => {
            <DbConnection as Connection>::TransactionManager::commit_transaction(conn)?;
            Ok(value)
        }
        Err(err) => {
            // The error that made us roll back is the one worth reporting.
            let _ = <DbConnection as Connection>::TransactionManager::rollback_transaction(conn);
            Err(err)
        }
    }
}

/// The backend type of [`DbConnection`], for boxed (dynamically built) queries.
pub type DbBackend = <DbConnection as Connection>::Backend;

diesel::define_sql_function! {
    /// SQL `lower()`, for case-insensitive equality (duplicate names). Searching uses
    /// [`search::search_fold`], which also ignores accents.
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// One row of a company-owned table: `table.filter(company_id = company).filter(id = id)`, the
/// target of every update and delete of such a row, so a write can never reach another
/// company's row even when the handler did not load it first.
#[macro_export]
macro_rules! company_row {
    ($table:ident, $company:expr, $id:expr) => {
        $table::table
            .filter($table::company_id.eq($company.get()))
            .filter($table::id.eq($id))
    };
}
