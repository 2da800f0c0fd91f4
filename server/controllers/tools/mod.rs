//! Tools: the Lector .SRI.

pub mod lector;
pub mod pages;
