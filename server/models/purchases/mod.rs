//! Purchases: suppliers, purchases with their lines, payables.

automod::dir!(pub "server/models/purchases");
