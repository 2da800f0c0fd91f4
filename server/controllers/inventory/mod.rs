//! The inventory area: categories (`/api/item/category`), products (`/api/item`), warehouses
//! (`/api/inventory/cellar`), adjustments, transfers, the kardex and the stock list, and the guías
//! de remisión (`/api/ebilling/remissionGuide`): a transfer's SRI document, the way the
//! Ecuadorian localizations attach it to the stock picking.

automod::dir!(pub "server/controllers/inventory");
