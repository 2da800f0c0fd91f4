//! The inventory area: product categories, products, warehouses, stock and kardex, bulk import.

mod categories;
mod images;
mod stock;
pub(crate) mod upload;
