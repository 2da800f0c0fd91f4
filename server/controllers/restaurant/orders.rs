//! `/api/restaurant`: orders.
