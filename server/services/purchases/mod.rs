//! Purchases: registering and cancelling purchases (one service for every kind), paying what is
//! owed to suppliers, and the money of both through the cash services.

pub mod expense;
pub mod input;
pub mod merchandise;
pub mod money;
pub mod payables;
pub mod purchase;
