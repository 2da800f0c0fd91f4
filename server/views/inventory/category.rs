//! Product categories.

use serde::Serialize;
use ts_rs::TS;

use crate::models::inventory::category::Category;

/// A product category.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CategoryView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    pub parent_id: Option<i64>,
    pub parent_name: Option<String>,
    pub active: bool,
    pub locked: bool,
    /// Kitchen station of its products' order items: cocina or bar.
    pub station: String,
    /// Its own quick modifiers (empty: its station's).
    pub modifiers: Vec<String>,
    /// What the waiter taps for its products: its own modifiers, else its station's.
    pub quick_modifiers: Vec<String>,
}

impl CategoryView {
    /// From a row; `parent_name` looked up by the caller.
    pub fn new(c: &Category, parent_name: Option<String>) -> Self {
        Self {
            id: c.id,
            name: c.name.clone(),
            parent_id: c.parent_id,
            parent_name,
            active: c.active,
            locked: c.locked,
            station: c.station.clone(),
            modifiers: c.modifiers.lines().map(str::to_string).collect(),
            quick_modifiers: c.quick_modifiers(),
        }
    }
}

/// The categories page: one page of the list and every category for the parent selector.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CategoriesPage {
    pub list: crate::db::list::Page<CategoryView>,
    pub all: Vec<CategoryView>,
}
