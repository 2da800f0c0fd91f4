//! Warehouses (bodegas) as the API shows them.

use serde::Serialize;
use ts_rs::TS;

use crate::models::inventory::warehouse::Warehouse;

/// A warehouse.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CellarView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    pub branch_office_id: i64,
    pub is_default: bool,
    pub active: bool,
    pub locked: bool,
}

impl From<&Warehouse> for CellarView {
    fn from(w: &Warehouse) -> Self {
        Self {
            id: w.id,
            name: w.name.clone(),
            branch_office_id: w.branch_office_id,
            is_default: w.is_default,
            active: w.active,
            locked: w.locked,
        }
    }
}

/// `GET /api/inventory/cellar/options`: `[{_id, name, isDefault}]`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CellarOptionView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    pub is_default: bool,
}

/// The warehouses page.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CellarsPage {
    pub list: crate::db::list::Page<CellarView>,
}
