//! The figures behind the dashboard's charts, for admin and user: the branch's sales per day over
//! the last 30 days against the 30 before, per hour today, by payment method and the top products
//! of the last 30 days. Every figure is the sales report's ([`super::sales`]): credit notes
//! subtracted, the documents' own amounts, so a chart and the report grouped the same way agree.
//! The pictures are drawn by `views::reports::charts`.

use std::collections::HashMap;

use chrono::{Days, NaiveDate, Timelike};

use super::sales::{GroupBy, Line, branch_window, report, top};
use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::AppResult;
use crate::models::reports::sales::{self as q, Key};

/// Days of each period the daily chart compares.
pub const PERIOD_DAYS: u64 = 30;
/// Products the top chart shows.
pub const TOP_PRODUCTS: usize = 8;

/// One day of the daily chart: the day, its net sales and those of the day 30 days earlier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayPair {
    pub day: NaiveDate,
    pub current: i64,
    pub previous: i64,
}

/// What the dashboard's charts show (amounts in millionths, with IVA).
#[derive(Debug, Clone)]
pub struct ChartData {
    /// The last [`PERIOD_DAYS`] days, oldest first, each with its day of the period before.
    pub daily: Vec<DayPair>,
    /// Today's net sales per local hour (0–23).
    pub hourly: [i64; 24],
    /// The last 30 days by payment method: `(label, total)`, largest first.
    pub methods: Vec<(String, i64)>,
    /// The top products of the last 30 days: `(code · name, total)`.
    pub top: Vec<(String, i64)>,
}

/// The net total of each day of a report grouped by day (`key` is `YYYY-MM-DD`).
fn by_day(rows: &[Line]) -> HashMap<NaiveDate, i64> {
    rows.iter()
        .filter_map(|r| {
            NaiveDate::parse_from_str(&r.key, "%Y-%m-%d")
                .ok()
                .map(|d| (d, r.total()))
        })
        .collect()
}

/// Today's sales less today's returns, per local hour of the company's zone.
fn hourly(conn: &mut DbConnection, tenant: &Tenant, today: NaiveDate) -> AppResult<[i64; 24]> {
    let w = branch_window(conn, tenant, today, today)?;
    let zone = tenant.zone();
    let mut hours = [0i64; 24];
    let mut add = |times: Vec<(i64, chrono::NaiveDateTime)>, sums: Vec<q::Sums>, sign: i64| {
        let at: HashMap<i64, chrono::NaiveDateTime> = times.into_iter().collect();
        for s in sums {
            if let Some(t) = at.get(&s.key) {
                let hour = zone.local(*t).hour() as usize;
                hours[hour.min(23)] += sign * (s.base + s.iva);
            }
        }
    };
    add(
        q::sale_times(conn, &w)?,
        q::sold_headers(conn, &w, Key::SALE)?,
        1,
    );
    add(
        q::note_times(conn, &w)?,
        q::returned_headers(conn, &w, Key::NOTE)?,
        -1,
    );
    Ok(hours)
}

/// The charts' figures for the tenant's branch, as of today in the company's zone.
pub fn load(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<ChartData> {
    let today = tenant.zone().today();
    let back = |days: u64| today.checked_sub_days(Days::new(days)).unwrap_or(today);
    let start = back(PERIOD_DAYS - 1);
    let days = by_day(&report(conn, tenant, back(2 * PERIOD_DAYS - 1), today, GroupBy::Day)?.rows);
    let daily = (0..PERIOD_DAYS)
        .filter_map(|i| start.checked_add_days(Days::new(i)))
        .map(|day| DayPair {
            day,
            current: days.get(&day).copied().unwrap_or(0),
            previous: day
                .checked_sub_days(Days::new(PERIOD_DAYS))
                .and_then(|d| days.get(&d).copied())
                .unwrap_or(0),
        })
        .collect();
    let methods = report(conn, tenant, start, today, GroupBy::Method)?
        .rows
        .into_iter()
        .map(|r| (r.label.clone(), r.total()))
        .filter(|(_, total)| *total != 0)
        .collect();
    let top = top(conn, tenant, start, today, TOP_PRODUCTS)?
        .rows
        .into_iter()
        .map(|r| (r.label.clone(), r.total()))
        .filter(|(_, total)| *total > 0)
        .collect();
    Ok(ChartData {
        daily,
        hourly: hourly(conn, tenant, today)?,
        methods,
        top,
    })
}
