//! The render engine interface: one [`Engine`] type over the two embedded JavaScript engines.
//!
//! - **V8** (`v8/`, built in when build.rs finds Debian's libnode): JIT-compiled, V8-class render
//!   speed, code cache for start-up. The default when the binary has it.
//! - **QuickJS** (`quickjs.rs`, always built in): small, no JIT, about ten times slower on large
//!   pages; the fallback where libnode is not available.
//!
//! Both run the same bundle (`bundle::SERVER_JS`) with the same polyfills and the same protocol:
//! the bundle defines `globalThis.render(json) → Promise<json>`, the engine drives that promise
//! (microtasks, then the polyfill's timers) to the end within a deadline. Nothing outside
//! `server/ssr/` knows which engine runs; the rest of the server sees [`EngineKind`] only as a
//! setting (`SSR_ENGINE`).

use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use super::error::SsrError;
use super::quickjs;
#[cfg(mostrador_v8)]
use super::v8;

/// Memory one engine may use by default (React plus a large document fit easily).
pub const DEFAULT_MEMORY_LIMIT: usize = 256 * 1024 * 1024;

/// Which JavaScript engine renders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EngineKind {
    QuickJs,
    V8,
}

impl EngineKind {
    /// Every engine, built in or not.
    pub const ALL: [EngineKind; 2] = [EngineKind::V8, EngineKind::QuickJs];

    /// Whether this binary contains the engine (V8 needs libnode at build time).
    pub fn built_in(self) -> bool {
        match self {
            EngineKind::QuickJs => true,
            EngineKind::V8 => cfg!(mostrador_v8),
        }
    }

    /// The engines this binary can run, the preferred first.
    pub fn available() -> Vec<EngineKind> {
        Self::ALL.into_iter().filter(|k| k.built_in()).collect()
    }

    /// The default: V8 when built in (several times faster), otherwise QuickJS.
    pub fn preferred() -> EngineKind {
        if EngineKind::V8.built_in() {
            EngineKind::V8
        } else {
            EngineKind::QuickJs
        }
    }

    /// Short name for logs.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::QuickJs => "QuickJS",
            EngineKind::V8 => "V8 (libnode)",
        }
    }

    /// Name and version, e.g. "V8 10.2.154.26-node.37 (libnode)" (starts V8 if it was not yet).
    pub fn description(self) -> String {
        match self {
            EngineKind::QuickJs => "QuickJS (rquickjs)".into(),
            #[cfg(mostrador_v8)]
            EngineKind::V8 => match v8::flags() {
                "" => format!("V8 {} (libnode)", v8::version()),
                flags => format!("V8 {} (libnode, {flags})", v8::version()),
            },
            #[cfg(not(mostrador_v8))]
            EngineKind::V8 => "V8 (no incluido en este binario)".into(),
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EngineKind::QuickJs => "quickjs",
            EngineKind::V8 => "v8",
        })
    }
}

impl FromStr for EngineKind {
    type Err = String;

    /// `v8` or `quickjs` (any case). Naming an engine this binary lacks is an error that says how
    /// to get it, rather than a silent fallback.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let kind = match s.trim().to_ascii_lowercase().as_str() {
            "v8" => EngineKind::V8,
            "quickjs" => EngineKind::QuickJs,
            other => {
                return Err(format!(
                    "motor de render desconocido: {other} (use v8 o quickjs)"
                ));
            }
        };
        if !kind.built_in() {
            return Err(format!(
                "este binario se compiló sin {kind} (sin libnode): ejecute `bash scripts/fetch-libnode.sh` y vuelva a compilar"
            ));
        }
        Ok(kind)
    }
}

/// The bundle prepared once per process for one engine: QuickJS bytecode, or V8's source plus
/// the code cache its first engine leaves. Cheap to clone; every engine of a pool starts from it.
#[derive(Clone)]
pub enum Compiled {
    QuickJs(Arc<Vec<u8>>),
    #[cfg(mostrador_v8)]
    V8(Arc<v8::Compiled>),
}

impl Compiled {
    pub fn kind(&self) -> EngineKind {
        match self {
            Compiled::QuickJs(_) => EngineKind::QuickJs,
            #[cfg(mostrador_v8)]
            Compiled::V8(_) => EngineKind::V8,
        }
    }

    /// Size of what was compiled (bytecode, or V8's code cache), for the benchmarks.
    pub fn len(&self) -> usize {
        match self {
            Compiled::QuickJs(bytes) => bytes.len(),
            #[cfg(mostrador_v8)]
            Compiled::V8(compiled) => compiled.cache_len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One engine with the bundle loaded, ready to render many times (on one thread at a time).
pub enum Engine {
    QuickJs(quickjs::Engine),
    #[cfg(mostrador_v8)]
    V8(v8::Engine),
}

impl Engine {
    /// Prepares `source` for `kind`: QuickJS parses it to bytecode; V8 keeps the source and fills
    /// its code cache when the first engine starts. Errors the bundle raises when it runs are
    /// reported by [`Engine::new`].
    pub fn compile(kind: EngineKind, source: &str) -> Result<Compiled, SsrError> {
        Self::compile_cached(kind, source, None)
    }

    /// Like [`Engine::compile`], keeping V8's code cache in `cache_dir` between runs (QuickJS
    /// compiles its bytecode in a few milliseconds and keeps it in memory only).
    pub fn compile_cached(
        kind: EngineKind,
        source: &str,
        #[cfg_attr(not(mostrador_v8), allow(unused_variables))] cache_dir: Option<&Path>,
    ) -> Result<Compiled, SsrError> {
        match kind {
            EngineKind::QuickJs => Ok(Compiled::QuickJs(Arc::new(quickjs::Engine::compile(
                source,
            )?))),
            #[cfg(mostrador_v8)]
            EngineKind::V8 => Ok(Compiled::V8(Arc::new(v8::Compiled::new(
                source, cache_dir,
            )?))),
            #[cfg(not(mostrador_v8))]
            EngineKind::V8 => Err(SsrError::Load(
                "este binario se compiló sin V8 (scripts/fetch-libnode.sh)".into(),
            )),
        }
    }

    /// Starts an engine with the default memory limit.
    pub fn new(compiled: &Compiled) -> Result<Self, SsrError> {
        Self::with_memory_limit(compiled, DEFAULT_MEMORY_LIMIT)
    }

    /// Starts an engine whose script heap may grow to `memory_limit` bytes; a render that needs
    /// more fails with [`SsrError::OutOfMemory`] instead of taking the process down.
    pub fn with_memory_limit(compiled: &Compiled, memory_limit: usize) -> Result<Self, SsrError> {
        match compiled {
            Compiled::QuickJs(bytecode) => Ok(Engine::QuickJs(quickjs::Engine::new(
                bytecode,
                memory_limit,
            )?)),
            #[cfg(mostrador_v8)]
            Compiled::V8(compiled) => Ok(Engine::V8(v8::Engine::new(compiled, memory_limit)?)),
        }
    }

    /// Calls `render(input)` and drives its promise to the end, within `timeout`.
    pub fn render(&mut self, input: &str, timeout: Duration) -> Result<String, SsrError> {
        match self {
            Engine::QuickJs(engine) => engine.render(input, timeout),
            #[cfg(mostrador_v8)]
            Engine::V8(engine) => engine.render(input, timeout),
        }
    }

    /// Called after a successful render has been answered: V8 keeps its warm code cache then
    /// (once per process); QuickJS has nothing to keep.
    pub fn after_render(&mut self) {
        match self {
            Engine::QuickJs(_) => {}
            #[cfg(mostrador_v8)]
            Engine::V8(engine) => engine.keep_warm_cache(),
        }
    }

    /// Bytes of script heap in use now (for health and benchmarks).
    pub fn memory_used(&self) -> i64 {
        match self {
            Engine::QuickJs(engine) => engine.memory_used(),
            #[cfg(mostrador_v8)]
            Engine::V8(engine) => engine.memory_used(),
        }
    }

    pub fn kind(&self) -> EngineKind {
        match self {
            Engine::QuickJs(_) => EngineKind::QuickJs,
            #[cfg(mostrador_v8)]
            Engine::V8(_) => EngineKind::V8,
        }
    }
}

/// Where the bundle's `console.*` ends up, whatever the engine (the polyfill calls
/// `__mostradorLog(level, text)`).
pub(super) fn host_log(level: &str, text: &str) {
    match level {
        "error" => tracing::error!(target: "ssr", "{text}"),
        "warn" => tracing::warn!(target: "ssr", "{text}"),
        "debug" => tracing::debug!(target: "ssr", "{text}"),
        _ => tracing::info!(target: "ssr", "{text}"),
    }
}
