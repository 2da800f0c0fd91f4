//! Cash registers, shifts, bank accounts.

pub mod bank;
pub mod barrio;
pub mod pages;
pub mod register;
pub mod turn;
