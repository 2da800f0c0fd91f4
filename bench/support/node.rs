//! Node.js as the baseline of the render benchmarks: the same `server.js` bundle and the same
//! engine input, rendered by `bench/node-ssr.mjs` in a `node` process.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

use mostrador::ssr::bundle::SERVER_JS;

/// `node --version`, or `None` when the machine has no Node.js.
pub fn version() -> Option<String> {
    let output = Command::new("node").arg("--version").output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// A temporary folder with the bundle and `input` for a `node` process: the folder (removed when
/// dropped) and both files.
fn files(input: &str) -> Option<(tempfile::TempDir, PathBuf, PathBuf)> {
    let dir = tempfile::tempdir().ok()?;
    let bundle = dir.path().join("server.js");
    let input_file = dir.path().join("input.json");
    std::fs::write(&bundle, SERVER_JS).ok()?;
    std::fs::write(&input_file, input).ok()?;
    Some((dir, bundle, input_file))
}

/// Milliseconds of each of `iterations` renders of `input` after `warmup` renders.
pub fn render_times(input: &str, iterations: usize, warmup: usize) -> Option<Vec<f64>> {
    let (_dir, bundle, input_file) = files(input)?;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/node-ssr.mjs");
    let output = Command::new("node")
        .arg(script)
        .arg(&bundle)
        .arg(&input_file)
        .arg(iterations.to_string())
        .arg(warmup.to_string())
        .output()
        .ok()?;
    if !output.status.success() {
        eprintln!("node falló: {}", String::from_utf8_lossy(&output.stderr));
        return None;
    }
    serde_json::from_slice(&output.stdout).ok()
}

/// Median and 95th percentile of `ms`.
pub fn stats(mut ms: Vec<f64>) -> (f64, f64) {
    ms.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| ms[((ms.len() as f64 - 1.0) * q).round() as usize];
    (at(0.5), at(0.95))
}

/// `bench/node-ssr-server.mjs`: a Node.js HTTP server rendering `input` with the same bundle on
/// every request, wrapped in the printable pages' shell; stopped when dropped.
pub struct HttpServer {
    child: std::process::Child,
    pub port: u16,
    _dir: tempfile::TempDir,
}

impl HttpServer {
    /// Starts the server (`None` without Node.js); `build` and `css` fill the shell as
    /// Mostrador's does.
    pub fn start(input: &str, build: &str, css: &[String]) -> Option<HttpServer> {
        HttpServer::cluster(input, build, css, 1)
    }

    /// [`HttpServer::start`] as a `node:cluster` of `workers` processes sharing the port (one
    /// process when `workers` is 1).
    pub fn cluster(input: &str, build: &str, css: &[String], workers: usize) -> Option<HttpServer> {
        use std::io::BufRead;
        let (dir, bundle, input_file) = files(input)?;
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/node-ssr-server.mjs");
        let mut child = Command::new("node")
            .arg(script)
            .arg(&bundle)
            .arg(&input_file)
            .arg(build)
            .args(css)
            .env("NODE_SSR_WORKERS", workers.to_string())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .ok()?;
        let mut line = String::new();
        let stdout = child.stdout.take()?;
        std::io::BufReader::new(stdout).read_line(&mut line).ok()?;
        match line.trim().parse() {
            Ok(port) => Some(HttpServer {
                child,
                port,
                _dir: dir,
            }),
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                None
            }
        }
    }
}

impl Drop for HttpServer {
    /// Asks the server to stop (a cluster's primary then stops its workers), killing it if it
    /// cannot be asked.
    fn drop(&mut self) {
        let asked = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        if !asked {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The engine input of page `path` for the user `email`, prepared by the server's own loaders on
/// database `db` (what a request of that user would hand to the engine); `secret` when the
/// database holds sealed certificates.
pub fn page_input(db: &str, path: &str, email: &str, secret: Option<&str>) -> String {
    use mostrador::auth::csrf::CsrfToken;
    use mostrador::auth::signed_in::AuthUser;
    use mostrador::config::{Config, Secret};
    use mostrador::models::auth::user::User;
    let mut config = Config::from_env().expect("configuración");
    config.database_url = db.to_string();
    config.ssr_workers = 1;
    config.secret = secret.map(|s| Secret::new(s).expect("secreto"));
    let runtime = tokio::runtime::Runtime::new().expect("tokio");
    let email = email.to_string();
    runtime.block_on(async {
        let state = mostrador::server::build_state(config).expect("estado");
        let user = state
            .db
            .run(move |conn| {
                Ok(User::find_by_email(conn, &email)?.expect("usuario de demostración"))
            })
            .await
            .expect("usuario");
        let auth = AuthUser {
            user,
            session_id: 0,
            zone: Default::default(),
        };
        let csrf = CsrfToken {
            value: "x".repeat(43),
            from_cookie: true,
        };
        mostrador::controllers::pages::render_input(&state, path, Some(&auth), &csrf)
            .await
            .expect("datos de la página")
    })
}
