//! Purchases: suppliers, merchandise purchases, payables.

pub mod documents;
pub mod expenses;
pub mod merchandise;
pub mod pages;
pub mod payables;
pub mod suppliers;
