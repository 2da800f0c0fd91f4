//! The catalogue and the inventory.

pub mod category;
pub mod document;
pub mod import;
pub mod product;
pub mod stock;
pub mod warehouse;
