//! Sales: clients (and, as the area grows, promotions, sales notes, quotes, credit notes).

automod::dir!(pub "server/models/sales");
