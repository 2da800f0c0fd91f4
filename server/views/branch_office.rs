//! Branch offices as the API shows them.

use serde::Serialize;

use crate::models::branch_office::BranchOffice;
use crate::models::company::Company;

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
        }
    }
}

/// The issuer data of the selected branch (`GET /api/company/branchOffice/getConfig`).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BranchConfigView {
    #[serde(flatten)]
    pub branch: BranchOfficeView,
    pub company: CompanyView,
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
