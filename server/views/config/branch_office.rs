//! Branch offices as the API shows them.

use diesel::QueryResult;
use serde::Serialize;
use ts_rs::TS;

use super::company::CompanyView;
use crate::db::DbConnection;
use crate::models::auth::user::User;
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::emission_point::EmissionPoint;

/// A branch in lists and selectors.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BranchOfficeView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// Establecimiento code (`001`).
    pub code: String,
    pub name: String,
    pub address: String,
    pub phone: Option<String>,
    pub active: bool,
    pub locked: bool,
}

/// A point of emission of a branch.
#[derive(Debug, Clone, Serialize, TS)]
pub struct EmissionPointView {
    pub code: String,
    pub name: String,
    pub active: bool,
}

/// A branch with its emission points (the branch list screen).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BranchOfficeDetailView {
    #[serde(flatten)]
    pub branch: BranchOfficeView,
    pub emission_points: Vec<EmissionPointView>,
}

impl BranchOfficeDetailView {
    /// A branch and its points (taken from `points`, which may hold other branches' too).
    pub fn new(branch: &BranchOffice, points: &[EmissionPoint]) -> Self {
        Self {
            branch: BranchOfficeView::from(branch),
            emission_points: points
                .iter()
                .filter(|p| p.branch_office_id == branch.id)
                .map(|p| EmissionPointView {
                    code: p.code.clone(),
                    name: p.name.clone(),
                    active: p.active,
                })
                .collect(),
        }
    }
}

impl From<&BranchOffice> for BranchOfficeView {
    fn from(b: &BranchOffice) -> Self {
        Self {
            id: b.id,
            code: b.code.clone(),
            name: b.name.clone(),
            address: b.address.clone(),
            phone: b.phone.clone(),
            active: b.active,
            locked: b.locked,
        }
    }
}

/// The branches `user` may work in (none for an account without a company).
pub fn accessible_branches(
    conn: &mut DbConnection,
    user: &User,
) -> QueryResult<Vec<BranchOfficeView>> {
    let Some(company) = user.company() else {
        return Ok(Vec::new());
    };
    let access = User::branch_access(conn, user.id)?;
    Ok(BranchOffice::list_for_company(conn, company)?
        .iter()
        .filter(|b| access.contains(&b.id))
        .map(BranchOfficeView::from)
        .collect())
}

/// The issuer data of the selected branch (`GET /api/company/branchOffice/getConfig`).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BranchConfigView {
    #[serde(flatten)]
    pub branch: BranchOfficeView,
    pub company: CompanyView,
}
