//! `/api/restaurant`: setup.
