//! A supplier.

use serde::Serialize;
use ts_rs::TS;

use crate::models::purchases::supplier::Supplier;

/// A supplier as the API shows it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SupplierView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `ruc`, `cedula`, `pasaporte` or `exterior`.
    pub id_type: String,
    pub identification: String,
    pub name: String,
    pub trade_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub credit_days: i32,
    pub active: bool,
    pub locked: bool,
}

impl From<&Supplier> for SupplierView {
    fn from(s: &Supplier) -> Self {
        Self {
            id: s.id,
            id_type: s.id_type.clone(),
            identification: s.identification.clone(),
            name: s.name.clone(),
            trade_name: s.trade_name.clone(),
            email: s.email.clone(),
            phone: s.phone.clone(),
            credit_days: s.credit_days,
            active: s.active,
            locked: s.locked,
        }
    }
}
