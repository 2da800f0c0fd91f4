//! Holidays.

use serde::Serialize;
use ts_rs::TS;

use crate::models::config::holiday::Holiday;

/// A holiday.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct HolidayView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// ISO date (`2026-12-25`).
    pub date: String,
    pub name: String,
    pub locked: bool,
}

impl From<&Holiday> for HolidayView {
    fn from(h: &Holiday) -> Self {
        Self {
            id: h.id,
            date: h.date.format("%Y-%m-%d").to_string(),
            name: h.name.clone(),
            locked: h.locked,
        }
    }
}

/// The holidays page: the year shown and its holidays.
#[derive(Debug, Clone, Serialize, TS)]
pub struct HolidaysPage {
    pub list: crate::db::list::Page<HolidayView>,
    pub year: i32,
}
