//! The QuickJS render engine (through rquickjs): the one that is always built in, small and
//! without JIT. The only file that touches QuickJS's API; `engine.rs` puts it behind the same
//! interface as the V8 engine.
//!
//! An [`Engine`] evaluates the server bundle once and then serves many renders. The bundle defines
//! `globalThis.render(json) → Promise<json>`. Each render runs under a deadline enforced inside the
//! engine by an interrupt handler, so a runaway render is stopped rather than hanging its thread.

use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use rquickjs::context::intrinsic;
use rquickjs::module::{Module, WriteOptions};
use rquickjs::promise::PromiseState;
use rquickjs::{CatchResultExt, CaughtError, Context, Ctx, Function, Promise, Runtime};

use super::error::SsrError;

/// Stack for deeply nested component trees.
const STACK_LIMIT: usize = 4 * 1024 * 1024;

/// One engine with the bundle loaded.
pub struct Engine {
    // Dropped after `context` (field order), as the engine requires.
    context: Context,
    _runtime: Runtime,
    deadline: Rc<Cell<Option<Instant>>>,
}

fn describe(caught: CaughtError<'_>) -> String {
    match caught {
        CaughtError::Exception(e) => {
            let message = e.message().unwrap_or_default();
            let stack = e.stack().unwrap_or_default();
            format!("{message}\n{stack}")
        }
        // Out of memory, QuickJS throws an "out of memory" InternalError, or null when it cannot
        // even allocate that error; a script that throws null on purpose is taken for the same
        // (its engine is replaced, which is harmless).
        CaughtError::Value(v) if v.is_null() => "out of memory (excepción null)".into(),
        CaughtError::Value(v) => format!("{v:?}"),
        CaughtError::Error(e) => e.to_string(),
    }
}

fn host_log(level: String, text: String) {
    super::engine::host_log(&level, &text);
}

impl Engine {
    /// Compiles the bundle's source to engine bytecode, so each engine loads it without parsing.
    pub fn compile(source: &str) -> Result<Vec<u8>, SsrError> {
        let runtime = Runtime::new().map_err(|e| SsrError::Load(e.to_string()))?;
        let context = Context::custom::<intrinsic::All>(&runtime)
            .map_err(|e| SsrError::Load(e.to_string()))?;
        context.with(|ctx| {
            let module = Module::declare(ctx.clone(), "server.js", source)
                .catch(&ctx)
                .map_err(|e| SsrError::Load(describe(e)))?;
            module
                .write(WriteOptions {
                    strip_source: true,
                    ..WriteOptions::default()
                })
                .map_err(|e| SsrError::Load(e.to_string()))
        })
    }

    /// Starts an engine from `bytecode` (made by [`Engine::compile`] with this same build) that
    /// may allocate up to `memory_limit` bytes (allocations past it fail inside the script).
    pub fn new(bytecode: &[u8], memory_limit: usize) -> Result<Self, SsrError> {
        let runtime = Runtime::new().map_err(|e| SsrError::Load(e.to_string()))?;
        runtime.set_memory_limit(memory_limit);
        runtime.set_max_stack_size(STACK_LIMIT);
        let deadline: Rc<Cell<Option<Instant>>> = Rc::new(Cell::new(None));
        let watched = deadline.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || {
            watched.get().is_some_and(|d| Instant::now() >= d)
        })));
        let context = Context::custom::<intrinsic::All>(&runtime)
            .map_err(|e| SsrError::Load(e.to_string()))?;
        context.with(|ctx| -> Result<(), SsrError> {
            let log =
                Function::new(ctx.clone(), host_log).map_err(|e| SsrError::Load(e.to_string()))?;
            ctx.globals()
                .set("__mostradorLog", log)
                .map_err(|e| SsrError::Load(e.to_string()))?;
            // SAFETY: `bytecode` comes from `Engine::compile` in this same binary (same QuickJS).
            let module = unsafe { Module::load(ctx.clone(), bytecode) }
                .catch(&ctx)
                .map_err(|e| SsrError::Load(describe(e)))?;
            let (_, done) = module
                .eval()
                .catch(&ctx)
                .map_err(|e| SsrError::Load(describe(e)))?;
            done.finish::<()>()
                .catch(&ctx)
                .map_err(|e| SsrError::Load(describe(e)))?;
            let render: Option<Function> = ctx.globals().get("render").ok();
            render
                .map(|_| ())
                .ok_or_else(|| SsrError::Load("el paquete no define globalThis.render".into()))
        })?;
        Ok(Self {
            context,
            _runtime: runtime,
            deadline,
        })
    }

    /// Renders: calls `render(input)` and drives its promise to the end, within `timeout`.
    pub fn render(&mut self, input: &str, timeout: Duration) -> Result<String, SsrError> {
        let started = Instant::now();
        self.deadline.set(Some(started + timeout));
        let result = self
            .context
            .with(|ctx| drive(&ctx, input, started + timeout));
        self.deadline.set(None);
        match result {
            Err(SsrError::Render(_)) if started.elapsed() >= timeout => {
                Err(SsrError::Timeout(timeout))
            }
            // QuickJS reports a failed allocation as an exception the script could even catch;
            // the engine is left near its limit, so the pool replaces it.
            Err(SsrError::Render(message)) if message.contains("out of memory") => {
                Err(SsrError::OutOfMemory(message))
            }
            other => other,
        }
    }

    /// Bytes the engine holds now (for health and benchmarks).
    pub fn memory_used(&self) -> i64 {
        self._runtime.memory_usage().memory_used_size
    }
}

fn drive(ctx: &Ctx<'_>, input: &str, deadline: Instant) -> Result<String, SsrError> {
    let render: Function = ctx
        .globals()
        .get("render")
        .map_err(|e| SsrError::Render(e.to_string()))?;
    let promise: Promise = render
        .call((input,))
        .catch(ctx)
        .map_err(|e| SsrError::Render(describe(e)))?;
    loop {
        match promise.state() {
            PromiseState::Resolved => {
                return promise
                    .result::<String>()
                    .unwrap_or(Err(rquickjs::Error::Unknown))
                    .map_err(|e| SsrError::Render(e.to_string()));
            }
            PromiseState::Rejected => {
                let err = promise.result::<()>().map(|r| r.catch(ctx));
                return Err(SsrError::Render(match err {
                    Some(Err(caught)) => describe(caught),
                    _ => "la promesa de render fue rechazada".into(),
                }));
            }
            PromiseState::Pending => {}
        }
        if Instant::now() >= deadline {
            return Err(SsrError::Render("tiempo agotado".into()));
        }
        if !ctx.execute_pending_job() {
            // No promise job left: run queued timers, if any; otherwise the render can never finish.
            let run_timers: Option<Function> = ctx.globals().get("__mostradorRunTimers").ok();
            let ran: i32 = match run_timers {
                Some(f) => f
                    .call(())
                    .catch(ctx)
                    .map_err(|e| SsrError::Render(describe(e)))?,
                None => 0,
            };
            if ran == 0 {
                return Err(SsrError::Render(
                    "el render quedó esperando algo que nunca llegará".into(),
                ));
            }
        }
    }
}
