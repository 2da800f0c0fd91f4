//! Restaurant tables (issue 26): zones, tables and reservations of a branch; orders with their
//! items; the event log the kitchen and floor screens follow.

automod::dir!(pub "server/models/restaurant");
