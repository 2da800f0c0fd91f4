//! SSR benchmark: the printable 150-line page and the `/admin` page rendered by the embedded engine
//! (QuickJS) and, as the baseline in the same run, by Node.js (V8) with the very same bundle and
//! input. The input is what a real page request produces: a demo database is loaded and the
//! server's own page loaders prepare each page's data. Prints median and p95 per render and the
//! ratio. Run: `cargo bench --bench ssr`.

use std::process::Command;
use std::time::{Duration, Instant};

use mostrador::auth::csrf::CsrfToken;
use mostrador::auth::extract::AuthUser;
use mostrador::config::Config;
use mostrador::controllers::pages::render_input;
use mostrador::models::user::User;
use mostrador::ssr::bundle::SERVER_JS;
use mostrador::ssr::engine::Engine;

const ITERATIONS: usize = 300;
const WARMUP: usize = 30;

fn stats(mut ms: Vec<f64>) -> (f64, f64) {
    ms.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| ms[((ms.len() as f64 - 1.0) * q).round() as usize];
    (at(0.5), at(0.95))
}

/// The engine inputs of the two measured pages, signed in as the demo administrator.
fn inputs() -> Vec<(&'static str, String)> {
    let dir = tempfile::tempdir().expect("carpeta temporal");
    let mut config = Config::from_env().expect("configuración");
    config.database_url = format!("sqlite://{}", dir.path().join("bench.db").display());
    config.ssr_workers = 1;
    let runtime = tokio::runtime::Runtime::new().expect("tokio");
    runtime.block_on(async {
        let state = mostrador::server::build_state(config).expect("estado");
        mostrador::cli::demo::load(&state.db).expect("datos de demostración");
        let user = state
            .db
            .run(|conn| Ok(User::find_by_email(conn, "admin@demo.ec")?.expect("admin demo")))
            .await
            .expect("usuario");
        let auth = AuthUser {
            user,
            session_id: 0,
        };
        let csrf = CsrfToken {
            value: "x".repeat(43),
            from_cookie: true,
        };
        let mut pages = Vec::new();
        for (name, path) in [
            ("A4 de 150 líneas", "/tickets/prueba/A4"),
            ("/admin", "/admin"),
        ] {
            pages.push((
                name,
                render_input(&state, path, Some(&auth), &csrf)
                    .await
                    .expect("datos de la página"),
            ));
        }
        pages
    })
}

fn quickjs(input: &str) -> Vec<f64> {
    let bytecode = Engine::compile(SERVER_JS).expect("compilar");
    let mut engine = Engine::new(&bytecode).expect("motor");
    for _ in 0..WARMUP {
        engine
            .render(input, Duration::from_secs(5))
            .expect("render");
    }
    (0..ITERATIONS)
        .map(|_| {
            let t = Instant::now();
            engine
                .render(input, Duration::from_secs(5))
                .expect("render");
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect()
}

fn node(input: &str) -> Option<Vec<f64>> {
    let dir = tempfile::tempdir().ok()?;
    let bundle = dir.path().join("server.js");
    let input_file = dir.path().join("input.json");
    std::fs::write(&bundle, SERVER_JS).ok()?;
    std::fs::write(&input_file, input).ok()?;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/node-ssr.mjs");
    let output = Command::new("node")
        .arg(script)
        .arg(&bundle)
        .arg(&input_file)
        .arg(ITERATIONS.to_string())
        .arg(WARMUP.to_string())
        .output()
        .ok()?;
    if !output.status.success() {
        eprintln!("node falló: {}", String::from_utf8_lossy(&output.stderr));
        return None;
    }
    serde_json::from_slice(&output.stdout).ok()
}

fn main() {
    let pages = inputs();
    let started = Instant::now();
    let bytecode = Engine::compile(SERVER_JS).expect("compilar");
    let compile = started.elapsed();
    let started = Instant::now();
    let engine = Engine::new(&bytecode).expect("motor");
    let load = started.elapsed();
    println!(
        "Paquete del servidor: {} KB de JavaScript, {} KB de bytecode",
        SERVER_JS.len() / 1024,
        bytecode.len() / 1024
    );
    println!(
        "QuickJS: compilar {:.1} ms (una vez por proceso), cargar un motor desde bytecode {:.1} ms, memoria del motor {:.1} MB",
        compile.as_secs_f64() * 1000.0,
        load.as_secs_f64() * 1000.0,
        engine.memory_used() as f64 / 1_048_576.0
    );
    drop(engine);
    println!();
    println!(
        "{:<18} {:>14} {:>10} {:>14} {:>10} {:>8}",
        "página", "QuickJS p50", "p95", "Node p50", "p95", "razón"
    );
    for (name, input) in pages {
        let (q50, q95) = stats(quickjs(&input));
        match node(&input) {
            Some(times) => {
                let (n50, n95) = stats(times);
                println!(
                    "{name:<18} {q50:>11.2} ms {q95:>7.2} ms {n50:>11.2} ms {n95:>7.2} ms {:>7.1}x",
                    q50 / n50
                );
            }
            None => println!(
                "{name:<18} {q50:>11.2} ms {q95:>7.2} ms {:>14} {:>10} {:>8}",
                "(sin node)", "-", "-"
            ),
        }
    }
    println!();
    println!(
        "Meta: render del A4 de 150 líneas ≤ 25 ms p50. {ITERATIONS} renders por medida, {WARMUP} de calentamiento, un núcleo."
    );
}
