//! Cash use cases: a user's shifts, posting to them, and Banco del Barrio operations, whose cash
//! goes through [`posting`].

pub mod bank;
pub mod barrio;
pub mod posting;
pub mod shifts;
