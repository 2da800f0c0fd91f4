//! The company as its screens and documents show it.

use serde::Serialize;
use ts_rs::TS;

use crate::models::config::company::Company;

/// The company as its configuration screen shows it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CompanyDetailView {
    #[serde(flatten)]
    pub company: CompanyView,
    pub has_logo: bool,
    /// Whether stock may go below zero (inventory setting kept with the company).
    pub allow_negative_stock: bool,
    /// «Descuento máximo del cajero (%)» as a decimal string (`"0"`, `"2.5"`).
    pub cashier_max_discount: String,
    /// The company's time zone (IANA name): every date and time its users see is in it.
    pub time_zone: String,
    /// Changes whenever the company changes, so the logo URL can bust caches.
    pub logo_version: i64,
}

/// Company data needed by every document.
#[derive(Debug, Clone, Serialize, TS)]
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

/// The company page: the company data and one page of its branch offices.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CompanyPage {
    pub company: CompanyDetailView,
    pub branches: crate::db::list::Page<super::branch_office::BranchOfficeDetailView>,
}
