//! The inventory area: product categories, products, warehouses, stock and kardex, bulk import.

automod::dir!(pub(crate) "server/tests/inventory");
