//! The sales area: clients, sales notes, credit notes, quotes.

mod clients;
mod notes;
mod support;
