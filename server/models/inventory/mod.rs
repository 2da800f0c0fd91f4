//! The catalogue and the inventory: categories, products, warehouses, stock at weighted average
//! cost, the kardex, adjustments and transfers. Stock changes only through
//! [`crate::services::inventory::stock`].

pub mod adjustment;
pub mod category;
pub mod cost;
pub mod document;
pub mod import_job;
pub mod kardex;
pub mod product;
pub mod product_image;
pub mod stock;
pub mod transfer;
pub mod warehouse;
