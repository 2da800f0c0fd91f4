//! Time: stored in UTC, shown in the company's time zone.
//!
//! Every date and time a user sees goes through [`Zone`], the company's zone (`companies.time_zone`,
//! `America/Guayaquil` unless configured; Galápagos is an hour behind the mainland):
//! - the API sends date-times with the company's offset, [`Zone::iso`] (`2026-11-26T10:24:00-05:00`);
//!   the UI prints the wall clock written in that string (`ui/src/lib/format.ts`), never the
//!   browser's zone, so server rendering and hydration agree;
//! - printouts, CSV and e-mails write [`Zone::text`] (`26/11/2026 10:24`) and [`date_text`]
//!   (`26/11/2026`);
//! - a day or a range of days the user picks is [`Zone::days`], the UTC range `[start, end)` to
//!   compare with stored times (a sale at 03:00 UTC belongs to the previous day in Ecuador).
//!
//! The zone rules come from `chrono-tz` (the IANA database), not from a fixed offset.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

/// The zone of a new company: Ecuador (mainland). Nothing else reads it: every date shown is in
/// the zone of the company concerned ([`Zone`]).
const DEFAULT_ZONE: Tz = chrono_tz::America::Guayaquil;

/// A company's time zone (an IANA name such as `America/Guayaquil`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zone(pub Tz);

impl Default for Zone {
    fn default() -> Self {
        Zone(DEFAULT_ZONE)
    }
}

impl Zone {
    /// The zone of an IANA name, `None` when unknown.
    pub fn parse(name: &str) -> Option<Zone> {
        name.trim().parse::<Tz>().ok().map(Zone)
    }

    /// The zone a stored name stands for; an unknown name (never written by the API) falls back
    /// to the default rather than failing every page of the company.
    pub fn from_stored(name: &str) -> Zone {
        Zone::parse(name).unwrap_or_default()
    }

    /// The IANA name.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// A stored UTC time in this zone.
    pub fn local(self, utc: NaiveDateTime) -> DateTime<Tz> {
        utc.and_utc().with_timezone(&self.0)
    }

    /// A stored UTC time as the API sends it: ISO 8601 with the company's offset,
    /// `2026-11-26T10:24:00-05:00`.
    pub fn iso(self, utc: NaiveDateTime) -> String {
        self.local(utc).format("%Y-%m-%dT%H:%M:%S%:z").to_string()
    }

    /// A date-time written with any offset (the SRI's authorization date, `-05:00`) as the API
    /// sends it, with this zone's offset; text that is not such a date-time is kept as it is.
    pub fn iso_text(self, text: &str) -> String {
        match DateTime::parse_from_rfc3339(text.trim()) {
            Ok(t) => self.iso(t.naive_utc()),
            Err(_) => text.to_string(),
        }
    }

    /// A date-time the SRI wrote (RFC 3339 with its offset) as users read it, `dd/mm/aaaa HH:MM`
    /// in this zone; the text itself when it is not one.
    pub fn text_of(self, text: &str) -> String {
        match DateTime::parse_from_rfc3339(text.trim()) {
            Ok(t) => self.text(t.naive_utc()),
            Err(_) => text.to_string(),
        }
    }

    /// A stored UTC time as users read it: `dd/mm/aaaa HH:MM` in this zone.
    pub fn text(self, utc: NaiveDateTime) -> String {
        self.local(utc).format("%d/%m/%Y %H:%M").to_string()
    }

    /// The calendar day of a stored UTC time in this zone.
    pub fn date_of(self, utc: NaiveDateTime) -> NaiveDate {
        self.local(utc).date_naive()
    }

    /// Today in this zone.
    pub fn today(self) -> NaiveDate {
        self.date_of(now())
    }

    /// The UTC instant at which `day` starts in this zone (the earliest, should a zone ever
    /// skip or repeat midnight).
    pub fn start_of(self, day: NaiveDate) -> NaiveDateTime {
        let midnight = day.and_time(NaiveTime::MIN);
        match self.0.from_local_datetime(&midnight).earliest() {
            Some(t) => t.naive_utc(),
            // Midnight skipped by a clock change: the day starts an hour later.
            None => self
                .0
                .from_local_datetime(&(midnight + chrono::TimeDelta::hours(1)))
                .earliest()
                .map_or(midnight, |t| t.naive_utc()),
        }
    }

    /// The days `from` to `to` (both included) of this zone as the UTC range `[start, end)` to
    /// compare stored times with: every "sales of the day", daily report and date filter.
    pub fn days(self, from: NaiveDate, to: NaiveDate) -> (NaiveDateTime, NaiveDateTime) {
        let end = to
            .succ_opt()
            .map_or(NaiveDateTime::MAX, |d| self.start_of(d));
        (self.start_of(from), end)
    }

    /// One day of this zone as a UTC range `[start, end)`.
    pub fn day(self, day: NaiveDate) -> (NaiveDateTime, NaiveDateTime) {
        self.days(day, day)
    }
}

/// Now, in UTC, as stored in the database.
pub fn now() -> NaiveDateTime {
    Utc::now().naive_utc()
}

/// A date as users read it: `dd/mm/aaaa`.
pub fn date_text(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
    }

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn a_utc_time_reads_in_the_company_zone_with_its_offset() {
        let z = Zone::default();
        assert_eq!(z.iso(at("2026-11-26 15:24")), "2026-11-26T10:24:00-05:00");
        assert_eq!(z.text(at("2026-11-26 15:24")), "26/11/2026 10:24");
        let galapagos = Zone::parse("Pacific/Galapagos").unwrap();
        assert_eq!(
            galapagos.iso(at("2026-11-26 15:24")),
            "2026-11-26T09:24:00-06:00"
        );
        assert_eq!(date_text(day("2026-12-11")), "11/12/2026");
        assert_eq!(
            galapagos.iso_text("2026-11-26T10:24:00.123-05:00"),
            "2026-11-26T09:24:00-06:00"
        );
        assert_eq!(galapagos.iso_text("pendiente"), "pendiente");
        assert_eq!(Zone::parse("Marte/Olympus"), None);
        assert_eq!(Zone::from_stored("?"), Zone::default());
    }

    #[test]
    fn a_day_is_the_company_day_in_utc() {
        let z = Zone::default();
        let (start, end) = z.day(day("2026-11-26"));
        assert_eq!(
            (start, end),
            (at("2026-11-26 05:00"), at("2026-11-27 05:00"))
        );
        // 03:00 UTC on the 27th is 22:00 on the 26th in Ecuador.
        let sale = at("2026-11-27 03:00");
        assert!(start <= sale && sale < end);
        assert_eq!(z.date_of(sale), day("2026-11-26"));
        let (start, end) = z.days(day("2026-11-01"), day("2026-11-30"));
        assert_eq!(
            (start, end),
            (at("2026-11-01 05:00"), at("2026-12-01 05:00"))
        );
        // A zone with summer time: the range follows its offset on each end.
        let madrid = Zone::parse("Europe/Madrid").unwrap();
        let (start, end) = madrid.days(day("2026-03-01"), day("2026-06-30"));
        assert_eq!(
            (start, end),
            (at("2026-02-28 23:00"), at("2026-06-30 22:00"))
        );
    }
}
