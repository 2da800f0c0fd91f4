//! The sales area's use cases: the sales note (POS sale) and its electronic factura, the quote and
//! the credit note, with what they share — reading the body ([`input`]), pricing ([`pricing`]) and the cashier's
//! discount limit ([`discount`]), the emission point's counters ([`sequence`]) and the
//! header-plus-lines document ([`document`]).

automod::dir!(pub "server/services/sales");
