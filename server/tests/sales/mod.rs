//! The sales area: clients.

mod clients;
