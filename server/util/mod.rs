//! Small helpers shared across the server.

pub mod random;
pub mod time;
