//! The catalogue and the inventory.

automod::dir!(pub "server/views/inventory");
