//! The inventory area: product categories.

mod categories;
