//! Small helpers shared across the server.

pub mod export;
pub mod random;
pub mod spreadsheet;
pub mod time;
