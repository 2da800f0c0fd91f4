//! The SRI look-ups of an upload, as a job: a report of a hundred thousand rows once held its
//! request for half a minute and asked the SRI for the same first 500 keys on every upload. The
//! upload now answers at once (`services::lector` reads the file; the controller starts the job)
//! and the job walks the upload's keys in steps of [`STEP`]: the keys already stored are counted,
//! the rest are asked of the SRI, their documents checked (signature, buyer) and stored, and the
//! step's progress saved with them in one transaction. `processed` is where it stopped: a job
//! whose server stopped is taken over when its lease runs out ([`resume_stale`]), and continues
//! from there; a key answered is never asked again.
//!
//! Checking signatures is the job's CPU work; it takes turns ([`VERIFY_TURNS`]) so the jobs of a
//! server never take every core from the requests.

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use chrono::TimeDelta;
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;

use crate::config::SriConfig;
use crate::db::Database;
use crate::error::AppError;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::purchases::lector::{NewReceived, ReceivedDocument};
use crate::models::purchases::lector_job::{LectorJob, Progress};

use super::document::Received;
use super::fetch::Fetcher;
use super::report::{ERRORS_KEPT, Row};
use super::{Refused, accept};

/// Keys answered per step (and per transaction).
pub const STEP: usize = 32;
/// How long a server holds a job without saving a step; another server takes it over after.
pub const LEASE: TimeDelta = TimeDelta::seconds(60);
/// How often a server looks for a job whose server stopped.
pub const RESUME_EVERY: Duration = Duration::from_secs(30);

/// A problem of a row (its line in the report; 0 for a file or entry) or of a key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    pub line: usize,
    pub message: String,
}

/// The keys of an upload, in order, with their lines, as the job stores them.
pub fn keys_json(keys: &[(usize, String)]) -> String {
    serde_json::to_string(keys).unwrap_or_else(|_| "[]".into())
}

/// The problems kept, as the job stores them.
pub fn problems_json(problems: &[Problem]) -> String {
    serde_json::to_string(problems).unwrap_or_else(|_| "[]".into())
}

/// Reads a job's stored keys.
pub fn keys_of(json: &str) -> Vec<(usize, String)> {
    serde_json::from_str(json).unwrap_or_default()
}

/// Reads a job's stored problems.
pub fn problems_of(json: &str) -> Vec<Problem> {
    serde_json::from_str(json).unwrap_or_default()
}

/// Signature checks at once on one server: half its cores, at least one.
fn verify_turns() -> Arc<Semaphore> {
    static TURNS: OnceLock<Arc<Semaphore>> = OnceLock::new();
    TURNS
        .get_or_init(|| {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            Arc::new(Semaphore::new((cores / 2).max(1)))
        })
        .clone()
}

/// Runs job `id` of `company` until it ends, another server takes it over, or the database fails
/// (the lease then lets it be continued).
pub async fn run(db: Database, config: SriConfig, company: CompanyId, id: i64) {
    if let Err(err) = steps(&db, &config, company, id).await {
        tracing::warn!(job = id, %err, "la lectura de comprobantes se detuvo; se retomará");
    }
}

async fn steps(
    db: &Database,
    config: &SriConfig,
    company: CompanyId,
    id: i64,
) -> Result<(), AppError> {
    let (job, ruc) = db
        .run(move |conn| {
            Ok((
                LectorJob::find(conn, company, id)?,
                Company::find(conn, company)?.ruc,
            ))
        })
        .await?;
    let Some(job) = job.filter(|j| j.status == "running") else {
        return Ok(());
    };
    let keys = keys_of(&job.keys);
    let config = config.clone();
    let fetcher = tokio::task::spawn_blocking(move || Fetcher::new(&config))
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!("cliente del SRI: {e}")))?;
    let fetcher = match fetcher {
        Ok(f) => f,
        Err(message) => {
            tracing::error!(job = id, %message, "la lectura de comprobantes no puede consultar el SRI");
            db.write(move |conn| Ok(LectorJob::fail(conn, company, id)?))
                .await?;
            return Ok(());
        }
    };
    let mut problems = problems_of(&job.errors);
    let (mut at, mut found, mut error_count) = (job.processed as usize, job.found, job.error_count);
    while at < keys.len() {
        let step = &keys[at..(at + STEP).min(keys.len())];
        let step_keys: Vec<String> = step.iter().map(|(_, k)| k.clone()).collect();
        let stored: HashSet<String> = db
            .run(move |conn| Ok(ReceivedDocument::stored_keys(conn, company, &step_keys)?))
            .await?
            .into_iter()
            .collect();
        let ask: Vec<Row> = step
            .iter()
            .filter(|(_, key)| !stored.contains(key))
            .map(|(line, key)| Row {
                line: *line,
                access_key: key.clone(),
            })
            .collect();
        found += (step.len() - ask.len()) as i64;
        let (documents, step_problems) = check(fetcher.all(ask).await, &ruc).await;
        found += documents.len() as i64;
        error_count += step_problems.len() as i64;
        let room = ERRORS_KEPT.saturating_sub(problems.len());
        problems.extend(step_problems.into_iter().take(room));
        let next = at + step.len();
        let errors = problems_json(&problems);
        let from = at as i64;
        let kept = db
            .write(move |conn| {
                ReceivedDocument::store(conn, company, &new_rows(&documents))?;
                let progress = Progress {
                    processed: next as i64,
                    found,
                    errors: &errors,
                    error_count,
                    status: "running",
                };
                Ok(LectorJob::advance(
                    conn, company, id, from, &progress, LEASE,
                )?)
            })
            .await?;
        if !kept {
            // Another server continued the job meanwhile.
            return Ok(());
        }
        at = next;
    }
    db.write(move |conn| {
        let progress = Progress {
            processed: at as i64,
            found,
            errors: &problems_json(&problems),
            error_count,
            status: "done",
        };
        Ok(LectorJob::advance(
            conn, company, id, at as i64, &progress, LEASE,
        )?)
    })
    .await?;
    Ok(())
}

/// The documents the SRI gave for the rows, each checked (the company's, its signature, the
/// key asked), and the problems of the rest. The checks take turns with the other jobs.
async fn check(
    fetched: Vec<(Row, Result<String, String>)>,
    ruc: &str,
) -> (Vec<Received>, Vec<Problem>) {
    let turns = verify_turns();
    let ruc = ruc.to_string();
    let checked = async move {
        let _turn = turns.acquire_owned().await;
        tokio::task::spawn_blocking(move || {
            let mut documents = Vec::new();
            let mut problems = Vec::new();
            for (row, xml) in fetched {
                let doc = xml
                    .and_then(|x| accept(&x, &ruc).map_err(Refused::message))
                    .and_then(|d| {
                        if d.access_key != row.access_key {
                            return Err(format!(
                                "El SRI devolvió otro comprobante ({}) para la clave {}",
                                d.access_key, row.access_key
                            ));
                        }
                        Ok(d)
                    });
                match doc {
                    Ok(d) => documents.push(d),
                    Err(message) => problems.push(Problem {
                        line: row.line,
                        message,
                    }),
                }
            }
            (documents, problems)
        })
        .await
    };
    checked.await.unwrap_or_else(|e| {
        tracing::error!(%e, "la revisión de comprobantes del SRI falló");
        (Vec::new(), Vec::new())
    })
}

/// The rows that store `documents`.
pub fn new_rows(documents: &[Received]) -> Vec<NewReceived<'_>> {
    documents
        .iter()
        .map(|d| NewReceived {
            access_key: &d.access_key,
            doc_type: d.doc_type.code(),
            issuer_ruc: &d.issuer_ruc,
            issuer_name: &d.issuer_name,
            number: &d.number,
            issue_date: d.date,
            total: d.total,
            xml: &d.xml,
        })
        .collect()
}

/// Takes over, every [`RESUME_EVERY`], the jobs whose server stopped (their lease ran out), and
/// continues them here. Every server runs one.
pub async fn resume_stale(db: Database, config: SriConfig) {
    loop {
        take_over_stale(&db, &config).await;
        tokio::time::sleep(RESUME_EVERY).await;
    }
}

/// Takes over every job whose lease ran out and starts it here; the running jobs.
pub async fn take_over_stale(
    db: &Database,
    config: &SriConfig,
) -> Vec<tokio::task::JoinHandle<()>> {
    let mut started = Vec::new();
    loop {
        match db
            .write(move |conn| Ok(LectorJob::claim_stale(conn, LEASE)?))
            .await
        {
            Ok(Some((company, id))) => {
                tracing::info!(job = id, "se retoma una lectura de comprobantes detenida");
                started.push(tokio::spawn(run(db.clone(), config.clone(), company, id)));
            }
            Ok(None) => return started,
            Err(err) => {
                tracing::warn!(%err, "no se pudieron buscar lecturas detenidas");
                return started;
            }
        }
    }
}
