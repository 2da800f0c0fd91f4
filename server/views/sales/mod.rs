//! Sales.

pub mod client;
