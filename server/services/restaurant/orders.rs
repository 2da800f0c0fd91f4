//! Restaurant: orders.
