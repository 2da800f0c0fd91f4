//! The sales area: clients (`/api/clients`), sales notes, credit notes and quotes
//! (`/api/sales/…`).

pub mod clients;
pub mod credit_notes;
pub mod input;
pub mod notes;
pub mod pages;
pub mod promotions;
pub mod quotes;
