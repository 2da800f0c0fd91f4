//! The sales area: clients, sales notes, credit notes, quotes.

automod::dir!(pub(crate) "server/tests/sales");
