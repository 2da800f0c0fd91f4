//! Taxes: the dated tax table that withholding documents and sales read their rates from.

automod::dir!(pub "server/services/taxes");
