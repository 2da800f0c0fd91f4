//! When the worker may act on a document again: exponential backoff for polling and retries, and
//! the SRI's limit on rejections per day.

use std::time::Duration;

use chrono::{NaiveDate, NaiveDateTime, TimeDelta};

use crate::sri::validate::ECUADOR;

/// The SRI blocks a clave for the rest of the (Ecuador) day after this many rejections in that
/// day ("LÍMITE DE INTENTOS NO AUTORIZADOS POR DÍA", reference §4.4); a corrected document that
/// would exceed it waits for the next day instead of burning the attempt.
pub const MAX_FAILED_PER_DAY: i32 = 2;

/// `base · 2^n`, at most `max`.
pub fn backoff(base: Duration, max: Duration, n: i32) -> Duration {
    let factor = 2u32.saturating_pow(n.clamp(0, 30) as u32);
    base.saturating_mul(factor).min(max)
}

/// `at + d` (saturating far in the future instead of overflowing).
pub fn after(at: NaiveDateTime, d: Duration) -> NaiveDateTime {
    TimeDelta::from_std(d)
        .ok()
        .and_then(|d| at.checked_add_signed(d))
        .unwrap_or(NaiveDateTime::MAX)
}

/// The Ecuador calendar date of a UTC instant (the SRI counts days in Ecuador time).
pub fn ecuador_date(utc: NaiveDateTime) -> NaiveDate {
    utc.and_utc().with_timezone(&ECUADOR).date_naive()
}

/// The UTC instant at which the next Ecuador day starts.
pub fn next_ecuador_midnight(utc: NaiveDateTime) -> NaiveDateTime {
    let tomorrow = ecuador_date(utc).succ_opt().unwrap_or(NaiveDate::MAX);
    tomorrow
        .and_hms_opt(0, 0, 0)
        .map_or(NaiveDateTime::MAX, |local| {
            local - TimeDelta::seconds(i64::from(ECUADOR.local_minus_utc()))
        })
}

/// Rejections already counted on the Ecuador day of `utc`.
pub fn failures_on(failed_day: Option<NaiveDate>, failed_today: i32, utc: NaiveDateTime) -> i32 {
    if failed_day == Some(ecuador_date(utc)) {
        failed_today
    } else {
        0
    }
}

/// The (day, count) pair after one more rejection at `utc`.
pub fn add_failure(
    failed_day: Option<NaiveDate>,
    failed_today: i32,
    utc: NaiveDateTime,
) -> (NaiveDate, i32) {
    (
        ecuador_date(utc),
        failures_on(failed_day, failed_today, utc) + 1,
    )
}

/// When a document may be sent, given its rejections: `utc` itself, or the start of the next day
/// when the day's limit is used up.
pub fn send_allowed_from(
    failed_day: Option<NaiveDate>,
    failed_today: i32,
    utc: NaiveDateTime,
) -> NaiveDateTime {
    if failures_on(failed_day, failed_today, utc) >= MAX_FAILED_PER_DAY {
        next_ecuador_midnight(utc)
    } else {
        utc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    #[test]
    fn backoff_doubles_up_to_the_ceiling() {
        let s = Duration::from_secs;
        assert_eq!(backoff(s(3), s(300), 0), s(3));
        assert_eq!(backoff(s(3), s(300), 3), s(24));
        assert_eq!(backoff(s(3), s(300), 7), s(300));
        assert_eq!(backoff(s(3), s(300), 1000), s(300));
        assert_eq!(backoff(s(3), s(300), -1), s(3));
    }

    #[test]
    fn days_are_counted_in_ecuador_time() {
        // 03:00 UTC is still the previous evening in Ecuador (UTC−5).
        assert_eq!(
            ecuador_date(utc("2026-11-21 03:00:00")),
            NaiveDate::from_ymd_opt(2026, 11, 20).unwrap()
        );
        assert_eq!(
            next_ecuador_midnight(utc("2026-11-21 03:00:00")),
            utc("2026-11-21 05:00:00")
        );
        assert_eq!(
            next_ecuador_midnight(utc("2026-11-21 05:00:00")),
            utc("2026-11-22 05:00:00")
        );
    }

    #[test]
    fn two_rejections_in_a_day_defer_the_next_send_to_tomorrow() {
        let noon = utc("2026-11-21 17:00:00");
        let (day, n) = add_failure(None, 0, noon);
        assert_eq!(n, 1);
        assert_eq!(send_allowed_from(Some(day), n, noon), noon);
        let (day, n) = add_failure(Some(day), n, noon);
        assert_eq!(n, 2);
        assert_eq!(
            send_allowed_from(Some(day), n, noon),
            utc("2026-11-22 05:00:00")
        );
        // The next day the count starts again.
        let tomorrow = utc("2026-11-22 15:00:00");
        assert_eq!(failures_on(Some(day), n, tomorrow), 0);
        assert_eq!(send_allowed_from(Some(day), n, tomorrow), tomorrow);
        assert_eq!(add_failure(Some(day), n, tomorrow).1, 1);
    }
}
