//! A pool of render engines, one per dedicated OS thread (never a tokio worker: a render is
//! CPU-bound and would stall other requests). Requests wait in one bounded queue; when it is full
//! new renders are refused (503) instead of piling up. The bundle is compiled once per process and
//! engine kind (QuickJS bytecode, V8 code cache) and every engine loads that. An engine whose
//! render was interrupted (deadline or memory limit) is replaced, since its state can no longer be
//! trusted; the request gets the error page and the server goes on.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use tokio::sync::{oneshot, watch};

use super::engine::{Compiled, Engine, EngineKind};
use super::error::SsrError;

/// Extra time the caller waits beyond the render deadline, for queueing.
const QUEUE_ALLOWANCE: Duration = Duration::from_secs(10);

struct Job {
    input: String,
    reply: oneshot::Sender<Result<String, SsrError>>,
}

/// Pool settings.
#[derive(Debug, Clone)]
pub struct PoolConfig {
    /// Which engine every worker runs.
    pub engine: EngineKind,
    pub workers: usize,
    pub queue: usize,
    pub timeout: Duration,
    /// Script heap each engine may use (bytes); past it the render fails and the engine is
    /// replaced.
    pub memory_limit: usize,
    /// Where V8 keeps its code cache between runs (`None`: memory only).
    pub cache_dir: Option<PathBuf>,
}

/// Handle to the render threads (cheap to clone).
#[derive(Clone)]
pub struct SsrPool {
    sender: SyncSender<Job>,
    timeout: Duration,
    engine: EngineKind,
    ready: watch::Receiver<bool>,
}

impl SsrPool {
    /// Starts the pool. Returns at once; engines load in the background and renders queue until
    /// they are ready (see [`SsrPool::ready`]).
    #[allow(
        clippy::expect_used,
        reason = "called once at start-up: a server that cannot start its render thread must not start"
    )]
    pub fn start(source: &'static str, config: PoolConfig) -> SsrPool {
        let (sender, receiver) = mpsc::sync_channel::<Job>(config.queue.max(1));
        let receiver = Arc::new(Mutex::new(receiver));
        let (ready_tx, ready) = watch::channel(false);
        let timeout = config.timeout;
        let engine = config.engine;
        thread::Builder::new()
            .name("ssr-compile".into())
            .spawn(move || {
                let begun = Instant::now();
                let compiled = match compiled(config.engine, source, config.cache_dir.as_deref()) {
                    Ok(compiled) => compiled,
                    Err(err) => {
                        tracing::error!(%err, "no se pudo compilar el paquete de la interfaz");
                        fail_all(&receiver, err);
                        return;
                    }
                };
                let ready_tx = Arc::new(ready_tx);
                for n in 0..config.workers.max(1) {
                    let (compiled, receiver, ready_tx) =
                        (compiled.clone(), receiver.clone(), ready_tx.clone());
                    let (started_tx, started) = mpsc::channel::<()>();
                    let spawned =
                        thread::Builder::new()
                            .name(format!("ssr-{n}"))
                            .spawn(move || {
                                worker(
                                    &compiled,
                                    config.memory_limit,
                                    &receiver,
                                    timeout,
                                    &ready_tx,
                                    started_tx,
                                )
                            });
                    match spawned {
                        // The first engine starts alone: the first page waits for it only, it
                        // gets the cores to itself, and V8's first engine leaves the code cache
                        // that the others then load from instead of compiling the bundle again.
                        Ok(_) if n == 0 => {
                            if started.recv().is_ok() {
                                tracing::info!(
                                    ms = begun.elapsed().as_millis() as u64,
                                    "primer motor de render listo: {}",
                                    config.engine.description()
                                );
                            }
                        }
                        Ok(_) => {}
                        Err(err) => tracing::error!(%err, "no se pudo iniciar un hilo de render"),
                    }
                }
            })
            .expect("no se pudo iniciar el hilo de compilación del render");
        SsrPool {
            sender,
            timeout,
            engine,
            ready,
        }
    }

    /// The engine this pool renders with.
    pub fn engine(&self) -> EngineKind {
        self.engine
    }

    /// Waits until at least one engine has loaded the bundle.
    pub async fn ready(&self) {
        let mut ready = self.ready.clone();
        let _ = ready.wait_for(|r| *r).await;
    }

    /// Renders `input` (the JSON the bundle's `render` takes) and returns its JSON answer.
    pub async fn render(&self, input: String) -> Result<String, SsrError> {
        let (reply, answer) = oneshot::channel();
        match self.sender.try_send(Job { input, reply }) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(SsrError::Overloaded),
            Err(TrySendError::Disconnected(_)) => return Err(SsrError::Unavailable),
        }
        match tokio::time::timeout(self.timeout + QUEUE_ALLOWANCE, answer).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(SsrError::Unavailable),
            Err(_) => Err(SsrError::Timeout(self.timeout)),
        }
    }
}

/// The bundle compiled for `engine`, once per process (every pool of the process shares it).
fn compiled(
    engine: EngineKind,
    source: &'static str,
    cache_dir: Option<&Path>,
) -> Result<Compiled, SsrError> {
    /// (engine, address of the source text, what it compiled to).
    type Cache = Vec<(EngineKind, usize, Compiled)>;
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    let key = source.as_ptr() as usize;
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    let mut entries = cache.lock().map_err(|_| SsrError::Unavailable)?;
    if let Some((_, _, compiled)) = entries.iter().find(|(e, k, _)| *e == engine && *k == key) {
        return Ok(compiled.clone());
    }
    let started = Instant::now();
    let compiled = Engine::compile_cached(engine, source, cache_dir)?;
    tracing::debug!(
        %engine,
        ms = started.elapsed().as_millis() as u64,
        "paquete compilado"
    );
    entries.push((engine, key, compiled.clone()));
    Ok(compiled)
}

fn next_job(receiver: &Mutex<Receiver<Job>>) -> Option<Job> {
    receiver.lock().ok()?.recv().ok()
}

/// Answers every queued job with `err` (the bundle cannot load, so nothing can render).
fn fail_all(receiver: &Mutex<Receiver<Job>>, err: SsrError) {
    let message = err.to_string();
    while let Some(job) = next_job(receiver) {
        let _ = job.reply.send(Err(SsrError::Load(message.clone())));
    }
}

fn worker(
    compiled: &Compiled,
    memory_limit: usize,
    receiver: &Mutex<Receiver<Job>>,
    timeout: Duration,
    ready: &watch::Sender<bool>,
    started: mpsc::Sender<()>,
) {
    let engine = Engine::with_memory_limit(compiled, memory_limit);
    let _ = started.send(());
    let mut engine = match engine {
        Ok(engine) => engine,
        Err(err) => {
            tracing::error!(%err, "no se pudo iniciar un motor de render");
            fail_all(receiver, err);
            return;
        }
    };
    ready.send_replace(true);
    while let Some(job) = next_job(receiver) {
        if job.reply.is_closed() {
            continue; // the request gave up while queued
        }
        let result = engine.render(&job.input, timeout);
        let poisoned = matches!(
            &result,
            Err(SsrError::Timeout(_) | SsrError::OutOfMemory(_))
        );
        if poisoned {
            tracing::warn!(engine = %compiled.kind(), "se reemplaza un motor de render interrumpido");
            match Engine::with_memory_limit(compiled, memory_limit) {
                Ok(fresh) => engine = fresh,
                Err(err) => {
                    tracing::error!(%err, "no se pudo reemplazar el motor de render");
                    let _ = job.reply.send(result);
                    return;
                }
            }
        }
        let rendered = result.is_ok();
        let _ = job.reply.send(result);
        if rendered {
            engine.after_render();
        }
    }
}
