//! Runs the Playwright suite (ui/e2e) in Debian's Chromium against this build's binary, with a
//! real SMTP server for the e-mails. Fails with a clear message when a prerequisite is missing.

use std::net::TcpListener;
use std::path::Path;
use std::process::Command;

use crate::util::smtp::SmtpSink;

#[test]
fn browser_suite() {
    let chromium = std::env::var("CHROMIUM_PATH").unwrap_or_else(|_| "/usr/bin/chromium".into());
    assert!(
        Path::new(&chromium).exists(),
        "falta Chromium en {chromium}: instálelo (apt-get install chromium) o indique CHROMIUM_PATH"
    );
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let sink = SmtpSink::start();
    let db_dir = tempfile::tempdir().unwrap();
    let status = Command::new("npx")
        .args(["playwright", "test"])
        .current_dir(&ui)
        .env("MOSTRADOR_BIN", env!("CARGO_BIN_EXE_mostrador"))
        .env("E2E_PORT", port.to_string())
        .env("E2E_DB_DIR", db_dir.path().join("db"))
        .env("E2E_SMTP_URL", sink.url())
        .env("E2E_MAIL_DIR", sink.dir())
        .env("CHROMIUM_PATH", &chromium)
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
        .status()
        .expect("no se pudo ejecutar npx playwright (¿Node.js instalado?)");
    assert!(
        status.success(),
        "las pruebas de navegador fallaron (detalle arriba)"
    );
}
