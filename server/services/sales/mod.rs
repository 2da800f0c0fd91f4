//! The sales area's use cases: the sales note (POS sale) and its electronic factura, the quote and
//! the credit note, with what they share — reading the body ([`input`]), pricing ([`pricing`]) and the cashier's
//! discount limit ([`discount`]), the emission point's counters ([`sequence`]) and the
//! header-plus-lines document ([`document`]).

pub mod below_cost;
pub mod credit_note;
pub mod discount;
pub mod document;
pub mod input;
pub mod invoice;
pub mod note;
pub mod pricing;
pub mod quote;
pub mod sequence;
