//! Taxes: the dated tax table of withholding concepts and IVA rates.

automod::dir!("server/tests/taxes");
