//! A pool of render engines, one per dedicated OS thread (never a tokio worker: a render is
//! CPU-bound and would stall other requests). A render goes to the engine that became idle last
//! (its heap and code are still warm in the CPU's caches: with one shared queue, consecutive pages
//! alternated between engines and each found its caches cold); when every engine is busy it waits
//! in one bounded queue, and when that is full new renders are refused (503) instead of piling
//! up. The bundle is compiled once per process and engine kind (QuickJS bytecode, V8 code cache)
//! and every engine loads that. An engine whose render was interrupted (deadline or memory limit)
//! is replaced, since its state can no longer be trusted; the request gets the error page and the
//! server goes on.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, SyncSender, TrySendError};
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

/// Which engines wait for work and which jobs wait for an engine.
struct Dispatch {
    state: Mutex<DispatchState>,
    /// Most jobs that may wait.
    capacity: usize,
}

#[derive(Default)]
struct DispatchState {
    queue: VecDeque<Job>,
    /// The idle engines' inboxes, the most recently idle last.
    idle: Vec<SyncSender<Job>>,
    /// Engines that may still render (a worker whose engine cannot be rebuilt leaves).
    alive: usize,
    /// Why nothing can render (the bundle did not load): every job is answered with it.
    failed: Option<String>,
    /// Every handle of the pool is gone: the engines stop.
    closed: bool,
}

impl Dispatch {
    /// Hands `job` to the engine idle last, or queues it.
    fn submit(&self, mut job: Job) -> Result<(), SsrError> {
        let mut state = self.state.lock().map_err(|_| SsrError::Unavailable)?;
        if let Some(message) = &state.failed {
            return Err(SsrError::Load(message.clone()));
        }
        if state.alive == 0 {
            return Err(SsrError::Unavailable);
        }
        while let Some(inbox) = state.idle.pop() {
            match inbox.try_send(job) {
                Ok(()) => return Ok(()),
                Err(TrySendError::Full(back) | TrySendError::Disconnected(back)) => job = back,
            }
        }
        if state.queue.len() >= self.capacity {
            return Err(SsrError::Overloaded);
        }
        state.queue.push_back(job);
        Ok(())
    }

    /// An engine's next job: a queued one, else it waits idle for one. `None` when the pool is
    /// gone.
    fn next(&self) -> Option<Job> {
        let jobs = {
            let mut state = self.state.lock().ok()?;
            if state.closed {
                return None;
            }
            if let Some(job) = state.queue.pop_front() {
                return Some(job);
            }
            let (inbox, jobs) = mpsc::sync_channel::<Job>(1);
            state.idle.push(inbox);
            jobs
        };
        jobs.recv().ok()
    }

    /// The pool is gone: idle engines wake up without a job and stop, busy ones after their job.
    fn close(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.closed = true;
            state.idle.clear();
            state.queue.clear();
        }
    }

    /// Nothing can render: answers every queued job, and every later one, with `err`.
    fn fail_all(&self, err: SsrError) {
        let message = err.to_string();
        let queued = match self.state.lock() {
            Ok(mut state) => {
                state.failed = Some(message.clone());
                std::mem::take(&mut state.queue)
            }
            Err(_) => return,
        };
        for job in queued {
            let _ = job.reply.send(Err(SsrError::Load(message.clone())));
        }
    }

    /// A worker left (its engine could not be rebuilt).
    fn leave(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.alive = state.alive.saturating_sub(1);
        }
    }
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

/// Stops the engines when the last handle of the pool is dropped (the engines themselves hold
/// the [`Dispatch`], not this).
struct Owner(Arc<Dispatch>);

impl Drop for Owner {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// Handle to the render threads (cheap to clone).
#[derive(Clone)]
pub struct SsrPool {
    dispatch: Arc<Dispatch>,
    _owner: Arc<Owner>,
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
        let workers = config.workers.max(1);
        let dispatch = Arc::new(Dispatch {
            state: Mutex::new(DispatchState {
                alive: workers,
                ..DispatchState::default()
            }),
            capacity: config.queue.max(1),
        });
        let shared = dispatch.clone();
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
                        shared.fail_all(err);
                        return;
                    }
                };
                let ready_tx = Arc::new(ready_tx);
                for n in 0..workers {
                    let (compiled, dispatch, ready_tx) =
                        (compiled.clone(), shared.clone(), ready_tx.clone());
                    let (started_tx, started) = mpsc::channel::<()>();
                    let spawned =
                        thread::Builder::new()
                            .name(format!("ssr-{n}"))
                            .spawn(move || {
                                worker(
                                    &compiled,
                                    config.memory_limit,
                                    &dispatch,
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
                        Err(err) => {
                            tracing::error!(%err, "no se pudo iniciar un hilo de render");
                            shared.leave();
                        }
                    }
                }
            })
            .expect("no se pudo iniciar el hilo de compilación del render");
        SsrPool {
            _owner: Arc::new(Owner(dispatch.clone())),
            dispatch,
            timeout,
            engine,
            ready,
        }
    }

    /// The engine this pool renders with.
    pub fn engine(&self) -> EngineKind {
        self.engine
    }

    /// How many engines are waiting for work now.
    pub fn idle_engines(&self) -> usize {
        self.dispatch
            .state
            .lock()
            .map_or(0, |state| state.idle.len())
    }

    /// Waits until at least one engine has loaded the bundle.
    pub async fn ready(&self) {
        let mut ready = self.ready.clone();
        let _ = ready.wait_for(|r| *r).await;
    }

    /// Renders `input` (the JSON the bundle's `render` takes) and returns its JSON answer.
    pub async fn render(&self, input: String) -> Result<String, SsrError> {
        let (reply, answer) = oneshot::channel();
        self.dispatch.submit(Job { input, reply })?;
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

fn worker(
    compiled: &Compiled,
    memory_limit: usize,
    dispatch: &Dispatch,
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
            dispatch.fail_all(err);
            return;
        }
    };
    ready.send_replace(true);
    while let Some(job) = dispatch.next() {
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
                    dispatch.leave();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn job() -> (Job, oneshot::Receiver<Result<String, SsrError>>) {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            input: String::new(),
            reply,
        };
        (job, answer)
    }

    /// Waits until `n` engines are idle.
    fn until_idle(dispatch: &Dispatch, n: usize) {
        while dispatch.state.lock().unwrap().idle.len() != n {
            thread::sleep(Duration::from_millis(1));
        }
    }

    /// With no engine idle a job waits in the queue, up to its capacity, and the first engine
    /// to be free takes it; then a job goes to the engine idle last; a closed pool's engines stop.
    #[test]
    fn jobs_go_to_the_engine_idle_last() {
        let dispatch = Arc::new(Dispatch {
            state: Mutex::new(DispatchState {
                alive: 2,
                ..DispatchState::default()
            }),
            capacity: 1,
        });
        let engine = |name: &'static str| {
            let dispatch = dispatch.clone();
            thread::spawn(move || {
                let mut taken = Vec::new();
                while let Some(job) = dispatch.next() {
                    taken.push(name);
                    let _ = job.reply.send(Ok(name.to_string()));
                }
                taken
            })
        };
        let (queued, queued_answer) = job();
        dispatch.submit(queued).unwrap();
        assert!(matches!(
            dispatch.submit(job().0),
            Err(SsrError::Overloaded)
        ));
        let first = engine("first");
        assert_eq!(queued_answer.blocking_recv().unwrap().unwrap(), "first");
        until_idle(&dispatch, 1);
        let second = engine("second");
        until_idle(&dispatch, 2);
        for _ in 0..2 {
            let (next, answer) = job();
            dispatch.submit(next).unwrap();
            assert_eq!(answer.blocking_recv().unwrap().unwrap(), "second");
            until_idle(&dispatch, 2);
        }
        dispatch.close();
        assert_eq!(first.join().unwrap(), ["first"]);
        assert_eq!(second.join().unwrap(), ["second", "second"]);
    }
}
