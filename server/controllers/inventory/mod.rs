//! The inventory area: categories (`/api/item/category`), products (`/api/item`), warehouses
//! (`/api/inventory/cellar`), adjustments, transfers, the kardex and the stock list.

automod::dir!(pub "server/controllers/inventory");
