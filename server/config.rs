//! Settings, read once at start-up from the environment (and the `serve` flags).

use std::time::Duration;

use crate::ssr::EngineKind;

/// Everything the server needs to know about its surroundings.
#[derive(Debug, Clone)]
pub struct Config {
    /// `sqlite://data/mostrador.db` (default) or `postgres://…`.
    pub database_url: String,
    /// Maximum pooled database connections.
    pub db_connections: u32,
    /// Address to listen on.
    pub host: String,
    pub port: u16,
    /// Base URL used in e-mailed links; defaults to `http://{host}:{port}`.
    pub public_url: Option<String>,
    /// `smtp://user:pass@host:port` or `smtps://…`; without it e-mails stay in the outbox and their
    /// links are logged.
    pub smtp_url: Option<String>,
    /// Sender of every e-mail.
    pub mail_from: String,
    /// Mark cookies `Secure` (behind HTTPS).
    pub cookie_secure: bool,
    /// Trust `X-Forwarded-For` for the client address (behind a load balancer).
    pub trust_proxy: bool,
    /// JavaScript engine that renders pages (`SSR_ENGINE=v8|quickjs`; default V8 when the binary
    /// was built with it).
    pub ssr_engine: EngineKind,
    /// Render engine threads (default: the number of cores).
    pub ssr_workers: usize,
    /// Longest a single render may run before the engine interrupts it.
    pub ssr_timeout: Duration,
    /// Renders waiting for a free engine before new ones are refused with 503.
    pub ssr_queue: usize,
    /// Script heap each render engine may use (`SSR_MEMORY_MB`); a render past it gets the error
    /// page and its engine is replaced.
    pub ssr_memory_limit: usize,
    /// Where V8 keeps the bundle's code cache between runs, so a restart of the same build
    /// skips compiling it (`SSR_CACHE_DIR`, default `data/cache`; `off` keeps it in memory).
    pub ssr_cache_dir: Option<std::path::PathBuf>,
    /// Idle lifetime of a session; each use extends it.
    pub session_ttl: Duration,
    /// How often the e-mail worker looks for pending mail.
    pub mail_poll: Duration,
    /// SRI web services and the electronic-documents worker.
    pub sri: SriConfig,
    /// `MOSTRADOR_SECRET`: the key material from which the key that encrypts the companies'
    /// signing certificates is derived (`services::signing::sealing`). Optional until a
    /// certificate is stored; then the server refuses to start without it.
    pub secret: Option<Secret>,
}

/// Name of the environment variable holding [`Config::secret`].
pub const SECRET_VAR: &str = "MOSTRADOR_SECRET";

/// Shortest `MOSTRADOR_SECRET` accepted: a short secret would make the certificates' key guessable.
pub const SECRET_MIN_LEN: usize = 16;

/// A secret setting. Its `Debug` never shows the value, so printing the configuration (or an
/// error holding it) cannot leak it into a log.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret, refusing one too short to be safe.
    pub fn new(value: impl Into<String>) -> anyhow::Result<Secret> {
        let value = value.into();
        if value.chars().count() < SECRET_MIN_LEN {
            anyhow::bail!(
                "{SECRET_VAR} debe tener al menos {SECRET_MIN_LEN} caracteres (genere uno con `openssl rand -base64 32`)"
            );
        }
        Ok(Secret(value))
    }

    /// The secret's bytes (only for deriving keys).
    pub fn expose(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// Settings of the SRI client and of the worker that sends documents and polls their
/// authorization (`server/sri/README.md`).
#[derive(Debug, Clone)]
pub struct SriConfig {
    /// Base URL replacing the SRI's official hosts for both environments (`SRI_URL`): the local
    /// stand-in (`mostrador sri simulator`), a proxy, or the tests. Without it each document goes
    /// to the pruebas or producción endpoints of its `ambiente`.
    pub base_url: Option<String>,
    /// Longest a request to the SRI may take before it counts as a timeout.
    pub timeout: Duration,
    /// Longest to wait for the connection itself.
    pub connect_timeout: Duration,
    /// Wait between RECIBIDA and the first authorization query (the Ficha asks for a
    /// configurable delay); later queries back off from it.
    pub authorization_delay: Duration,
    /// First wait after a failure to reach the SRI; doubles on each consecutive failure.
    pub retry_delay: Duration,
    /// Ceiling of both backoffs (authorization polling and retries).
    pub max_backoff: Duration,
    /// How often an idle worker looks for due documents (a new document wakes it at once).
    pub poll_interval: Duration,
    /// How long a claimed document is reserved for one worker; kept well above `timeout` so a
    /// lease never expires while its request is in flight.
    pub lease: Duration,
    /// Documents one server works on at the same time.
    pub concurrency: usize,
    /// Documents go to the SRI stand-in this process started for the demo (`serve --demo`
    /// without `SRI_URL`): the e-billing screens say so.
    pub demo_stand_in: bool,
}

impl SriConfig {
    fn from_env() -> anyhow::Result<Self> {
        let ms = |name: &str, default: u64| env_parse(name, default).map(Duration::from_millis);
        let timeout = ms("SRI_TIMEOUT_MS", 30_000)?;
        let lease = Duration::from_secs(env_parse("SRI_LEASE_SECS", 120)?);
        if lease < timeout * 2 {
            anyhow::bail!("SRI_LEASE_SECS debe ser al menos el doble de SRI_TIMEOUT_MS");
        }
        Ok(Self {
            base_url: std::env::var("SRI_URL").ok().filter(|v| !v.is_empty()),
            timeout,
            connect_timeout: ms("SRI_CONNECT_TIMEOUT_MS", 10_000)?,
            authorization_delay: ms("SRI_AUTH_DELAY_MS", 3_000)?,
            retry_delay: ms("SRI_RETRY_MS", 10_000)?,
            max_backoff: ms("SRI_MAX_BACKOFF_MS", 300_000)?,
            poll_interval: ms("SRI_POLL_MS", 1_000)?,
            lease,
            concurrency: env_parse("SRI_CONCURRENCY", 4)?.max(1),
            demo_stand_in: false,
        })
    }
}

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name)
        .ok()
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| default.to_string())
}

fn env_parse<T: std::str::FromStr>(name: &str, default: T) -> anyhow::Result<T> {
    match std::env::var(name) {
        Ok(v) if !v.is_empty() => v
            .parse()
            .map_err(|_| anyhow::anyhow!("valor no válido para {name}: {v}")),
        _ => Ok(default),
    }
}

fn env_flag(name: &str) -> bool {
    matches!(
        std::env::var(name).as_deref(),
        Ok("1" | "true" | "yes" | "si" | "sí")
    )
}

/// Default database: a file under `./data/`, created on first run.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/mostrador.db";

impl Config {
    /// Reads the environment. Unknown or malformed values stop start-up with a clear message.
    pub fn from_env() -> anyhow::Result<Self> {
        let cores = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(2);
        Ok(Self {
            database_url: env_or("DATABASE_URL", DEFAULT_DATABASE_URL),
            db_connections: env_parse("DB_CONNECTIONS", 8)?,
            host: env_or("HOST", "127.0.0.1"),
            port: env_parse("PORT", 3000)?,
            public_url: std::env::var("PUBLIC_URL").ok().filter(|v| !v.is_empty()),
            smtp_url: std::env::var("SMTP_URL").ok().filter(|v| !v.is_empty()),
            mail_from: env_or("MAIL_FROM", "Mostrador <no-responder@mostrador.local>"),
            cookie_secure: env_flag("COOKIE_SECURE"),
            trust_proxy: env_flag("TRUST_PROXY"),
            ssr_engine: match std::env::var("SSR_ENGINE") {
                Ok(v) if !v.is_empty() => v
                    .parse()
                    .map_err(|e: String| anyhow::anyhow!("SSR_ENGINE: {e}"))?,
                _ => EngineKind::preferred(),
            },
            ssr_workers: env_parse("SSR_WORKERS", cores)?.max(1),
            ssr_timeout: Duration::from_millis(env_parse("SSR_TIMEOUT_MS", 2000)?),
            ssr_queue: env_parse("SSR_QUEUE", 256)?,
            ssr_memory_limit: env_parse("SSR_MEMORY_MB", 256usize)?.max(16) * 1024 * 1024,
            ssr_cache_dir: match env_or("SSR_CACHE_DIR", "data/cache").as_str() {
                "off" => None,
                dir => Some(dir.into()),
            },
            session_ttl: Duration::from_secs(env_parse("SESSION_TTL_HOURS", 12u64)? * 3600),
            mail_poll: Duration::from_millis(env_parse("MAIL_POLL_MS", 1000)?),
            sri: SriConfig::from_env()?,
            secret: match std::env::var(SECRET_VAR) {
                Ok(v) if !v.is_empty() => Some(Secret::new(v)?),
                _ => None,
            },
        })
    }

    /// Without `MOSTRADOR_SECRET`, on SQLite (one machine): the secret kept in the database's
    /// folder (`data/secret`), written with a random value on first start, readable by its owner
    /// only; its path when it was used. The certificates a company uploads are sealed with a key
    /// derived from it, so losing the file loses them; production sets `MOSTRADOR_SECRET` (kept
    /// apart from the backups, DEPLOY.md). On PostgreSQL every server must share one secret,
    /// which a file on one of them cannot give: nothing is generated.
    pub fn use_secret_file(&mut self) -> anyhow::Result<Option<std::path::PathBuf>> {
        if self.secret.is_some() {
            return Ok(None);
        }
        let Some(path) = self.sqlite_folder().map(|dir| dir.join("secret")) else {
            return Ok(None);
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                write_private(&path, &crate::util::random::token())?;
                std::fs::read_to_string(&path)?
            }
            Err(e) => return Err(anyhow::anyhow!("no se pudo leer {}: {e}", path.display())),
        };
        self.secret = Some(Secret::new(text.trim().to_string())?);
        Ok(Some(path))
    }

    /// The folder of the SQLite database file (the data folder of a single-machine shop);
    /// `None` on PostgreSQL.
    pub fn sqlite_folder(&self) -> Option<std::path::PathBuf> {
        self.database_url
            .strip_prefix("sqlite://")
            .map(std::path::Path::new)
            .and_then(|db| db.parent())
            .map(std::path::Path::to_path_buf)
    }

    /// Where the demo writes files for the user to pick up (the Lector's sample report): the
    /// data folder, each demo its own, else the temporary folder.
    pub fn demo_files_folder(&self) -> std::path::PathBuf {
        self.sqlite_folder()
            .filter(|dir| !dir.as_os_str().is_empty())
            .unwrap_or_else(std::env::temp_dir)
    }

    /// Base URL for links in e-mails.
    pub fn public_url(&self) -> String {
        self.public_url
            .clone()
            .unwrap_or_else(|| format!("http://{}:{}", self.host, self.port))
            .trim_end_matches('/')
            .to_string()
    }
}

/// Writes `text` to a new file only its owner may read or write (mode 0600).
fn write_private(path: &std::path::Path, text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options
        .open(path)
        .map_err(|e| anyhow::anyhow!("no se pudo crear {}: {e}", path.display()))?;
    file.write_all(text.as_bytes())?;
    Ok(())
}
