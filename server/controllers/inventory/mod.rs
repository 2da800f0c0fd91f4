//! The inventory area: categories (`/api/item/category`), products (`/api/item`), warehouses
//! (`/api/inventory/cellar`), adjustments, transfers, the kardex and the stock list.

pub mod adjustments;
pub mod categories;
pub mod cellars;
pub mod documents;
pub mod kardex;
pub mod kardex_export;
pub mod pages;
pub mod product_images;
pub mod products;
pub mod transfers;
pub mod upload;
