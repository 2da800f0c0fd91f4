//! HTTP plumbing shared by handlers: cookies, client address, JSON bodies, forms and queries with
//! Spanish errors, and the request guard (control characters, sizes, Spanish refusals).

pub mod client_ip;
pub mod connection;
pub mod cookies;
pub mod form;
pub mod json;
pub mod params;
pub mod refusals;
pub mod request_id;
pub mod text;
pub mod upload;

/// What the extractors and middleware below the controllers read from the server's state
/// (`app::AppState` implements it): the settings and the database. They take it as a bound instead
/// of naming the state, which holds parts of the layers above them (the mailer, the SSR pool).
pub trait ServerParts: Send + Sync + 'static {
    fn config(&self) -> &crate::config::Config;
    fn db(&self) -> &crate::db::Database;
}

/// Largest request body accepted (the logo upload of later modules is the biggest).
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;
