//! Tools: the Lector .SRI.

automod::dir!(pub "server/controllers/tools");
