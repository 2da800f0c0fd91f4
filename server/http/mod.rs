//! HTTP plumbing shared by handlers: cookies, client address, JSON bodies, forms and queries with
//! Spanish errors, and the request guard (control characters, sizes, Spanish refusals).

pub mod client_ip;
pub mod connection;
pub mod cookies;
pub mod form;
pub mod input;
pub mod json;
pub mod params;
pub mod refusals;
pub mod request_id;
pub mod text;
pub mod upload;
