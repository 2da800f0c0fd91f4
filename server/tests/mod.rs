//! Integration tests: the real router, a real SQLite file or PostgreSQL schema per test, the real
//! render engine, a real SMTP server process. One test binary (one link step), organised like the
//! URL space. Tests run on SQLite always and on PostgreSQL when `TEST_DATABASE_URL` is set.

mod util;

mod auth;
mod cash;
mod cli;
mod config;
mod e2e;
mod ebilling;
mod foundations;
mod hardening;
pub(crate) mod inventory;
mod lector;
mod migrations;
mod pages;
mod permissions;
mod purchases;
mod readme;
mod receivables;
mod reports;
mod restaurant;
mod sales;
pub(crate) mod sri;
mod ssr;
mod taxes;
mod ui;
mod writes;

/// Each area's test files are modules by `automod::dir!` (no line per file in its `mod.rs`), and
/// cargo does not notice a new file in a folder it has already compiled: until something else
/// changes, this binary would run without the new file's tests. A source file newer than the
/// binary running is such a file, and this says so instead of letting its tests pass unseen.
#[test]
fn every_test_file_is_compiled_in() {
    let built = std::env::current_exe()
        .and_then(|exe| exe.metadata())
        .and_then(|meta| meta.modified())
        .expect("the test binary's time");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("server/tests");
    let mut newer = Vec::new();
    let mut folders = vec![root];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("server/tests") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && path.metadata().and_then(|m| m.modified()).expect("mtime") > built
            {
                newer.push(path.display().to_string());
            }
        }
    }
    assert!(
        newer.is_empty(),
        "these test files are newer than the test binary: cargo did not compile them in \
         (`touch server/tests/mod.rs` and run again): {newer:#?}"
    );
}
