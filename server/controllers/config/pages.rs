//! Data of the configuration pages, from the same functions as their APIs.

use serde_json::Value;

use super::{branch_offices, company, holidays, licence, users};
use crate::auth::roles;
use crate::controllers::pages::loaders::PageContext;
use crate::models::config::branch_office::BranchOffice;
use crate::util::time::local_date;
use crate::views::config::branch_office::BranchOfficeView;
use crate::views::config::company::CompanyPage;
use crate::views::config::holiday::HolidaysPage;
use crate::views::config::user::UsersPage;

/// Routes this area loads.
pub const ROUTES: &[&str] = &[
    "config-users",
    "config-company",
    "config-licences",
    "config-holidays",
];

/// Data for route `id`, if it is one of this area's.
pub async fn load(ctx: &PageContext<'_>, id: &str) -> Option<Value> {
    Some(match id {
        "config-users" => {
            ctx.tenant_data(roles::ADMIN, |conn, tenant, query| {
                Ok(UsersPage {
                    list: users::list::list_page(conn, tenant, &query.list()?)?,
                    branches: BranchOffice::list_for_company(conn, tenant.company)?
                        .iter()
                        .map(BranchOfficeView::from)
                        .collect(),
                })
            })
            .await
        }
        "config-company" => {
            ctx.tenant_data(roles::ADMIN, |conn, tenant, query| {
                Ok(CompanyPage {
                    company: company::detail(conn, tenant)?,
                    branches: branch_offices::list_page(conn, tenant, &query.list()?)?,
                })
            })
            .await
        }
        "config-licences" => {
            ctx.tenant_data(roles::ADMIN, |conn, tenant, _| {
                licence::licence_view(conn, tenant)
            })
            .await
        }
        // The year shown: `?year=` when valid, else the current year in Ecuador.
        "config-holidays" => {
            ctx.tenant_data(roles::ADMIN, |conn, tenant, query| {
                let asked = holidays::parse_year(query.get("year")).ok().flatten();
                let year = asked.unwrap_or_else(|| chrono::Datelike::year(&local_date()));
                Ok(HolidaysPage {
                    list: holidays::list_page(conn, tenant, &query.list()?, Some(year))?,
                    year,
                })
            })
            .await
        }
        _ => return None,
    })
}
