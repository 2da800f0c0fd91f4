//! The closing summary of a busy shift.
//!
//! `cargo bench --bench cash` prints, on SQLite (and on PostgreSQL when `BENCH_DATABASE_URL`
//! names an empty database or schema), the milliseconds to compute the summary of a shift with
//! 10,000 movements (`posting::summary`: one grouped query) and to close it (`close_shift` under
//! the shift's lock, in a write transaction). Target: ≤ 50 ms.

use std::time::Instant;

use mostrador::cli::{CompanyAddArgs, UserAddArgs};
use mostrador::db::{Database, DbConnection, write_transaction};
use mostrador::models::CompanyId;
use mostrador::models::auth::user::Role;
use mostrador::models::cash::movement::{Movement, MovementKind, NewMovement};
use mostrador::models::cash::register::{CashRegister, CashRegisterFields};
use mostrador::models::cash::turn::Turn;
use mostrador::models::config::branch_office::BranchOffice;
use mostrador::services::cash::posting;

const MOVEMENTS: usize = 10_000;
const RUNS: usize = 30;

/// A company, a cashier, a register and an open shift with [`MOVEMENTS`] lines.
fn setup(conn: &mut DbConnection) -> (CompanyId, Turn) {
    mostrador::services::upgrade::run(conn).expect("migraciones");
    let company = mostrador::cli::admin::create_company(
        conn,
        &CompanyAddArgs {
            ruc: "1790011001001".into(),
            name: "EMPRESA DE PRUEBA S.A.".into(),
            trade_name: None,
            address: "Quito".into(),
            regimen: "1".into(),
        },
    )
    .expect("empresa");
    let user = mostrador::cli::admin::create_user(
        conn,
        &UserAddArgs {
            email: "cajero@bench.ec".into(),
            password: "clave-segura-1".into(),
            name: "Cajero".into(),
            role: Role::Cashier,
            company: "1790011001001".into(),
            branch: None,
        },
    )
    .expect("usuario");
    let company = company.scope();
    let branch = BranchOffice::find_by_code(conn, company, "001")
        .expect("sucursal")
        .expect("sucursal 001")
        .id;
    let register = CashRegister::insert(
        conn,
        company,
        branch,
        &CashRegisterFields {
            name: "Caja 1".into(),
            code: "C1".into(),
            active: true,
        },
    )
    .expect("caja");
    let turn =
        posting::open_shift(conn, company, branch, register, user.id, 100_000_000).expect("turno");
    write_transaction(conn, |conn| {
        let kinds = [
            (MovementKind::CashSale, Some("efectivo")),
            (MovementKind::NonCashSale, Some("tarjeta")),
            (MovementKind::CashIn, None),
            (MovementKind::Collection, None),
            (MovementKind::CnbIn, None),
            (MovementKind::CashOut, None),
        ];
        for n in 0..MOVEMENTS {
            let (kind, method) = kinds[n % kinds.len()];
            Movement::insert(
                conn,
                company,
                turn.id,
                &NewMovement {
                    kind,
                    amount: 1_000_000 + (n as i64 % 97) * 10_000,
                    reason: format!("Movimiento {n}"),
                    payment_method: method.map(String::from),
                    source: None,
                    user_id: user.id,
                },
            )?;
        }
        Ok::<_, diesel::result::Error>(())
    })
    .expect("movimientos");
    (company, turn)
}

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(|a, b| a.total_cmp(b));
    samples[samples.len() / 2]
}

fn run(label: &str, db: &Database) {
    let mut conn = db.get().expect("conexión");
    let (company, turn) = setup(&mut conn);
    let samples: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            let summary = posting::summary(&mut conn, company, &turn).expect("resumen");
            assert!(summary.expected > 0);
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    let start = Instant::now();
    let closing = write_transaction(&mut conn, |conn| {
        posting::close_shift(
            conn,
            company,
            turn.id,
            &[(100_000_000, 1)],
            None,
            turn.user_id,
        )
    })
    .expect("cierre");
    let close_ms = start.elapsed().as_secs_f64() * 1000.0;
    println!(
        "{label}: resumen de cierre de un turno con {MOVEMENTS} movimientos: mediana {:.2} ms \
         (mín. {:.2} ms, {RUNS} corridas); cierre completo bajo bloqueo {close_ms:.2} ms \
         (esperado {} micros) — objetivo ≤ 50 ms",
        median(samples.clone()),
        samples.iter().cloned().fold(f64::INFINITY, f64::min),
        closing.expected,
    );
}

fn main() {
    let dir = tempfile::tempdir().expect("carpeta temporal");
    let sqlite = Database::connect(
        &format!("sqlite://{}", dir.path().join("cash.db").display()),
        2,
    )
    .expect("SQLite");
    run("SQLite", &sqlite);
    if let Ok(url) = std::env::var("BENCH_DATABASE_URL") {
        let pg = Database::connect(&url, 2).expect("PostgreSQL");
        run("PostgreSQL", &pg);
    }
}
