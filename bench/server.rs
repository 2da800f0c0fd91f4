//! Server benchmark, once per render engine built in (`SSR_ENGINE`), each in a fresh server
//! process: start-up time to the first served request and to the first rendered page, RSS after
//! 1,000 page renders, and HTTP throughput and p99 latency of `GET /login` (server-rendered) and
//! `GET /api/user` with 32 connections for 10 s, measured with wrk. Run: `cargo bench --bench
//! server` (or bench/run.sh).

#[path = "support/mod.rs"]
mod support;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::cookie_value;

use mostrador::ssr::EngineKind;

const BIN: &str = env!("CARGO_BIN_EXE_mostrador");
const RENDERS: usize = 1000;

/// The server process, stopped when dropped.
struct Server {
    child: Child,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One HTTP/1.1 request on a fresh connection; returns status, headers and body.
fn http(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Option<(u16, String, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        request.push_str(&format!("{k}: {v}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).ok()?;
    let (head, body) = response.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, head.to_string(), body.to_string()))
}

fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn wrk(url: &str, cookie: Option<&str>) -> Option<(String, String)> {
    let mut command = Command::new("wrk");
    command.args(["-t2", "-c32", "-d10s", "--latency", url]);
    if let Some(cookie) = cookie {
        command.args(["-H", &format!("Cookie: {cookie}")]);
    }
    let output = command.output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let rps = text
        .lines()
        .find(|l| l.starts_with("Requests/sec:"))?
        .split_whitespace()
        .nth(1)?
        .to_string();
    let p99 = text
        .lines()
        .find(|l| l.trim_start().starts_with("99%"))?
        .split_whitespace()
        .nth(1)?
        .to_string();
    Some((rps, p99))
}

/// What one server process measured.
struct Measured {
    engine: EngineKind,
    first_answer: Duration,
    first_page: Duration,
    /// First rendered page of a second start, with the code cache of the first.
    cached_page: Duration,
    rss_start: f64,
    rss_renders: f64,
    per_page: Duration,
    login: Option<(String, String)>,
    user: Option<(String, String)>,
    rss_end: f64,
}

/// Starts the server rendering with `engine` on `db`, its code cache in `cache`, and measures
/// process start → first answer of any kind, and → first server-rendered page.
fn start(
    engine: EngineKind,
    db: &str,
    cache: &std::path::Path,
) -> (Server, u16, Duration, Duration) {
    let port = free_port();
    let started = Instant::now();
    let child = Command::new(BIN)
        .args(["serve", "--port", &port.to_string()])
        .env("DATABASE_URL", db)
        .env("SSR_ENGINE", engine.to_string())
        .env("SSR_CACHE_DIR", cache)
        .env("LOG", "error")
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let server = Server { child };
    let first_answer = loop {
        if http(port, "GET", "/api/user", &[], "").is_some() {
            break started.elapsed();
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "el servidor no respondió"
        );
        std::thread::sleep(Duration::from_micros(500));
    };
    let first_page = loop {
        if let Some((200, _, _)) = http(port, "GET", "/login", &[], "") {
            break started.elapsed();
        }
        std::thread::sleep(Duration::from_micros(500));
    };
    (server, port, first_answer, first_page)
}

/// Starts the server rendering with `engine` on the demo database and measures it: a first
/// start with an empty code-cache folder, the renders and the load, then a second start of the
/// same build (which finds the code cache the first one left).
fn measure(engine: EngineKind, db: &str) -> Measured {
    let cache = tempfile::tempdir().unwrap();
    let (server, port, first_answer, first_page) = start(engine, db, cache.path());
    let pid = server.child.id();
    let rss_start = rss_mb(pid);

    // Sign in with the CSRF token the server signs for a visitor (signed double-submit: the
    // cookie it sets, echoed in the header).
    let (_, head, _) = http(port, "GET", "/login", &[], "").unwrap();
    let csrf = cookie_value(&head, "mostrador_csrf").expect("token CSRF");
    let cookie = format!("mostrador_csrf={csrf}");
    let (status, head, _) = http(
        port,
        "POST",
        "/api/auth/login",
        &[
            ("Content-Type", "application/json"),
            ("Cookie", &cookie),
            ("X-CSRF-Token", &csrf),
        ],
        r#"{"email":"admin@demo.ec","password":"demo12345"}"#,
    )
    .unwrap();
    assert_eq!(status, 200, "inicio de sesión");
    let session = cookie_value(&head, "mostrador_session").expect("sesión");
    let session_cookie = format!("mostrador_session={session}");

    let started = Instant::now();
    for _ in 0..RENDERS {
        let (status, _, body) = http(
            port,
            "GET",
            "/tickets/prueba/A4",
            &[("Cookie", &session_cookie)],
            "",
        )
        .unwrap();
        assert!(status == 200 && body.contains("PRD-0150"));
    }
    let per_page = started.elapsed() / RENDERS as u32;
    let rss_renders = rss_mb(pid);

    let base = format!("http://127.0.0.1:{port}");
    let login = wrk(&format!("{base}/login"), None);
    let user = wrk(&format!("{base}/api/user"), Some(&session_cookie));
    let rss_end = rss_mb(pid);
    drop(server);
    let (_again, _, _, cached_page) = start(engine, db, cache.path());
    Measured {
        engine,
        first_answer,
        first_page,
        cached_page,
        rss_start,
        rss_renders,
        per_page,
        login,
        user,
        rss_end,
    }
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("bench.db").display());
    let demo = Command::new(BIN)
        .arg("demo")
        .env("DATABASE_URL", &db)
        .env("LOG", "error")
        .output()
        .unwrap();
    assert!(
        demo.status.success(),
        "demo: {}",
        String::from_utf8_lossy(&demo.stderr)
    );
    for engine in EngineKind::ALL.into_iter().filter(|e| !e.built_in()) {
        println!(
            "{}: no incluido en este binario (bash scripts/fetch-libnode.sh y recompile)",
            engine.description()
        );
    }
    let results: Vec<Measured> = EngineKind::available()
        .into_iter()
        .map(|engine| measure(engine, &db))
        .collect();
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1000.0);
    let mb = |v: f64| format!("{v:.1} MB");
    let row = |label: &str, target: &str, value: &dyn Fn(&Measured) -> String| {
        print!("{label:<42}");
        for m in &results {
            print!(" {:>14}", value(m));
        }
        println!("   {target}");
    };
    print!("{:<42}", "servidor (SSR_ENGINE)");
    for m in &results {
        print!(" {:>14}", m.engine.to_string());
    }
    println!("   meta");
    row("arranque: primera respuesta", "", &|m| ms(m.first_answer));
    row(
        "arranque: primera página renderizada",
        "V8 ≤ 100 ms",
        &|m| ms(m.first_page),
    );
    row(
        "  al volver a arrancar (caché de código)",
        "V8 ≤ 100 ms",
        &|m| ms(m.cached_page),
    );
    row("RSS al arrancar", "", &|m| mb(m.rss_start));
    row(
        &format!("RSS tras {RENDERS} renders del A4"),
        "V8 ≤ 128 MB, QuickJS ≤ 64 MB",
        &|m| mb(m.rss_renders),
    );
    row("A4 de 150 líneas de punta a punta", "", &|m| {
        format!("{:.2} ms", m.per_page.as_secs_f64() * 1000.0)
    });
    let load = |r: &Option<(String, String)>, what: usize| {
        r.as_ref().map_or("(sin wrk)".to_string(), |(rps, p99)| {
            if what == 0 {
                format!("{rps} sol/s")
            } else {
                p99.clone()
            }
        })
    };
    row("GET /login, 32 conexiones, 10 s (wrk)", "", &|m| {
        load(&m.login, 0)
    });
    row("  p99", "", &|m| load(&m.login, 1));
    row("GET /api/user, 32 conexiones, 10 s (wrk)", "", &|m| {
        load(&m.user, 0)
    });
    row("  p99", "", &|m| load(&m.user, 1));
    row("RSS final", "", &|m| mb(m.rss_end));
    if results.iter().any(|m| m.login.is_none()) {
        println!("wrk no está instalado (apt-get install wrk): se omite la medida de carga");
    }
}
