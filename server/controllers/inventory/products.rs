//! `/api/item`: products (generic list contract) and the POS's reads (`getByBarcode`,
//! `getProductByID`, `getStocks`, `getIngredientsStock`). Reads are open to every role; writes to
//! admin and user.

use std::collections::{BTreeMap, HashMap};

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::command::{IdInput, NumberInput, text};
use crate::controllers::options;
use crate::controllers::records::{Record, ensure_unlocked};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::amount::Money;
use crate::domain::limits::{QUANTITY, UNIT_PRICE};
use crate::domain::taxes::iva_rate;
use crate::error::{
    AppError, AppResult, conflict, constraint_conflict, field_conflict, not_in_table,
};
use crate::http::json::JsonBody;
use crate::http::params::{IdBody, PathId, query_map};
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::inventory::category::Category;
use crate::models::inventory::kardex::KardexRow;
use crate::models::inventory::product::{
    IVA_CODES, KINDS, Product, ProductFields, ProductFilter, UNITS,
};
use crate::models::inventory::stock::Stock;
use crate::models::inventory::warehouse::Warehouse;
use crate::models::sales::pricing::charges_iva;
use crate::services::inventory::warehouses::branch_cellar;
use crate::services::sales::below_cost;
use crate::validation::{check_fields, optional_text, required_text};
use crate::views::inventory::product::{
    FieldWarningView, IngredientStockView, OptionView, ProductDetailView, ProductSavedView,
    ProductStockView, ProductView, ProductsPage, RecipeLineView, price, quantity,
};

/// Longest product code and barcode.
const CODE_MAX: usize = 40;
/// Longest product name.
const NAME_MAX: usize = 200;
/// Duplicate code.
pub const CODE_TAKEN: &str = "Ya existe un producto con ese código";
/// Unknown barcode at the POS.
pub const BARCODE_UNKNOWN: &str = "No existe un producto con ese código de barras";
/// `getStocks` for products none of which exist.
pub const STOCKS_NOT_FOUND: &str = "No se encontraron los stocks de los productos";

/// Body of register and update.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ProductBody {
    pub code: Option<String>,
    pub barcodes: Option<Vec<String>>,
    pub name: Option<String>,
    pub description: Option<String>,
    #[ts(optional = nullable)]
    pub category_id: IdInput,
    pub unit: Option<String>,
    pub iva_code: Option<String>,
    #[ts(optional = nullable)]
    pub price: NumberInput,
    #[ts(optional = nullable)]
    pub price2: NumberInput,
    #[ts(optional = nullable)]
    pub price3: NumberInput,
    /// `true` when `price`, `price2` and `price3` are prices with IVA (PVP): the server stores
    /// their base to 6 decimals at the product's IVA rate ([`Money::base_of_pvp`]).
    pub price_includes_iva: Option<bool>,
    #[ts(optional = nullable)]
    pub min_stock: NumberInput,
    pub kind: Option<String>,
    pub recipe: Option<Vec<RecipeBody>>,
    pub active: Option<bool>,
}

/// A recipe line of the body.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct RecipeBody {
    #[ts(optional = nullable)]
    pub ingredient_id: IdInput,
    #[ts(optional = nullable)]
    pub quantity: NumberInput,
}

fn load(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<Product> {
    Product::find(conn, company, id)?.ok_or_else(not_in_table)
}

/// Stock of each product summed over the warehouses of a branch.
pub fn branch_totals(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: i64,
    ids: &[i64],
) -> AppResult<HashMap<i64, i64>> {
    let mut totals = HashMap::new();
    for (stock, _) in Stock::of_products_in_branch(conn, company, branch, ids)? {
        *totals.entry(stock.product_id).or_insert(0) += stock.quantity;
    }
    Ok(totals)
}

/// The recipe of product `id` with its ingredients' codes, names and units.
fn recipe_lines(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
) -> AppResult<Vec<RecipeLineView>> {
    let recipe = Product::recipe(conn, company, id)?;
    let ids: Vec<i64> = recipe.iter().map(|(ingredient, _)| *ingredient).collect();
    let ingredients = Product::find_many(conn, company, &ids)?;
    Ok(RecipeLineView::lines(&recipe, &ingredients))
}

/// The views of some products, with barcodes, recipe and the branch's stock.
pub fn views(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: i64,
    rows: Vec<Product>,
) -> AppResult<Vec<ProductView>> {
    let ids: Vec<i64> = rows.iter().map(|p| p.id).collect();
    let totals = branch_totals(conn, company, branch, &ids)?;
    let with_iva = charges_iva(conn, company)?;
    rows.into_iter()
        .map(|p| {
            let barcodes = Product::barcodes(conn, company, p.id)?;
            let recipe = if p.kind == "recipe" {
                recipe_lines(conn, company, p.id)?
            } else {
                Vec::new()
            };
            let stock = totals.get(&p.id).copied().unwrap_or(0);
            Ok(ProductView::new(&p, barcodes, recipe, stock, with_iva))
        })
        .collect()
}

fn view(conn: &mut DbConnection, tenant: &Tenant, product: Product) -> AppResult<ProductView> {
    let branch = tenant.branch(conn)?.id;
    Ok(views(conn, tenant.company, branch, vec![product])?.remove(0))
}

/// The stock of `products` in each warehouse of the branch (0 where none moved yet).
fn stocks(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: i64,
    products: &[i64],
) -> AppResult<Vec<ProductStockView>> {
    let cellars = Warehouse::of_branch(conn, company, branch)?;
    let found: BTreeMap<(i64, i64), Stock> =
        Stock::of_products_in_branch(conn, company, branch, products)?
            .into_iter()
            .map(|(s, _)| ((s.product_id, s.warehouse_id), s))
            .collect();
    let mut out = Vec::new();
    for product in products {
        for cellar in &cellars {
            let stock = found.get(&(*product, cellar.id));
            out.push(ProductStockView {
                product_id: *product,
                cellar_id: cellar.id,
                cellar_name: cellar.name.clone(),
                quantity: quantity(stock.map_or(0, |s| s.quantity)),
                average_cost: price(stock.map_or(0, |s| s.average_cost)),
            });
        }
    }
    Ok(out)
}

fn detail(
    conn: &mut DbConnection,
    tenant: &Tenant,
    product: Product,
) -> AppResult<ProductDetailView> {
    let branch = tenant.branch(conn)?.id;
    let id = product.id;
    let stocked = product.is_stocked();
    let product = views(conn, tenant.company, branch, vec![product])?.remove(0);
    let stocks = if stocked {
        stocks(conn, tenant.company, branch, &[id])?
    } else {
        Vec::new()
    };
    Ok(ProductDetailView { product, stocks })
}

/// Validates the body into the fields to save.
fn fields(
    conn: &mut DbConnection,
    company: CompanyId,
    body: &ProductBody,
    editing: Option<i64>,
) -> AppResult<ProductFields> {
    let code = body.code.clone().unwrap_or_default().trim().to_string();
    let name = body.name.clone().unwrap_or_default().trim().to_string();
    let description = text(&body.description);
    let (barcodes, barcode_problem) = read_barcodes(body);
    let category = match body.category_id.optional() {
        Ok(Some(id)) if Category::find(conn, company, id)?.is_some() => Ok(Some(id)),
        Ok(None) => Ok(None),
        _ => Err("La categoría no existe".to_string()),
    };
    let unit = body.unit.clone().unwrap_or_else(|| "unidad".into());
    let unit_problem =
        (!UNITS.contains(&unit.as_str())).then(|| "La unidad no es válida".to_string());
    let iva_code = body.iva_code.clone().unwrap_or_else(|| "4".into());
    let iva_problem = (!IVA_CODES.contains(&iva_code.as_str()) || iva_rate(&iva_code).is_none())
        .then(|| "El código de IVA no es válido".to_string());
    let kind = body.kind.clone().unwrap_or_else(|| "product".into());
    let kind_problem =
        (!KINDS.contains(&kind.as_str())).then(|| "El tipo de producto no es válido".to_string());
    let Prices {
        price: price_v,
        price2,
        price3,
    } = read_prices(conn, company, body, &iva_code)?;
    let min_stock = body
        .min_stock
        .micros("El stock mínimo", false, false, QUANTITY);
    let (recipe, recipe_problem) = if kind == "recipe" {
        read_recipe(conn, company, body, editing)?
    } else {
        (Vec::new(), None)
    };
    check_fields([
        ("code", required_text(&code, "El código", CODE_MAX)),
        ("name", required_text(&name, "El nombre", NAME_MAX)),
        (
            "description",
            optional_text(description.as_deref(), "La descripción", 1000),
        ),
        ("barcodes", barcode_problem),
        ("categoryId", category.clone().err()),
        ("unit", unit_problem),
        ("ivaCode", iva_problem),
        ("kind", kind_problem),
        ("price", price_v.clone().err()),
        ("price2", price2.clone().err()),
        ("price3", price3.clone().err()),
        ("minStock", min_stock.clone().err()),
        ("recipe", recipe_problem),
    ])?;
    let fields = ProductFields {
        code,
        name,
        description,
        category_id: category.map_err(AppError::BadRequest)?,
        unit,
        iva_code,
        price: price_v.map_err(AppError::BadRequest)?,
        price2: price2.map_err(AppError::BadRequest)?,
        price3: price3.map_err(AppError::BadRequest)?,
        min_stock: min_stock.map_err(AppError::BadRequest)?.unwrap_or(0),
        kind,
        active: body.active.unwrap_or(true),
        barcodes,
        recipe,
    };
    check_unique(conn, company, &fields, editing)?;
    Ok(fields)
}

/// The body's barcodes, trimmed, without empty ones; and the problem of the last one that is
/// not valid or repeated, if any.
fn read_barcodes(body: &ProductBody) -> (Vec<String>, Option<String>) {
    let mut barcodes: Vec<String> = Vec::new();
    let mut barcode_problem = None;
    for b in body.barcodes.iter().flatten() {
        let b = b.trim().to_string();
        if b.is_empty() {
            continue;
        }
        if b.chars().count() > CODE_MAX || b.chars().any(char::is_whitespace) {
            barcode_problem = Some(format!("El código de barras «{b}» no es válido"));
        } else if barcodes.contains(&b) {
            barcode_problem = Some(format!("El código de barras «{b}» está repetido"));
        } else {
            barcodes.push(b);
        }
    }
    (barcodes, barcode_problem)
}

/// The three prices of the body as stored (without IVA), each with its problem.
struct Prices {
    price: Result<i64, String>,
    price2: Result<Option<i64>, String>,
    price3: Result<Option<i64>, String>,
}

/// Reads the prices; prices entered with IVA become their base at the rate of `iva_code` (none
/// for a negocio popular, whose sales carry no IVA).
fn read_prices(
    conn: &mut DbConnection,
    company: CompanyId,
    body: &ProductBody,
    iva_code: &str,
) -> AppResult<Prices> {
    let price_v = body
        .price
        .required_micros("El precio", false, false, UNIT_PRICE);
    let price2 = body
        .price2
        .micros("El precio mayorista", false, false, UNIT_PRICE);
    let price3 = body
        .price3
        .micros("El precio distribuidor", false, false, UNIT_PRICE);
    if body.price_includes_iva != Some(true) {
        return Ok(Prices {
            price: price_v,
            price2,
            price3,
        });
    }
    let percent = match iva_rate(iva_code) {
        Some(rate) if charges_iva(conn, company)? => rate.percent,
        _ => 0,
    };
    let base = |pvp: i64| {
        Money::base_of_pvp(Money::from_micros(pvp), percent)
            .map(Money::micros)
            .ok_or_else(|| "El precio con IVA no es válido".to_string())
    };
    Ok(Prices {
        price: price_v.and_then(base),
        price2: price2.and_then(|p| p.map(base).transpose()),
        price3: price3.and_then(|p| p.map(base).transpose()),
    })
}

/// A recipe's `(ingredient, quantity)` lines.
type RecipeLines = Vec<(i64, i64)>;

/// A recipe's ingredients as `(ingredient, quantity)`: stocked products of the company other
/// than the product itself (`editing`); and the problem of the last line that is not valid, or
/// of a recipe without ingredients.
fn read_recipe(
    conn: &mut DbConnection,
    company: CompanyId,
    body: &ProductBody,
    editing: Option<i64>,
) -> AppResult<(RecipeLines, Option<String>)> {
    let mut recipe = Vec::new();
    let mut recipe_problem = None;
    for (n, line) in body.recipe.iter().flatten().enumerate() {
        let row = n + 1;
        let ingredient = match line.ingredient_id.optional() {
            Ok(Some(id)) if Some(id) != editing => Product::find(conn, company, id)?,
            _ => None,
        };
        let qty = line
            .quantity
            .required_micros("La cantidad", true, false, QUANTITY);
        match (ingredient, qty) {
            (Some(p), Ok(q)) if p.is_stocked() => recipe.push((p.id, q)),
            (Some(p), Ok(_)) => {
                recipe_problem = Some(format!(
                    "Línea {row} de la receta: «{}» no lleva stock y no puede ser ingrediente",
                    p.name
                ))
            }
            (None, _) => {
                recipe_problem = Some(format!(
                    "Línea {row} de la receta: el ingrediente no existe"
                ))
            }
            (_, Err(e)) => recipe_problem = Some(format!("Línea {row} de la receta: {e}")),
        }
    }
    if recipe.is_empty() && recipe_problem.is_none() {
        recipe_problem = Some("Una receta necesita al menos un ingrediente".into());
    }
    Ok((recipe, recipe_problem))
}

/// Code and barcodes are unique in the company.
pub fn check_unique(
    conn: &mut DbConnection,
    company: CompanyId,
    fields: &ProductFields,
    editing: Option<i64>,
) -> AppResult<()> {
    if let Some(other) = Product::find_by_code(conn, company, &fields.code)?
        && Some(other.id) != editing
    {
        return Err(field_conflict("code", CODE_TAKEN));
    }
    if let Some(taken) = Product::barcodes_taken(conn, company, &fields.barcodes, editing)?.first()
    {
        return Err(field_conflict(
            "barcodes",
            format!("El código de barras «{taken}» ya pertenece a otro producto"),
        ));
    }
    Ok(())
}

/// List filters besides the generic ones: `categoryId`, `kind`.
fn filter(query: &HashMap<String, String>) -> ProductFilter {
    ProductFilter {
        category_id: query.get("categoryId").and_then(|v| v.parse().ok()),
        kind: query
            .get("kind")
            .filter(|k| KINDS.contains(&k.as_str()))
            .cloned(),
    }
}

/// One page of the list (the API and the products page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
    query: &HashMap<String, String>,
) -> AppResult<Page<ProductView>> {
    let branch = tenant.branch(conn)?.id;
    let page = Product::list(conn, tenant.company, params, &filter(query))?;
    let rows = views(conn, tenant.company, branch, page.results)?;
    Ok(Page {
        results: rows,
        total: page.total,
        page: page.page,
        limit: page.limit,
    })
}

/// The products page's data.
pub fn page_data(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
    query: &HashMap<String, String>,
) -> AppResult<ProductsPage> {
    let list = list_page(conn, tenant, params, query)?;
    let ids: Vec<i64> = list.results.iter().map(|p| p.id).collect();
    let average_costs = below_cost::branch_costs(conn, tenant, &ids)?
        .into_iter()
        .map(|(id, cost)| (id, price(cost)))
        .collect();
    let with_iva = charges_iva(conn, tenant.company)?;
    Ok(ProductsPage {
        list,
        average_costs,
        iva_percents: IVA_CODES
            .iter()
            .filter_map(|c| iva_rate(c))
            .map(|r| (r.code.to_string(), if with_iva { r.percent } else { 0 }))
            .collect(),
        categories: options::categories(conn, tenant.company, true)?,
        units: UNITS.iter().map(|u| u.to_string()).collect(),
        iva_codes: IVA_CODES
            .iter()
            .filter_map(|c| iva_rate(c))
            .map(|r| OptionView {
                value: r.code.into(),
                label: r.label.into(),
            })
            .collect(),
        kinds: [
            ("product", "Producto"),
            ("service", "Servicio"),
            ("ingredient", "Ingrediente"),
            ("recipe", "Receta"),
        ]
        .iter()
        .map(|(v, l)| OptionView {
            value: (*v).into(),
            label: (*l).into(),
        })
        .collect(),
    })
}

/// `GET /api/item`: every role (the POS searches it).
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: axum::http::Uri,
    params: ListParams,
) -> AppResult<Json<Page<ProductView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    let query = query_map(&uri);
    Ok(Json(
        state
            .db
            .run(move |conn| list_page(conn, &tenant, &params, &query))
            .await?,
    ))
}

/// The price with IVA the body asked for (`priceIncludesIva`), in millionths.
fn asked_pvp(body: &ProductBody) -> Option<i64> {
    if body.price_includes_iva != Some(true) {
        return None;
    }
    body.price
        .micros("El precio", false, false, UNIT_PRICE)
        .ok()
        .flatten()
}

/// The answer of a save: the product, a warning for each price below the branch average cost,
/// and one when no base reaches the PVP asked for (`asked_pvp`): the shopper pays the nearest.
fn saved_view(
    conn: &mut DbConnection,
    tenant: &Tenant,
    product: Product,
    asked_pvp: Option<i64>,
) -> AppResult<ProductSavedView> {
    let mut warnings: Vec<FieldWarningView> = below_cost::price_warnings(conn, tenant, &product)?
        .into_iter()
        .map(|(field, message)| FieldWarningView {
            field: field.into(),
            message,
        })
        .collect();
    let product = view(conn, tenant, product)?;
    if let Some(asked) = asked_pvp.map(Money::from_micros)
        && asked.text() != product.pvp
    {
        warnings.push(FieldWarningView {
            field: "price".into(),
            message: format!(
                "Con el IVA del producto, el precio de venta (PVP) resulta {} y no {}: ningún precio sin IVA en centavos da ese valor",
                product.pvp,
                asked.text()
            ),
        });
    }
    Ok(ProductSavedView { product, warnings })
}

/// `POST /api/item/register`.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<ProductBody>,
) -> AppResult<(StatusCode, Json<ProductSavedView>)> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let created = state
        .db
        .write(move |conn| {
            let fields = fields(conn, tenant.company, &body, None)?;
            let id = Product::insert(conn, tenant.company, &fields)
                .map_err(|e| constraint_conflict(e, "code", CODE_TAKEN))?;
            let product = load(conn, tenant.company, id)?;
            saved_view(conn, &tenant, product, asked_pvp(&body))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// `POST /api/item/{id}/update`.
pub async fn update(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<ProductBody>,
) -> AppResult<Json<ProductSavedView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let updated = state
        .db
        .write(move |conn| {
            ensure_unlocked::<Products>(conn, tenant.company, id)?;
            let before = load(conn, tenant.company, id)?;
            let fields = fields(conn, tenant.company, &body, Some(id))?;
            let stocked = matches!(fields.kind.as_str(), "product" | "ingredient");
            if before.is_stocked()
                && !stocked
                && KardexRow::has_movements(conn, tenant.company, Some(id), None)?
            {
                return Err(AppError::field(
                    "kind",
                    "El producto tiene movimientos de inventario: no puede pasar a servicio ni a receta",
                ));
            }
            Product::update(conn, tenant.company, id, &fields)
                .map_err(|e| constraint_conflict(e, "code", CODE_TAKEN))?;
            let product = load(conn, tenant.company, id)?;
            saved_view(conn, &tenant, product, asked_pvp(&body))
        })
        .await?;
    Ok(Json(updated))
}

/// `{barcode}` of `getByBarcode`.
#[derive(Debug, Deserialize, ts_rs::TS)]
pub struct BarcodeBody {
    #[ts(optional = nullable)]
    barcode: NumberInput,
}

/// `POST /api/item/getByBarcode {barcode}`: the product (its code also matches), its price levels,
/// IVA code and stock per warehouse of the branch; 404 when unknown.
pub async fn get_by_barcode(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<BarcodeBody>,
) -> AppResult<Json<ProductDetailView>> {
    let tenant = auth.tenant(roles::ALL)?;
    let barcode = body.barcode.written();
    if barcode.is_empty() {
        return Err(AppError::field(
            "barcode",
            "Escriba o escanee un código de barras",
        ));
    }
    let found = state
        .db
        .run(move |conn| {
            let product = match Product::find_by_barcode(conn, tenant.company, &barcode)? {
                Some(p) => p,
                None => Product::find_by_code(conn, tenant.company, &barcode)?
                    .ok_or_else(|| AppError::NotFound(BARCODE_UNKNOWN.into()))?,
            };
            detail(conn, &tenant, product)
        })
        .await?;
    Ok(Json(found))
}

/// `POST /api/item/getProductByID {_id}`.
pub async fn get_product_by_id(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> AppResult<Json<ProductDetailView>> {
    let tenant = auth.tenant(roles::ALL)?;
    let id = body.id.required()?;
    let found = state
        .db
        .run(move |conn| {
            let product = load(conn, tenant.company, id)?;
            detail(conn, &tenant, product)
        })
        .await?;
    Ok(Json(found))
}

/// `{products: [_id…]}` of `getStocks`.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct StocksBody {
    products: Option<Vec<IdInput>>,
}

/// `POST /api/item/getStocks {products}`: stock per product and warehouse of the branch.
pub async fn get_stocks(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<StocksBody>,
) -> AppResult<Json<Vec<ProductStockView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    let ids: Vec<i64> = body
        .products
        .unwrap_or_default()
        .iter()
        .filter_map(IdInput::id)
        .take(500)
        .collect();
    let found = state
        .db
        .run(move |conn| {
            let products: Vec<i64> = Product::find_many(conn, tenant.company, &ids)?
                .iter()
                .filter(|p| p.is_stocked())
                .map(|p| p.id)
                .collect();
            if products.is_empty() {
                return Err(AppError::NotFound(STOCKS_NOT_FOUND.into()));
            }
            let branch = tenant.branch(conn)?.id;
            stocks(conn, tenant.company, branch, &products)
        })
        .await?;
    Ok(Json(found))
}

/// Body of `getIngredientsStock`.
#[derive(Debug, Deserialize, ts_rs::TS)]
pub struct IngredientsStockBody {
    #[serde(rename = "_id")]
    #[ts(optional = nullable)]
    pub id: IdInput,
    /// Count the stock in this warehouse of the branch only (the one a sale takes it from).
    #[serde(rename = "cellarId")]
    #[ts(optional = nullable)]
    pub cellar_id: IdInput,
}

/// `POST /api/item/getIngredientsStock {_id, cellarId?}`: for a recipe, each ingredient with the
/// quantity one unit needs and the stock available in the branch, or in the warehouse `cellarId`
/// of the branch when given.
pub async fn get_ingredients_stock(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<IngredientsStockBody>,
) -> AppResult<Json<Vec<IngredientStockView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    let id = body.id.required()?;
    let found = state
        .db
        .run(move |conn| {
            let recipe = load(conn, tenant.company, id)?;
            if recipe.kind != "recipe" {
                return Err(AppError::BadRequest(format!(
                    "«{}» no es una receta",
                    recipe.name
                )));
            }
            let lines = Product::recipe(conn, tenant.company, id)?;
            let ids: Vec<i64> = lines.iter().map(|(i, _)| *i).collect();
            let branch = tenant.branch(conn)?.id;
            let totals = match &body.cellar_id {
                value if value.is_null() => branch_totals(conn, tenant.company, branch, &ids)?,
                value => {
                    let cellar = branch_cellar(conn, &tenant, branch, value)?;
                    let mut found = HashMap::new();
                    for &ingredient in &ids {
                        if let Some(stock) =
                            Stock::find(conn, tenant.company, ingredient, cellar.id)?
                        {
                            found.insert(ingredient, stock.quantity);
                        }
                    }
                    found
                }
            };
            let products: HashMap<i64, Product> = Product::find_many(conn, tenant.company, &ids)?
                .into_iter()
                .map(|p| (p.id, p))
                .collect();
            Ok(lines
                .iter()
                .filter_map(|(ingredient, q)| {
                    products.get(ingredient).map(|p| IngredientStockView {
                        ingredient_id: p.id,
                        code: p.code.clone(),
                        name: p.name.clone(),
                        unit: p.unit.clone(),
                        quantity: quantity(*q),
                        available: quantity(totals.get(&p.id).copied().unwrap_or(0)),
                    })
                })
                .collect())
        })
        .await?;
    Ok(Json(found))
}

/// Products in the generic record handlers.
pub struct Products;

impl Record for Products {
    type View = ProductView;
    const READ: &'static [Role] = roles::ALL;
    const WRITE: &'static [Role] = roles::ADMIN_USER;
    const DELETED: &'static str = "Producto eliminado";

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<ProductView> {
        let product = load(conn, company, id)?;
        // The record view carries the stock of every warehouse of the company.
        let totals: i64 = Warehouse::all(conn, company)?
            .iter()
            .filter_map(|w| Stock::find(conn, company, id, w.id).ok().flatten())
            .map(|s| s.quantity)
            .sum();
        let barcodes = Product::barcodes(conn, company, id)?;
        let recipe = recipe_lines(conn, company, id)?;
        let with_iva = charges_iva(conn, company)?;
        Ok(ProductView::new(
            &product, barcodes, recipe, totals, with_iva,
        ))
    }

    fn is_locked(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<bool> {
        Ok(load(conn, company, id)?.locked)
    }

    fn set_locked(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        locked: bool,
    ) -> AppResult<()> {
        Product::set_locked(conn, company, id, locked)?;
        Ok(())
    }

    /// Refused once it has movements or is an ingredient of a recipe: deactivate it instead.
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        load(conn, company, id)?;
        if KardexRow::has_movements(conn, company, Some(id), None)? {
            return Err(conflict(
                "No se puede eliminar: el producto tiene movimientos de inventario. Desactívelo.",
            ));
        }
        if Product::used_in_recipes(conn, company, id)? > 0 {
            return Err(conflict(
                "No se puede eliminar: el producto es ingrediente de una receta.",
            ));
        }
        Product::delete(conn, company, id).map_err(|e| constraint_conflict(e, "_id", ""))?;
        Ok(())
    }
}
