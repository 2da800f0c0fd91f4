//! Cash: registers (cajas) of a branch, shifts (turnos) with their movements and counts, bank
//! accounts. [`posting`] is the one service that puts money into a shift; every module that
//! moves cash (sales, receivables, Banco del Barrio) calls it inside its own transaction.

pub mod bank;
pub mod cnb;
pub mod count;
pub mod movement;
pub mod posting;
pub mod register;
pub mod turn;
