//! Tools: the Lector .SRI.

pub mod lector;
