//! Purchases: suppliers, merchandise purchases, payables.

automod::dir!(pub "server/controllers/purchases");
