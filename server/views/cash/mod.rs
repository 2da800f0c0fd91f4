//! Cash registers, shifts, bank accounts.

pub mod bank;
pub mod register;
pub mod turn;
