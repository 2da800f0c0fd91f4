//! The restaurant (issue 26): the floor (zones, tables and their state), reservations, orders,
//! the kitchen and the live events.

automod::dir!(pub(crate) "server/tests/restaurant");
