//! `GET /api/dashboard`: what the back-office home shows for the selected branch. It grows as
//! modules arrive; today: the company and branch, the licence, a few counts and the next holidays.

use axum::Json;
use axum::extract::State;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant, selected_branch};
use crate::db::DbConnection;
use crate::error::AppResult;
use crate::models::auth::user::User;
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::company::Company;
use crate::models::config::emission_point::EmissionPoint;
use crate::models::config::holiday::Holiday;
use crate::models::config::licence::Licence;
use crate::models::inventory::category::Category;
use crate::views::config::branch_office::BranchOfficeDetailView;
use crate::views::config::company::CompanyView;
use crate::views::config::holiday::HolidayView;
use crate::views::config::licence::LicenceView;
use crate::views::home::dashboard::{Counts, DashboardView};

/// Loads the dashboard (the API and the home page's data).
pub fn load(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<DashboardView> {
    let company = Company::find(conn, tenant.company)?;
    let access = User::branch_access(conn, tenant.user_id())?;
    let branch = match selected_branch(&tenant.auth.user, &access) {
        Some(id) => BranchOffice::find_in_company(conn, tenant.company, id)?,
        None => None,
    };
    let points = match &branch {
        Some(b) => EmissionPoint::for_branches(conn, tenant.company, &[b.id])?,
        None => Vec::new(),
    };
    let today = tenant.zone().today();
    let active_users = User::active_users(conn, tenant.company)?;
    let licence = Licence::current(conn, tenant.company)?;
    Ok(DashboardView {
        company: CompanyView::from(&company),
        branch: branch
            .as_ref()
            .map(|b| BranchOfficeDetailView::new(b, &points)),
        licence: LicenceView::new(licence.as_ref(), active_users, today),
        counts: Counts {
            users: User::count(conn, tenant.company)?,
            branches: BranchOffice::list_for_company(conn, tenant.company)?.len() as i64,
            categories: Category::count(conn, tenant.company)?,
        },
        upcoming_holidays: Holiday::upcoming(conn, tenant.company, today, 3)?
            .iter()
            .map(HolidayView::from)
            .collect(),
        reports: match &branch {
            Some(_) => Some((&crate::services::reports::dashboard::load(conn, tenant)?).into()),
            None => None,
        },
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
