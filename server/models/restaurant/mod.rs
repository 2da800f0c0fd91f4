//! Restaurant tables (issue 26): zones, tables and reservations of a branch; orders with their
//! items; the event log the kitchen and floor screens follow.

pub mod event;
pub mod order;
pub mod reservation;
pub mod table;
pub mod zone;
