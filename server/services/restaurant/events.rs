//! Restaurant: events.
