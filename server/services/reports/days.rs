//! The one place that turns the report's calendar days into UTC instants and back. Dates are the
//! company's local days; every report and the dashboard go through [`window`] and [`local_day`],
//! so when the company's zone becomes configurable only these two change.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime, TimeZone};

use crate::util::time::ZONE;

/// The first instant (UTC) of local day `day`.
pub fn start_of(day: NaiveDate) -> NaiveDateTime {
    ZONE.from_local_datetime(&day.and_time(NaiveTime::MIN))
        .earliest()
        .map_or_else(|| day.and_time(NaiveTime::MIN), |t| t.naive_utc())
}

/// The UTC window `[start of from, start of the day after to)` of local days `from..=to`.
pub fn window(from: NaiveDate, to: NaiveDate) -> (NaiveDateTime, NaiveDateTime) {
    (start_of(from), start_of(to.succ_opt().unwrap_or(to)))
}

/// The local day of a stored UTC instant.
pub fn local_day(utc: NaiveDateTime) -> NaiveDate {
    utc.and_utc().with_timezone(&ZONE).date_naive()
}

/// Today, local.
pub fn today() -> NaiveDate {
    local_day(crate::util::time::now())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ecuador_days_start_at_five_utc() {
        let d = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
        let (from, to) = window(d, d);
        assert_eq!(from.to_string(), "2026-11-26 05:00:00");
        assert_eq!(to.to_string(), "2026-11-27 05:00:00");
        assert_eq!(local_day(from), d);
        assert_eq!(local_day(to - chrono::TimeDelta::seconds(1)), d);
    }
}
