//! The sales area: clients, sales notes, credit notes, quotes.

mod clients;
mod concurrency;
mod credit_notes;
mod notes;
mod promotions;
mod support;
mod quotes;
