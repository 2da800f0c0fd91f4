//! Inventory use cases: posting stock (the only way it changes), the warehouse a request names,
//! and the stock documents (adjustments, transfers) and product imports built on them.

pub mod stock;
pub mod warehouses;
