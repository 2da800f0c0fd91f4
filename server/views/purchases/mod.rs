//! What the purchases API answers: suppliers, purchases, payables, and the pages' data.

automod::dir!(pub "server/views/purchases");
