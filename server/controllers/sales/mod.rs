//! The sales area: clients (`/api/clients`).

pub mod clients;
pub mod pages;
pub mod promotions;
