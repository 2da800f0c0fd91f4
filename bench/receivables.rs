//! Receivables benchmark (issue 25): the account statement of a client with 5,000 movements —
//! 2,500 credit sales (charges) and 2,500 collections (payments) over the last year — on SQLite
//! and, when `BENCH_DATABASE_URL` names an empty database, on PostgreSQL. Target: ≤ 100 ms for the
//! statement as `GET /api/cxc/statement` answers it (`controllers::receivables::ledger::statement`,
//! the running balance over every movement, and its JSON).
//!
//! Fixture: the demo company (`mostrador demo`'s loader), a new client, then the sales (headers
//! shaped as the sales service writes them, with their receivables) and the receipts inserted
//! directly in one transaction: posting them through the services (numbering, stock, cash) is
//! measured by `bench/sales.rs`; this benchmark measures the read.
//!
//! Run: `cargo bench --bench receivables`. Prints the fixture time and the statement's p50/max of
//! 11 runs per database, and fails when the p50 is over 100 ms.

use std::time::{Duration, Instant};

use chrono::TimeDelta;
use diesel::prelude::*;
use mostrador::auth::roles::Tenant;
use mostrador::auth::signed_in::AuthUser;
use mostrador::cli::demo;
use mostrador::controllers::receivables::ledger::statement;
use mostrador::db::schema::sales;
use mostrador::db::{Database, DbConnection};
use mostrador::models::auth::user::User;
use mostrador::models::config::company::Company;
use mostrador::models::config::emission_point::EmissionPoint;
use mostrador::models::inventory::warehouse::Warehouse;
use mostrador::models::receivables::receipt::{NewReceipt, Receipt};
use mostrador::models::sales::client::{Client, ClientFields};
use mostrador::models::sales::note::NewSale;
use mostrador::models::sales::receivable::Receivable;

/// Movements of the client: half charges, half payments.
const MOVEMENTS: usize = 5_000;
const LIMIT: Duration = Duration::from_millis(100);
const RUNS: usize = 11;

/// The client and its 5,000 movements, spread over the 365 days before today.
fn seed(c: &mut DbConnection, tenant: &Tenant) -> i64 {
    let company = tenant.company;
    let branch = tenant.branch(c).expect("sucursal");
    let cellar = Warehouse::default_of(c, company, branch.id)
        .unwrap()
        .expect("bodega");
    let point = EmissionPoint::for_branches(c, company, &[branch.id]).unwrap()[0].id;
    let user = tenant.user_id();
    let start = tenant
        .zone()
        .start_of(tenant.zone().today() - TimeDelta::days(365));
    let step = 365 * 24 * 3600 / MOVEMENTS as i64;
    mostrador::db::write_transaction(c, |c| {
        let client = Client::insert(
            c,
            company,
            &ClientFields {
                id_type: "pasaporte".into(),
                identification: "BENCH-CXC-1".into(),
                name: "CLIENTE DE 5000 MOVIMIENTOS".into(),
                email: None,
                phone: None,
                address: None,
                price_level: 1,
                credit_limit: 1_000_000 * 1_000_000,
                credit_days: 30,
                active: true,
            },
        )?;
        for n in 0..MOVEMENTS / 2 {
            let at = start + TimeDelta::seconds(step * (2 * n) as i64);
            let number = format!("900-900-{n:09}");
            let key = format!("bench-cxc-{n}");
            let sale: i64 = diesel::insert_into(sales::table)
                .values(&NewSale {
                    company_id: company.get(),
                    branch_office_id: branch.id,
                    emission_point_id: point,
                    sequential: 900_000_000 + n as i64,
                    number: &number,
                    idempotency_key: &key,
                    client_id: client,
                    warehouse_id: cellar.id,
                    user_id: user,
                    turn_id: None,
                    quote_id: None,
                    gross: 11_500_000,
                    discount: 0,
                    subtotal: 10_000_000,
                    iva: 1_500_000,
                    total: 11_500_000,
                    change_given: 0,
                    note: None,
                    created_at: at,
                    kind: "note",
                })
                .returning(sales::id)
                .get_result(c)?;
            Receivable::insert(
                c,
                company,
                client,
                sale,
                11_500_000,
                at.date() + TimeDelta::days(30),
            )?;
            let receipt_key = format!("bench-cxc-cobro-{n}");
            Receipt::insert(
                c,
                &NewReceipt {
                    company_id: company.get(),
                    number: 900_000 + n as i64,
                    idempotency_key: &receipt_key,
                    client_id: client,
                    user_id: user,
                    method: "transfer",
                    amount: 10_000_000,
                    applied: 10_000_000,
                    bank_account_id: None,
                    reference: None,
                    turn_id: None,
                    created_at: at + TimeDelta::seconds(step),
                },
            )?;
        }
        Ok::<_, mostrador::error::AppError>(client)
    })
    .expect("fixture")
}

/// Measures on one database; the statement's p50.
fn run(label: &str, url: &str) -> Duration {
    let db = Database::connect(url, 2).expect("base de datos");
    let mut c = db.get().expect("conexión");
    mostrador::services::upgrade::run(&mut c).expect("migraciones");
    drop(c);
    demo::load(&db, &std::env::temp_dir()).expect("datos de demostración");
    let mut c = db.get().expect("conexión");
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
    let at = Instant::now();
    let client = seed(&mut c, &tenant);
    println!(
        "{label}: {MOVEMENTS} movimientos de un cliente insertados en {:.1} s (fixture)",
        at.elapsed().as_secs_f64()
    );
    diesel::sql_query("ANALYZE").execute(&mut *c).unwrap();
    let to = tenant.zone().today();
    let from = to - TimeDelta::days(400);
    let mut times = Vec::new();
    let mut bytes = 0;
    for _ in 0..RUNS {
        let at = Instant::now();
        let view = statement(&mut c, &tenant, client, from, to).expect("estado de cuenta");
        let json = serde_json::to_vec(&view).expect("json");
        times.push(at.elapsed());
        assert_eq!(view.lines.len(), MOVEMENTS);
        // 2,500 × (11.50 − 10.00).
        assert_eq!(view.closing_balance, "3750.00");
        bytes = json.len();
    }
    times.sort();
    let p50 = times[RUNS / 2];
    println!(
        "{label}: estado de cuenta de {MOVEMENTS} movimientos ({} KB de JSON): p50 {:.1} ms, máx {:.1} ms (objetivo ≤ {} ms)",
        bytes / 1024,
        p50.as_secs_f64() * 1000.0,
        times[RUNS - 1].as_secs_f64() * 1000.0,
        LIMIT.as_millis()
    );
    p50
}

fn main() {
    let dir = tempfile::tempdir().expect("carpeta temporal");
    let path = dir.path().join("receivables.db");
    let mut results = vec![(
        "SQLite",
        run("SQLite", &format!("sqlite://{}", path.display())),
    )];
    if let Ok(url) = std::env::var("BENCH_DATABASE_URL") {
        results.push(("PostgreSQL", run("PostgreSQL", &url)));
    }
    for (label, p50) in results {
        assert!(p50 <= LIMIT, "{label}: el estado de cuenta tardó {p50:?}");
    }
}
