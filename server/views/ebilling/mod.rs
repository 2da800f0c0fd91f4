//! Electronic billing.

automod::dir!(pub "server/views/ebilling");
