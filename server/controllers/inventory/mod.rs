//! The inventory area: the catalogue's categories (`/api/item/category`).

pub mod categories;
pub mod pages;
