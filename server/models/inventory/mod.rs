//! The catalogue and the inventory: categories, products, warehouses, stock at weighted average
//! cost, the kardex, adjustments and transfers. Stock changes only through
//! [`crate::services::inventory::stock`].

automod::dir!(pub "server/models/inventory");
