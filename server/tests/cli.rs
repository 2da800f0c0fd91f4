//! The command line, run as the real binary against a fresh SQLite file.

use std::process::{Command, Output};

use diesel::prelude::*;
use mostrador::db::Database;
use mostrador::models::auth::user::User;

fn run(db_url: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mostrador"))
        .args(args)
        .env("DATABASE_URL", db_url)
        .env("LOG", "error")
        .output()
        .expect("ejecutar mostrador")
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn company_user_and_demo_commands() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("cli.db").display());

    let migrate = run(&url, &["migrate"]);
    assert!(migrate.status.success(), "{}", text(&migrate));
    assert!(text(&run(&url, &["migrate"])).contains("al día"));

    let company = run(
        &url,
        &[
            "company",
            "add",
            "--ruc",
            "1790011224001",
            "--name",
            "FERRETERÍA LA LLAVE S.A.",
            "--regimen",
            "2",
        ],
    );
    assert!(company.status.success(), "{}", text(&company));
    let duplicate = run(
        &url,
        &["company", "add", "--ruc", "1790011224001", "--name", "Otra"],
    );
    assert!(!duplicate.status.success());
    assert!(text(&duplicate).contains("ya existe una empresa"));
    let bad_ruc = run(&url, &["company", "add", "--ruc", "123", "--name", "Mala"]);
    assert!(!bad_ruc.status.success());
    assert!(text(&bad_ruc).contains("RUC no válido"));

    let user = run(
        &url,
        &[
            "user",
            "add",
            "--email",
            "Dueno@Llave.ec",
            "--password",
            "clave-del-dueno",
            "--name",
            "Dueño",
            "--role",
            "admin",
            "--company",
            "1790011224001",
            "--branch",
            "001",
        ],
    );
    assert!(user.status.success(), "{}", text(&user));
    let short = run(
        &url,
        &[
            "user",
            "add",
            "--email",
            "x@llave.ec",
            "--password",
            "corta",
            "--name",
            "X",
            "--company",
            "1790011224001",
        ],
    );
    assert!(!short.status.success());
    assert!(text(&short).contains("al menos 8"));
    let bad_role = run(
        &url,
        &[
            "user",
            "add",
            "--email",
            "y@llave.ec",
            "--password",
            "clave-larga",
            "--name",
            "Y",
            "--role",
            "jefe",
            "--company",
            "1790011224001",
        ],
    );
    assert!(!bad_role.status.success());
    let no_company = run(
        &url,
        &[
            "user",
            "add",
            "--email",
            "z@llave.ec",
            "--password",
            "clave-larga",
            "--name",
            "Z",
            "--company",
            "0999999999001",
        ],
    );
    assert!(!no_company.status.success());

    for _ in 0..2 {
        let demo = run(&url, &["demo"]);
        assert!(demo.status.success(), "{}", text(&demo));
        assert!(text(&demo).contains("admin@demo.ec"));
    }

    let db = Database::connect(&url, 1).unwrap();
    let mut conn = db.get().unwrap();
    let owner = User::find_by_email(&mut conn, "dueno@llave.ec")
        .unwrap()
        .expect("usuario creado");
    assert_eq!(owner.role, "admin");
    assert!(owner.is_email_verified);
    assert!(mostrador::auth::password::verify(
        "clave-del-dueno",
        &owner.password_hash
    ));
    assert_eq!(User::branch_access(&mut conn, owner.id).unwrap().len(), 1);
    let demo_users: i64 = mostrador::db::schema::users::table
        .filter(mostrador::db::schema::users::email.like("%@demo.ec"))
        .count()
        .get_result(&mut *conn)
        .unwrap();
    assert_eq!(demo_users, 3, "demo is idempotent");
}

/// `mostrador backup` (the command the systemd timer of `deploy/` runs) copies the SQLite
/// database while a server writes to it: the copy opens on its own with the demo data, an
/// existing destination is refused and left as it was, and PostgreSQL gets the pg_dump advice.
#[test]
fn backup_copies_a_live_sqlite_database() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("tienda.db").display());
    let demo = run(&url, &["demo"]);
    assert!(demo.status.success(), "{}", text(&demo));

    // A connection holding a write transaction open, as a server in the middle of a sale would:
    // the copy does not wait for it and holds what was committed before it.
    let db = Database::connect(&url, 2).unwrap();
    let mut writer = db.get().unwrap();
    diesel::connection::SimpleConnection::batch_execute(
        &mut *writer,
        "BEGIN IMMEDIATE; UPDATE users SET name = 'a medio escribir' WHERE email = 'admin@demo.ec'",
    )
    .unwrap();

    let copy = dir.path().join("copia.db");
    let backup = run(&url, &["backup", copy.to_str().unwrap()]);
    assert!(backup.status.success(), "{}", text(&backup));
    assert!(
        text(&backup).contains("Copia de seguridad en"),
        "{}",
        text(&backup)
    );
    diesel::connection::SimpleConnection::batch_execute(&mut *writer, "ROLLBACK").unwrap();
    assert!(!dir.path().join("copia.db.partial").exists());

    let copied = Database::connect(&format!("sqlite://{}", copy.display()), 1).unwrap();
    let mut conn = copied.get().unwrap();
    let admin = User::find_by_email(&mut conn, "admin@demo.ec")
        .unwrap()
        .expect("la copia tiene los usuarios de demostración");
    assert_ne!(
        admin.name, "a medio escribir",
        "la copia no lleva lo no confirmado"
    );

    let before = std::fs::metadata(&copy).unwrap().len();
    let again = run(&url, &["backup", copy.to_str().unwrap()]);
    assert!(!again.status.success());
    assert!(text(&again).contains("ya existe"), "{}", text(&again));
    assert_eq!(std::fs::metadata(&copy).unwrap().len(), before);

    if let Ok(pg) = std::env::var("TEST_DATABASE_URL") {
        let refused = run(&pg, &["backup", dir.path().join("pg.db").to_str().unwrap()]);
        assert!(!refused.status.success());
        assert!(text(&refused).contains("pg_dump"), "{}", text(&refused));
    }
}
