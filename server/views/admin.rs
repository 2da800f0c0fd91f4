//! List and form shapes of the configuration screens (users, categories, holidays, licence).

use serde::Serialize;

use crate::models::category::Category;
use crate::models::holiday::Holiday;
use crate::models::licence::Licence;
use crate::models::user::{Role, User};

/// A user in the company's user list.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserRowView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub email: String,
    pub name: String,
    pub role: Role,
    pub is_email_verified: bool,
    pub locked: bool,
    pub branch_offices_access: Vec<i64>,
    pub default_menu: Option<String>,
}

impl UserRowView {
    /// From a row and its access list.
    pub fn new(user: &User, access: Vec<i64>) -> Self {
        Self {
            id: user.id,
            email: user.email.clone(),
            name: user.name.clone(),
            role: user.role(),
            is_email_verified: user.is_email_verified,
            locked: user.locked,
            branch_offices_access: access,
            default_menu: user.default_menu.clone(),
        }
    }
}

/// A product category.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    pub parent_id: Option<i64>,
    pub parent_name: Option<String>,
    pub active: bool,
    pub locked: bool,
}

impl CategoryView {
    /// From a row; `parent_name` looked up by the caller.
    pub fn new(c: &Category, parent_name: Option<String>) -> Self {
        Self {
            id: c.id,
            name: c.name.clone(),
            parent_id: c.parent_id,
            parent_name,
            active: c.active,
            locked: c.locked,
        }
    }
}

/// A holiday.
#[derive(Debug, Clone, Serialize)]
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

/// The company's licence as admins see it.
#[derive(Debug, Clone, Serialize)]
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
