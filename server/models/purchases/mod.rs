//! Purchases: suppliers, purchases with their lines, payables.

pub mod payable;
pub mod purchase;
pub mod supplier;
