//! Sales.

pub mod client;
pub mod promotion;
