//! Cash use cases: a user's shifts, posting to them, and Banco del Barrio operations, whose cash
//! goes through [`posting`].

automod::dir!(pub "server/services/cash");
