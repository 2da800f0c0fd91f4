//! Restaurant: reservations.
