//! Many shops on one database: how much a hosted Mostrador carries.
//!
//! `BENCH_SHOPS` companies (50 by default) are created through the command line (`company add`,
//! `user add`: an owner and a cashier each), then through the API each gets five products with
//! stock and its cashier's open shift. `BENCH_TERMINALS` terminals (8) then work for
//! `BENCH_SECONDS` (20) each, every terminal serving its own shops in turn with the mix of a
//! shop's day: a 5-line sales note, two product searches and a list page each round, the POS page
//! rendered every 5th round and the day's report by product every 10th.
//!
//! The same terminals first work on one shop (all of them selling in it: each sale waits for the
//! previous one's counter and stock rows), then on all of them: the ratio of the two is what
//! independent shops gain. On PostgreSQL (`BENCH_DATABASE_URL`, a fresh schema) this runs with one
//! app server and with two on the same database (the terminals split between them); on SQLite
//! with one, for reference. Printed per run: sales/s, requests/s, p50/p99 per kind of request,
//! the CPU seconds per sale of each app server and of PostgreSQL (read from `/proc`), the cores
//! each kept busy, and which process runs out of CPU first.
//!
//! Goal: with 50 shops PostgreSQL sells at least twice the one-shop figure with a sale's p99 at
//! most 100 ms.

#[path = "support/mod.rs"]
mod support;

use std::collections::BTreeMap;
use std::process::Command;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::{Connection, Server, cpu_by_thread, json_request, percentile, pg_schema, sign_in};

const BIN: &str = env!("CARGO_BIN_EXE_mostrador");
const PASSWORD: &str = "tienda12345";

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(default)
}

/// The command line on `db`; panics with its error when it fails.
fn cli(db: &str, args: &[&str]) {
    let out = Command::new(BIN)
        .args(args)
        .env("DATABASE_URL", db)
        .env("LOG", "error")
        .output()
        .expect("mostrador");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A server on `db` on a free port, once it answers.
fn serve(db: &str) -> (Server, u16) {
    support::serve(BIN, db, &[])
}

/// One shop ready to sell: its owner's and cashier's sessions, the sale's lines and total.
#[derive(Clone)]
struct Shop {
    owner: (String, String),
    cashier: (String, String),
    lines: Vec<Value>,
    total: String,
}

/// Creates shop `i` through the command line (company, owner, cashier).
fn create(db: &str, i: usize) -> (String, String) {
    let ruc = format!("179{:07}001", 1_000_000 + i);
    cli(
        db,
        &[
            "company",
            "add",
            "--ruc",
            &ruc,
            "--name",
            &format!("TIENDA {i}"),
        ],
    );
    let owner = format!("duenio{i}@tiendas.bench");
    let cashier = format!("cajero{i}@tiendas.bench");
    for (email, role) in [(&owner, "admin"), (&cashier, "cashier")] {
        cli(
            db,
            &[
                "user",
                "add",
                "--email",
                email,
                "--password",
                PASSWORD,
                "--name",
                email,
                "--role",
                role,
                "--company",
                &ruc,
            ],
        );
    }
    (owner, cashier)
}

/// Products, stock and the cashier's shift of a created shop, through the API.
fn stock(port: u16, owner: &str, cashier: &str) -> Shop {
    let owner = sign_in(port, owner, PASSWORD);
    let cashier = sign_in(port, cashier, PASSWORD);
    let mut conn = Connection::open(port);
    let mut products = Vec::new();
    for n in 1..=5 {
        let (status, p) = json_request(
            &mut conn,
            "POST",
            "/api/item/register",
            &owner,
            &json!({ "code": format!("P{n}"), "name": format!("Producto {n}"), "price": "1.25",
                     "ivaCode": "4", "unit": "unidad" }),
        );
        assert_eq!(status, 201, "producto: {p}");
        products.push(p["_id"].clone());
    }
    let (_, cellars) = json_request(
        &mut conn,
        "GET",
        "/api/inventory/cellar/options",
        &owner,
        &Value::Null,
    );
    let cellar = cellars
        .as_array()
        .and_then(|c| c.iter().find(|c| c["isDefault"] == true))
        .expect("bodega principal")["_id"]
        .clone();
    let stocked: Vec<Value> = products
        .iter()
        .map(|p| json!({ "productId": p, "quantity": "1000000", "unitCost": "0.50" }))
        .collect();
    let (status, answer) = json_request(
        &mut conn,
        "POST",
        "/api/inventory/adjustment/register",
        &owner,
        &json!({ "cellarId": cellar, "reason": "Inventario inicial", "lines": stocked }),
    );
    assert_eq!(status, 201, "ajuste: {answer}");
    let (status, register) = json_request(
        &mut conn,
        "POST",
        "/api/cashRegister/register",
        &owner,
        &json!({ "code": "C1", "name": "Caja 1" }),
    );
    assert_eq!(status, 201, "caja: {register}");
    let (status, turn) = json_request(
        &mut conn,
        "POST",
        "/api/Turn/open",
        &cashier,
        &json!({ "cashRegisterId": register["_id"], "openingAmount": "50.00" }),
    );
    assert_eq!(status, 201, "turno: {turn}");
    let lines: Vec<Value> = products
        .iter()
        .map(|p| json!({ "productId": p, "quantity": "1" }))
        .collect();
    let (_, preview) = json_request(
        &mut conn,
        "POST",
        "/api/sales/note/preview",
        &cashier,
        &json!({ "lines": lines }),
    );
    Shop {
        owner,
        cashier,
        lines,
        total: preview["total"].as_str().expect("total").to_string(),
    }
}

/// Kinds of request of the mix, in the order they are printed.
const KINDS: [&str; 5] = ["venta", "búsqueda", "lista", "página", "reporte"];

/// What one terminal measured: latencies by kind.
type Samples = BTreeMap<&'static str, Vec<Duration>>;

/// One terminal: the shops `mine` in turn, for `seconds`, on the server at `port`. `t` names its
/// sales' keys.
fn terminal(
    t: usize,
    port: u16,
    mine: Vec<Shop>,
    run: &str,
    start: Arc<Barrier>,
    seconds: f64,
) -> Samples {
    let mut conn = Connection::open(port);
    let mut samples: Samples = BTreeMap::new();
    let mut round = 0usize;
    let mut timed = |conn: &mut Connection,
                     kind: &'static str,
                     f: &mut dyn FnMut(&mut Connection) -> u16,
                     measure: bool| {
        let at = Instant::now();
        let status = f(conn);
        assert!((200..300).contains(&status), "{kind}: {status}");
        if measure {
            samples.entry(kind).or_default().push(at.elapsed());
        }
    };
    let mut work = |conn: &mut Connection, measure: bool, round: usize| {
        let shop = &mine[round % mine.len()];
        let key = format!("{run}-{t}-{round}");
        timed(
            conn,
            "venta",
            &mut |c| {
                let body = json!({ "idempotencyKey": key, "lines": shop.lines,
                               "payments": [{ "method": "cash", "amount": shop.total, "received": "20.00" }] });
                json_request(c, "POST", "/api/sales/note/register", &shop.cashier, &body).0
            },
            measure,
        );
        for q in ["Prod", "P3"] {
            timed(
                conn,
                "búsqueda",
                &mut |c| {
                    json_request(
                        c,
                        "GET",
                        &format!("/api/item?search={q}&limit=10"),
                        &shop.cashier,
                        &Value::Null,
                    )
                    .0
                },
                measure,
            );
        }
        timed(
            conn,
            "lista",
            &mut |c| {
                json_request(
                    c,
                    "GET",
                    "/api/sales/note?limit=20",
                    &shop.cashier,
                    &Value::Null,
                )
                .0
            },
            measure,
        );
        if round.is_multiple_of(5) {
            timed(
                conn,
                "página",
                &mut |c| {
                    c.request(
                        "GET",
                        "/admin/ventas/notaventa",
                        &[("Cookie", &shop.cashier.0)],
                        b"",
                    )
                    .0
                },
                measure,
            );
        }
        if round.is_multiple_of(10) {
            timed(
                conn,
                "reporte",
                &mut |c| {
                    json_request(
                        c,
                        "GET",
                        "/api/reports/sales?groupBy=product",
                        &shop.owner,
                        &Value::Null,
                    )
                    .0
                },
                measure,
            );
        }
    };
    // Warm-up: one round per shop (connections, caches, the first page render).
    for _ in 0..mine.len().min(3) {
        work(&mut conn, false, round);
        round += 1;
    }
    start.wait();
    let until = Instant::now() + Duration::from_secs_f64(seconds);
    while Instant::now() < until {
        work(&mut conn, true, round);
        round += 1;
    }
    samples
}

/// CPU seconds so far of every PostgreSQL process on the machine (the postmaster and its
/// backends): what the database spent, read from `/proc` like the app servers'.
fn postgres_cpu() -> f64 {
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return 0.0;
    };
    procs
        .flatten()
        .filter(|p| {
            p.file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter_map(|p| std::fs::read_to_string(p.path().join("stat")).ok())
        .filter_map(|stat| {
            let (open, close) = (stat.find('(')?, stat.rfind(')')?);
            if &stat[open + 1..close] != "postgres" {
                return None;
            }
            let fields: Vec<&str> = stat[close + 2..].split_whitespace().collect();
            Some(
                [11, 12]
                    .iter()
                    .filter_map(|&i| fields.get(i)?.parse::<f64>().ok())
                    .sum::<f64>()
                    / 100.0,
            )
        })
        .sum()
}

fn process_cpu(pid: u32) -> f64 {
    cpu_by_thread(pid).values().sum()
}

/// What one run measured.
struct Measured {
    sales_per_second: f64,
    sale_p99: f64,
}

/// The terminals on `shops` for the configured time, spread over the servers `ports` (their
/// processes `pids`); prints the figures.
fn run(label: &str, shops: &[Shop], ports: &[u16], pids: &[u32], postgres: bool) -> Measured {
    let terminals = env_number("BENCH_TERMINALS", 8);
    let seconds = env_number("BENCH_SECONDS", 20) as f64;
    let start = Arc::new(Barrier::new(terminals + 1));
    let run = format!(
        "{}-{}",
        label.len(),
        Instant::now().elapsed().as_nanos() ^ std::process::id() as u128
    );
    let handles: Vec<_> = (0..terminals)
        .map(|t| {
            let mine: Vec<Shop> = shops
                .iter()
                .skip(t % shops.len())
                .step_by(terminals)
                .cloned()
                .collect();
            let mine = if mine.is_empty() {
                vec![shops[0].clone()]
            } else {
                mine
            };
            let (port, start, run) = (
                ports[t % ports.len()],
                start.clone(),
                format!("{run}-{label}"),
            );
            std::thread::spawn(move || terminal(t, port, mine, &run, start, seconds))
        })
        .collect();
    start.wait();
    let app_before: Vec<f64> = pids.iter().map(|p| process_cpu(*p)).collect();
    let pg_before = postgres_cpu();
    let started = Instant::now();
    let mut all: Samples = BTreeMap::new();
    for h in handles {
        for (kind, mut s) in h.join().expect("terminal") {
            all.entry(kind).or_default().append(&mut s);
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let app: Vec<f64> = pids
        .iter()
        .zip(&app_before)
        .map(|(p, b)| process_cpu(*p) - b)
        .collect();
    let pg = if postgres {
        postgres_cpu() - pg_before
    } else {
        0.0
    };
    let sales = all.get("venta").map_or(0, Vec::len);
    let requests: usize = all.values().map(Vec::len).sum();
    let per_sale = |cpu: f64| cpu * 1000.0 / sales.max(1) as f64;
    let mut sale_p99 = 0.0;
    let mut kinds = Vec::new();
    for kind in KINDS {
        if let Some(s) = all.get_mut(kind) {
            let (p50, p99) = (percentile(s, 0.50), percentile(s, 0.99));
            if kind == "venta" {
                sale_p99 = p99;
            }
            kinds.push(format!(
                "{kind} p50 {p50:.1} ms / p99 {p99:.1} ms ({})",
                s.len()
            ));
        }
    }
    let sales_per_second = sales as f64 / elapsed;
    println!(
        "{label}: {sales} ventas en {elapsed:.1} s → {sales_per_second:.0} ventas/s, {:.0} peticiones/s; {}",
        requests as f64 / elapsed,
        kinds.join(", ")
    );
    let mut cpu = Vec::new();
    for (i, c) in app.iter().enumerate() {
        cpu.push(format!(
            "servidor {} {:.2} ms/venta ({:.2} núcleos)",
            i + 1,
            per_sale(*c),
            c / elapsed
        ));
    }
    if postgres {
        cpu.push(format!(
            "PostgreSQL {:.2} ms/venta ({:.2} núcleos)",
            per_sale(pg),
            pg / elapsed
        ));
    }
    let busiest = if postgres && pg > app.iter().copied().fold(0.0, f64::max) {
        "PostgreSQL".to_string()
    } else {
        let (i, _) = app
            .iter()
            .enumerate()
            .fold((0, 0.0), |m, (i, c)| if *c > m.1 { (i, *c) } else { m });
        format!("el servidor {}", i + 1)
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let busy = (app.iter().sum::<f64>() + pg) / elapsed;
    println!(
        "    CPU: {}; ocupados {busy:.2} de {cores} núcleos; el que más CPU usa (el primero en quedarse sin ella): {busiest}",
        cpu.join(", ")
    );
    Measured {
        sales_per_second,
        sale_p99,
    }
}

/// Creates the shops on `db` and stocks them through a server; the shops.
fn prepare(db: &str, count: usize) -> Vec<Shop> {
    cli(db, &["migrate"]);
    let started = Instant::now();
    let users: Vec<(String, String)> = (0..count).map(|i| create(db, i)).collect();
    let (server, port) = serve(db);
    let shops: Vec<Shop> = users.iter().map(|(o, c)| stock(port, o, c)).collect();
    drop(server);
    println!(
        "{count} tiendas creadas por la línea de órdenes y abastecidas por la API en {:.1} s",
        started.elapsed().as_secs_f64()
    );
    shops
}

/// One shop, then all of them, with one server (and two on PostgreSQL); the ratios.
fn backend(name: &str, db: &str, count: usize, postgres: bool) {
    println!("== {name} ==");
    let shops = prepare(db, count);
    let (one_server, port) = serve(db);
    let pid = one_server.0.id();
    let one = run(
        &format!("{name}, 1 servidor, 1 tienda"),
        &shops[..1],
        &[port],
        &[pid],
        postgres,
    );
    let many = run(
        &format!("{name}, 1 servidor, {count} tiendas"),
        &shops,
        &[port],
        &[pid],
        postgres,
    );
    println!(
        "    {count} tiendas / 1 tienda: ×{:.2} ventas/s (p99 de una venta {:.1} ms){}",
        many.sales_per_second / one.sales_per_second,
        many.sale_p99,
        if postgres {
            "; objetivo PostgreSQL ≥ ×2 con p99 ≤ 100 ms"
        } else {
            ""
        }
    );
    if postgres {
        let (second, port2) = serve(db);
        let two = run(
            &format!("{name}, 2 servidores, {count} tiendas"),
            &shops,
            &[port, port2],
            &[pid, second.0.id()],
            postgres,
        );
        println!(
            "    2 servidores / 1 servidor con {count} tiendas: ×{:.2} ventas/s; 2 servidores / 1 tienda: ×{:.2}",
            two.sales_per_second / many.sales_per_second,
            two.sales_per_second / one.sales_per_second
        );
    }
}

fn main() {
    let count = env_number("BENCH_SHOPS", 50);
    if let Ok(url) = std::env::var("BENCH_DATABASE_URL") {
        backend("PostgreSQL", &pg_schema(&url, "bench_shops"), count, true);
    }
    let dir = tempfile::tempdir().unwrap();
    backend(
        "SQLite",
        &format!("sqlite://{}", dir.path().join("tiendas.db").display()),
        count,
        false,
    );
}
