//! What the purchases API answers: suppliers, purchases, payables.

pub mod lector;
pub mod payable;
pub mod purchase;
pub mod supplier;
