//! The inventory area: product categories, products, warehouses, stock and kardex, bulk import.

mod below_cost;
mod categories;
mod exports;
mod images;
mod pvp;
mod spreadsheets;
pub(crate) mod stock;
pub(crate) mod upload;
