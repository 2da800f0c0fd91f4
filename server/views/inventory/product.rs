//! Products as the API shows them (contract names: `_id, code, barcodes[], name, …, stock`).
//! Money and quantities are decimal strings.

use serde::Serialize;
use ts_rs::TS;

use crate::domain::amount::Money;
use crate::domain::money::{fmt_qty, from_micros, qty_from_micros};
use crate::domain::taxes::iva_rate;
use crate::models::inventory::product::Product;

/// A recipe line, with the ingredient's code, name and unit so the editor shows what it is.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RecipeLineView {
    pub ingredient_id: i64,
    pub code: String,
    pub name: String,
    pub unit: String,
    pub quantity: String,
}

impl RecipeLineView {
    /// The lines `(ingredient_id, quantity)` of a recipe with their ingredients (`ingredients`,
    /// any order; a line whose ingredient is missing keeps its id as its name).
    pub fn lines(recipe: &[(i64, i64)], ingredients: &[Product]) -> Vec<Self> {
        recipe
            .iter()
            .map(|&(ingredient_id, q)| {
                let found = ingredients.iter().find(|p| p.id == ingredient_id);
                RecipeLineView {
                    ingredient_id,
                    code: found.map(|p| p.code.clone()).unwrap_or_default(),
                    name: found.map_or_else(|| format!("#{ingredient_id}"), |p| p.name.clone()),
                    unit: found.map(|p| p.unit.clone()).unwrap_or_default(),
                    quantity: quantity(q),
                }
            })
            .collect()
    }
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
    /// Sale price without IVA (the base the SRI needs, up to 6 decimals).
    pub price: String,
    /// The price with IVA (PVP) of `price` for one unit, as the POS charges it: the base rounded
    /// to cents plus its IVA at the product's rate (none for a negocio popular), 2 decimals.
    /// Register and update take prices with IVA as well: with `priceIncludesIva: true` in the
    /// body, `price`, `price2` and `price3` are PVPs and the server stores their bases.
    pub pvp: String,
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

/// The PVP of `p`'s base price ([`Money::with_iva`]); the base itself should it not fit.
fn pvp(p: &Product, with_iva: bool) -> String {
    let percent = if with_iva {
        iva_rate(&p.iva_code).map_or(0, |r| r.percent)
    } else {
        0
    };
    let base = Money::from_micros(p.price);
    base.with_iva(percent).unwrap_or(base).text()
}

impl ProductView {
    /// From a row with its barcodes, recipe and branch stock; `with_iva` is false for a company
    /// that charges no IVA ([`crate::models::sales::pricing::charges_iva`]).
    pub fn new(
        p: &Product,
        barcodes: Vec<String>,
        recipe: Vec<RecipeLineView>,
        stock: i64,
        with_iva: bool,
    ) -> Self {
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
            pvp: pvp(p, with_iva),
            price2: p.price2.map(price),
            price3: p.price3.map(price),
            min_stock: quantity(p.min_stock),
            kind: p.kind.clone(),
            recipe,
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
    /// The IVA percent the POS charges for each IVA code (all 0 for a negocio popular): the
    /// form's «Precio con IVA (PVP)» computes the base with it as the server does.
    #[serde(rename = "ivaPercents")]
    pub iva_percents: std::collections::BTreeMap<String, u32>,
}
