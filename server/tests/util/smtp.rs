//! The SMTP server the tests send mail to: `support/smtp_sink.py` (aiosmtpd), a separate process
//! speaking real SMTP, which stores each message as an .eml file.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

/// A running sink.
pub struct SmtpSink {
    child: Child,
    dir: TempDir,
    pub port: u16,
}

impl SmtpSink {
    /// Starts the sink and waits until it listens.
    pub fn start() -> SmtpSink {
        let dir = tempfile::tempdir().expect("carpeta temporal");
        let script =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("server/tests/support/smtp_sink.py");
        let mut child = Command::new("python3")
            .arg(&script)
            .arg(dir.path())
            .stdout(Stdio::piped())
            .spawn()
            .expect("no se pudo iniciar python3 (¿está instalado python3 con aiosmtpd?)");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("leer puerto");
        let port = line
            .trim()
            .strip_prefix("PORT ")
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| {
                panic!("el servidor SMTP de prueba no arrancó (¿pip install aiosmtpd?): {line:?}")
            });
        SmtpSink { child, dir, port }
    }

    /// The folder where messages are stored.
    pub fn dir(&self) -> &std::path::Path {
        self.dir.path()
    }

    /// The URL for `SMTP_URL`.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Messages received so far (raw RFC 5322 text, oldest first).
    pub fn messages(&self) -> Vec<String> {
        let mut files: Vec<_> = std::fs::read_dir(self.dir.path())
            .map(|d| {
                d.filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "eml"))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect()
    }

    /// Waits (up to 15 s) for a message to `to` and returns it decoded enough to search links.
    pub async fn wait_for(&self, to: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            if let Some(found) = self
                .messages()
                .into_iter()
                .find(|m| m.lines().next().is_some_and(|l| l.contains(to)))
            {
                return unfold(&found);
            }
            assert!(
                Instant::now() < deadline,
                "no llegó ningún correo para {to}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Undoes quoted-printable soft line breaks and `=3D`, enough to find URLs in the text part.
fn unfold(raw: &str) -> String {
    raw.replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=3D", "=")
}

/// The first URL in `text` containing `needle`.
pub fn find_link(text: &str, needle: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c == '"' || c == '<' || c == '>')
        .find(|w| w.starts_with("http") && w.contains(needle))
        .unwrap_or_else(|| panic!("no hay un enlace con {needle:?} en el correo:\n{text}"))
        .to_string()
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
