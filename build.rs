//! Builds the web interface so that `cargo build` alone yields a complete binary.
//!
//! 1. Installs `ui/` npm dependencies from the lockfile (`npm ci`) when `ui/node_modules` is missing.
//! 2. Runs `ssr-bundle/build.mjs`, which writes the engine bundle, the hashed client assets (with
//!    `.gz`/`.br` siblings), `manifest.json` and `routes.json` into `$OUT_DIR/ui`.
//! 3. Generates `$OUT_DIR/ui/assets.rs`, the table of embedded public assets.
//!
//! Reruns only when the UI sources, the bundle recipe or the lockfile change.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const NODE_MISSING: &str = "\n\nMostrador builds its web interface with Node.js (>= 20) and npm, and \
could not run them.\nInstall them (Debian/Ubuntu: `sudo apt-get install nodejs npm`) and build again.\n";

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let ui = root.join("ui");
    for path in [
        "ui/src",
        "ui/package.json",
        "ui/package-lock.json",
        "ssr-bundle/build.mjs",
        "ssr-bundle/src",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=NODE");

    let node = env::var("NODE").unwrap_or_else(|_| "node".into());
    if !ui.join("node_modules").is_dir() {
        run(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(&ui),
            "npm ci",
        );
    }
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR")).join("ui");
    run(
        Command::new(&node)
            .arg(root.join("ssr-bundle/build.mjs"))
            .arg("--out")
            .arg(&out),
        "node ssr-bundle/build.mjs",
    );
    write_asset_table(&out);
}

fn run(command: &mut Command, what: &str) {
    match command.status() {
        Ok(status) if status.success() => {}
        Ok(status) => panic!("\n\n`{what}` failed ({status}); see its output above.\n"),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => panic!("{NODE_MISSING}"),
        Err(err) => panic!("\n\ncould not start `{what}`: {err}{NODE_MISSING}"),
    }
}

fn content_type(name: &str) -> &'static str {
    match Path::new(name).extension().and_then(|e| e.to_str()) {
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        _ => "application/octet-stream",
    }
}

/// One `Asset` per file of `public/assets`, with its precompressed siblings.
fn write_asset_table(out: &Path) {
    let dir = out.join("public/assets");
    let mut names: Vec<String> = fs::read_dir(&dir)
        .expect("public/assets")
        .map(|e| {
            e.expect("dir entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| !n.ends_with(".gz") && !n.ends_with(".br"))
        .collect();
    names.sort();
    let mut code = String::from("&[\n");
    for name in names {
        let path = dir.join(&name);
        let sibling = |ext: &str| {
            let p = PathBuf::from(format!("{}.{ext}", path.display()));
            if p.exists() {
                format!("Some(include_bytes!({:?}))", p.display().to_string())
            } else {
                "None".into()
            }
        };
        writeln!(
            code,
            "    Asset {{ path: {:?}, content_type: {:?}, body: include_bytes!({:?}), gzip: {}, brotli: {} }},",
            format!("assets/{name}"),
            content_type(&name),
            path.display().to_string(),
            sibling("gz"),
            sibling("br"),
        )
        .expect("write");
    }
    code.push(']');
    fs::write(out.join("assets.rs"), code).expect("assets.rs");
}
