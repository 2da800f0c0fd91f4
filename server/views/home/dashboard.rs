//! What the back-office home shows for the selected branch.

use serde::Serialize;
use ts_rs::TS;

use crate::views::config::branch_office::BranchOfficeDetailView;
use crate::views::config::company::CompanyView;
use crate::views::config::holiday::HolidayView;
use crate::views::config::licence::LicenceView;
use crate::views::reports::ReportsDashboardView;

/// `GET /api/dashboard`: the company and branch, the licence, a few counts and the next holidays.
/// It grows as modules arrive.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DashboardView {
    pub company: CompanyView,
    pub branch: Option<BranchOfficeDetailView>,
    pub licence: LicenceView,
    pub counts: Counts,
    pub upcoming_holidays: Vec<HolidayView>,
    /// The owner's figures (`GET /api/reports/dashboard`): sales against last month, open shifts,
    /// stock alerts; a cashier's own shift only. `None` without a branch to report on.
    pub reports: Option<ReportsDashboardView>,
}

/// How much there is of each thing.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    pub users: i64,
    pub branches: i64,
    pub categories: i64,
}
