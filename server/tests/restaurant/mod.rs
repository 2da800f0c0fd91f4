//! The restaurant (issue 26): orders, the kitchen and the live events.

mod events;
pub(crate) mod orders;
