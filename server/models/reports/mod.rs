//! Read-only queries of the owner's reports: aggregates over sales, credit notes and the kardex.

automod::dir!(pub "server/models/reports");
