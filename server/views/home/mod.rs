//! The back-office home.

automod::dir!(pub "server/views/home");
