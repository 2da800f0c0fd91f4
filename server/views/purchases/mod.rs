//! What the purchases API answers: suppliers, purchases, payables, and the pages' data.

pub mod lector;
pub mod pages;
pub mod payable;
pub mod purchase;
pub mod supplier;
