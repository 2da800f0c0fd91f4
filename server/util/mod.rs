//! Small helpers shared across the server.

pub mod export;
pub mod memory;
pub mod random;
pub mod spreadsheet;
pub mod task;
pub mod time;
pub mod xml;
