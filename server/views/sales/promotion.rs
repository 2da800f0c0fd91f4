//! Promotions.

use serde::Serialize;
use ts_rs::TS;

use crate::db::list::Page;
use crate::domain::money::money_text;
use crate::models::inventory::product::Product;
use crate::models::sales::promotion::{KIND_BUY_N_PAY_M, Promotion};
use crate::views::inventory::category::CategoryView;

/// A product of a promotion (for the product picker).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PromotionProductView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub code: String,
    pub name: String,
}

impl From<&Product> for PromotionProductView {
    fn from(p: &Product) -> Self {
        Self {
            id: p.id,
            code: p.code.clone(),
            name: p.name.clone(),
        }
    }
}

/// A promotion. `value` is a decimal string: the percentage (`"10.00"` is 10 %) or the dollars
/// off per unit; `"0.00"` for "lleve N pague M", which uses `buyN`/`payM` (null otherwise).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PromotionView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    /// `percent`, `fixed` or `buy_n_pay_m`.
    pub kind: String,
    pub value: String,
    pub buy_n: Option<i32>,
    pub pay_m: Option<i32>,
    /// `products` or `category`.
    pub target: String,
    pub category_id: Option<i64>,
    pub category_name: Option<String>,
    pub product_ids: Vec<i64>,
    /// The products of `productIds`, in the same order.
    pub products: Vec<PromotionProductView>,
    /// `YYYY-MM-DD`.
    pub starts_on: String,
    pub ends_on: Option<String>,
    /// ISO weekday digits, Monday = 1 (`"12345"`).
    pub weekdays: String,
    /// `HH:MM`, Ecuador time (both or neither).
    pub time_from: Option<String>,
    pub time_to: Option<String>,
    pub active: bool,
    pub locked: bool,
}

impl PromotionView {
    /// From a row, its products and its category's name (looked up by the caller).
    pub fn new(
        p: &Promotion,
        products: Vec<PromotionProductView>,
        category_name: Option<String>,
    ) -> Self {
        let pack = p.kind == KIND_BUY_N_PAY_M;
        Self {
            id: p.id,
            name: p.name.clone(),
            kind: p.kind.clone(),
            value: money_text(p.value),
            buy_n: pack.then_some(p.buy_n),
            pay_m: pack.then_some(p.pay_m),
            target: p.target.clone(),
            category_id: p.category_id,
            category_name,
            product_ids: products.iter().map(|x| x.id).collect(),
            products,
            starts_on: p.starts_on.format("%Y-%m-%d").to_string(),
            ends_on: p.ends_on.map(|d| d.format("%Y-%m-%d").to_string()),
            weekdays: p.weekdays.clone(),
            time_from: p.time_from.clone(),
            time_to: p.time_to.clone(),
            active: p.active,
            locked: p.locked,
        }
    }
}

/// The promotions page: one page of the list and the company's categories (for the selector).
#[derive(Debug, Clone, Serialize, TS)]
pub struct PromotionsPage {
    pub list: Page<PromotionView>,
    pub categories: Vec<CategoryView>,
}
