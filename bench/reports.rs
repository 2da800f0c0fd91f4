//! Reports benchmark (issue 24): the sales report grouped by product over 100,000 sales of 5
//! lines (500,000 sale lines and 500,000 kardex exits) in one month, on SQLite and, when
//! `BENCH_DATABASE_URL` names an empty database, on PostgreSQL. Target: ≤ 300 ms.
//!
//! The report reads a summary table kept by the sale transaction (`services::reports::summary`,
//! migration `2026-11-27-140000_report_summary`): per local day of the branch, the sums per
//! product (and category), per cashier, register and client, and per payment method — about
//! 200 products × 28 days rows here instead of 500,000 lines and their kardex exits. Before it
//! (one `GROUP BY` per source over covering indexes) by-product took about 1.5 s on SQLite.
//! `BENCH_DETAIL=1` also times the detail computation (`report_from_detail`) for comparison.
//!
//! Fixture: the demo company (`mostrador demo`'s loader), then 100,000 sales inserted directly in
//! batches of 500 per transaction (`db::bulk::execute`: one multi-row INSERT on PostgreSQL,
//! cached single-row statements on SQLite) — header, five lines, one kardex exit per line, shaped as the sales
//! service writes them. Posting them through the service (numbering, stock locks, cash) would take
//! minutes and is measured by `bench/sales.rs`; this benchmark measures the read.
//!
//! Run: `cargo bench --bench reports` (`BENCH_SALES=20000` for a smaller fixture). Prints the fixture time and the report's p50/max of 5 runs
//! per grouping.

use std::time::Instant;

use chrono::{NaiveDate, TimeDelta};
use diesel::prelude::*;
use mostrador::auth::roles::Tenant;
use mostrador::auth::signed_in::AuthUser;
use mostrador::cli::demo;
use mostrador::db::schema::{kardex, products, sale_lines, sales};
use mostrador::db::{Database, DbConnection, bulk};
use mostrador::models::auth::user::User;
use mostrador::models::config::company::Company;
use mostrador::models::config::emission_point::EmissionPoint;
use mostrador::models::inventory::kardex::NewKardexRow;
use mostrador::models::inventory::warehouse::Warehouse;
use mostrador::models::sales::client::Client;
use mostrador::models::sales::note::{NewSale, SaleLine};
use mostrador::services::reports::sales::{GroupBy, report, report_from_detail};

/// Sales in the fixture: 100,000, or `BENCH_SALES` for a quicker run on a busy machine.
fn sales_count() -> usize {
    std::env::var("BENCH_SALES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000)
}
const LINES: usize = 5;
/// Sales written per statement: their 5 lines of 17 columns stay under PostgreSQL's 65,535
/// bind parameters (500 × 5 × 17 = 42,500).
const BATCH: usize = 500;

fn conn(db: &Database) -> mostrador::db::PooledConnection {
    db.get().expect("conexión")
}

/// The 100,000 sales of the fixture, spread over the 28 days before `last`.
fn seed(c: &mut DbConnection, tenant: &Tenant, last: NaiveDate) {
    let company = tenant.company;
    let branch = tenant.branch(c).expect("sucursal");
    let cellar = Warehouse::default_of(c, company, branch.id)
        .unwrap()
        .expect("bodega");
    let point = EmissionPoint::for_branches(c, company, &[branch.id]).unwrap()[0].id;
    let client = match Client::final_consumer(c, company).unwrap() {
        Some(cl) => cl.id,
        None => Client::insert_final_consumer(c, company).unwrap(),
    };
    let items: Vec<(i64, String, String)> = products::table
        .filter(products::company_id.eq(company.get()))
        .order(products::id)
        .limit(200)
        .select((products::id, products::code, products::name))
        .load(c)
        .unwrap();
    let start = tenant.zone().start_of(last - TimeDelta::days(27));
    let user = tenant.user_id();
    let sales_n = sales_count();
    let numbers: Vec<String> = (0..sales_n).map(|n| format!("900-900-{n:09}")).collect();
    let keys: Vec<String> = (0..sales_n).map(|n| format!("bench-report-{n}")).collect();
    for chunk in (0..sales_n).collect::<Vec<_>>().chunks(BATCH) {
        c.transaction::<_, diesel::result::Error, _>(|c| {
            let headers: Vec<NewSale> = chunk
                .iter()
                .map(|&n| NewSale {
                    company_id: company.get(),
                    branch_office_id: branch.id,
                    emission_point_id: point,
                    sequential: 900_000_000 + n as i64,
                    number: &numbers[n],
                    idempotency_key: &keys[n],
                    client_id: client,
                    warehouse_id: cellar.id,
                    user_id: user,
                    turn_id: None,
                    quote_id: None,
                    gross: 5_750_000,
                    discount: 0,
                    subtotal: 5_000_000,
                    iva: 750_000,
                    total: 5_750_000,
                    change_given: 0,
                    note: None,
                    created_at: start
                        + TimeDelta::seconds((n as i64 * 24 * 28 * 3600) / sales_n as i64),
                    kind: "note",
                })
                .collect();
            bulk::execute(
                c,
                || diesel::insert_into(sales::table).values(&headers),
                headers
                    .iter()
                    .map(|h| diesel::insert_into(sales::table).values(h)),
            )?;
            let first: i64 = sales::table
                .filter(sales::company_id.eq(company.get()))
                .filter(sales::idempotency_key.eq(&keys[chunk[0]]))
                .select(sales::id)
                .first(c)?;
            let mut lines = Vec::with_capacity(chunk.len() * LINES);
            let mut exits = Vec::with_capacity(chunk.len() * LINES);
            for (i, &n) in chunk.iter().enumerate() {
                let sale = first + i as i64;
                for p in 0..LINES {
                    let (id, code, name) = &items[(n * 7 + p * 31) % items.len()];
                    lines.push(SaleLine {
                        id: 0,
                        sale_id: sale,
                        position: p as i32 + 1,
                        product_id: *id,
                        code: code.clone(),
                        name: name.clone(),
                        unit: "unidad".into(),
                        quantity: 1_000_000,
                        unit_price: 1_000_000,
                        discount: 0,
                        promotion_id: None,
                        promotion_name: None,
                        promotion_discount: 0,
                        iva_code: "4".into(),
                        iva_rate: 15,
                        net: 1_000_000,
                        iva: 150_000,
                        unit_cost: 600_000,
                    });
                    exits.push(NewKardexRow {
                        company_id: company.get(),
                        product_id: *id,
                        warehouse_id: cellar.id,
                        created_at: headers[i].created_at,
                        movement_type: "sale",
                        document_type: "sale",
                        document_id: Some(sale),
                        document_number: Some(&numbers[n]),
                        quantity_in: 0,
                        quantity_out: 1_000_000,
                        unit_cost: 600_000,
                        total_cost: 600_000,
                        balance_quantity: 0,
                        average_cost: 600_000,
                        balance_value: 0,
                        user_id: Some(user),
                        document_date: None,
                    });
                }
            }
            bulk::execute(
                c,
                || diesel::insert_into(sale_lines::table).values(&lines),
                lines
                    .iter()
                    .map(|l| diesel::insert_into(sale_lines::table).values(l)),
            )?;
            bulk::execute(
                c,
                || diesel::insert_into(kardex::table).values(&exits),
                exits
                    .iter()
                    .map(|k| diesel::insert_into(kardex::table).values(k)),
            )?;
            Ok(())
        })
        .expect("lote de ventas");
    }
}

fn run(label: &str, url: &str) {
    let db = Database::connect(url, 2).expect("base de datos");
    mostrador::services::upgrade::run(&mut conn(&db)).expect("migraciones");
    demo::load(&db, &std::env::temp_dir()).expect("datos de demostración");
    let mut c = conn(&db);
    let company = Company::find_by_ruc(&mut c, demo::DEMO_RUC)
        .unwrap()
        .unwrap();
    let user = User::find_by_email(&mut c, "admin@demo.ec")
        .unwrap()
        .unwrap();
    let tenant = Tenant {
        auth: AuthUser {
            user,
            session_id: 0,
            zone: Company::zone(&mut c, company.scope()).unwrap(),
        },
        company: company.scope(),
    };
    let last = tenant.zone().today();
    let at = Instant::now();
    seed(&mut c, &tenant, last);
    println!(
        "{label}: {} ventas de {LINES} líneas insertadas en {:.1} s (fixture)",
        sales_count(),
        at.elapsed().as_secs_f64()
    );
    // The sales went in behind the sales service: sum them into the report's summary with the
    // code the migration's backfill runs (the service adds each sale as it commits).
    let at = Instant::now();
    mostrador::db::write_transaction(&mut c, |c| {
        mostrador::services::reports::summary::rebuild(c, tenant.company)
    })
    .expect("resumen");
    println!(
        "{label}: resumen de {} ventas sumado en {:.1} s (lo que tarda el backfill de la migración)",
        sales_count(),
        at.elapsed().as_secs_f64()
    );
    // Fresh statistics, as a database that has lived with its rows has.
    diesel::sql_query("ANALYZE").execute(&mut *c).unwrap();
    let from = last - TimeDelta::days(30);
    for group in GroupBy::ALL {
        let mut times = Vec::new();
        let mut rows = 0;
        let mut count = 0;
        for _ in 0..5 {
            let at = Instant::now();
            let r = report(&mut c, &tenant, from, last, group).expect("reporte");
            times.push(at.elapsed().as_secs_f64() * 1000.0);
            rows = r.rows.len();
            count = r.totals.count;
        }
        times.sort_by(f64::total_cmp);
        if std::env::var("BENCH_DETAIL").is_ok() {
            let mut detail = Vec::new();
            for _ in 0..3 {
                let at = Instant::now();
                let d = report_from_detail(&mut c, &tenant, from, last, group).expect("reporte");
                detail.push(at.elapsed().as_secs_f64() * 1000.0);
                assert_eq!(
                    d.totals.count, count,
                    "el resumen y el detalle cuentan igual"
                );
            }
            detail.sort_by(f64::total_cmp);
            println!(
                "{label}: (detalle) por {:<8} p50 {:.0} ms, máx {:.0} ms",
                group.as_str(),
                detail[1],
                detail[2]
            );
        }
        println!(
            "{label}: reporte de ventas por {:<8} {rows:>4} filas, {count} ventas: p50 {:.1} ms, máx {:.1} ms{}",
            group.as_str(),
            times[2],
            times[4],
            if group == GroupBy::Product {
                " (objetivo ≤ 300 ms)"
            } else {
                ""
            }
        );
    }
}

fn main() {
    let dir = tempfile::tempdir().expect("carpeta temporal");
    let path = dir.path().join("reports.db");
    run("SQLite", &format!("sqlite://{}", path.display()));
    if let Ok(url) = std::env::var("BENCH_DATABASE_URL") {
        run("PostgreSQL", &url);
    }
}
