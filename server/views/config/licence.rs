//! The company's licence.

use serde::Serialize;
use ts_rs::TS;

use crate::models::config::licence::Licence;

/// The company's licence as admins see it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LicenceView {
    pub plan: Option<String>,
    /// ISO date of the last valid day.
    pub valid_until: Option<String>,
    pub users_allowed: Option<i32>,
    pub users_active: i64,
    /// Whether the company is read-only (expired or no licence).
    pub expired: bool,
    /// Days left including today (0 when expired).
    pub days_left: i64,
}

impl LicenceView {
    /// From the licence in force (if any) on `today`.
    pub fn new(licence: Option<&Licence>, users_active: i64, today: chrono::NaiveDate) -> Self {
        let expired = licence.is_none_or(|l| !l.is_valid_on(today));
        Self {
            plan: licence.map(|l| l.plan.clone()),
            valid_until: licence.map(|l| l.valid_until.format("%Y-%m-%d").to_string()),
            users_allowed: licence.map(|l| l.users_allowed),
            users_active,
            expired,
            days_left: licence.map_or(0, |l| ((l.valid_until - today).num_days() + 1).max(0)),
        }
    }
}
