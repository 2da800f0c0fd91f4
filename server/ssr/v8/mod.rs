//! The V8 render engine: Debian's libnode (Node.js 18 as a shared library) exports V8's C++ API;
//! `shim.cc` wraps the part we need behind a C ABI and this file makes it safe to use from Rust.
//! Compiled only when build.rs found libnode (`cfg(mostrador_v8)`).
//!
//! - [`Compiled`]: the bundle's source plus V8's code cache, made once per process by the first
//!   engine that compiles the bundle. Later engines (the other workers, replacements) load it
//!   from that cache instead of parsing and compiling the JavaScript again. After the first
//!   render the cache is taken again (now with the functions that render compiled) and kept on
//!   disk, so the next start of the same build skips the compilation too.
//! - [`Engine`]: one isolate and context. A render's deadline is enforced by a watchdog thread
//!   that calls `TerminateExecution` (a script in a tight loop never returns to us by itself);
//!   the isolate's heap is capped with `ResourceConstraints`, and a near-heap-limit callback
//!   terminates the render instead of letting V8 abort the process. Either way the render fails
//!   with an error (the server shows its error page) and the pool replaces the isolate.

use std::collections::HashMap;
use std::ffi::{CStr, c_char, c_int, c_void};
use std::path::{Path, PathBuf};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use super::error::SsrError;

mod ffi {
    use std::ffi::{c_char, c_int, c_void};

    #[repr(C)]
    pub struct Bytes {
        pub data: *mut c_char,
        pub len: usize,
    }

    pub const OK: c_int = 0;
    pub const TERMINATED: c_int = 2;
    pub const HEAP_LIMIT: c_int = 3;

    pub type LogFn = extern "C" fn(*const c_char, usize, *const c_char, usize);

    unsafe extern "C" {
        pub fn mv8_init(flags: *const c_char, log: LogFn);
        pub fn mv8_version() -> *const c_char;
        pub fn mv8_new(
            source: *const c_char,
            source_len: usize,
            cache: *const u8,
            cache_len: usize,
            heap_limit: usize,
            cache_rejected: *mut c_int,
            cache_out: *mut Bytes,
            error: *mut Bytes,
        ) -> *mut c_void;
        pub fn mv8_render(
            engine: *mut c_void,
            input: *const c_char,
            input_len: usize,
            timeout_ms: u64,
            out: *mut Bytes,
        ) -> c_int;
        pub fn mv8_terminate(engine: *mut c_void);
        pub fn mv8_cancel_terminate(engine: *mut c_void);
        pub fn mv8_heap(
            engine: *mut c_void,
            used: *mut usize,
            total: *mut usize,
            limit: *mut usize,
        );
        pub fn mv8_free(engine: *mut c_void);
        pub fn mv8_code_cache(engine: *mut c_void, out: *mut Bytes);
        pub fn mv8_bytes_free(bytes: *mut Bytes);
    }
}

/// Bytes handed over by the shim, freed on drop.
struct Owned(ffi::Bytes);

impl Owned {
    fn empty() -> Self {
        Owned(ffi::Bytes {
            data: std::ptr::null_mut(),
            len: 0,
        })
    }

    fn as_bytes(&self) -> &[u8] {
        if self.0.data.is_null() {
            return &[];
        }
        // SAFETY: the shim filled `data` with `len` bytes from malloc.
        unsafe { std::slice::from_raw_parts(self.0.data.cast::<u8>(), self.0.len) }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(self.as_bytes()).into_owned()
    }
}

impl Drop for Owned {
    fn drop(&mut self) {
        // SAFETY: allocated by the shim (or null, which free accepts).
        unsafe { ffi::mv8_bytes_free(&mut self.0) }
    }
}

extern "C" fn log(level: *const c_char, level_len: usize, text: *const c_char, text_len: usize) {
    // SAFETY: the shim passes UTF-8 buffers valid for the call.
    let (level, text) = unsafe {
        (
            std::slice::from_raw_parts(level.cast::<u8>(), level_len),
            std::slice::from_raw_parts(text.cast::<u8>(), text_len),
        )
    };
    super::engine::host_log(
        &String::from_utf8_lossy(level),
        &String::from_utf8_lossy(text),
    );
}

/// V8's flags when `SSR_V8_FLAGS` is not set.
///
/// `--single-threaded`: V8 does its garbage collection and optimising compilation on the thread
/// that renders, instead of handing them to helper threads. The server already keeps every core
/// busy with its own render threads and tokio's, so the helpers only competed with them for the
/// same cores: two engines rendering the 150-line A4 side by side on the 2-core machine did
/// 7–13 % more renders per second with it (three alternated rounds, `--single-threaded` against
/// the defaults: 957/930, 926/848, 870/768 renders/s), at the price of the longest garbage
/// collections pausing the render that triggers them (p99 of one render 8 → 13 ms).
const DEFAULT_FLAGS: &str = "--single-threaded";

/// V8's command-line flags: `SSR_V8_FLAGS` when set (an operator's tuning, as Node's
/// `NODE_OPTIONS`; empty for V8's own defaults), else [`DEFAULT_FLAGS`].
pub fn flags() -> &'static str {
    static FLAGS: OnceLock<String> = OnceLock::new();
    FLAGS.get_or_init(|| std::env::var("SSR_V8_FLAGS").unwrap_or_else(|_| DEFAULT_FLAGS.into()))
}

/// Starts V8 once per process, with [`flags`].
fn init() {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        let flags = std::ffi::CString::new(flags()).unwrap_or_default();
        // SAFETY: a valid C string and a function that lives for the whole process.
        unsafe { ffi::mv8_init(flags.as_ptr(), log) }
    });
}

/// V8's version ("10.2.154.26-node.36" with Debian 12's libnode).
pub fn version() -> &'static str {
    init();
    // SAFETY: V8 returns a static NUL-terminated string.
    unsafe { CStr::from_ptr(ffi::mv8_version()) }
        .to_str()
        .unwrap_or("?")
}

/// The bundle ready for V8: its source (V8 checks it against the cache and compiles from it the
/// functions the cache lacks) and V8's code cache.
///
/// No scratch isolate compiles the bundle up front: the first engines compile it from source
/// (as fast as a scratch isolate would, and they are then ready) and leave the cache for every
/// later engine, which loads in a third of the time. The first render then takes a *warm* cache
/// (with the functions rendering compiled lazily) and writes it to `file`, named after the
/// bundle and V8's version, so that the next start of the same build loads everything from it.
/// V8 checks a cache against the source and its flags and refuses one that does not match; the
/// engine then compiles from source and the file is written again.
pub struct Compiled {
    source: String,
    cache: Mutex<Option<Arc<Vec<u8>>>>,
    /// Whether `cache` already holds functions that ran in a render (from disk or taken after
    /// this process's first render): then nothing more needs taking.
    warm: AtomicBool,
    file: Option<PathBuf>,
}

impl Compiled {
    /// The bundle `source`, with its code cache kept in `cache_dir` (memory only when `None`).
    pub fn new(source: &str, cache_dir: Option<&Path>) -> Result<Self, SsrError> {
        let file = cache_dir.map(|dir| dir.join(cache_file_name(source)));
        let stored = file.as_deref().and_then(|f| std::fs::read(f).ok());
        Ok(Compiled {
            source: source.to_string(),
            warm: AtomicBool::new(stored.is_some()),
            cache: Mutex::new(stored.map(Arc::new)),
            file,
        })
    }

    /// Bytes of code cache (0 until an engine has compiled the bundle).
    pub fn cache_len(&self) -> usize {
        self.current().map_or(0, |c| c.len())
    }

    fn current(&self) -> Option<Arc<Vec<u8>>> {
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn replace(&self, bytes: Vec<u8>) {
        *self.cache.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(bytes));
    }

    /// Keeps a warm cache in memory and on disk (written beside and renamed, so that a process
    /// starting meanwhile never reads half a file). A disk that cannot be written only costs
    /// the next start its compilation.
    fn store_warm(&self, bytes: Vec<u8>) {
        if let Some(file) = &self.file {
            let written = file
                .parent()
                .map_or(Ok(()), std::fs::create_dir_all)
                .and_then(|()| {
                    let partial = file.with_extension(format!("{}.tmp", std::process::id()));
                    std::fs::write(&partial, &bytes)?;
                    std::fs::rename(&partial, file)
                });
            match written {
                Ok(()) => tracing::debug!(
                    file = %file.display(),
                    bytes = bytes.len(),
                    "caché de código de V8 guardada"
                ),
                Err(err) => tracing::warn!(
                    file = %file.display(),
                    %err,
                    "no se pudo guardar la caché de código de V8"
                ),
            }
        }
        self.replace(bytes);
    }
}

/// `ssr-v8-<hash>.bin`, the hash of V8's version, its flags and the bundle: a new build or a new
/// libnode never finds an old file.
fn cache_file_name(source: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    hash.update(version().as_bytes());
    hash.update([0]);
    // V8 refuses a cache made under other flags: two processes started with different
    // `SSR_V8_FLAGS` keep a file each instead of rewriting one another's.
    hash.update(flags().as_bytes());
    hash.update([0]);
    hash.update(source.as_bytes());
    let digest = hash.finalize();
    let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    format!("ssr-v8-{hex}.bin")
}

/// A render in progress, as the watchdog sees it.
struct Armed {
    engine: usize,
    deadline: Instant,
    fired: bool,
}

/// One thread per process that stops renders past their deadline. An engine registers itself
/// for the length of one render only, under the mutex, so the watchdog never touches an isolate
/// that is not rendering (or no longer exists).
struct Watchdog {
    armed: Mutex<HashMap<u64, Armed>>,
    wake: Condvar,
}

impl Watchdog {
    #[allow(
        clippy::expect_used,
        reason = "started once, with the first V8 engine: without it a runaway render could never be stopped"
    )]
    fn get() -> &'static Watchdog {
        static WATCHDOG: OnceLock<&'static Watchdog> = OnceLock::new();
        WATCHDOG.get_or_init(|| {
            let watchdog: &'static Watchdog = Box::leak(Box::new(Watchdog {
                armed: Mutex::new(HashMap::new()),
                wake: Condvar::new(),
            }));
            std::thread::Builder::new()
                .name("ssr-v8-watchdog".into())
                .spawn(move || watchdog.run())
                .expect("no se pudo iniciar el vigilante de renders de V8");
            watchdog
        })
    }

    fn run(&self) {
        let mut armed = self.armed.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let now = Instant::now();
            let mut next: Option<Instant> = None;
            for render in armed.values_mut().filter(|r| !r.fired) {
                if render.deadline <= now {
                    // SAFETY: the engine is registered, so it exists and is rendering; it
                    // unregisters under this same lock before it can be freed.
                    unsafe { ffi::mv8_terminate(render.engine as *mut c_void) };
                    render.fired = true;
                } else {
                    next = Some(next.map_or(render.deadline, |n| n.min(render.deadline)));
                }
            }
            armed = match next {
                None => self.wake.wait(armed).unwrap_or_else(|e| e.into_inner()),
                Some(at) => {
                    self.wake
                        .wait_timeout(armed, at.saturating_duration_since(now))
                        .unwrap_or_else(|e| e.into_inner())
                        .0
                }
            };
        }
    }

    fn arm(&self, id: u64, engine: usize, deadline: Instant) {
        let mut armed = self.armed.lock().unwrap_or_else(|e| e.into_inner());
        armed.insert(
            id,
            Armed {
                engine,
                deadline,
                fired: false,
            },
        );
        self.wake.notify_one();
    }

    /// Unregisters a render; tells whether the watchdog terminated it.
    fn disarm(&self, id: u64) -> bool {
        let mut armed = self.armed.lock().unwrap_or_else(|e| e.into_inner());
        armed.remove(&id).is_some_and(|r| r.fired)
    }
}

/// One isolate with the bundle loaded.
pub struct Engine {
    handle: NonNull<c_void>,
    id: u64,
    compiled: Arc<Compiled>,
}

impl Engine {
    /// A new isolate whose heap may grow to `heap_limit` bytes, with the bundle loaded from
    /// `compiled`'s code cache (or compiled from source, filling that cache).
    pub fn new(compiled: &Arc<Compiled>, heap_limit: usize) -> Result<Self, SsrError> {
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        init();
        let mut error = Owned::empty();
        let mut cache_out = Owned::empty();
        let mut rejected: c_int = 0;
        let held = compiled.current();
        let cache = held.as_deref().map_or(&[][..], Vec::as_slice);
        // SAFETY: valid buffers for the call; the shim copies what it keeps.
        let handle = unsafe {
            ffi::mv8_new(
                compiled.source.as_ptr().cast(),
                compiled.source.len(),
                cache.as_ptr(),
                cache.len(),
                heap_limit,
                &mut rejected,
                &mut cache_out.0,
                &mut error.0,
            )
        };
        let Some(handle) = NonNull::new(handle) else {
            return Err(SsrError::Load(error.text()));
        };
        if rejected != 0 {
            tracing::warn!("V8 rechazó la caché de código del paquete: se compiló desde el fuente");
            compiled.warm.store(false, Ordering::Relaxed);
        }
        if !cache_out.as_bytes().is_empty() {
            compiled.replace(cache_out.as_bytes().to_vec());
        }
        Ok(Engine {
            handle,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            compiled: compiled.clone(),
        })
    }

    /// Calls `render(input)` and drives its promise to the end, within `timeout`.
    pub fn render(&mut self, input: &str, timeout: Duration) -> Result<String, SsrError> {
        let watchdog = Watchdog::get();
        let deadline = Instant::now() + timeout;
        watchdog.arm(self.id, self.handle.as_ptr() as usize, deadline);
        let mut out = Owned::empty();
        // SAFETY: the engine is alive and used by this thread only (`&mut self`).
        let status = unsafe {
            ffi::mv8_render(
                self.handle.as_ptr(),
                input.as_ptr().cast(),
                input.len(),
                u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
                &mut out.0,
            )
        };
        if watchdog.disarm(self.id) {
            // The watchdog may have fired just as the render ended on its own: clear the pending
            // termination so that it cannot hit the next render.
            // SAFETY: as above.
            unsafe { ffi::mv8_cancel_terminate(self.handle.as_ptr()) };
        }
        match status {
            ffi::OK => String::from_utf8(out.as_bytes().to_vec())
                .map_err(|e| SsrError::Render(e.to_string())),
            ffi::TERMINATED => Err(SsrError::Timeout(timeout)),
            ffi::HEAP_LIMIT => Err(SsrError::OutOfMemory(out.text())),
            _ => Err(SsrError::Render(out.text())),
        }
    }

    /// After this engine's first successful render in the process, takes the warm code cache
    /// (once per process and bundle) and keeps it; the pool calls it after answering, so no
    /// request waits for it.
    pub fn keep_warm_cache(&mut self) {
        if self.compiled.warm.swap(true, Ordering::Relaxed) {
            return;
        }
        let mut out = Owned::empty();
        // SAFETY: the engine is alive and used by this thread only (`&mut self`).
        unsafe { ffi::mv8_code_cache(self.handle.as_ptr(), &mut out.0) };
        if !out.as_bytes().is_empty() {
            self.compiled.store_warm(out.as_bytes().to_vec());
        }
    }

    /// Bytes of V8 heap in use now.
    pub fn memory_used(&self) -> i64 {
        let (mut used, mut total, mut limit) = (0usize, 0usize, 0usize);
        // SAFETY: the engine is alive; the shim takes the isolate's lock.
        unsafe { ffi::mv8_heap(self.handle.as_ptr(), &mut used, &mut total, &mut limit) };
        i64::try_from(used).unwrap_or(i64::MAX)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // SAFETY: not registered with the watchdog (render always disarms), freed once.
        unsafe { ffi::mv8_free(self.handle.as_ptr()) }
    }
}
