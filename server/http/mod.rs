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

/// Largest request body accepted (the logo upload of later modules is the biggest).
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;
