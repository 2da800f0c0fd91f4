//! Restaurant event fan-out (issue 26): 50 kitchen screens (SSE clients of
//! `GET /api/restaurant/events`) spread over two server processes on one PostgreSQL database,
//! while orders are sent at 20 per second through both servers (each order: open an express
//! order, send a round — the round's event is the one timed). Prints the p50/p99 delivery latency
//! (from sending the round's POST to each screen receiving its event, so it includes the write) and
//! each server's RSS before and after.
//!
//! `BENCH_DATABASE_URL=postgres://… cargo bench --bench restaurant_events` (a fresh schema of
//! that database is used); without it, one server on SQLite (the screens are then all on it).
//! `BENCH_SECONDS` (default 30), `BENCH_CLIENTS` (50) and `BENCH_RATE` (20 orders/s) change the
//! run.

#[path = "support/mod.rs"]
mod support;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::{Server, pg_schema, serve_demo};

const BIN: &str = env!("CARGO_BIN_EXE_mostrador");

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn rss_mb(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// A second server on the same database (the demo data is already there).
fn serve(db: &str) -> (Server, u16) {
    support::serve(BIN, db, &[])
}

/// A signed-in session on a server: base URL, cookie header, CSRF token.
#[derive(Clone)]
struct Session {
    http: reqwest::Client,
    base: String,
    cookie: String,
    csrf: String,
}

impl Session {
    fn new(port: u16, (cookie, csrf): (String, String)) -> Session {
        Session {
            http: reqwest::Client::new(),
            base: format!("http://127.0.0.1:{port}"),
            cookie,
            csrf,
        }
    }

    fn on(&self, port: u16) -> Session {
        Session {
            http: reqwest::Client::new(),
            base: format!("http://127.0.0.1:{port}"),
            ..self.clone()
        }
    }

    async fn post(&self, path: &str, body: Value) -> Value {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("Content-Type", "application/json")
            .header("Cookie", &self.cookie)
            .header("X-CSRF-Token", &self.csrf)
            .body(body.to_string())
            .send()
            .await
            .expect("POST");
        let status = r.status();
        let value: Value =
            serde_json::from_str(&r.text().await.unwrap_or_default()).unwrap_or(Value::Null);
        assert!(status.is_success(), "{path}: {status} {value}");
        value
    }
}

/// One screen: reads the stream and records when each timed round (its notes: `bench-<n>`)
/// arrived.
async fn screen(
    session: Session,
    arrivals: Arc<Mutex<Vec<(u64, Instant)>>>,
    ready: Arc<tokio::sync::Barrier>,
) {
    let mut response = session
        .http
        .get(format!("{}/api/restaurant/events", session.base))
        .header("Cookie", &session.cookie)
        .send()
        .await
        .expect("flujo");
    assert_eq!(response.status(), 200);
    ready.wait().await;
    let mut buffer = String::new();
    while let Ok(Some(chunk)) = response.chunk().await {
        let now = Instant::now();
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let Some(data) = block.lines().find_map(|l| l.strip_prefix("data: ")) else {
                continue;
            };
            let Ok(event) = serde_json::from_str::<Value>(data) else {
                continue;
            };
            if event["type"] != "items" {
                continue;
            }
            let n = event["order"]["items"][0]["notes"]
                .as_str()
                .and_then(|n| n.strip_prefix("bench-"))
                .and_then(|n| n.parse::<u64>().ok());
            if let Some(n) = n {
                arrivals.lock().unwrap().push((n, now));
            }
        }
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let seconds = env_or("BENCH_SECONDS", 30);
    let clients = env_or("BENCH_CLIENTS", 50) as usize;
    let rate = env_or("BENCH_RATE", 20).max(1);
    let dir = tempfile::tempdir().unwrap();
    let (db, backend) = match std::env::var("BENCH_DATABASE_URL") {
        Ok(url) if !url.is_empty() => (pg_schema(&url, "bench_restaurant"), "PostgreSQL"),
        _ => (
            format!("sqlite://{}", dir.path().join("bench.db").display()),
            "SQLite",
        ),
    };
    let (a, port_a) = serve_demo(BIN, &db);
    let second = (backend == "PostgreSQL").then(|| serve(&db));
    let port_b = second.as_ref().map_or(port_a, |(_, p)| *p);
    let pids: Vec<(char, u32)> = std::iter::once(('A', a.0.id()))
        .chain(second.as_ref().map(|(s, _)| ('B', s.0.id())))
        .collect();
    let admin = Session::new(
        port_a,
        support::sign_in(port_a, "admin@demo.ec", "demo12345"),
    );
    let servers = [admin.clone(), admin.on(port_b)];
    let items = admin
        .http
        .get(format!("{}/api/item?limit=1", admin.base))
        .header("Cookie", &admin.cookie)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let items: Value = serde_json::from_str(&items).unwrap();
    let product = items["results"][0]["_id"].clone();
    let rss_before: Vec<(char, f64)> = pids.iter().map(|(n, p)| (*n, rss_mb(*p))).collect();

    let arrivals = Arc::new(Mutex::new(Vec::new()));
    let ready = Arc::new(tokio::sync::Barrier::new(clients + 1));
    let mut screens = Vec::new();
    for i in 0..clients {
        let session = servers[i % 2].clone();
        screens.push(tokio::spawn(screen(
            session,
            arrivals.clone(),
            ready.clone(),
        )));
    }
    ready.wait().await;

    let total = seconds * rate;
    let interval = Duration::from_secs_f64(1.0 / rate as f64);
    let sent: Arc<Mutex<HashMap<u64, Instant>>> = Arc::default();
    let start = Instant::now();
    let mut senders = Vec::new();
    for n in 0..total {
        let due = start + interval * n as u32;
        tokio::time::sleep_until(due.into()).await;
        let session = servers[(n % 2) as usize].clone();
        let sent = sent.clone();
        let product = product.clone();
        senders.push(tokio::spawn(async move {
            let order = session
                .post("/api/restaurant/order/open", json!({ "kind": "express" }))
                .await;
            let id = order["_id"].as_i64().unwrap();
            sent.lock().unwrap().insert(n, Instant::now());
            session
                .post(
                    &format!("/api/restaurant/order/{id}/items"),
                    json!({ "items": [{ "productId": product, "quantity": "1", "notes": format!("bench-{n}") }] }),
                )
                .await;
        }));
    }
    for s in senders {
        s.await.unwrap();
    }
    let sending = start.elapsed();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_after: Vec<(char, f64)> = pids.iter().map(|(n, p)| (*n, rss_mb(*p))).collect();
    for s in &screens {
        s.abort();
    }

    let sent = sent.lock().unwrap();
    let arrivals = arrivals.lock().unwrap();
    let mut latencies: Vec<f64> = arrivals
        .iter()
        .filter_map(|(n, at)| {
            sent.get(n)
                .map(|s| at.saturating_duration_since(*s).as_secs_f64() * 1000.0)
        })
        .collect();
    latencies.sort_by(f64::total_cmp);
    let expected = total as usize * clients;
    println!(
        "restaurante, eventos en vivo ({backend}, {} servidor(es)): {clients} pantallas SSE, {total} órdenes en {:.1} s ({rate}/s pedidas)",
        pids.len(),
        sending.as_secs_f64()
    );
    println!(
        "  entregas: {} de {expected}; latencia (POST de la ronda → evento en la pantalla): p50 {:.1} ms, p99 {:.1} ms, máx {:.1} ms",
        latencies.len(),
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or(f64::NAN)
    );
    for ((name, before), (_, after)) in rss_before.iter().zip(&rss_after) {
        println!("  RSS del servidor {name}: {before:.0} MB antes, {after:.0} MB después");
    }
}
