//! Data of the configuration pages, from the same functions as their APIs.

use super::{branch_offices, company, holidays, licence, users};
use crate::auth::roles::Tenant;
use crate::controllers::page_loader::{Loaders, PageQuery};
use crate::db::DbConnection;
use crate::error::AppResult;
use crate::models::config::branch_office::BranchOffice;
use crate::views::config::branch_office::BranchOfficeView;
use crate::views::config::company::CompanyPage;
use crate::views::config::holiday::HolidaysPage;
use crate::views::config::user::UsersPage;
use crate::views::route_id::RouteId;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[
    (RouteId::ConfigUsers, |ctx| ctx.tenant(users_page)),
    (RouteId::ConfigCompany, |ctx| ctx.tenant(company_page)),
    (RouteId::ConfigLicences, |ctx| {
        ctx.tenant(|conn, tenant, _| licence::licence_view(conn, tenant))
    }),
    (RouteId::ConfigHolidays, |ctx| ctx.tenant(holidays_page)),
];

fn users_page(conn: &mut DbConnection, tenant: &Tenant, query: &PageQuery) -> AppResult<UsersPage> {
    Ok(UsersPage {
        list: users::list::list_page(conn, tenant, &query.list()?)?,
        branches: BranchOffice::list_for_company(conn, tenant.company)?
            .iter()
            .map(BranchOfficeView::from)
            .collect(),
    })
}

fn company_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &PageQuery,
) -> AppResult<CompanyPage> {
    Ok(CompanyPage {
        company: company::detail(conn, tenant)?,
        branches: branch_offices::list_page(conn, tenant, &query.list()?)?,
    })
}

/// The year shown: `?year=` when valid, else the current year in the company's zone.
fn holidays_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &PageQuery,
) -> AppResult<HolidaysPage> {
    let asked = holidays::parse_year(query.get("year")).ok().flatten();
    let year = asked.unwrap_or_else(|| chrono::Datelike::year(&tenant.zone().today()));
    Ok(HolidaysPage {
        list: holidays::list_page(conn, tenant, &query.list()?, Some(year))?,
        year,
    })
}
