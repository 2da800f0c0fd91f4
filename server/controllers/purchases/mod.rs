//! Purchases: suppliers, merchandise, expense and manual purchases, payables, and the Lector .SRI
//! (`/api/tools/lector`), which turns received comprobantes into purchases.

automod::dir!(pub "server/controllers/purchases");
