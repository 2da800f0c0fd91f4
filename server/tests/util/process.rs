//! The real `mostrador` binary as a process, for the tests that need one (kill -9, two servers
//! on one database, hostile files and memory): starting it on a free port, reading its memory,
//! and signing in over HTTP.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The binary this build made.
pub const BIN: &str = env!("CARGO_BIN_EXE_mostrador");

/// A server process, killed when dropped.
pub struct Server(pub Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Server {
    /// `VmRSS:` or `VmHWM:` (the peak) of the process, in MB.
    pub fn memory_mb(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.0.id()))
            .expect("estado del proceso");
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .expect("memoria del proceso")
            / 1024
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.0.try_wait(), Ok(None))
    }
}

/// Starts `mostrador serve` on the database at `url` on a free port, with `env` besides, in
/// `folder` (its `data/`); its base URL once `ready` (a path) answers.
pub async fn start(
    url: &str,
    env: &[(&str, &str)],
    folder: &std::path::Path,
    ready: &str,
) -> (Server, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(BIN)
        .args(["serve", "--port", &port.to_string()])
        .current_dir(folder)
        .env("DATABASE_URL", url)
        .env("LOG", "error")
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .spawn()
        .expect("servidor");
    let base = format!("http://127.0.0.1:{port}");
    let started = Instant::now();
    while reqwest::get(format!("{base}{ready}")).await.is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "el servidor no arrancó"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    (Server(child), base)
}

/// The value of cookie `name` set by `response`.
pub fn cookie(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| {
            v.strip_prefix(&format!("{name}="))
                .map(|r| r.split(';').next().unwrap_or("").to_string())
        })
}

/// Signs in at `base` as `email`: the client, the `Cookie` header of the session and its CSRF
/// token.
pub async fn sign_in(base: &str, email: &str, password: &str) -> (reqwest::Client, String, String) {
    let http = reqwest::Client::new();
    let page = http.get(format!("{base}/login")).send().await.unwrap();
    let csrf = cookie(&page, "mostrador_csrf").expect("csrf");
    let r = http
        .post(format!("{base}/api/auth/login"))
        .header("Content-Type", "application/json")
        .header("Cookie", format!("mostrador_csrf={csrf}"))
        .header("X-CSRF-Token", &csrf)
        .body(json!({ "email": email, "password": password }).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "inicio de sesión de {email}");
    let session = cookie(&r, "mostrador_session").unwrap();
    let csrf = cookie(&r, "mostrador_csrf").unwrap();
    (
        http,
        format!("mostrador_session={session}; mostrador_csrf={csrf}"),
        csrf,
    )
}

/// A signed-in session over HTTP against a server process.
pub struct Session {
    pub http: reqwest::Client,
    pub base: String,
    cookie: String,
    csrf: String,
}

impl Session {
    /// Signs in at `base` as `email`.
    pub async fn new(base: &str, email: &str, password: &str) -> Session {
        let (http, cookie, csrf) = sign_in(base, email, password).await;
        Session {
            http,
            base: base.into(),
            cookie,
            csrf,
        }
    }

    /// `GET path`: status and body.
    pub async fn get(&self, path: &str) -> (u16, String) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .header("Cookie", &self.cookie)
            .send()
            .await
            .unwrap_or_else(|e| panic!("{path}: el servidor no respondió: {e}"));
        (r.status().as_u16(), r.text().await.unwrap_or_default())
    }

    /// `POST path` with a JSON body: status and JSON answer.
    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("Content-Type", "application/json")
            .header("Cookie", &self.cookie)
            .header("X-CSRF-Token", &self.csrf)
            .body(body.to_string())
            .send()
            .await
            .unwrap_or_else(|e| panic!("{path}: el servidor no respondió: {e}"));
        let status = r.status().as_u16();
        let text = r.text().await.unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// `file` as the multipart field `field` of `path` (beside a `password` field, which forms
    /// without one ignore): status and JSON answer.
    pub async fn upload(&self, path: &str, field: &str, file: &[u8]) -> (u16, Value) {
        let boundary = "----mostrador";
        let mut body = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nclave\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"archivo\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        .into_bytes();
        body.extend_from_slice(file);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header(
                "Content-Type",
                format!("multipart/form-data; boundary={boundary}"),
            )
            .header("Cookie", &self.cookie)
            .header("X-CSRF-Token", &self.csrf)
            .body(body)
            .send()
            .await
            .unwrap_or_else(|e| panic!("{path}: el servidor no respondió: {e}"));
        let status = r.status().as_u16();
        let text = r.text().await.unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }
}
