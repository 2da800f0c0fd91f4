//! Both migration trees must hold the same steps (migrations/README.md).

use std::collections::BTreeSet;
use std::path::Path;

fn folders(backend: &str) -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("migrations")
        .join(backend);
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn sqlite_and_postgres_trees_have_the_same_folders() {
    let sqlite = folders("sqlite");
    assert!(!sqlite.is_empty());
    assert_eq!(sqlite, folders("postgres"));
    let path = |backend: &str, folder: &str, file: &str| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("migrations")
            .join(backend)
            .join(folder)
            .join(file)
    };
    for folder in &sqlite {
        for backend in ["sqlite", "postgres"] {
            let up = path(backend, folder, "up.sql");
            assert!(up.is_file(), "falta {}", up.display());
        }
        // `down.sql` is optional (a new table needs none), but a step that can be undone on one
        // backend can be undone on both.
        assert_eq!(
            path("sqlite", folder, "down.sql").is_file(),
            path("postgres", folder, "down.sql").is_file(),
            "{folder}: down.sql en un motor y no en el otro"
        );
    }
}

/// The invoices migration rebuilds `sales` on SQLite (a UNIQUE constraint cannot be dropped
/// there): a database that already has sales with payments must migrate with every row and every
/// reference intact, and go back down and up again.
#[test]
fn sqlite_invoices_migration_keeps_existing_sales_and_their_payments() {
    use diesel::connection::SimpleConnection;
    use diesel::prelude::*;
    use diesel::sqlite::SqliteConnection;
    use diesel_migrations::{FileBasedMigrations, MigrationHarness};

    const INVOICES: &str = "2026-11-26-000300_invoices";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.db");
    let mut conn = SqliteConnection::establish(path.to_str().unwrap()).unwrap();
    conn.batch_execute("PRAGMA foreign_keys = ON").unwrap();
    let source = || {
        FileBasedMigrations::from_path(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/sqlite"),
        )
        .unwrap()
    };
    // Every migration before the invoices one.
    loop {
        let pending = conn.pending_migrations(source()).unwrap();
        let next = pending.first().expect("falta la migración de facturas");
        if next.name().to_string() == INVOICES {
            break;
        }
        conn.run_migration(next.as_ref()).unwrap();
    }
    conn.batch_execute(
        "INSERT INTO companies (id, ruc, business_name, type_regimen, sri_environment, created_at, updated_at) VALUES (1, '1790011224001', 'x', '1', 'pruebas', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
         INSERT INTO branch_offices (id, company_id, code, name, created_at, updated_at) VALUES (1, 1, '001', 'x', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
         INSERT INTO emission_points (id, company_id, branch_office_id, code, created_at, updated_at) VALUES (1, 1, 1, '001', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
         INSERT INTO clients (id, company_id, id_type, identification, name, created_at, updated_at) VALUES (1, 1, 'cedula', '1710034065', 'x', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
         INSERT INTO warehouses (id, company_id, branch_office_id, name, created_at, updated_at) VALUES (1, 1, 1, 'x', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
         INSERT INTO users (id, company_id, email, name, password_hash, role, created_at, updated_at) VALUES (1, 1, 'a@b.ec', 'x', 'x', 'admin', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
         INSERT INTO sales (id, company_id, branch_office_id, emission_point_id, sequential, number, idempotency_key, client_id, warehouse_id, user_id, gross, discount, subtotal, iva, total, created_at) VALUES (5, 1, 1, 1, 1, '001-001-000000001', 'k-1', 1, 1, 1, 1000000, 0, 1000000, 0, 1000000, '2026-01-01 00:00:00');
         INSERT INTO sale_payments (sale_id, method, amount) VALUES (5, 'cash', 1000000);",
    )
    .unwrap();

    #[derive(QueryableByName, Debug, PartialEq)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        v: String,
    }
    let query = |conn: &mut SqliteConnection, sql: &str| -> Vec<String> {
        diesel::sql_query(sql)
            .load::<Row>(conn)
            .unwrap()
            .into_iter()
            .map(|r| r.v)
            .collect()
    };
    let fk_problems = "SELECT \"table\" || ' ' || rowid AS v FROM pragma_foreign_key_check";
    let invoices = conn
        .pending_migrations(source())
        .unwrap()
        .into_iter()
        .next()
        .unwrap();
    conn.run_migration(invoices.as_ref()).unwrap();
    assert_eq!(
        query(
            &mut conn,
            "SELECT id || ' ' || kind || ' ' || COALESCE(sri_document_id, '-') AS v FROM sales"
        ),
        ["5 note -"]
    );
    assert_eq!(
        query(
            &mut conn,
            "SELECT sale_id || ' ' || amount AS v FROM sale_payments"
        ),
        ["5 1000000"]
    );
    assert!(query(&mut conn, fk_problems).is_empty());
    assert_eq!(
        query(
            &mut conn,
            "SELECT CAST(foreign_keys AS TEXT) AS v FROM pragma_foreign_keys"
        ),
        ["1"],
        "foreign keys are on again"
    );
    // A factura may now share its number with the sales note of the same point.
    conn.batch_execute(
        "INSERT INTO sales (company_id, branch_office_id, emission_point_id, sequential, number, idempotency_key, client_id, warehouse_id, user_id, gross, discount, subtotal, iva, total, created_at, kind) VALUES (1, 1, 1, 1, '001-001-000000001', 'k-2', 1, 1, 1, 0, 0, 0, 0, 0, '2026-01-01 00:00:00', 'invoice');
         DELETE FROM sales WHERE kind = 'invoice';",
    )
    .unwrap();

    conn.revert_migration(invoices.as_ref()).unwrap();
    assert_eq!(
        query(&mut conn, "SELECT CAST(id AS TEXT) AS v FROM sales"),
        ["5"]
    );
    assert!(query(&mut conn, fk_problems).is_empty());
    conn.run_migration(invoices.as_ref()).unwrap();
    assert!(query(&mut conn, fk_problems).is_empty());
    assert_eq!(
        query(
            &mut conn,
            "SELECT CAST(sale_id AS TEXT) AS v FROM sale_payments"
        ),
        ["5"]
    );
}
