//! Server benchmark: start-up time to the first served request, RSS after 1,000 page renders, and
//! HTTP throughput and p99 latency of `GET /login` (server-rendered) and `GET /api/user` with 32
//! connections for 10 s, measured with wrk. Run: `cargo bench --bench server` (or bench/run.sh).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

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

    // Start-up: process start → first answer of any kind, and → first server-rendered page.
    let port = free_port();
    let started = Instant::now();
    let child = Command::new(BIN)
        .args(["serve", "--port", &port.to_string()])
        .env("DATABASE_URL", &db)
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
    let pid = server.child.id();
    println!(
        "Arranque: primera respuesta {:.1} ms, primera página renderizada {:.1} ms (meta < 200 ms)",
        first_answer.as_secs_f64() * 1000.0,
        first_page.as_secs_f64() * 1000.0
    );
    println!("RSS al arrancar: {:.1} MB", rss_mb(pid));

    // Sign in (double-submit CSRF: any token echoed in cookie and header).
    let csrf = "b".repeat(43);
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
    let session = head
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: mostrador_session="))
        .and_then(|v| v.split(';').next())
        .unwrap()
        .to_string();
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
    let elapsed = started.elapsed();
    println!(
        "RSS tras {RENDERS} renders del A4 de 150 líneas: {:.1} MB (meta < 80 MB); {:.2} ms por página de punta a punta",
        rss_mb(pid),
        elapsed.as_secs_f64() * 1000.0 / RENDERS as f64
    );

    let base = format!("http://127.0.0.1:{port}");
    match (
        wrk(&format!("{base}/login"), None),
        wrk(&format!("{base}/api/user"), Some(&session_cookie)),
    ) {
        (Some((login_rps, login_p99)), Some((user_rps, user_p99))) => {
            println!("HTTP, 32 conexiones, 10 s (wrk):");
            println!("  GET /login     {login_rps:>10} sol/s   p99 {login_p99}");
            println!("  GET /api/user  {user_rps:>10} sol/s   p99 {user_p99}");
        }
        _ => println!(
            "HTTP: wrk no está instalado (apt-get install wrk); se omite la medida de carga"
        ),
    }
    println!("RSS final: {:.1} MB", rss_mb(pid));
}
