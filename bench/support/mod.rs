//! Helpers shared by the benchmarks that drive a real server over HTTP.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use std::time::Instant;

/// The value of cookie `name` set by a response head (`set-cookie: name=value; …`).
pub fn cookie_value(head: &str, name: &str) -> Option<String> {
    let prefix = format!("set-cookie: {name}=");
    head.lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .starts_with(&prefix)
                .then(|| l[prefix.len()..].to_string())
        })
        .and_then(|v| v.split(';').next().map(str::to_string))
}

/// The server process, stopped when dropped.
pub struct Server(pub Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One HTTP/1.1 request on a fresh connection: status, head, body.
pub fn http(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Option<(u16, String, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_nodelay(true).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .ok()?;
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        request.push_str(&format!("{k}: {v}\r\n"));
    }
    request.push_str("\r\n");
    let mut bytes = request.into_bytes();
    bytes.extend_from_slice(body);
    stream.write_all(&bytes).ok()?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).ok()?;
    let response = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = response.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, head.to_string(), body.to_string()))
}

/// The `p` quantile (0–1) of the samples, in milliseconds.
pub fn percentile(samples: &mut [Duration], p: f64) -> f64 {
    samples.sort();
    let i = ((samples.len() as f64 - 1.0) * p).round() as usize;
    samples[i].as_secs_f64() * 1000.0
}

/// One kept-alive HTTP/1.1 connection, as a POS terminal holds it: requests one after another.
pub struct Connection {
    stream: TcpStream,
    port: u16,
    buffer: Vec<u8>,
}

impl Connection {
    pub fn open(port: u16) -> Connection {
        let stream = TcpStream::connect(("127.0.0.1", port)).expect("conexión");
        stream.set_nodelay(true).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        Connection {
            stream,
            port,
            buffer: Vec::new(),
        }
    }

    /// Sends a request and reads its whole answer: status and body.
    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> (u16, String) {
        let (status, _, body) = self.request_with_head(method, path, headers, body);
        (status, body)
    }

    /// [`Connection::request`] with the answer's head too (lower case).
    pub fn request_with_head(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> (u16, String, String) {
        let mut request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: {}\r\n",
            self.port,
            body.len()
        );
        for (k, v) in headers {
            request.push_str(&format!("{k}: {v}\r\n"));
        }
        request.push_str("\r\n");
        let mut bytes = request.into_bytes();
        bytes.extend_from_slice(body);
        self.stream.write_all(&bytes).expect("envío");
        let end = loop {
            if let Some(i) = self.buffer.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
            self.fill();
        };
        let head = String::from_utf8_lossy(&self.buffer[..end]).to_ascii_lowercase();
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0);
        while self.buffer.len() < end + length {
            self.fill();
        }
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = String::from_utf8_lossy(&self.buffer[end..end + length]).into_owned();
        self.buffer.drain(..end + length);
        (status, head, body)
    }

    fn fill(&mut self) {
        let mut chunk = [0u8; 16 * 1024];
        let n = self.stream.read(&mut chunk).expect("respuesta");
        assert!(n > 0, "el servidor cerró la conexión");
        self.buffer.extend_from_slice(&chunk[..n]);
    }
}

/// Signs in on a running server: the cookie header and the session's CSRF token.
pub fn sign_in(port: u16, email: &str, password: &str) -> (String, String) {
    let (_, head, _) = http(port, "GET", "/login", &[], b"").expect("/login");
    let csrf = cookie_value(&head, "mostrador_csrf").expect("token CSRF");
    let body = format!(r#"{{"email":"{email}","password":"{password}"}}"#);
    let (status, head, _) = http(
        port,
        "POST",
        "/api/auth/login",
        &[
            ("Content-Type", "application/json"),
            ("Cookie", &format!("mostrador_csrf={csrf}")),
            ("X-CSRF-Token", &csrf),
        ],
        body.as_bytes(),
    )
    .expect("inicio de sesión");
    assert_eq!(status, 200, "inicio de sesión de {email}");
    let session = cookie_value(&head, "mostrador_session").expect("sesión");
    let csrf = cookie_value(&head, "mostrador_csrf").expect("token CSRF de la sesión");
    (
        format!("mostrador_session={session}; mostrador_csrf={csrf}"),
        csrf,
    )
}

/// Loads the demo data into `db` and starts `mostrador serve` on a free port: the process and
/// its port, once it answers.
pub fn serve_demo(bin: &str, db: &str) -> (Server, u16) {
    serve_demo_with(bin, db, &[])
}

/// [`serve_demo`] with more environment variables for the server (e.g. `SRI_URL`).
pub fn serve_demo_with(bin: &str, db: &str, env: &[(&str, &str)]) -> (Server, u16) {
    let demo = Command::new(bin)
        .arg("demo")
        .env("DATABASE_URL", db)
        .env("LOG", "error")
        .output()
        .unwrap();
    assert!(
        demo.status.success(),
        "demo: {}",
        String::from_utf8_lossy(&demo.stderr)
    );
    serve(bin, db, env)
}

/// `mostrador serve` on `db` (already migrated) on a free port, with more environment variables
/// `env`: the process and its port, once it answers.
pub fn serve(bin: &str, db: &str, env: &[(&str, &str)]) -> (Server, u16) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let server = Server(
        Command::new(bin)
            .args(["serve", "--port", &port.to_string()])
            .envs(env.iter().copied())
            .env("DATABASE_URL", db)
            .env("LOG", "error")
            .stdout(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let started = Instant::now();
    while http(port, "GET", "/api/user", &[], b"").is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "el servidor no respondió"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    (server, port)
}

/// CPU seconds (user + system) spent so far by each thread of process `pid`, summed by thread
/// name (`sqlite-writer`, `tokio-runtime-w`, …). Read before and after a measured phase, the
/// difference is what the phase cost in CPU, which drifts far less than wall time on a shared
/// machine.
pub fn cpu_by_thread(pid: u32) -> std::collections::BTreeMap<String, f64> {
    let ticks = 100.0; // USER_HZ on Linux
    let mut by_name = std::collections::BTreeMap::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return by_name;
    };
    for task in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state …`: the name may hold spaces, the fields after it never do.
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let name = stat[open + 1..close].to_string();
        let fields: Vec<&str> = stat[close + 2..].split_whitespace().collect();
        // utime and stime are fields 14 and 15 of the line, 12 and 13 after `state`.
        let used: f64 = [11, 12]
            .iter()
            .filter_map(|&i| fields.get(i).and_then(|v| v.parse::<f64>().ok()))
            .sum();
        *by_name.entry(name).or_insert(0.0) += used / ticks;
    }
    by_name
}

/// What each thread name spent between two [`cpu_by_thread`] readings, in CPU seconds.
pub fn cpu_spent(
    before: &std::collections::BTreeMap<String, f64>,
    after: &std::collections::BTreeMap<String, f64>,
) -> std::collections::BTreeMap<String, f64> {
    after
        .iter()
        .map(|(name, t)| (name.clone(), t - before.get(name).copied().unwrap_or(0.0)))
        .filter(|(_, t)| *t > 0.0)
        .collect()
}

/// A JSON request on a kept-alive connection with a session (cookie and CSRF token): status and
/// the parsed body (`Null` when it is not JSON).
pub fn json_request(
    conn: &mut Connection,
    method: &str,
    path: &str,
    session: &(String, String),
    body: &serde_json::Value,
) -> (u16, serde_json::Value) {
    let bytes = if body.is_null() {
        Vec::new()
    } else {
        body.to_string().into_bytes()
    };
    let (status, text) = conn.request(
        method,
        path,
        &[
            ("Content-Type", "application/json"),
            ("Cookie", &session.0),
            ("X-CSRF-Token", &session.1),
        ],
        &bytes,
    );
    (
        status,
        serde_json::from_str(&text).unwrap_or(serde_json::Value::Null),
    )
}

/// A demo shop ready to sell: the cashier's session (with an open shift) and the ids of
/// `count` products with plenty of stock in the default warehouse.
pub struct PosSetup {
    pub cashier: (String, String),
    pub products: Vec<serde_json::Value>,
}

/// Stocks `count` demo products (an adjustment by the administrator) and opens the demo
/// cashier's shift.
pub fn stock_and_open_shift(port: u16, count: usize) -> PosSetup {
    use serde_json::{Value, json};
    let admin = sign_in(port, "admin@demo.ec", "demo12345");
    let mut conn = Connection::open(port);
    let (_, cellars) = json_request(
        &mut conn,
        "GET",
        "/api/inventory/cellar/options",
        &admin,
        &Value::Null,
    );
    let cellar = cellars
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["isDefault"] == true)
        .unwrap()["_id"]
        .clone();
    let (_, items) = json_request(
        &mut conn,
        "GET",
        "/api/item?limit=100",
        &admin,
        &Value::Null,
    );
    let products: Vec<Value> = items["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["kind"] == "product")
        .take(count)
        .map(|p| p["_id"].clone())
        .collect();
    assert_eq!(products.len(), count);
    let lines: Vec<Value> = products
        .iter()
        .map(|p| json!({ "productId": p, "quantity": "1000000", "unitCost": "0.50" }))
        .collect();
    let (status, _) = json_request(
        &mut conn,
        "POST",
        "/api/inventory/adjustment/register",
        &admin,
        &json!({ "cellarId": cellar, "reason": "Benchmark", "lines": lines }),
    );
    assert_eq!(status, 201, "ajuste");
    let cashier = sign_in(port, "cajero@demo.ec", "demo12345");
    let (_, registers) = json_request(
        &mut conn,
        "GET",
        "/api/cashRegister/getMyCash",
        &cashier,
        &Value::Null,
    );
    let register = registers[0]["cashRegister"]["_id"].clone();
    let (status, turn) = json_request(
        &mut conn,
        "POST",
        "/api/Turn/open",
        &cashier,
        &json!({ "cashRegisterId": register, "openingAmount": "50.00" }),
    );
    assert_eq!(status, 201, "apertura: {turn}");
    PosSetup { cashier, products }
}

/// A fresh, empty schema `name` of the PostgreSQL database at `url`, and the URL that reaches it
/// (through `search_path`, as the integration tests do).
pub fn pg_schema(url: &str, name: &str) -> String {
    use diesel::{Connection, RunQueryDsl};
    let mut conn = diesel::PgConnection::establish(url).expect("BENCH_DATABASE_URL");
    diesel::sql_query(format!("DROP SCHEMA IF EXISTS {name} CASCADE"))
        .execute(&mut conn)
        .expect("borrar esquema");
    diesel::sql_query(format!("CREATE SCHEMA {name}"))
        .execute(&mut conn)
        .expect("crear esquema");
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}options=-csearch_path%3D{name}")
}
