//! The real binary against hostile files, on both backends: an outside probe took the whole
//! process down with an XML 50 000 levels deep (its stack overflowed, through the Lector and
//! through the SRI's answers) and with a 1.5 KB XLSX that asked for 512 GB. Here every upload gets
//! the files of `hostile` and the SRI answers 60 000 levels deep; afterwards the process must
//! still be serving, every answer must have been a Spanish 4xx (or a listed problem), and its
//! memory must not have grown by more than [`RSS_GROWTH_MAX_MB`] at its peak.

use std::process::Command;

use regex::Regex;

use super::hostile::*;
use crate::util::Backend;
use crate::util::db::TestDb;
use crate::util::process::{BIN, Session, start};
const RUC: &str = "1790011224001";
const EMAIL: &str = "duena@hostil.ec";
const PASSWORD: &str = "clave-segura-1";

/// How much the server's resident memory may grow, at its peak, over what it held once warm.
const RSS_GROWTH_MAX_MB: u64 = 200;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    survives_hostile_files(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres() {
    if let Some(backend) = Backend::postgres() {
        survives_hostile_files(backend).await;
    }
}

fn cli(url: &str, args: &[&str]) {
    let out = Command::new(BIN)
        .args(args)
        .env("DATABASE_URL", url)
        .env("LOG", "error")
        .output()
        .expect("mostrador");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A stand-in SRI whose every answer is 60 000 levels deep.
async fn deep_sri() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = axum::Router::new().fallback(axum::routing::post(|| async {
        (
            [("content-type", "text/xml; charset=utf-8")],
            deep_soap(60_000),
        )
    }));
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{address}")
}

/// Words of the parsers' English that must never reach a user.
fn internals() -> Regex {
    Regex::new(r"(?i)\b(payload|request|failed|invalid|error:|expected|eof|panicked|allocation)\b")
        .unwrap()
}

async fn survives_hostile_files(backend: Backend) {
    let db = TestDb::create(&backend);
    cli(&db.url, &["migrate"]);
    cli(
        &db.url,
        &["company", "add", "--ruc", RUC, "--name", "HOSTIL S.A."],
    );
    cli(
        &db.url,
        &[
            "user",
            "add",
            "--email",
            EMAIL,
            "--password",
            PASSWORD,
            "--name",
            "Dueña",
            "--role",
            "admin",
            "--company",
            RUC,
        ],
    );
    let sri = deep_sri().await;
    let data = tempfile::tempdir().unwrap();
    let (mut server, base) = start(
        &db.url,
        &[
            ("SRI_URL", &sri),
            ("MOSTRADOR_SECRET", "secreto-de-prueba-hostil-0123456789"),
        ],
        data.path(),
        "/login",
    )
    .await;
    let session = Session::new(&base, EMAIL, PASSWORD).await;
    // Warm: the render engines, the connections.
    for path in ["/admin", "/admin/inventario/productos", "/login", "/admin"] {
        assert_eq!(session.get(path).await.0, 200, "{path}");
    }
    let warm = server.memory_mb("VmRSS:");

    let lector = "/api/tools/lector/upload";
    let inventory = "/api/inventory/upload";
    let report_key = {
        use mostrador::sri::catalog::{DocType, Environment};
        use mostrador::sri::clave::{ClaveAcceso, ClaveParts};
        ClaveAcceso::build(&ClaveParts {
            issue_date: chrono::NaiveDate::from_ymd_opt(2026, 1, 15).unwrap(),
            doc_type: DocType::Factura,
            ruc: crate::sri::testpki::RUC.into(),
            environment: Environment::Pruebas,
            establishment: "001".into(),
            emission_point: "001".into(),
            sequential: 7,
            numeric_code: "12345678".into(),
        })
        .unwrap()
        .as_str()
        .to_string()
    };
    let report = format!("CLAVE_ACCESO\n{report_key}\n").into_bytes();
    let files: Vec<(&str, &str, &str, Vec<u8>)> = vec![
        ("XML de 50 000 niveles", lector, "file", deep_xml(50_000)),
        (
            "ZIP con un XML de 100 000 niveles",
            lector,
            "file",
            zip_of(&[("factura.xml", &deep_xml(100_000))]),
        ),
        ("bomba ZIP", lector, "file", zip_bomb(256)),
        (
            "ZIP cortado",
            lector,
            "file",
            truncated(&zip_of(&[("a.xml", &deep_xml(10))])),
        ),
        (
            "reporte de 10⁷ líneas",
            lector,
            "file",
            report_lines(10_000_000),
        ),
        (
            "reporte con respuesta del SRI de 60 000 niveles",
            lector,
            "file",
            report,
        ),
        (
            "XLSX de 16 384 × 1 048 576",
            inventory,
            "file",
            xlsx_far_cell(),
        ),
        (
            "XLSX que declara 10¹² textos",
            inventory,
            "file",
            xlsx_shared_strings_claim(),
        ),
        (
            "XLSX con 200 MB de textos",
            inventory,
            "file",
            xlsx_shared_strings_flood(200),
        ),
        (
            "ODS repetido mil millones de veces",
            inventory,
            "file",
            ods_repeated(),
        ),
        (
            "XLS de 4 294 967 295 filas",
            inventory,
            "file",
            xls_dimensions(),
        ),
        ("CSV de 10⁷ filas", inventory, "file", csv_rows(10_000_000)),
        ("línea de 30 MB", inventory, "file", long_line(30)),
        (
            "XLSX cortado",
            inventory,
            "file",
            truncated(&xlsx_products()),
        ),
        (
            "archivo de 33 MB",
            inventory,
            "file",
            vec![b'a'; 33 * 1024 * 1024],
        ),
        (
            "certificado que no es un .p12",
            "/api/ebilling/certificate",
            "file",
            deep_xml(1_000),
        ),
        (
            "logo que no es una imagen",
            "/api/company/logo",
            "logo",
            deep_xml(1_000),
        ),
    ];
    let internals = internals();
    for (what, path, field, file) in files {
        let (status, body) = session.upload(path, field, &file).await;
        assert!(server.alive(), "{what}: el proceso terminó");
        let message = match status {
            // The Lector lists a file's problems with the documents it could read.
            200 => body["errors"][0]["message"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            400..=499 => body["message"].as_str().unwrap_or_default().to_string(),
            other => panic!("{what}: {other} {body}"),
        };
        assert!(!message.is_empty(), "{what}: {status} {body}");
        assert!(!internals.is_match(&message), "{what}: «{message}»");
        eprintln!(
            "{what}: {status} «{message}» (memoria {} MB, pico {} MB)",
            server.memory_mb("VmRSS:"),
            server.memory_mb("VmHWM:")
        );
    }
    // The process still serves pages and answers.
    assert_eq!(session.get("/login").await.0, 200);
    assert_eq!(session.get("/api/tools/lector/mappings").await.0, 200);
    let (now, peak) = (server.memory_mb("VmRSS:"), server.memory_mb("VmHWM:"));
    eprintln!("memoria (MB): {warm} en caliente, pico {peak}, ahora {now}");
    assert!(
        peak <= warm + RSS_GROWTH_MAX_MB,
        "la memoria llegó a {peak} MB desde {warm} MB"
    );
}
