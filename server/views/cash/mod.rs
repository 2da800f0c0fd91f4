//! Cash registers, shifts, bank accounts.

pub mod bank;
pub mod pages;
pub mod register;
pub mod turn;
