//! SSR under load against the peer a user would pick (issue 27, point 4): the printable A4 of 150
//! lines and `/admin`, loaded with wrk (32 connections), served by Mostrador — with its session
//! check, page loader, render pool and HTML shell, on the demo database — and by a Node.js HTTP
//! server that renders the same `server.js` bundle with the same input fixed at start (no
//! database, no session; `bench/node-ssr-server.mjs`), once as one process and once as a
//! `node:cluster` with one worker per core. Prints requests/s, p50 and p99 side by side and
//! Mostrador's ratio to each. The three servers run one after the other on the same machine, so
//! each gets all of it (wrk included). Run: `cargo bench --bench ssr_load`
//! (`BENCH_SECONDS` per measure, 10 by default).
//!
//! A last row per page is the ceiling of any server built on the embedded engine: Mostrador's
//! engines alone, one per core, rendering the same input in this process for as long, with no
//! HTTP, session, loader or page assembly (p50 and p99 of one render). A server cannot serve
//! more pages per second than its engines render.

#[path = "support/node.rs"]
mod node;
#[path = "support/mod.rs"]
mod support;

use std::process::Command;

use std::time::{Duration, Instant};

use mostrador::ssr::bundle::{SERVER_JS, build_id, manifest};
use mostrador::ssr::engine::{Compiled, Engine};

const BIN: &str = env!("CARGO_BIN_EXE_mostrador");

/// What wrk measured: requests/s, p50 and p99 in milliseconds, and non-2xx answers.
struct Load {
    rps: f64,
    p50: f64,
    p99: f64,
    errors: u64,
}

/// wrk's duration (`812.00us`, `3.41ms`, `1.20s`) in milliseconds.
fn millis(text: &str) -> Option<f64> {
    let (number, factor) = if let Some(n) = text.strip_suffix("us") {
        (n, 0.001)
    } else if let Some(n) = text.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1000.0)
    } else {
        (text, 1.0)
    };
    number.parse::<f64>().ok().map(|n| n * factor)
}

/// Loads `url` with wrk: 2 threads, 32 connections, `seconds` s.
fn wrk(url: &str, cookie: Option<&str>, seconds: u64) -> Option<Load> {
    let mut command = Command::new("wrk");
    command.args(["-t2", "-c32", &format!("-d{seconds}s"), "--latency", url]);
    if let Some(cookie) = cookie {
        command.args(["-H", &format!("Cookie: {cookie}")]);
    }
    let output = command.output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let field = |prefix: &str| -> Option<String> {
        text.lines()
            .find(|l| l.trim_start().starts_with(prefix))?
            .split_whitespace()
            .nth(1)
            .map(str::to_string)
    };
    let errors = text
        .lines()
        .find(|l| l.trim_start().starts_with("Non-2xx"))
        .and_then(|l| l.rsplit(' ').next()?.parse().ok())
        .unwrap_or(0);
    Some(Load {
        rps: field("Requests/sec:")?.parse().ok()?,
        p50: millis(&field("50%")?)?,
        p99: millis(&field("99%")?)?,
        errors,
    })
}

/// `threads` engines of the default kind, each on its own thread, rendering `input` for
/// `seconds` after a warm-up: renders per second of them all, p50 and p99 of one render.
fn engines_alone(compiled: &Compiled, input: &str, threads: usize, seconds: u64) -> Load {
    let until = Instant::now() + Duration::from_secs(2 + seconds);
    let times: Vec<Vec<f64>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut engine = Engine::new(compiled).expect("motor");
                    let warm = Instant::now() + Duration::from_secs(2);
                    let render = |engine: &mut Engine| {
                        engine
                            .render(input, Duration::from_secs(5))
                            .expect("render");
                    };
                    while Instant::now() < warm {
                        render(&mut engine);
                    }
                    let mut times = Vec::new();
                    while Instant::now() < until {
                        let at = Instant::now();
                        render(&mut engine);
                        times.push(at.elapsed().as_secs_f64() * 1000.0);
                    }
                    times
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut all: Vec<f64> = times.into_iter().flatten().collect();
    let rps = all.len() as f64 / seconds as f64;
    all.sort_by(f64::total_cmp);
    let at = |q: f64| all[((all.len() - 1) as f64 * q).round() as usize];
    Load {
        rps,
        p50: at(0.5),
        p99: at(0.99),
        errors: 0,
    }
}

fn main() {
    if Command::new("wrk").arg("--version").output().is_err() {
        println!("wrk no está instalado (apt-get install wrk): se omite esta medida");
        return;
    }
    let Some(node_version) = node::version() else {
        println!("Node.js no está disponible: sin referencia, se omite esta medida");
        return;
    };
    let seconds: u64 = std::env::var("BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    let dir = tempfile::tempdir().expect("carpeta temporal");
    let db = format!("sqlite://{}", dir.path().join("bench.db").display());
    let (server, port) = support::serve_demo(BIN, &db);
    let (cookie, _) = support::sign_in(port, "admin@demo.ec", "demo12345");
    let css = manifest().css.clone();
    let compiled = Engine::compile(mostrador::ssr::EngineKind::preferred(), SERVER_JS)
        .expect("compilar el paquete");
    println!(
        "SSR con carga: wrk, 32 conexiones, {seconds} s por medida, {cores} núcleos; Node.js {node_version} con el mismo paquete y la misma entrada"
    );
    println!(
        "  {:<48} {:>10} {:>10} {:>10} {:>12}",
        "", "sol/s", "p50", "p99", "Mostrador ×"
    );
    for (label, path, marker) in [
        ("A4 de 150 líneas", "/tickets/prueba/A4", "PRD-0150"),
        ("/admin", "/admin", "Mostrador"),
    ] {
        let (status, _, body) =
            support::http(port, "GET", path, &[("Cookie", &cookie)], b"").expect(path);
        assert!(status == 200 && body.contains(marker), "{path}: {status}");
        let input = node::page_input(&db, path, "admin@demo.ec", None);
        let ours = wrk(
            &format!("http://127.0.0.1:{port}{path}"),
            Some(&cookie),
            seconds,
        )
        .expect("wrk contra Mostrador");
        let mut rows = vec![(format!("{label}: Mostrador"), ours)];
        for (name, workers) in [
            ("Node.js, un proceso".to_string(), 1),
            (format!("Node.js, node:cluster ×{cores}"), cores),
        ] {
            let Some(peer) = node::HttpServer::cluster(&input, build_id(), &css, workers) else {
                println!("  {name}: no arrancó");
                continue;
            };
            let (status, _, body) = support::http(peer.port, "GET", "/", &[], b"").expect("Node");
            assert!(
                status == 200 && body.contains(marker),
                "Node {path}: {status}"
            );
            if let Some(load) = wrk(&format!("http://127.0.0.1:{}/", peer.port), None, seconds) {
                rows.push((format!("{label}: {name}"), load));
            }
        }
        rows.push((
            format!("{label}: motores solos ×{cores} (sin HTTP)"),
            engines_alone(&compiled, &input, cores, seconds),
        ));
        let mostrador_rps = rows[0].1.rps;
        for (name, load) in &rows {
            let ratio = if std::ptr::eq(load, &rows[0].1) {
                String::new()
            } else {
                format!("×{:.2}", mostrador_rps / load.rps)
            };
            println!(
                "  {name:<48} {:>10.0} {:>7.2} ms {:>7.2} ms {ratio:>12}{}",
                load.rps,
                load.p50,
                load.p99,
                if load.errors > 0 {
                    format!("  ({} respuestas no 2xx)", load.errors)
                } else {
                    String::new()
                }
            );
        }
    }
    drop(server);
}
