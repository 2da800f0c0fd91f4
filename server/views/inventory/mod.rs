//! The catalogue.

pub mod category;
