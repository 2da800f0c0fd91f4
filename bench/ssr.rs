//! SSR benchmark: the printable 150-line page and the `/admin` page rendered by each embedded
//! engine built in (QuickJS, and V8 from libnode) and, as the baseline in the same run, by
//! Node.js with the very same bundle and input. The input is what a real page request produces: a
//! demo database is loaded and the server's own page loaders prepare each page's data. Prints
//! each engine's start-up costs, then median and p95 per render and their ratio to Node's.
//! Run: `cargo bench --bench ssr`.

use std::time::{Duration, Instant};

use mostrador::auth::csrf::CsrfToken;
use mostrador::auth::signed_in::AuthUser;
use mostrador::config::Config;
use mostrador::controllers::pages::render_input;
use mostrador::models::auth::user::User;
use mostrador::ssr::EngineKind;
use mostrador::ssr::bundle::SERVER_JS;
use mostrador::ssr::engine::{Compiled, Engine};
use node::stats;

#[path = "support/node.rs"]
mod node;

const ITERATIONS: usize = 300;
const WARMUP: usize = 30;

/// The engine inputs of the two measured pages, signed in as the demo administrator.
fn inputs() -> Vec<(&'static str, String)> {
    let dir = tempfile::tempdir().expect("carpeta temporal");
    let mut config = Config::from_env().expect("configuración");
    config.database_url = format!("sqlite://{}", dir.path().join("bench.db").display());
    config.ssr_workers = 1;
    let runtime = tokio::runtime::Runtime::new().expect("tokio");
    runtime.block_on(async {
        let state = mostrador::server::build_state(config).expect("estado");
        mostrador::cli::demo::load(&state.db, &std::env::temp_dir())
            .expect("datos de demostración");
        let user = state
            .db
            .run(|conn| Ok(User::find_by_email(conn, "admin@demo.ec")?.expect("admin demo")))
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

/// Per-render times (ms) of one engine, after a warm-up, on this thread.
fn engine_times(compiled: &Compiled, input: &str) -> Vec<f64> {
    let mut engine = Engine::new(compiled).expect("motor");
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

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let pages = inputs();
    println!(
        "Paquete del servidor: {} KB de JavaScript",
        SERVER_JS.len() / 1024
    );
    let mut engines = Vec::new();
    for kind in EngineKind::ALL {
        if !kind.built_in() {
            println!(
                "{}: no incluido en este binario (bash scripts/fetch-libnode.sh y recompile)",
                kind.description()
            );
            continue;
        }
        let started = Instant::now();
        let compiled = Engine::compile(kind, SERVER_JS).expect("compilar");
        let compile = started.elapsed();
        let started = Instant::now();
        let mut engine = Engine::new(&compiled).expect("motor");
        let first_load = started.elapsed();
        let started = Instant::now();
        drop(Engine::new(&compiled).expect("motor"));
        let next_load = started.elapsed();
        let started = Instant::now();
        engine
            .render(&pages[0].1, Duration::from_secs(5))
            .expect("primer render");
        let first = started.elapsed();
        let what = match kind {
            EngineKind::QuickJs => "bytecode",
            EngineKind::V8 => "caché de código",
        };
        println!("{}:", kind.description());
        println!(
            "  preparar el paquete {:.1} ms (una vez por proceso); primer motor {:.1} ms; siguientes {:.1} ms ({} KB de {what})",
            ms(compile),
            ms(first_load),
            ms(next_load),
            compiled.len() / 1024,
        );
        println!(
            "  primer render del A4 {:.1} ms; memoria del motor tras él {:.1} MB",
            ms(first),
            engine.memory_used() as f64 / 1_048_576.0
        );
        drop(engine);
        engines.push((kind, compiled));
    }
    let node_version = node::version();
    match &node_version {
        Some(v) => println!("Node.js {v}: referencia, mismo paquete y misma entrada"),
        None => println!("Node.js no está disponible: sin referencia"),
    }
    println!();
    println!(
        "{:<18} {:<9} {:>10} {:>10} {:>14}",
        "página", "motor", "p50", "p95", "razón vs Node"
    );
    for (name, input) in &pages {
        let node_stats = node_version
            .as_ref()
            .and_then(|_| node::render_times(input, ITERATIONS, WARMUP))
            .map(stats);
        let mut rows: Vec<(String, f64, f64)> = engines
            .iter()
            .map(|(kind, compiled)| {
                let (p50, p95) = stats(engine_times(compiled, input));
                (
                    match kind {
                        EngineKind::QuickJs => "QuickJS".into(),
                        EngineKind::V8 => "V8".into(),
                    },
                    p50,
                    p95,
                )
            })
            .collect();
        if let Some((p50, p95)) = node_stats {
            rows.push(("Node".into(), p50, p95));
        }
        for (n, (engine, p50, p95)) in rows.iter().enumerate() {
            let ratio = node_stats.map_or("-".to_string(), |(n50, n95)| {
                format!("{:.2}x / {:.2}x", p50 / n50, p95 / n95)
            });
            println!(
                "{:<18} {engine:<9} {p50:>7.2} ms {p95:>7.2} ms {ratio:>14}",
                if n == 0 { name } else { "" }
            );
        }
    }
    println!();
    println!(
        "Razón: p50 / p50 de Node y p95 / p95 de Node. Metas: V8 ≤ 1,5× Node; A4 de 150 líneas ≤ 25 ms p50 en cualquier motor. {ITERATIONS} renders por medida, {WARMUP} de calentamiento, un hilo."
    );
}
