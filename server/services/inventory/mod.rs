//! Inventory use cases: posting stock (the only way it changes), the warehouse a request names,
//! the stock documents (adjustments, transfers) and product imports built on them.

pub mod adjustments;
pub mod documents;
pub mod import;
mod import_batch;
pub mod line_input;
pub mod stock;
pub mod transfers;
pub mod warehouses;
