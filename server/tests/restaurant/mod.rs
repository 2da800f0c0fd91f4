//! The restaurant (issue 26): the floor (zones, tables and their state), reservations, orders,
//! the kitchen and the live events.

mod events;
pub(crate) mod orders;
pub(crate) mod reservations;
pub(crate) mod setup;
