//! Purchases: suppliers, purchases with their lines, payables.

pub mod lector;
pub mod payable;
pub mod purchase;
pub mod supplier;
