//! Sales.

automod::dir!(pub "server/views/sales");
