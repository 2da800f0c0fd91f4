//! HTTP plumbing shared by handlers: cookies, client address, JSON bodies with Spanish errors.

pub mod client_ip;
pub mod cookies;
pub mod json;
pub mod params;
pub mod request_id;
pub mod upload;
