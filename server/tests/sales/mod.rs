//! The sales area: clients, sales notes, credit notes, quotes.

mod below_cost;
mod clients;
mod concurrency;
mod credit_note_print;
mod credit_notes;
mod discount;
mod durability;
pub(crate) mod invoices;
mod money_on_screen;
mod notes;
mod promotions;
mod quote_conversion;
mod quotes;
mod round_trips;
pub(crate) mod support;
mod totals;
