//! Time: stored in UTC, shown in Ecuador's time zone.

use chrono::{NaiveDateTime, Utc};

/// Ecuador (mainland) time zone.
pub const ZONE: chrono_tz::Tz = chrono_tz::America::Guayaquil;

/// Now, in UTC, as stored in the database.
pub fn now() -> NaiveDateTime {
    Utc::now().naive_utc()
}

/// A stored UTC time as an ISO date-time in Ecuador time (`2026-11-21T09:05:00`), as the UI expects.
pub fn to_local_iso(utc: NaiveDateTime) -> String {
    utc.and_utc()
        .with_timezone(&ZONE)
        .format("%Y-%m-%dT%H:%M:%S")
        .to_string()
}

/// Today's date in Ecuador (`2026-11-21`).
pub fn local_today() -> String {
    Utc::now()
        .with_timezone(&ZONE)
        .format("%Y-%m-%d")
        .to_string()
}

/// Today's date in Ecuador, as a date.
pub fn local_date() -> chrono::NaiveDate {
    Utc::now().with_timezone(&ZONE).date_naive()
}
