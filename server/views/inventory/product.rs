//! Products as the API shows them (contract names: `_id, code, barcodes[], name, …, stock`).
//! Money and quantities are decimal strings.

use serde::Serialize;
use ts_rs::TS;

use crate::domain::money::{fmt_qty, from_micros, qty_from_micros};
use crate::models::inventory::product::Product;

/// A recipe line.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RecipeLineView {
    pub ingredient_id: i64,
    pub quantity: String,
}

/// A product.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub code: String,
    pub barcodes: Vec<String>,
    pub name: String,
    pub description: Option<String>,
    pub category_id: Option<i64>,
    pub unit: String,
    pub iva_code: String,
    /// Sale price without IVA.
    pub price: String,
    /// Mayorista.
    pub price2: Option<String>,
    /// Distribuidor.
    pub price3: Option<String>,
    pub min_stock: String,
    pub kind: String,
    pub recipe: Vec<RecipeLineView>,
    pub active: bool,
    pub locked: bool,
    /// Stock in the selected branch's warehouses.
    pub stock: String,
    /// When the picture last changed (ms since 1970), `null` without one: the picture is at
    /// `/api/item/{_id}/image?v={imageVersion}`.
    pub image_version: Option<i64>,
}

/// A unit price or cost: 2 to 6 decimals.
pub fn price(micros: i64) -> String {
    fmt_qty(from_micros(micros))
}

/// A quantity without trailing zeros.
pub fn quantity(micros: i64) -> String {
    qty_from_micros(micros).to_string()
}

impl ProductView {
    /// From a row with its barcodes, recipe and branch stock.
    pub fn new(p: &Product, barcodes: Vec<String>, recipe: &[(i64, i64)], stock: i64) -> Self {
        Self {
            id: p.id,
            code: p.code.clone(),
            barcodes,
            name: p.name.clone(),
            description: p.description.clone(),
            category_id: p.category_id,
            unit: p.unit.clone(),
            iva_code: p.iva_code.clone(),
            price: price(p.price),
            price2: p.price2.map(price),
            price3: p.price3.map(price),
            min_stock: quantity(p.min_stock),
            kind: p.kind.clone(),
            recipe: recipe
                .iter()
                .map(|(ingredient_id, q)| RecipeLineView {
                    ingredient_id: *ingredient_id,
                    quantity: quantity(*q),
                })
                .collect(),
            active: p.active,
            locked: p.locked,
            image_version: p.image_version,
            stock: quantity(stock),
        }
    }
}

/// A warning about a saved field: the save went through, the user should look again.
#[derive(Debug, Clone, Serialize, TS)]
pub struct FieldWarningView {
    pub field: String,
    pub message: String,
}

/// The answer of creating or updating a product: the product and the warnings about it (a price
/// below the branch average cost, [`crate::services::sales::below_cost`]).
#[derive(Debug, Clone, Serialize, TS)]
pub struct ProductSavedView {
    #[serde(flatten)]
    pub product: ProductView,
    pub warnings: Vec<FieldWarningView>,
}

/// Stock of a product in one warehouse of the branch (`getStocks`, `getByBarcode`).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductStockView {
    pub product_id: i64,
    pub cellar_id: i64,
    pub cellar_name: String,
    pub quantity: String,
    pub average_cost: String,
}

/// A product with its stock per warehouse of the branch (`getByBarcode`, `getProductByID`).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductDetailView {
    #[serde(flatten)]
    pub product: ProductView,
    pub stocks: Vec<ProductStockView>,
}

/// An ingredient of a recipe with what the recipe needs and what is available
/// (`getIngredientsStock`).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct IngredientStockView {
    pub ingredient_id: i64,
    pub code: String,
    pub name: String,
    pub unit: String,
    pub quantity: String,
    pub available: String,
}

/// A choice of the product form's selectors.
#[derive(Debug, Clone, Serialize, TS)]
pub struct OptionView {
    pub value: String,
    pub label: String,
}

/// The products page: one page of the list and the form's choices.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ProductsPage {
    pub list: crate::db::list::Page<ProductView>,
    pub categories: Vec<super::category::CategoryView>,
    pub units: Vec<String>,
    #[serde(rename = "ivaCodes")]
    pub iva_codes: Vec<OptionView>,
    pub kinds: Vec<OptionView>,
    /// The branch average cost of the listed products that have one, by `_id`: the form warns
    /// as a price is typed below it (the server says it again on save).
    #[serde(rename = "averageCosts")]
    pub average_costs: std::collections::BTreeMap<i64, String>,
}
