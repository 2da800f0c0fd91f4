//! The catalogue: product categories.

pub mod category;
