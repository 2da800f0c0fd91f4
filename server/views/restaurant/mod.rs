//! What the restaurant API answers.

pub mod order;
pub mod setup;
