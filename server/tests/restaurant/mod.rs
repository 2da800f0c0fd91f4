//! Restaurant (issue 26): the floor (zones, tables and their state), reservations.

pub(crate) mod reservations;
pub(crate) mod setup;
