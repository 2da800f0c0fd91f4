//! Inventory benchmark on a catalogue of 100,000 products (a fresh server process with the demo
//! data, on SQLite, and on PostgreSQL when `BENCH_DATABASE_URL` names an empty database): the 100,000-row CSV import through `POST /api/inventory/upload` (time to the
//! job's end and peak RSS of the server while it runs), then `getByBarcode` over HTTP (p50, p99),
//! the product list search (p50) and the server render of `/admin/inventario/productos` (p50).
//! Run: `cargo bench --bench inventory` (or bench/run.sh). Targets from issue 9: getByBarcode p50
//! ≤ 1 ms, p99 ≤ 5 ms; search p50 ≤ 10 ms; page ≤ 50 ms; import ≤ 60 s with RSS ≤ 200 MB.
//! With `BENCH_ONLY=import` only the import is measured (on each backend), not the reads after it.
//! `BENCH_BIN` runs another build of the server (e.g. a copy of the one before a change, to
//! compare both in the same session on a shared machine).

#[path = "support/mod.rs"]
mod support;
use std::time::{Duration, Instant};
use support::{http, percentile, serve_demo, sign_in};

const BIN: &str = env!("CARGO_BIN_EXE_mostrador");
const PRODUCTS: usize = 100_000;

fn rss_mb(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// The catalogue as CSV: code, barcode, name, category, price, opening stock and cost.
fn catalogue() -> String {
    let words = [
        "arroz", "azúcar", "aceite", "leche", "galletas", "jabón", "atún", "café", "fideo", "queso",
    ];
    let mut csv = String::from(
        "codigo;codigo_barras;nombre;categoria;precio;iva;stock_minimo;stock_inicial;costo\n",
    );
    for n in 1..=PRODUCTS {
        csv.push_str(&format!(
            "B{n:06};77{n:011};Producto {} {n} marca {};Categoría {};{}.{:02};4;5;{};0.{:02}\n",
            words[n % words.len()],
            n % 97,
            n % 30,
            1 + n % 25,
            n % 100,
            10 + n % 50,
            10 + n % 80,
        ));
    }
    csv
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    run(
        "SQLite",
        &format!("sqlite://{}", dir.path().join("inventario.db").display()),
    );
    if let Ok(url) = std::env::var("BENCH_DATABASE_URL") {
        run("PostgreSQL", &url);
    }
}

fn run(backend: &str, db: &str) {
    let bin = std::env::var("BENCH_BIN").unwrap_or_else(|_| BIN.to_string());
    let (server, port) = serve_demo(&bin, db);
    let pid = server.0.id();
    let (cookie, csrf) = sign_in(port, "admin@demo.ec", "demo12345");

    // The import.
    let csv = catalogue();
    let boundary = "----bench";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"catalogo.csv\"\r\nContent-Type: text/csv\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(csv.as_bytes());
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let rss_before = rss_mb(pid);
    let started = Instant::now();
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let (status, _, answer) = http(
        port,
        "POST",
        "/api/inventory/upload",
        &[
            ("Content-Type", &content_type),
            ("Cookie", &cookie),
            ("X-CSRF-Token", &csrf),
        ],
        &body,
    )
    .unwrap();
    assert_eq!(status, 202, "subida: {answer}");
    let job: serde_json::Value = serde_json::from_str(&answer).unwrap();
    let id = job["_id"].as_i64().unwrap();
    let mut peak = rss_mb(pid);
    let job = loop {
        std::thread::sleep(Duration::from_millis(200));
        peak = peak.max(rss_mb(pid));
        let (_, _, body) = http(
            port,
            "GET",
            &format!("/api/inventory/upload/{id}"),
            &[("Cookie", &cookie)],
            b"",
        )
        .unwrap();
        let job: serde_json::Value = serde_json::from_str(&body).unwrap();
        if job["status"] != "running" {
            break job;
        }
    };
    let import = started.elapsed();
    assert_eq!(job["status"], "done", "{job}");
    assert_eq!(job["created"], PRODUCTS as i64, "{}", job["errors"]);
    if std::env::var("BENCH_ONLY").is_ok_and(|only| only == "import") {
        println!(
            "importación CSV de {PRODUCTS} filas ({backend:<10}) {:>8.1} s (≤ 60 s), RSS antes / pico {rss_before:.1} / {peak:.1} MB",
            import.as_secs_f64()
        );
        return;
    }

    // getByBarcode over HTTP.
    let mut samples = Vec::new();
    for i in 0..2000usize {
        let n = 1 + (i * 7919) % PRODUCTS;
        let body = format!(r#"{{"barcode":"77{n:011}"}}"#);
        let t = Instant::now();
        let (status, _, _) = http(
            port,
            "POST",
            "/api/item/getByBarcode",
            &[
                ("Content-Type", "application/json"),
                ("Cookie", &cookie),
                ("X-CSRF-Token", &csrf),
            ],
            body.as_bytes(),
        )
        .unwrap();
        samples.push(t.elapsed());
        assert_eq!(status, 200);
    }
    let barcode_p50 = percentile(&mut samples, 0.5);
    let barcode_p99 = percentile(&mut samples, 0.99);

    // The product list search.
    let mut samples = Vec::new();
    for i in 0..200usize {
        let n = 1 + (i * 104_729) % PRODUCTS;
        let t = Instant::now();
        let (status, _, body) = http(
            port,
            "GET",
            &format!("/api/item?search=marca%20{}&limit=10", n % 97),
            &[("Cookie", &cookie)],
            b"",
        )
        .unwrap();
        samples.push(t.elapsed());
        assert!(status == 200 && body.contains("\"total\""), "{body}");
    }
    let search_p50 = percentile(&mut samples, 0.5);

    // The products page, rendered on the server.
    let mut samples = Vec::new();
    for _ in 0..100 {
        let t = Instant::now();
        let (status, _, body) = http(
            port,
            "GET",
            "/admin/inventario/productos",
            &[("Cookie", &cookie)],
            b"",
        )
        .unwrap();
        samples.push(t.elapsed());
        assert!(status == 200 && body.contains("Productos"));
    }
    let page_p50 = percentile(&mut samples, 0.5);

    println!("inventario con {PRODUCTS} productos ({backend:<10})      valor          meta");
    println!(
        "importación CSV de {PRODUCTS} filas              {:>8.1} s       ≤ 60 s",
        import.as_secs_f64()
    );
    println!(
        "RSS del servidor: antes / pico en la subida   {rss_before:>5.1} / {peak:.1} MB   ≤ 200 MB"
    );
    println!(
        "getByBarcode p50 / p99 (HTTP)                 {barcode_p50:>5.2} / {barcode_p99:.2} ms   ≤ 1 / ≤ 5 ms"
    );
    println!("búsqueda en la lista de productos p50         {search_p50:>8.2} ms      ≤ 10 ms");
    println!("/admin/inventario/productos renderizada p50   {page_p50:>8.2} ms      ≤ 50 ms");
}
