//! The signed-in user and the account pages.

automod::dir!(pub "server/views/auth");
