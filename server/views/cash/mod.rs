//! Cash registers, shifts, bank accounts.

automod::dir!(pub "server/views/cash");
