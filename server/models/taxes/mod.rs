//! Taxes as dated data: the withholding concepts and IVA rates in force on each day.

automod::dir!(pub "server/models/taxes");
