//! `/api/restaurant`: events.
