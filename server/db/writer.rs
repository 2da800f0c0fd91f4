//! SQLite's one writer, with group commit.
//!
//! SQLite lets one transaction write at a time, and most of a small write's cost is its commit
//! (appending every page it touched to the WAL). So on SQLite every [`super::Database::write`]
//! goes to one thread that owns a connection: it takes the writes queued since its last commit,
//! runs each inside its own savepoint of one `BEGIN IMMEDIATE` transaction, commits once, and only
//! then answers each caller. A write that fails rolls back to its savepoint alone; the others of
//! the batch still commit. Nobody hears "done" before the commit that holds their write, so a
//! crash loses only writes whose callers were never answered.
//!
//! PostgreSQL takes row locks and many writers at once: there, writes run in their own
//! transaction on a pooled connection ([`super::write_transaction`]).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::prelude::*;
use diesel::r2d2::{ManageConnection, R2D2Connection};

use super::read_gate::ReadGate;
use super::{DbConnection, Manager};
use crate::error::AppError;

/// Most writes one commit takes: enough to absorb a burst of terminals, few enough that a batch
/// of slow writes (imports) does not keep the first caller waiting long.
const MAX_BATCH: usize = 64;

/// What the writer thread tells a job once its batch is over: `Err` with the reason when the
/// batch did not commit.
type Delivery = Box<dyn FnOnce(Result<(), &str>) + Send>;

/// Runs a queued write in a savepoint (or, given why it cannot run, skips it) and returns how to
/// answer its caller.
type Run = Box<dyn FnOnce(Result<&mut DbConnection, &str>) -> Delivery + Send>;

/// One queued write, with the span of the request that sent it.
struct Job {
    span: tracing::Span,
    run: Run,
}

/// How often the checkpointer copies the WAL back into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

/// The WAL's length past which it is reset (`TRUNCATE`) even while the writer is busy. Under a
/// steady stream of writes with readers holding snapshots the WAL never restarts by itself and
/// grew without bound (140 MB in the three seconds of the sales benchmark, which appends about
/// 50 MB a second). The writer looks at the length after each batch and resets it then (a
/// checkpointer waiting for the write lock lost every race to the writer taking it again, and
/// one busy copying a long WAL noticed it too late), about once a second at the benchmark's pace.
/// It closes the readers' gate first ([`super::read_gate`]: a stream of reads kept the reset
/// failing), then waits at most 200 ms for readers outside the gate.
pub const WAL_LIMIT: u64 = 64 << 20;

/// The row of `PRAGMA wal_checkpoint`: `busy` is 1 when it could not finish.
#[derive(QueryableByName)]
struct CheckpointRow {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    busy: i32,
}

/// The WAL's length in bytes (0 when there is none).
fn wal_length(wal: Option<&std::path::Path>) -> u64 {
    wal.and_then(|w| std::fs::metadata(w).ok())
        .map_or(0, |m| m.len())
}

/// Resets a WAL past [`WAL_LIMIT`] (run by the writer between batches): waits at most 200 ms for
/// readers of older snapshots, then the writer's usual busy timeout comes back. `Ok(false)` when
/// readers were still busy (the caller tries again after its next batch).
fn reset_wal(conn: &mut DbConnection) -> QueryResult<bool> {
    conn.batch_execute("PRAGMA busy_timeout = 200")?;
    let row =
        diesel::sql_query("PRAGMA wal_checkpoint(TRUNCATE)").get_result::<CheckpointRow>(conn);
    conn.batch_execute("PRAGMA busy_timeout = 10000")?;
    Ok(row?.busy == 0)
}

/// The handle of the writer thread; dropping the last one stops the thread and the checkpointer.
pub(super) struct Writer {
    jobs: mpsc::Sender<Job>,
    /// Never sent on: its closing tells the checkpointer to stop.
    _alive: mpsc::Sender<()>,
}

impl Writer {
    /// Starts the thread; it opens its connection through `manager` (pragmas and functions
    /// included) when the first write arrives, and again after a broken one.
    pub(super) fn start(manager: Manager, gate: ReadGate) -> std::io::Result<Self> {
        let (jobs, queue) = mpsc::channel();
        let (alive, stop) = mpsc::channel();
        let checkpoints = manager.clone();
        // Batches run so far: unchanged over a checkpoint tick means the writer is idle.
        let commits = Arc::new(AtomicU64::new(0));
        let committed = Arc::clone(&commits);
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || serve(&manager, &queue, &commits, &gate))?;
        std::thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || checkpoint(&checkpoints, &stop, &committed))?;
        Ok(Self {
            jobs,
            _alive: alive,
        })
    }

    /// Queues `f` and waits for the commit of its batch.
    pub(super) async fn submit<T, F>(&self, f: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
    {
        let (answer, answered) = tokio::sync::oneshot::channel::<Result<T, AppError>>();
        let job = Job {
            span: tracing::Span::current(),
            run: Box::new(move |conn| {
                let outcome = match conn {
                    Ok(conn) => in_savepoint(conn, f),
                    Err(reason) => Err(AppError::Unavailable(format!(
                        "base de datos no disponible: {reason}"
                    ))),
                };
                Box::new(move |committed: Result<(), &str>| {
                    let result = match (outcome, committed) {
                        (Err(err), _) => Err(err),
                        (Ok(value), Ok(())) => Ok(value),
                        (Ok(_), Err(reason)) => Err(AppError::Internal(anyhow::anyhow!(
                            "la transacción no se confirmó: {reason}"
                        ))),
                    };
                    // The caller may have gone (request cancelled): the write stands anyway.
                    let _ = answer.send(result);
                })
            }),
        };
        self.jobs.send(job).map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())?
    }
}

fn stopped() -> AppError {
    AppError::Internal(anyhow::anyhow!("el escritor de la base de datos se detuvo"))
}

/// Runs `f` in a savepoint (a nested diesel transaction): its writes stay when it succeeds and
/// are rolled back alone when it fails or panics.
fn in_savepoint<T, F>(conn: &mut DbConnection, f: F) -> Result<T, AppError>
where
    F: FnOnce(&mut DbConnection) -> Result<T, AppError>,
{
    conn.transaction(|conn| {
        catch_unwind(AssertUnwindSafe(|| f(conn))).unwrap_or_else(|_| {
            Err(AppError::Internal(anyhow::anyhow!(
                "una escritura se interrumpió (panic)"
            )))
        })
    })
}

/// The thread: waits for a write, takes whatever else is queued, runs the batch, commits, answers.
/// Counts the batches in `commits`; after one that leaves the WAL past [`WAL_LIMIT`], resets it
/// with the readers' `gate` closed.
fn serve(manager: &Manager, queue: &mpsc::Receiver<Job>, commits: &AtomicU64, gate: &ReadGate) {
    let mut conn: Option<DbConnection> = None;
    let wal = manager.wal_path();
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        if conn.as_mut().is_none_or(|c| c.is_broken()) {
            conn = None;
            // Checkpoints are the checkpointer's job: the writer only appends to the WAL.
            match manager.connect().and_then(|mut fresh| {
                fresh
                    .batch_execute("PRAGMA wal_autocheckpoint = 0")
                    .map_err(diesel::r2d2::Error::QueryError)?;
                Ok(fresh)
            }) {
                Ok(fresh) => conn = Some(fresh),
                Err(err) => {
                    let reason = format!("no se pudo abrir la base de datos: {err}");
                    tracing::error!("{reason}");
                    refuse(batch, &reason);
                    continue;
                }
            }
        }
        let Some(conn) = conn.as_mut() else { continue };
        run_batch(conn, batch);
        commits.fetch_add(1, Ordering::Relaxed);
        // Readers of older snapshots that outlast the gate's and the reset's waits leave it for
        // the next batch.
        if wal_length(wal.as_deref()) > WAL_LIMIT {
            let _closed = gate.close();
            if let Err(err) = reset_wal(conn) {
                tracing::warn!("no se pudo reiniciar el WAL de SQLite: {err}");
            }
        }
    }
}

/// The checkpointer: every [`CHECKPOINT_EVERY`] copies what the WAL holds back into the database
/// file (`PASSIVE`: it never waits for, nor blocks, the writer or the readers). Left to SQLite's
/// automatic checkpoint, that copy and its `fsync` ran inside the writer's commit every thousand
/// pages and stalled every terminal waiting behind it. It also keeps disk space reserved past the
/// end of the WAL, so the writer's appends do not wait for that `fsync` ([`super::wal_space`]).
///
/// A passive checkpoint never makes the WAL shorter, and under continuous writes it never restarts
/// by itself: when the writer has committed nothing since the last tick the checkpointer resets it
/// to zero (`TRUNCATE`); the writer itself resets one longer than [`WAL_LIMIT`].
fn checkpoint(manager: &Manager, stop: &mpsc::Receiver<()>, commits: &AtomicU64) {
    let mut conn: Option<DbConnection> = None;
    let wal = manager.wal_path();
    let mut reserve_failed = false;
    let mut seen = commits.load(Ordering::Relaxed);
    while let Err(mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(CHECKPOINT_EVERY) {
        if conn.as_mut().is_none_or(|c| c.is_broken()) {
            conn = manager.connect().ok();
        }
        let now = commits.load(Ordering::Relaxed);
        let idle = std::mem::replace(&mut seen, now) == now;
        let mode = if idle && wal_length(wal.as_deref()) > 0 {
            "TRUNCATE"
        } else {
            "PASSIVE"
        };
        // A TRUNCATE that finds readers still busy reports it in its result row (not as an
        // error) and leaves the WAL as it is: the next tick tries again.
        if let Some(c) = conn.as_mut()
            && let Err(err) = c.batch_execute(&format!("PRAGMA wal_checkpoint({mode})"))
        {
            tracing::warn!("checkpoint de SQLite fallido: {err}");
        }
        if let Some(wal) = &wal
            && let Err(err) = super::wal_space::reserve_ahead(wal)
            && !std::mem::replace(&mut reserve_failed, true)
        {
            // Only slower under load (a file system without `fallocate`): said once.
            tracing::warn!("no se pudo reservar espacio para el WAL de SQLite: {err}");
        }
    }
}

/// Runs one batch in one transaction and answers every job.
fn run_batch(conn: &mut DbConnection, batch: Vec<Job>) {
    let DbConnection::Sqlite(lite) = conn else {
        refuse(batch, "el escritor agrupado es solo para SQLite");
        return;
    };
    if let Err(err) = AnsiTransactionManager::begin_transaction_sql(lite, "BEGIN IMMEDIATE") {
        refuse(batch, &err.to_string());
        return;
    }
    let deliveries: Vec<Delivery> = batch
        .into_iter()
        .map(|job| {
            let _entered = job.span.enter();
            (job.run)(Ok(&mut *conn))
        })
        .collect();
    let committed = <DbConnection as Connection>::TransactionManager::commit_transaction(conn)
        .map_err(|err| {
            let _ = <DbConnection as Connection>::TransactionManager::rollback_transaction(conn);
            err.to_string()
        });
    if let Err(reason) = &committed {
        tracing::error!("lote de escrituras no confirmado: {reason}");
    }
    for deliver in deliveries {
        deliver(committed.as_ref().map(|_| ()).map_err(String::as_str));
    }
}

/// Answers every job of a batch that could not run with `reason`.
fn refuse(batch: Vec<Job>, reason: &str) {
    for job in batch {
        let _entered = job.span.enter();
        (job.run)(Err(reason))(Err(reason));
    }
}
