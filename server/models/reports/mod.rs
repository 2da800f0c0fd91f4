//! Read-only queries of the owner's reports: aggregates over sales, credit notes and the kardex.

pub mod names;
pub mod sales;
pub mod summary;
