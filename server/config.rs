//! Settings, read once at start-up from the environment (and the `serve` flags).

use std::time::Duration;

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
    /// Render engine threads (default: the number of cores).
    pub ssr_workers: usize,
    /// Longest a single render may run before the engine interrupts it.
    pub ssr_timeout: Duration,
    /// Renders waiting for a free engine before new ones are refused with 503.
    pub ssr_queue: usize,
    /// Idle lifetime of a session; each use extends it.
    pub session_ttl: Duration,
    /// How often the e-mail worker looks for pending mail.
    pub mail_poll: Duration,
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
            ssr_workers: env_parse("SSR_WORKERS", cores)?.max(1),
            ssr_timeout: Duration::from_millis(env_parse("SSR_TIMEOUT_MS", 2000)?),
            ssr_queue: env_parse("SSR_QUEUE", 256)?,
            session_ttl: Duration::from_secs(env_parse("SESSION_TTL_HOURS", 12u64)? * 3600),
            mail_poll: Duration::from_millis(env_parse("MAIL_POLL_MS", 1000)?),
        })
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
