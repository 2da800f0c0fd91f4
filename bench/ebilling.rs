//! Electronic billing benchmark (issue 23), on a fresh server process with the demo data, a
//! demonstration certificate (`mostrador sri demo-cert`) and the SRI stand-in
//! (`mostrador sri simulator`) in their own processes:
//!
//! 1. **Facturas to AUTORIZADO**: 200 facturas of 5 lines posted over HTTP by 4 terminals; the time
//!    until the server says all were posted, and until all are AUTORIZADO at the stand-in (its
//!    authorization delay and the worker's waits are printed: they bound the second number).
//! 2. **RIDE A4 of a 20-line factura**: the first request of each authorized document (session,
//!    loader, render in the embedded engine, stored in the RIDE cache), the later requests (served
//!    from the cache after the session and company check), and a browser's revalidation (`304`),
//!    side by side with what a user would run instead: a Node.js HTTP server rendering the same
//!    page with the same bundle on every request, from a fixed input loaded at start (no
//!    session, no database), measured with the same client over HTTP and interleaved with the
//!    cached requests. The bare renders (embedded engine and Node, same input, no HTTP) are
//!    printed too. Target: the cached serve ≥ 10× faster than Node's page.
//!
//! Run: `cargo bench --bench ebilling` (SQLite; `BENCH_DATABASE_URL` adds an empty PostgreSQL
//! database).

#[path = "support/node.rs"]
mod node;
#[path = "support/mod.rs"]
mod support;

use std::process::{Command, Stdio};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use mostrador::ssr::EngineKind;
use mostrador::ssr::bundle::{SERVER_JS, build_id};
use mostrador::ssr::engine::Engine;
use serde_json::{Value, json};
use support::{
    Connection, PosSetup, Server, json_request, percentile, serve_demo_with, sign_in,
    stock_and_open_shift,
};

const BIN: &str = env!("CARGO_BIN_EXE_mostrador");
/// Facturas of part 1, and the terminals posting them.
const FACTURAS: usize = 200;
const TERMINALS: usize = 4;
/// 20-line facturas whose RIDE is measured, and the cached requests per document.
const RIDE_DOCUMENTS: usize = 40;
const CACHED_ROUNDS: usize = 10;
/// Renders of the same page by Node.js (and warm-up renders).
const NODE_ITERATIONS: usize = 200;
const NODE_WARMUP: usize = 20;
/// The stand-in's delay between reception and authorization, and the worker's waits.
const SIMULATOR_DELAY_MS: &str = "100";
const SRI_AUTH_DELAY_MS: &str = "100";
const SRI_POLL_MS: &str = "50";
/// Not a secret: the bench's own throw-away key and certificate password.
const BENCH_SECRET: &str = "bench-ebilling-secret-0123456789";
const P12_PASSWORD: &str = "bench-clave-demo";

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `mostrador sri simulator` on a free port, once it accepts connections.
fn simulator() -> (Server, u16) {
    let port = free_port();
    let server = Server(
        Command::new(BIN)
            .args(["sri", "simulator", "--port", &port.to_string()])
            .args(["--delay-ms", SIMULATOR_DELAY_MS])
            .stdout(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "el simulador no respondió"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    (server, port)
}

/// Makes a demonstration .p12 with the CLI and uploads it as the demo administrator.
fn upload_certificate(port: u16, dir: &std::path::Path) {
    let p12 = dir.join(format!("demo-{port}.p12"));
    let made = Command::new(BIN)
        .args([
            "sri",
            "demo-cert",
            "--password-env",
            "BENCH_P12_PASSWORD",
            "--out",
        ])
        .arg(&p12)
        .env("BENCH_P12_PASSWORD", P12_PASSWORD)
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let der = std::fs::read(&p12).unwrap();
    let boundary = "mostradorbench7e3f";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"demo.p12\"\r\nContent-Type: application/x-pkcs12\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(&der);
    body.extend_from_slice(
        format!(
            "\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\n{P12_PASSWORD}\r\n--{boundary}--\r\n"
        )
        .as_bytes(),
    );
    let admin = sign_in(port, "admin@demo.ec", "demo12345");
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let (status, answer) = Connection::open(port).request(
        "POST",
        "/api/ebilling/certificate",
        &[
            ("Content-Type", &content_type),
            ("Cookie", &admin.0),
            ("X-CSRF-Token", &admin.1),
        ],
        &body,
    );
    assert_eq!(status, 200, "certificado: {answer}");
}

/// An identified client (a factura above USD 50 needs one); its id.
fn client(conn: &mut Connection, session: &(String, String)) -> Value {
    let (status, answer) = json_request(
        conn,
        "POST",
        "/api/clients/register",
        session,
        &json!({ "idType": "cedula", "identification": "1710034065", "name": "CLIENTE BENCHMARK",
                 "email": "cliente@example.com", "address": "Av. Amazonas N34-12" }),
    );
    assert_eq!(status, 201, "cliente: {answer}");
    answer["_id"].clone()
}

/// What a factura of `products` (one of each) for `client` costs, paid in cash.
fn invoice_body(
    conn: &mut Connection,
    session: &(String, String),
    client: &Value,
    products: &[Value],
) -> Value {
    let lines: Vec<Value> = products
        .iter()
        .map(|p| json!({ "productId": p, "quantity": "1" }))
        .collect();
    let (status, preview) = json_request(
        conn,
        "POST",
        "/api/sales/note/preview",
        session,
        &json!({ "clientId": client, "lines": lines }),
    );
    assert_eq!(status, 200, "vista previa: {preview}");
    let total = preview["total"].as_str().expect("total").to_string();
    json!({ "clientId": client, "lines": lines,
            "payments": [{ "method": "cash", "amount": total, "received": total }],
            "additionalInfo": [{ "name": "Origen", "value": "Benchmark" }] })
}

fn register(conn: &mut Connection, session: &(String, String), body: &Value, key: &str) -> Value {
    let mut body = body.clone();
    body["idempotencyKey"] = json!(key);
    let (status, answer) =
        json_request(conn, "POST", "/api/sales/invoice/register", session, &body);
    assert_eq!(status, 201, "factura: {answer}");
    answer
}

/// Authorized documents of the company, as `GET /api/ebilling/documents` counts them.
fn authorized(conn: &mut Connection, session: &(String, String)) -> u64 {
    let (_, list) = json_request(
        conn,
        "GET",
        "/api/ebilling/documents?state=authorized&limit=1",
        session,
        &Value::Null,
    );
    list["total"].as_u64().unwrap_or(0)
}

/// Waits until `count` documents are authorized (at most 10 minutes).
fn wait_authorized(conn: &mut Connection, session: &(String, String), count: u64) {
    let started = Instant::now();
    while authorized(conn, session) < count {
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "no se autorizaron {count} comprobantes en 10 minutos"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Part 1: facturas posted by several terminals, then the wait for AUTORIZADO.
fn facturas(port: u16, shop: &PosSetup, client: &Value) {
    let mut conn = Connection::open(port);
    let body = invoice_body(&mut conn, &shop.cashier, client, &shop.products[..5]);
    let before = authorized(&mut conn, &shop.cashier);
    let barrier = Arc::new(Barrier::new(TERMINALS + 1));
    let handles: Vec<_> = (0..TERMINALS)
        .map(|t| {
            let (barrier, session, body) = (barrier.clone(), shop.cashier.clone(), body.clone());
            std::thread::spawn(move || {
                let mut conn = Connection::open(port);
                barrier.wait();
                (0..FACTURAS / TERMINALS)
                    .map(|n| {
                        let at = Instant::now();
                        register(&mut conn, &session, &body, &format!("factura-{t}-{n}"));
                        at.elapsed()
                    })
                    .collect::<Vec<Duration>>()
            })
        })
        .collect();
    barrier.wait();
    let started = Instant::now();
    let mut samples: Vec<Duration> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    let posted = started.elapsed().as_secs_f64();
    wait_authorized(&mut conn, &shop.cashier, before + FACTURAS as u64);
    let done = started.elapsed().as_secs_f64();
    println!(
        "  {FACTURAS} facturas de 5 líneas con {TERMINALS} terminales: registradas en {posted:.2} s ({:.0} facturas/s, p50 {:.1} ms, p99 {:.1} ms); todas AUTORIZADO a los {done:.2} s",
        FACTURAS as f64 / posted,
        percentile(&mut samples, 0.50),
        percentile(&mut samples, 0.99),
    );
}

/// Milliseconds of one GET of `path` with the session's cookie; checks it shows `expected`.
fn get_page(conn: &mut Connection, path: &str, cookie: &str, expected: &str) -> f64 {
    let at = Instant::now();
    let (status, html) = conn.request("GET", path, &[("Cookie", cookie)], b"");
    let ms = at.elapsed().as_secs_f64() * 1000.0;
    assert_eq!(status, 200, "{path}");
    assert!(html.contains(expected), "{path} no muestra {expected}");
    ms
}

/// The engine input of `path` for the demo cashier, prepared by the server's own loaders on the
/// benchmark's database (what a request would hand to the engine).
fn engine_input(db: &str, path: &str) -> String {
    node::page_input(db, path, "cajero@demo.ec", Some(BENCH_SECRET))
}

/// One measured row: p50 and p95, and how many times faster than Node's HTTP server and Node's
/// bare render it is.
fn row(
    label: &str,
    (p50, p95): (f64, f64),
    node_http: Option<(f64, f64)>,
    node: Option<(f64, f64)>,
) {
    let ratio = |n: Option<(f64, f64)>| {
        n.map_or("-".to_string(), |(n50, n95)| {
            format!("×{:.1} / ×{:.1}", n50 / p50, n95 / p95)
        })
    };
    println!(
        "  {label:<60} {p50:>8.3} ms {p95:>8.3} ms {:>16} {:>16}",
        ratio(node_http),
        ratio(node)
    );
}

/// Milliseconds of one GET of `path` that names `etag` in `If-None-Match`; checks the `304`.
fn revalidate(conn: &mut Connection, path: &str, cookie: &str, etag: &str) -> f64 {
    let at = Instant::now();
    let (status, _, body) = conn.request_with_head(
        "GET",
        path,
        &[("Cookie", cookie), ("If-None-Match", etag)],
        b"",
    );
    let ms = at.elapsed().as_secs_f64() * 1000.0;
    assert_eq!(status, 304, "{path}");
    assert!(body.is_empty());
    ms
}

/// Part 2: the RIDE A4 of 20-line facturas, first request and cached, against Node.js: a Node
/// HTTP server rendering the same page on every request (what a user would run instead), measured
/// with the same client and interleaved with Mostrador's cached requests so both see the same
/// machine; and, in process, each engine's bare render of the same input.
fn ride(port: u16, db: &str, shop: &PosSetup, client: &Value) {
    let mut conn = Connection::open(port);
    let body = invoice_body(&mut conn, &shop.cashier, client, &shop.products[..20]);
    let before = authorized(&mut conn, &shop.cashier);
    let documents: Vec<(i64, String)> = (0..RIDE_DOCUMENTS)
        .map(|n| {
            let sale = register(&mut conn, &shop.cashier, &body, &format!("ride-{n}"));
            (
                sale["_id"].as_i64().expect("_id"),
                sale["documentId"].to_string(),
            )
        })
        .collect();
    wait_authorized(&mut conn, &shop.cashier, before + RIDE_DOCUMENTS as u64);
    // The authorization number each RIDE must show.
    let numbers: Vec<String> = documents
        .iter()
        .map(|(sale, _)| {
            let (_, invoice) = json_request(
                &mut conn,
                "GET",
                &format!("/api/sales/invoice/{sale}"),
                &shop.cashier,
                &Value::Null,
            );
            invoice["authorizationNumber"]
                .as_str()
                .expect("número de autorización")
                .to_string()
        })
        .collect();
    let path = |document: &str| format!("/tickets/factura/{document}/A4SRI");
    let cookie = shop.cashier.0.clone();
    let first: Vec<f64> = documents
        .iter()
        .zip(&numbers)
        .map(|((_, d), number)| get_page(&mut conn, &path(d), &cookie, number))
        .collect();
    let input = engine_input(db, &path(&documents[0].1));
    let manifest = mostrador::ssr::bundle::manifest();
    let node_server =
        node::version().and_then(|_| node::HttpServer::start(&input, build_id(), &manifest.css));
    let mut node_conn = node_server.as_ref().map(|n| Connection::open(n.port));
    // Node's page is the same RIDE (not an error page); its warm-up.
    if let Some(nc) = node_conn.as_mut() {
        for _ in 0..NODE_WARMUP {
            get_page(nc, &path(&documents[0].1), "", &numbers[0]);
        }
    }
    // Interleaved rounds: every document from Mostrador's cache, then a share of Node's requests.
    let mut cached = Vec::new();
    let mut node_http = Vec::new();
    for _ in 0..CACHED_ROUNDS {
        for ((_, d), number) in documents.iter().zip(&numbers) {
            cached.push(get_page(&mut conn, &path(d), &cookie, number));
        }
        if let Some(nc) = node_conn.as_mut() {
            for _ in 0..NODE_ITERATIONS / CACHED_ROUNDS {
                node_http.push(get_page(nc, &path(&documents[0].1), "", &numbers[0]));
            }
        }
    }
    // A browser opening the page again: `If-None-Match` with the page's ETag, answered 304 after
    // the same session and company check.
    let (status, head, _) =
        conn.request_with_head("GET", &path(&documents[0].1), &[("Cookie", &cookie)], b"");
    assert_eq!(status, 200);
    let etag = head
        .lines()
        .find_map(|l| l.strip_prefix("etag:"))
        .expect("ETag del RIDE en caché")
        .trim()
        .to_string();
    let revalidated: Vec<f64> = (0..RIDE_DOCUMENTS * CACHED_ROUNDS)
        .map(|_| revalidate(&mut conn, &path(&documents[0].1), &cookie, &etag))
        .collect();
    // The same input in the embedded engine: it must be the RIDE (not an error page), and its
    // render time alone is the fair match for Node's.
    let compiled = Engine::compile(EngineKind::preferred(), SERVER_JS).expect("compilar");
    let mut engine = Engine::new(&compiled).expect("motor");
    let html = engine
        .render(&input, Duration::from_secs(5))
        .expect("render");
    assert!(html.contains(&numbers[0]), "la entrada no es la del RIDE");
    let engine_ms: Vec<f64> = (0..NODE_WARMUP + NODE_ITERATIONS)
        .map(|_| {
            let at = Instant::now();
            engine
                .render(&input, Duration::from_secs(5))
                .expect("render");
            at.elapsed().as_secs_f64() * 1000.0
        })
        .skip(NODE_WARMUP)
        .collect();
    let node = node::version()
        .and_then(|_| node::render_times(&input, NODE_ITERATIONS, NODE_WARMUP))
        .map(node::stats);
    let node_http = (!node_http.is_empty()).then(|| node::stats(node_http));
    match node::version() {
        Some(v) => println!(
            "  RIDE A4 de una factura de 20 líneas; referencia: Node.js {v}, mismo paquete y misma entrada"
        ),
        None => println!(
            "  RIDE A4 de una factura de 20 líneas; Node.js no está disponible: sin referencia"
        ),
    }
    println!(
        "  {:<60} {:>11} {:>11} {:>16} {:>16}",
        "", "p50", "p95", "Node HTTP/esto", "Node render/esto"
    );
    row(
        &format!("Mostrador, primera petición ({RIDE_DOCUMENTS} documentos)"),
        node::stats(first),
        node_http,
        node,
    );
    let cached = node::stats(cached);
    row(
        &format!(
            "Mostrador, desde la caché ({} peticiones)",
            RIDE_DOCUMENTS * CACHED_ROUNDS
        ),
        cached,
        node_http,
        node,
    );
    row(
        "Mostrador, revalidación con ETag (304, sin cuerpo)",
        node::stats(revalidated),
        node_http,
        node,
    );
    row(
        &format!(
            "{}, solo el render (la misma entrada)",
            EngineKind::preferred().name()
        ),
        node::stats(engine_ms),
        node_http,
        node,
    );
    if let Some(n) = node_http {
        row(
            "Node.js, servidor HTTP que renderiza cada petición",
            n,
            Some(n),
            node,
        );
    }
    if let Some(n) = node {
        row(
            "Node.js, solo el render (sin HTTP ni base de datos)",
            n,
            node_http,
            Some(n),
        );
    }
    println!("  HTML del RIDE: {} KB", html.len() / 1024);
    println!(
        "  Peticiones HTTP/1.1 en una conexión abierta, el mismo cliente para Mostrador (con la sesión del cajero) y para Node (sin sesión ni base de datos); caché y Node intercalados."
    );
    match node_http {
        Some((n50, n95)) => println!(
            "  Meta: la caché ≥ 10× más rápida que la página de Node: ×{:.1} en p50, ×{:.1} en p95 ({}).",
            n50 / cached.0,
            n95 / cached.1,
            if n50 / cached.0 >= 10.0 && n95 / cached.1 >= 10.0 {
                "cumple"
            } else {
                "NO cumple"
            }
        ),
        None => println!(
            "  Meta: la caché ≥ 10× más rápida que la página de Node (sin Node: no medida)."
        ),
    }
}

fn run(label: &str, db: &str, dir: &std::path::Path) {
    let (_simulator, sim_port) = simulator();
    let sri_url = format!("http://127.0.0.1:{sim_port}");
    let (_server, port) = serve_demo_with(
        BIN,
        db,
        &[
            ("SRI_URL", &sri_url),
            ("MOSTRADOR_SECRET", BENCH_SECRET),
            ("SRI_AUTH_DELAY_MS", SRI_AUTH_DELAY_MS),
            ("SRI_POLL_MS", SRI_POLL_MS),
        ],
    );
    upload_certificate(port, dir);
    let shop = stock_and_open_shift(port, 20);
    let admin = sign_in(port, "admin@demo.ec", "demo12345");
    let client = client(&mut Connection::open(port), &admin);
    println!(
        "{label} (simulador: autoriza {SIMULATOR_DELAY_MS} ms tras la recepción; trabajador: SRI_AUTH_DELAY_MS={SRI_AUTH_DELAY_MS}, SRI_POLL_MS={SRI_POLL_MS})"
    );
    facturas(port, &shop, &client);
    ride(port, db, &shop, &client);
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite://{}", dir.path().join("ebilling.db").display());
    run("SQLite", &sqlite, dir.path());
    if let Ok(url) = std::env::var("BENCH_DATABASE_URL") {
        run("PostgreSQL", &url, dir.path());
    }
}
