//! The background worker: runs in every server process, finds due documents, and moves each one
//! step forward (send, or ask for its authorization). Several workers — on several servers or in
//! one process — share the work through leases on the rows (see
//! [`SriDocument::claim`]); a worker that dies leaves its leases to expire and another one resumes
//! from the state stored in the database.

use std::sync::{Arc, LazyLock};
use std::time::Duration;

use chrono::{NaiveDateTime, TimeDelta};
use tokio::sync::{Notify, Semaphore};
use tokio::task::JoinSet;

use crate::config::SriConfig;
use crate::db::{Database, DbConnection};
use crate::error::AppError;
use crate::models::sri::document::SriDocument;
use crate::sri::catalog::Environment;
use crate::sri::soap::{ClientConfig, Endpoints, SoapError, SriClient};
use crate::util::random;
use crate::util::time::now;

/// Wakes the workers of this process (after [`super::submit`] and
/// [`super::resubmit_corrected`]) so a new document goes out at once instead of at the next poll.
static WAKE: LazyLock<Notify> = LazyLock::new(Notify::new);

/// Shortest idle wait, so that a document due "now" that another worker is taking does not make
/// this one spin.
const MIN_IDLE: Duration = Duration::from_millis(5);

/// Tells this process's workers that there is new work.
pub fn wake() {
    // Wakes the workers that are waiting, and leaves a permit for one that is busy right now.
    WAKE.notify_waiters();
    WAKE.notify_one();
}

/// One worker: its identity (written in the leases it takes), database, settings and SRI clients.
#[derive(Clone)]
pub struct Worker {
    pub(super) inner: Arc<Inner>,
}

pub(super) struct Inner {
    pub(super) id: String,
    /// Signalled when a document step ends: its next step may be due sooner than the next poll.
    step_done: Notify,
    pub(super) db: Database,
    pub(super) config: SriConfig,
    /// Run in the transaction that stores a document AUTORIZADO.
    pub(super) on_authorized: OnAuthorized,
    pruebas: SriClient,
    produccion: SriClient,
}

/// A running worker; dropping it stops the worker and every request it has in flight, as if its
/// process had died (the tests use this to simulate a crash).
pub struct WorkerHandle {
    task: tokio::task::JoinHandle<()>,
}

impl Drop for WorkerHandle {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The SOAP client for documents of `environment` (the configured stand-in when `SRI_URL` is set).
pub fn client(config: &SriConfig, environment: Environment) -> Result<SriClient, SoapError> {
    let endpoints = match &config.base_url {
        Some(base) => Endpoints::from_base(base),
        None => Endpoints::for_environment(environment),
    };
    SriClient::new(ClientConfig {
        endpoints,
        connect_timeout: config.connect_timeout,
        timeout: config.timeout,
    })
}

/// What the e-billing service does in the transaction that stores document `id` AUTORIZADO
/// (queue the buyer's e-mail: `services::ebilling::mail::on_authorized`); `true` when it queued
/// mail, so the worker wakes the mail workers after the commit. Handed in by whoever starts the
/// worker, so that this engine knows nothing of the services above it.
pub type OnAuthorized = fn(&mut DbConnection, i64) -> diesel::QueryResult<bool>;

impl Worker {
    /// A worker with a fresh identity.
    pub fn new(
        db: Database,
        config: SriConfig,
        on_authorized: OnAuthorized,
    ) -> Result<Worker, SoapError> {
        let inner = Inner {
            id: format!(
                "sri-{}",
                random::token().chars().take(16).collect::<String>()
            ),
            step_done: Notify::new(),
            pruebas: client(&config, Environment::Pruebas)?,
            produccion: client(&config, Environment::Produccion)?,
            db,
            config,
            on_authorized,
        };
        Ok(Worker {
            inner: Arc::new(inner),
        })
    }

    /// The identity written in `sri_documents.locked_by`.
    pub fn id(&self) -> &str {
        &self.inner.id
    }

    /// Starts the worker on the current tokio runtime.
    pub fn spawn(self) -> WorkerHandle {
        WorkerHandle {
            task: tokio::spawn(self.run()),
        }
    }

    /// Runs until the process ends (or the future is dropped, which also cancels the documents in
    /// flight). At most `concurrency` documents are worked on at once; one slow SRI request does
    /// not hold up the others.
    pub async fn run(self) {
        tracing::info!(worker = %self.inner.id, "trabajador de comprobantes electrónicos iniciado");
        let slots = Arc::new(Semaphore::new(self.inner.config.concurrency));
        let mut tasks = JoinSet::new();
        loop {
            while tasks.try_join_next().is_some() {}
            let Ok(first) = slots.clone().acquire_owned().await else {
                return;
            };
            let free = 1 + slots.available_permits();
            match self.claim(free).await {
                Ok((docs, next_due)) if docs.is_empty() => {
                    drop(first);
                    let until_due = next_due.map_or(self.inner.config.poll_interval, |at| {
                        (at - now()).to_std().unwrap_or_default().max(MIN_IDLE)
                    });
                    tokio::select! {
                        () = WAKE.notified() => {}
                        () = self.inner.step_done.notified() => {}
                        () = tokio::time::sleep(until_due.min(self.inner.config.poll_interval)) => {}
                    }
                }
                Ok((docs, _)) => {
                    let mut permit = Some(first);
                    for doc in docs {
                        let slot = match permit.take() {
                            Some(p) => p,
                            None => match slots.clone().acquire_owned().await {
                                Ok(p) => p,
                                Err(_) => return,
                            },
                        };
                        let worker = self.clone();
                        tasks.spawn(async move {
                            worker.process(doc).await;
                            drop(slot);
                            worker.inner.step_done.notify_one();
                        });
                    }
                }
                Err(err) => {
                    drop(first);
                    tracing::warn!(error = %err, "no se pudo revisar la cola de comprobantes electrónicos");
                    tokio::time::sleep(self.inner.config.poll_interval).await;
                }
            }
        }
    }

    /// Leases up to `limit` due documents; when there are none, also says when the next one is due.
    async fn claim(
        &self,
        limit: usize,
    ) -> Result<(Vec<SriDocument>, Option<NaiveDateTime>), AppError> {
        let id = self.inner.id.clone();
        let lease = TimeDelta::from_std(self.inner.config.lease).unwrap_or(TimeDelta::seconds(120));
        let limit = i64::try_from(limit).unwrap_or(1);
        self.inner
            .db
            .run(move |conn| {
                let docs = SriDocument::claim(conn, &id, limit, lease)?;
                let next_due = if docs.is_empty() {
                    SriDocument::next_due(conn)?
                } else {
                    None
                };
                Ok((docs, next_due))
            })
            .await
    }

    /// The client for a document's `ambiente` code.
    pub(super) fn client(&self, environment: &str) -> &SriClient {
        match Environment::from_code(environment) {
            Some(Environment::Produccion) => &self.inner.produccion,
            _ => &self.inner.pruebas,
        }
    }
}
