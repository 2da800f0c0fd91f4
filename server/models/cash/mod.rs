//! Cash: registers (cajas) of a branch, shifts (turnos) with their movements and counts, bank
//! accounts. Money enters a shift only through [`crate::services::cash::posting`].

pub mod bank;
pub mod cnb;
pub mod count;
pub mod movement;
pub mod refusal;
pub mod register;
pub mod turn;
