//! The sales area: clients.

mod clients;
mod promotions;
