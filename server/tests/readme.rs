//! The command lines the READMEs print work as written (issue: "examples that work as written").
//! Every line of a `<!-- cli-commands -->` block of README.md and server/sri/README.md runs in a
//! shell, in order, from a folder that sees the repository's `server/`, with the real binary:
//! the optional parts in brackets and the `# comments` left out, `serve` skipped, `simulator`
//! started and stopped. What a reader brings is provided: a fresh database (`DATABASE_URL`), a
//! test certificate in `firma.p12` with its password in `SRI_P12_PASSWORD`, and `SRI_URL` pointing
//! at the SRI simulator.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::sri::testpki::{PASSWORD, TestPki};

const BIN: &str = env!("CARGO_BIN_EXE_mostrador");

/// The command lines of a README's `cli-commands` blocks.
fn commands(readme: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(readme).unwrap();
    let mut lines = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        match line.trim() {
            "<!-- cli-commands -->" => inside = true,
            "<!-- /cli-commands -->" => inside = false,
            l if inside && l.starts_with("mostrador ") => lines.push(l.to_string()),
            _ => {}
        }
    }
    assert!(
        !lines.is_empty(),
        "{} has a cli-commands block",
        readme.display()
    );
    lines
}

/// The line as a reader types it: without `# comment` and without optional `[…]` parts.
fn as_typed(line: &str) -> String {
    let line = line.split("  #").next().unwrap_or(line);
    let optional = regex::Regex::new(r"\s*\[[^\]]*\]").unwrap();
    optional.replace_all(line, "").trim().to_string()
}

/// The SRI simulator as a child process, its URL, and its output (kept open: a closed pipe would
/// end the simulator at its next line).
struct Simulator(
    std::process::Child,
    String,
    #[allow(dead_code)] BufReader<std::process::ChildStdout>,
);

impl Drop for Simulator {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn simulator(args: &[&str]) -> Simulator {
    let mut child = Command::new(BIN)
        .args(["sri", "simulator"])
        .args(args)
        .env("LOG", "error")
        .stdout(Stdio::piped())
        .spawn()
        .expect("simulador");
    let mut first = String::new();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    reader.read_line(&mut first).unwrap();
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("URL del simulador en «{first}»"))
        .to_string();
    Simulator(child, url, reader)
}

fn run_all(readme: &str) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root.join("server"), dir.path().join("server")).unwrap();
    std::fs::write(dir.path().join("firma.p12"), &TestPki::get().p12_modern).unwrap();
    let sri = simulator(&["--port", "0", "--delay-ms", "0"]);
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for line in commands(&root.join(readme)) {
        let typed = as_typed(&line);
        if typed.starts_with("mostrador serve") {
            continue;
        }
        if typed.starts_with("mostrador sri simulator") {
            // A server: it must start and answer; it is stopped right after.
            let args: Vec<&str> = typed.split_whitespace().skip(3).collect();
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port()
                .to_string();
            // On a free port rather than 8089, which another process may hold.
            let mut args: Vec<&str> = args
                .iter()
                .map(|a| if *a == "8089" { port.as_str() } else { a })
                .collect();
            if !args.contains(&"--port") {
                args.extend(["--port", port.as_str()]);
            }
            let started = simulator(&args);
            assert!(
                started.1.contains(&port),
                "{readme}: «{line}» listens on its port"
            );
            continue;
        }
        let started = Instant::now();
        let output = Command::new("sh")
            .arg("-c")
            .arg(&typed)
            .current_dir(dir.path())
            .env("PATH", &path)
            .env(
                "DATABASE_URL",
                format!("sqlite://{}/mostrador.db", dir.path().display()),
            )
            .env("SRI_URL", &sri.1)
            .env("SRI_P12_PASSWORD", PASSWORD)
            .env("LOG", "error")
            .output()
            .expect("sh");
        assert!(
            output.status.success(),
            "{readme}: «{typed}» failed ({:?}):\n{}{}",
            started.elapsed(),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{readme}: «{typed}» took too long"
        );
    }
}

#[test]
fn readme_commands_work_as_written() {
    run_all("README.md");
}

#[test]
fn sri_readme_commands_work_as_written() {
    run_all("server/sri/README.md");
}

#[test]
fn typed_lines_leave_out_options_and_comments() {
    assert_eq!(
        as_typed("mostrador sri xml a.json [--today AAAA-MM-DD] > f.xml   # XML"),
        "mostrador sri xml a.json > f.xml"
    );
    assert_eq!(
        as_typed("mostrador serve [--port N] [--host H] [--demo]"),
        "mostrador serve"
    );
}
