//! The sales area: clients (`/api/clients`), sales notes, facturas, credit notes and quotes
//! (`/api/sales/…`). Registering a document is a service of [`crate::services::sales`]; these
//! handlers read the request, call it and show the result.

pub mod clients;
pub mod credit_notes;
pub mod document;
pub mod invoices;
pub mod notes;
pub mod pages;
pub mod promotions;
pub mod quotes;
