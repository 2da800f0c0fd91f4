//! What the restaurant API answers.

automod::dir!(pub "server/views/restaurant");
