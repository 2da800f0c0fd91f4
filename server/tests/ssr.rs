//! The render engine and its pool, with tiny test bundles (ssr-bundle/test-assets): deadlines
//! enforced inside the engine, errors reported, recovery after an interrupted render, back-pressure.

use std::time::{Duration, Instant};

use mostrador::ssr::engine::Engine;
use mostrador::ssr::{PoolConfig, SsrError, SsrPool};

const BEHAVIOURS: &str = include_str!("../../ssr-bundle/test-assets/behaviours.js");

fn input(url: &str) -> String {
    serde_json::json!({ "url": url, "data": {} }).to_string()
}

#[test]
fn engine_renders_and_reports_errors() {
    let bytecode = Engine::compile(BEHAVIOURS).unwrap();
    let mut engine = Engine::new(&bytecode).unwrap();
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
    // The engine is still usable after ordinary errors.
    assert!(
        engine
            .render(&input("http://x/again"), Duration::from_secs(2))
            .is_ok()
    );
}

#[test]
fn engine_interrupts_a_runaway_render() {
    let bytecode = Engine::compile(BEHAVIOURS).unwrap();
    let mut engine = Engine::new(&bytecode).unwrap();
    let started = Instant::now();
    let result = engine.render(&input("http://x/loop"), Duration::from_millis(200));
    assert!(matches!(result, Err(SsrError::Timeout(_))), "{result:?}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "stopped near its deadline: {:?}",
        started.elapsed()
    );
}

#[test]
fn a_broken_bundle_is_a_load_error() {
    assert!(matches!(
        Engine::compile("globalThis.render = ;"),
        Err(SsrError::Load(_))
    ));
    let bytecode = Engine::compile("globalThis.nada = 1;").unwrap();
    assert!(matches!(Engine::new(&bytecode), Err(SsrError::Load(m)) if m.contains("render")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pool_recovers_after_a_timeout() {
    let pool = SsrPool::start(
        BEHAVIOURS,
        PoolConfig {
            workers: 1,
            queue: 8,
            timeout: Duration::from_millis(200),
        },
    );
    pool.ready().await;
    assert!(matches!(
        pool.render(input("http://x/loop")).await,
        Err(SsrError::Timeout(_))
    ));
    let after = pool.render(input("http://x/ok")).await.unwrap();
    assert!(after.contains("http://x/ok"), "a fresh engine took over");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pool_refuses_work_beyond_its_queue() {
    let pool = SsrPool::start(
        BEHAVIOURS,
        PoolConfig {
            workers: 1,
            queue: 1,
            timeout: Duration::from_millis(500),
        },
    );
    pool.ready().await;
    let busy = tokio::spawn({
        let pool = pool.clone();
        async move { pool.render(input("http://x/loop")).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await; // the worker is now stuck in the loop
    let queued = tokio::spawn({
        let pool = pool.clone();
        async move { pool.render(input("http://x/ok")).await }
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(matches!(
        pool.render(input("http://x/ok")).await,
        Err(SsrError::Overloaded)
    ));
    assert!(matches!(busy.await.unwrap(), Err(SsrError::Timeout(_))));
    assert!(
        queued.await.unwrap().is_ok(),
        "the queued render ran after the timeout"
    );
}
