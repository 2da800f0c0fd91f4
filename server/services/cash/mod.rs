//! Cash use cases: opening, posting to and closing shifts, and Banco del Barrio operations, whose
//! cash goes through [`posting`].

pub mod barrio;
pub mod posting;
