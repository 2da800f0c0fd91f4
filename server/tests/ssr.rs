//! The render engines and their pool, with tiny test bundles (ssr-bundle/test-assets): deadlines
//! enforced inside the engine, errors reported, memory limits, recovery after an interrupted
//! render, back-pressure. Every test runs on QuickJS and on V8 (skipped, saying so, when the
//! binary was built without libnode; required in CI).

use std::time::{Duration, Instant};

use mostrador::ssr::engine::{DEFAULT_MEMORY_LIMIT, Engine};
use mostrador::ssr::{EngineKind, PoolConfig, SsrError, SsrPool};

use crate::util::app::on_each_engine;

const BEHAVIOURS: &str = include_str!("../../ssr-bundle/test-assets/behaviours.js");
/// A small heap for the memory tests, so that reaching it takes a moment.
const SMALL_HEAP: usize = 32 * 1024 * 1024;

fn input(url: &str) -> String {
    serde_json::json!({ "url": url, "data": {} }).to_string()
}

fn pool(engine: EngineKind, queue: usize, timeout: Duration, memory_limit: usize) -> SsrPool {
    pool_of(1, engine, queue, timeout, memory_limit)
}

fn pool_of(
    workers: usize,
    engine: EngineKind,
    queue: usize,
    timeout: Duration,
    memory_limit: usize,
) -> SsrPool {
    SsrPool::start(
        BEHAVIOURS,
        PoolConfig {
            engine,
            workers,
            queue,
            timeout,
            memory_limit,
            cache_dir: None,
        },
    )
}

on_each_engine!(
    engine_renders_and_reports_errors,
    engine_interrupts_a_runaway_render,
    engine_stops_a_render_at_its_memory_limit,
    a_broken_bundle_is_a_load_error,
    polyfills_behave_alike,
    pool_recovers_after_a_timeout,
    pool_recovers_after_running_out_of_memory,
    pool_survives_throwing_renders,
    pool_refuses_work_beyond_its_queue,
    pool_gives_work_to_the_engine_idle_last,
    code_cache_is_kept_for_the_next_start,
);

async fn engine_renders_and_reports_errors(kind: EngineKind) {
    let compiled = Engine::compile(kind, BEHAVIOURS).unwrap();
    let mut engine = Engine::new(&compiled).unwrap();
    assert_eq!(engine.kind(), kind);
    let ok = engine
        .render(&input("http://x/ok"), Duration::from_secs(2))
        .unwrap();
    assert!(ok.contains("<p>http://x/ok</p>"));
    match engine.render(&input("http://x/throw"), Duration::from_secs(2)) {
        Err(SsrError::Render(message)) => assert!(
            message.contains("falla de prueba en el render"),
            "{message}"
        ),
        other => panic!("se esperaba un error de render: {other:?}"),
    }
    match engine.render(&input("http://x/never"), Duration::from_secs(2)) {
        Err(SsrError::Render(message)) => assert!(message.contains("nunca"), "{message}"),
        other => panic!("se esperaba un render atascado: {other:?}"),
    }
    // Timers queued by the render run once no promise job is left.
    let timed = engine
        .render(&input("http://x/timer"), Duration::from_secs(2))
        .unwrap();
    assert!(timed.contains("después del temporizador"), "{timed}");
    // The engine is still usable after ordinary errors.
    assert!(
        engine
            .render(&input("http://x/again"), Duration::from_secs(2))
            .is_ok()
    );
}

async fn engine_interrupts_a_runaway_render(kind: EngineKind) {
    let compiled = Engine::compile(kind, BEHAVIOURS).unwrap();
    let mut engine = Engine::new(&compiled).unwrap();
    for url in ["http://x/loop", "http://x/timer-loop"] {
        let started = Instant::now();
        let result = engine.render(&input(url), Duration::from_millis(200));
        assert!(
            matches!(result, Err(SsrError::Timeout(_))),
            "{url}: {result:?}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{url} stopped near its deadline: {:?}",
            started.elapsed()
        );
    }
    // The interruption does not linger: the same engine renders again (the pool replaces it
    // anyway, but a termination left pending would hit whichever render came next).
    let ok = engine
        .render(&input("http://x/ok"), Duration::from_secs(2))
        .unwrap();
    assert!(ok.contains("http://x/ok"));
}

async fn engine_stops_a_render_at_its_memory_limit(kind: EngineKind) {
    let compiled = Engine::compile(kind, BEHAVIOURS).unwrap();
    let mut engine = Engine::with_memory_limit(&compiled, SMALL_HEAP).unwrap();
    let result = engine.render(&input("http://x/hog"), Duration::from_secs(20));
    assert!(
        matches!(result, Err(SsrError::OutOfMemory(_))),
        "a render that keeps allocating is stopped: {result:?}"
    );
}

async fn a_broken_bundle_is_a_load_error(kind: EngineKind) {
    // QuickJS parses the bundle when compiling, V8 when the first engine starts: either way a
    // broken bundle is a load error that says why.
    let load = |source: &str| {
        Engine::compile(kind, source).and_then(|compiled| Engine::new(&compiled).map(|_| ()))
    };
    for (source, why) in [
        ("globalThis.render = ;", "unexpected token"),
        (
            "throw new Error('el paquete falla al cargar')",
            "el paquete falla al cargar",
        ),
        ("globalThis.nada = 1;", "render"),
    ] {
        let result = load(source);
        assert!(
            matches!(&result, Err(SsrError::Load(m)) if m.to_lowercase().contains(why)),
            "{source}: {result:?}"
        );
    }
}

/// The polyfills decide what the bundle sees, whatever the engine: the same answer from both.
async fn polyfills_behave_alike(kind: EngineKind) {
    let compiled = Engine::compile(kind, BEHAVIOURS).unwrap();
    let mut engine = Engine::new(&compiled).unwrap();
    let probe = engine
        .render(&input("http://x/probe"), Duration::from_secs(2))
        .unwrap();
    let quickjs = {
        let compiled = Engine::compile(EngineKind::QuickJs, BEHAVIOURS).unwrap();
        Engine::new(&compiled)
            .unwrap()
            .render(&input("http://x/probe"), Duration::from_secs(2))
            .unwrap()
    };
    assert_eq!(probe, quickjs);
    assert!(
        probe.contains("console:undefined") && probe.contains("__mostradorLog:function"),
        "the polyfill routes console to the host log: {probe}"
    );
}

async fn pool_recovers_after_a_timeout(kind: EngineKind) {
    let pool = pool(kind, 8, Duration::from_millis(200), DEFAULT_MEMORY_LIMIT);
    pool.ready().await;
    assert_eq!(pool.engine(), kind);
    assert!(matches!(
        pool.render(input("http://x/loop")).await,
        Err(SsrError::Timeout(_))
    ));
    let after = pool.render(input("http://x/ok")).await.unwrap();
    assert!(after.contains("http://x/ok"), "a fresh engine took over");
}

async fn pool_recovers_after_running_out_of_memory(kind: EngineKind) {
    let pool = pool(kind, 8, Duration::from_secs(20), SMALL_HEAP);
    pool.ready().await;
    for _ in 0..2 {
        assert!(matches!(
            pool.render(input("http://x/hog")).await,
            Err(SsrError::OutOfMemory(_))
        ));
        let after = pool.render(input("http://x/ok")).await.unwrap();
        assert!(after.contains("http://x/ok"), "a fresh engine took over");
    }
}

async fn pool_survives_throwing_renders(kind: EngineKind) {
    let pool = pool(kind, 64, Duration::from_secs(2), DEFAULT_MEMORY_LIMIT);
    pool.ready().await;
    for n in 0..20 {
        let url = if n % 2 == 0 {
            "http://x/throw"
        } else {
            "http://x/ok"
        };
        let result = pool.render(input(url)).await;
        if n % 2 == 0 {
            assert!(matches!(result, Err(SsrError::Render(_))), "{result:?}");
        } else {
            assert!(result.unwrap().contains("http://x/ok"));
        }
    }
}

async fn pool_refuses_work_beyond_its_queue(kind: EngineKind) {
    let pool = pool(kind, 1, Duration::from_millis(500), DEFAULT_MEMORY_LIMIT);
    pool.ready().await;
    // Waited for, never slept on: on a loaded machine the engine's thread is slow to get there.
    let idle_engines_become = |n: usize| {
        let pool = pool.clone();
        async move {
            let started = Instant::now();
            while pool.idle_engines() != n {
                assert!(
                    started.elapsed() < Duration::from_secs(10),
                    "los motores libres no llegaron a {n}"
                );
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
    };
    idle_engines_become(1).await; // the engine waits for work
    let busy = tokio::spawn({
        let pool = pool.clone();
        async move { pool.render(input("http://x/loop")).await }
    });
    idle_engines_become(0).await; // it took the loop
    // One poll of the next render puts its job in the queue (then it waits for its answer).
    let mut queued = Box::pin({
        let pool = pool.clone();
        async move { pool.render(input("http://x/ok")).await }
    });
    std::future::poll_fn(|cx| {
        let _ = queued.as_mut().poll(cx);
        std::task::Poll::Ready(())
    })
    .await;
    assert!(matches!(
        pool.render(input("http://x/ok")).await,
        Err(SsrError::Overloaded)
    ));
    let busy = busy.await.unwrap();
    assert!(matches!(busy, Err(SsrError::Timeout(_))), "{busy:?}");
    assert!(
        queued.await.is_ok(),
        "the queued render ran after the timeout"
    );
}

/// One page after another goes to the same engine (the one idle last, its caches warm), not to
/// each engine in turn; two at once go to both.
async fn pool_gives_work_to_the_engine_idle_last(kind: EngineKind) {
    let pool = pool_of(2, kind, 4, Duration::from_secs(2), DEFAULT_MEMORY_LIMIT);
    pool.ready().await;
    let both_idle = || async {
        while pool.idle_engines() < 2 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    };
    both_idle().await; // the second engine is loaded too
    let mut names = Vec::new();
    for _ in 0..6 {
        names.push(pool.render(input("http://x/whoami")).await.unwrap());
        both_idle().await; // the engine answers, then tidies up before it waits again
    }
    assert!(
        names.iter().all(|n| *n == names[0]),
        "one engine rendered them all: {names:?}"
    );
    // While that engine is stuck, the other one renders.
    let busy = tokio::spawn({
        let pool = pool.clone();
        async move { pool.render(input("http://x/loop")).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let other = pool.render(input("http://x/whoami")).await.unwrap();
    let next = pool.render(input("http://x/whoami")).await.unwrap();
    assert_ne!(
        names[0], other,
        "the idle engine took the page while the other was busy"
    );
    assert_eq!(other, next, "and the next one");
    assert!(
        busy.await.unwrap().is_err(),
        "the loop ran until its deadline"
    );
}

/// V8 writes its code cache after the first render and a later start of the same bundle loads
/// it (a damaged file is refused by V8, compiled around and written again); QuickJS writes
/// nothing.
async fn code_cache_is_kept_for_the_next_start(kind: EngineKind) {
    let dir = tempfile::tempdir().unwrap();
    let files = || -> Vec<std::path::PathBuf> {
        std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect()
    };
    let first = {
        let compiled = Engine::compile_cached(kind, BEHAVIOURS, Some(dir.path())).unwrap();
        let mut engine = Engine::new(&compiled).unwrap();
        let html = engine
            .render(&input("http://x/ok"), Duration::from_secs(2))
            .unwrap();
        engine.after_render();
        html
    };
    if kind == EngineKind::QuickJs {
        assert!(files().is_empty(), "{:?}", files());
        return;
    }
    let stored = files();
    assert_eq!(stored.len(), 1, "{stored:?}");
    let name = stored[0].file_name().unwrap().to_string_lossy().to_string();
    assert!(
        name.starts_with("ssr-v8-") && name.ends_with(".bin"),
        "{name}"
    );
    let bytes = std::fs::read(&stored[0]).unwrap();
    assert!(bytes.len() > 1000, "{} bytes", bytes.len());

    // The next start loads the file as it is and renders the same page.
    let compiled = Engine::compile_cached(kind, BEHAVIOURS, Some(dir.path())).unwrap();
    assert_eq!(compiled.len(), bytes.len());
    let mut engine = Engine::new(&compiled).unwrap();
    let again = engine
        .render(&input("http://x/ok"), Duration::from_secs(2))
        .unwrap();
    assert_eq!(again, first);

    // A damaged file: V8 refuses it, the engine compiles from source, the file is rewritten.
    std::fs::write(&stored[0], b"no es una cache de V8").unwrap();
    let compiled = Engine::compile_cached(kind, BEHAVIOURS, Some(dir.path())).unwrap();
    let mut engine = Engine::new(&compiled).unwrap();
    let repaired = engine
        .render(&input("http://x/ok"), Duration::from_secs(2))
        .unwrap();
    assert_eq!(repaired, first);
    engine.after_render();
    let rewritten = std::fs::read(&stored[0]).unwrap();
    assert!(rewritten.len() > 1000 && rewritten != b"no es una cache de V8");
    assert_eq!(files().len(), 1, "no partial files left: {:?}", files());
}

/// V8 starts with the server's default flags (`SSR_V8_FLAGS` unset, as in CI) and the start-up
/// log's description names them: renders do their garbage collection and compilation on their
/// own thread (`server/ssr/v8/mod.rs`, `DEFAULT_FLAGS`).
#[test]
fn v8_names_its_flags() {
    let Some(engine) = crate::util::app::v8_engine() else {
        return;
    };
    if std::env::var_os("SSR_V8_FLAGS").is_some() {
        return;
    }
    let description = engine.description();
    assert!(
        description.starts_with("V8 ") && description.ends_with("(libnode, --single-threaded)"),
        "{description}"
    );
}
