//! Purchases: registering and cancelling purchases (one service for every kind), paying what is
//! owed to suppliers, and the money of both through the cash services.

automod::dir!(pub "server/services/purchases");
