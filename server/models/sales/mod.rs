//! Sales: clients (and, as the area grows, promotions, sales notes, quotes, credit notes).

pub mod client;
pub mod credit_note;
pub mod document;
pub mod note;
pub mod pricing;
pub mod promotion;
pub mod quote;
pub mod receivable;
