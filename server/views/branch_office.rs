//! Branch offices as the API shows them.

use serde::Serialize;

use crate::db::DbConnection;
use crate::models::branch_office::BranchOffice;
use crate::models::company::Company;
use crate::models::emission_point::EmissionPoint;
use crate::models::user::User;
use diesel::QueryResult;

/// A branch in lists and selectors.
#[derive(Debug, Clone, Serialize)]
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
#[derive(Debug, Clone, Serialize)]
pub struct EmissionPointView {
    pub code: String,
    pub name: String,
    pub active: bool,
}

/// A branch with its emission points (the branch list screen).
#[derive(Debug, Clone, Serialize)]
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
    let Some(company_id) = user.company_id else {
        return Ok(Vec::new());
    };
    let access = User::branch_access(conn, user.id)?;
    Ok(BranchOffice::list_for_company(conn, company_id)?
        .iter()
        .filter(|b| access.contains(&b.id))
        .map(BranchOfficeView::from)
        .collect())
}

/// The issuer data of the selected branch (`GET /api/company/branchOffice/getConfig`).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BranchConfigView {
    #[serde(flatten)]
    pub branch: BranchOfficeView,
    pub company: CompanyView,
}

/// The company as its configuration screen shows it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompanyDetailView {
    #[serde(flatten)]
    pub company: CompanyView,
    pub has_logo: bool,
    /// Changes whenever the company changes, so the logo URL can bust caches.
    pub logo_version: i64,
}

/// Company data needed by every document.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompanyView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub ruc: String,
    pub business_name: String,
    pub trade_name: Option<String>,
    pub main_address: String,
    pub type_regimen: String,
    pub accounting_required: bool,
    pub special_taxpayer: Option<String>,
    pub is_ret: bool,
    pub retention_agent_resolution: Option<String>,
    pub sri_environment: String,
}

impl From<&Company> for CompanyView {
    fn from(c: &Company) -> Self {
        Self {
            id: c.id,
            ruc: c.ruc.clone(),
            business_name: c.business_name.clone(),
            trade_name: c.trade_name.clone(),
            main_address: c.main_address.clone(),
            type_regimen: c.type_regimen.clone(),
            accounting_required: c.accounting_required,
            special_taxpayer: c.special_taxpayer.clone(),
            is_ret: c.is_ret,
            retention_agent_resolution: c.retention_agent_resolution.clone(),
            sri_environment: c.sri_environment.clone(),
        }
    }
}
