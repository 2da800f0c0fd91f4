//! `GET /api/dashboard`: what the back-office home shows for the selected branch. It grows as
//! modules arrive; today: the company and branch, the licence, a few counts and the next holidays.

use axum::Json;
use axum::extract::State;
use diesel::prelude::*;
use serde::Serialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::db::DbConnection;
use crate::db::schema::{categories, users};
use crate::error::AppResult;
use crate::models::branch_office::BranchOffice;
use crate::models::company::Company;
use crate::models::emission_point::EmissionPoint;
use crate::models::holiday::Holiday;
use crate::models::licence::Licence;
use crate::models::user::User;
use crate::util::time::local_date;
use crate::views::admin::{HolidayView, LicenceView};
use crate::views::branch_office::{BranchOfficeDetailView, CompanyView};
use crate::views::user::selected_branch;

/// The dashboard.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DashboardView {
    pub company: CompanyView,
    pub branch: Option<BranchOfficeDetailView>,
    pub licence: LicenceView,
    pub counts: Counts,
    pub upcoming_holidays: Vec<HolidayView>,
}

/// How much there is of each thing.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    pub users: i64,
    pub branches: i64,
    pub categories: i64,
}

/// Loads the dashboard (also used by the server-rendered home page).
pub fn load(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<DashboardView> {
    let company = Company::find(conn, tenant.company_id)?;
    let access = User::branch_access(conn, tenant.user_id())?;
    let branch = match selected_branch(&tenant.auth.user, &access) {
        Some(id) => BranchOffice::find_in_company(conn, tenant.company_id, id)?,
        None => None,
    };
    let points = match &branch {
        Some(b) => EmissionPoint::for_branches(conn, &[b.id])?,
        None => Vec::new(),
    };
    let today = local_date();
    let active_users = User::active_users(conn, tenant.company_id)?;
    let licence = Licence::current(conn, tenant.company_id)?;
    Ok(DashboardView {
        company: CompanyView::from(&company),
        branch: branch
            .as_ref()
            .map(|b| BranchOfficeDetailView::new(b, &points)),
        licence: LicenceView::new(licence.as_ref(), active_users, today),
        counts: Counts {
            users: users::table
                .filter(users::company_id.eq(tenant.company_id))
                .count()
                .get_result(conn)?,
            branches: BranchOffice::list_for_company(conn, tenant.company_id)?.len() as i64,
            categories: categories::table
                .filter(categories::company_id.eq(tenant.company_id))
                .count()
                .get_result(conn)?,
        },
        upcoming_holidays: Holiday::upcoming(conn, tenant.company_id, today, 3)?
            .iter()
            .map(HolidayView::from)
            .collect(),
    })
}

/// `GET /api/dashboard`: `null` for an account no company has taken in yet (nothing to show).
pub async fn dashboard(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Option<DashboardView>>> {
    if auth.user.company_id.is_none() {
        return Ok(Json(None));
    }
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(Some(
        state.db.run(move |conn| load(conn, &tenant)).await?,
    )))
}

/// `GET /api/company/licence`: the licence in force (admin only).
pub async fn licence(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<LicenceView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    Ok(Json(
        state
            .db
            .run(move |conn| licence_view(conn, &tenant))
            .await?,
    ))
}

/// The licence view of the tenant's company.
pub fn licence_view(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<LicenceView> {
    let licence = Licence::current(conn, tenant.company_id)?;
    let active = User::active_users(conn, tenant.company_id)?;
    Ok(LicenceView::new(licence.as_ref(), active, local_date()))
}
