//! Taxes: the dated tax table.

automod::dir!(pub "server/views/taxes");
