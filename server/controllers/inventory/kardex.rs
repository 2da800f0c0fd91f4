//! `GET /api/inventory/kardex` (one product — by id, code, barcode or name — over a range, each
//! movement with its warehouse, that warehouse's balance and the selection's, and the balance
//! before it; its download is `kardex_export`), and `GET /api/inventory/stock` (stock per warehouse of the branch with its value), and the
//! inventory hub built from them.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use rust_decimal::Decimal;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::db::DbConnection;
use crate::db::list::ListParams;
use crate::db::search::contains_pattern;
use crate::domain::amount::{Money, Quantity};
use crate::domain::money::{fmt2, money_text as money};
use crate::error::{AppError, AppResult};
use crate::http::params::query_map;
use crate::models::inventory::cost::{exact_times, per_unit};
use crate::models::inventory::kardex::{KardexQuery, KardexRow};
use crate::models::inventory::product::Product;
use crate::models::inventory::stock::Stock;
use crate::models::inventory::warehouse::Warehouse;
use crate::views::inventory::product::{price, quantity};
use crate::views::inventory::stock::{
    HubMovementView, InventoryHubView, KardexDocumentView, KardexOpeningView, KardexRowView,
    KardexView, StockListView, StockRowView,
};

/// The views of kardex rows (user and warehouse names looked up once); `branch_balance` is
/// left empty ([`BranchBalance`] fills it where rows run in order).
pub fn row_views(
    conn: &mut DbConnection,
    tenant: &Tenant,
    rows: &[KardexRow],
) -> AppResult<Vec<KardexRowView>> {
    let mut ids: Vec<i64> = rows.iter().filter_map(|r| r.user_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let names = KardexRow::user_names(conn, tenant.company, &ids)?;
    let cellars: HashMap<i64, String> = Warehouse::all(conn, tenant.company)?
        .into_iter()
        .map(|w| (w.id, w.name))
        .collect();
    Ok(rows
        .iter()
        .map(|r| KardexRowView {
            id: r.id,
            date: tenant.zone().iso(r.created_at),
            document_date: r
                .document_date
                .filter(|d| *d != tenant.zone().date_of(r.created_at))
                .map(|d| d.to_string()),
            movement_type: r.movement_type.clone(),
            document: KardexDocumentView {
                doc_type: r.document_type.clone(),
                id: r.document_id,
                number: r.document_number.clone(),
            },
            cellar_id: r.warehouse_id,
            cellar_name: cellars.get(&r.warehouse_id).cloned().unwrap_or_default(),
            quantity_in: quantity(r.quantity_in),
            quantity_out: quantity(r.quantity_out),
            unit_cost: price(r.unit_cost),
            total_cost: money(r.total_cost),
            balance_quantity: quantity(r.balance_quantity),
            average_cost: price(r.average_cost),
            balance_value: money(r.balance_value),
            branch_balance: None,
            user: r.user_id.and_then(|u| names.get(&u).cloned()),
        })
        .collect())
}

/// Most products the kardex's search lists when it matches several.
const MATCHES_MAX: i64 = 20;

/// What the kardex's `search` found: one product, or the candidates (none or several).
pub enum Found {
    One(Box<Product>),
    Several(Vec<Product>),
}

/// The product a search names: its code or one of its barcodes exactly, else the products whose
/// name, code or barcode holds the text (accents and case ignored), found one or several.
pub fn find_product(conn: &mut DbConnection, tenant: &Tenant, text: &str) -> AppResult<Found> {
    let text = text.trim();
    if let Some(p) = Product::find_by_code(conn, tenant.company, text)? {
        return Ok(Found::One(Box::new(p)));
    }
    if let Some(p) = Product::find_by_barcode(conn, tenant.company, text)? {
        return Ok(Found::One(Box::new(p)));
    }
    let params = ListParams {
        search: Some(text.chars().take(100).collect()),
        limit: MATCHES_MAX,
        ..ListParams::default()
    };
    let mut page = Product::list(conn, tenant.company, &params, &Default::default())?;
    Ok(if page.total == 1 && page.results.len() == 1 {
        Found::One(Box::new(page.results.remove(0)))
    } else {
        Found::Several(page.results)
    })
}

/// The product of `productId`, else of `search` (code, barcode or name; 422 naming how many
/// matched when not exactly one). 404 for another company's product.
fn selected_product(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &HashMap<String, String>,
) -> AppResult<Product> {
    if let Some(id) = query
        .get("productId")
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
    {
        let id = id
            .parse::<i64>()
            .map_err(|_| crate::error::not_in_table())?;
        return Product::find(conn, tenant.company, id)?.ok_or_else(crate::error::not_in_table);
    }
    let search = query
        .get("search")
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
        .ok_or_else(|| AppError::field("productId", "Seleccione un producto"))?;
    match find_product(conn, tenant, search)? {
        Found::One(p) => Ok(*p),
        Found::Several(list) if list.is_empty() => Err(AppError::field(
            "search",
            format!("Ningún producto tiene el código o el nombre «{search}»"),
        )),
        Found::Several(_) => Err(AppError::field(
            "search",
            format!("Varios productos coinciden con «{search}»: elija uno"),
        )),
    }
}

/// The product and the movements the query string selects (`productId`, or `search` by code,
/// barcode or name; `cellarId`, `from`, `to` optional; without `cellarId`, every warehouse of
/// the branch). 404 for another company's product or warehouse.
pub(super) fn selection(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
    query: &HashMap<String, String>,
) -> AppResult<(Product, KardexQuery)> {
    let product = selected_product(conn, tenant, query)?;
    let branch = tenant.branch(conn)?.id;
    let warehouse = selected_cellar(conn, tenant.company, query)?;
    let warehouses = Warehouse::of_branch(conn, tenant.company, branch)?
        .iter()
        .map(|w| w.id)
        .collect();
    let (from, to) = params.time_range(tenant.zone());
    let q = KardexQuery {
        product_id: product.id,
        warehouse_id: warehouse,
        warehouses,
        from,
        to,
    };
    Ok((product, q))
}

/// The kardex of the query string (the [`selection`], `page` and `limit`).
pub fn kardex_data(
    conn: &mut DbConnection,
    tenant: &Tenant,
    raw_query: &str,
    query: &HashMap<String, String>,
) -> AppResult<KardexView> {
    let params = ListParams::from_query(raw_query)?;
    let (_, q) = selection(conn, tenant, &params, query)?;
    let from = q.from;
    let opening = match from {
        Some(from) => {
            let before = KardexRow::before(conn, tenant.company, &q, from)?;
            // Within the ceilings each balance leaves room for several warehouses; a sum that
            // still does not fit is refused rather than wrapped.
            let too_big = || {
                AppError::BadRequest(
                    "Los saldos de este producto son demasiado grandes para sumarlos".into(),
                )
            };
            let quantity_sum = Quantity::checked_sum(
                before
                    .iter()
                    .map(|r| Quantity::from_micros(r.balance_quantity)),
            )
            .ok_or_else(too_big)?
            .micros();
            let value =
                Money::checked_sum(before.iter().map(|r| Money::from_micros(r.balance_value)))
                    .ok_or_else(too_big)?
                    .micros();
            let average = if before.len() == 1 {
                before[0].average_cost
            } else {
                per_unit(value, quantity_sum).ok_or_else(too_big)?.max(0)
            };
            (quantity_sum, average, value)
        }
        None => (0, 0, 0),
    };
    let (rows, total) = KardexRow::page(conn, tenant.company, &q, params.offset(), params.limit)?;
    let mut results = row_views(conn, tenant, &rows)?;
    if let Some(first) = rows.first() {
        let mut running = BranchBalance::before(conn, tenant, &q, first.id)?;
        for (row, view) in rows.iter().zip(&mut results) {
            view.branch_balance = Some(running.after(row)?);
        }
    }
    Ok(KardexView {
        opening: KardexOpeningView {
            balance_quantity: quantity(opening.0),
            average_cost: price(opening.1),
            balance_value: money(opening.2),
        },
        results,
        total,
        page: params.page,
        limit: params.limit,
    })
}

/// The balance of every warehouse of a selection as its rows run: each row's `balance_quantity`
/// is its own warehouse's, so with several warehouses the column alone jumps between them
/// (42 → 24 → 40, issue 24); the sum of the last balance of each is the branch's.
pub struct BranchBalance {
    last: HashMap<i64, i64>,
}

impl BranchBalance {
    /// The balances before the row `id`.
    pub fn before(
        conn: &mut DbConnection,
        tenant: &Tenant,
        q: &KardexQuery,
        id: i64,
    ) -> AppResult<BranchBalance> {
        Ok(BranchBalance {
            last: KardexRow::before_row(conn, tenant.company, q, id)?
                .into_iter()
                .map(|r| (r.warehouse_id, r.balance_quantity))
                .collect(),
        })
    }

    /// The balance of the selection after `row` (the next row of the selection), as text.
    pub fn after(&mut self, row: &KardexRow) -> AppResult<String> {
        self.last.insert(row.warehouse_id, row.balance_quantity);
        let sum = Quantity::checked_sum(self.last.values().map(|q| Quantity::from_micros(*q)))
            .ok_or_else(|| {
                AppError::BadRequest(
                    "Los saldos de este producto son demasiado grandes para sumarlos".into(),
                )
            })?;
        Ok(quantity(sum.micros()))
    }
}

/// `GET /api/inventory/kardex`.
pub async fn kardex(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: axum::http::Uri,
) -> AppResult<Json<KardexView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let query = query_map(&uri);
    let raw = uri.query().unwrap_or_default().to_string();
    Ok(Json(
        state
            .db
            .run(move |conn| kardex_data(conn, &tenant, &raw, &query))
            .await?,
    ))
}

pub use super::kardex_export::export;

/// Most rows the stock list answers.
const STOCK_ROWS_MAX: i64 = 5000;

/// The warehouse of `?cellarId=` (`None` when absent or empty; 404 when it is not one of the
/// company's).
fn selected_cellar(
    conn: &mut DbConnection,
    company: crate::models::CompanyId,
    query: &HashMap<String, String>,
) -> AppResult<Option<i64>> {
    match query
        .get("cellarId")
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
    {
        None => Ok(None),
        Some(v) => {
            let id = v.parse::<i64>().map_err(|_| crate::error::not_in_table())?;
            Ok(Some(
                Warehouse::find(conn, company, id)?
                    .ok_or_else(crate::error::not_in_table)?
                    .id,
            ))
        }
    }
}

/// The stock list of the query string (`cellarId`, `search`, `low=true`), one page of it (`page`,
/// `limit`, like every list); the total value is of all the rows, not only the page's.
pub fn stock_data(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &HashMap<String, String>,
    params: &ListParams,
) -> AppResult<StockListView> {
    let branch = tenant.branch(conn)?.id;
    let warehouse = selected_cellar(conn, tenant.company, query)?;
    let search = query
        .get("search")
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .map(|s| contains_pattern(&s.chars().take(100).collect::<String>()));
    let low = query.get("low").is_some_and(|v| v == "true" || v == "1");
    stock_rows(conn, tenant, branch, warehouse, search, low, params)
}

fn stock_rows(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: i64,
    warehouse: Option<i64>,
    search: Option<String>,
    low: bool,
    params: &ListParams,
) -> AppResult<StockListView> {
    let rows = Stock::listing(
        conn,
        tenant.company,
        branch,
        warehouse,
        search,
        low,
        STOCK_ROWS_MAX,
    )?;
    let mut total = Decimal::ZERO;
    let count = i64::try_from(rows.len()).unwrap_or(i64::MAX);
    let first = usize::try_from(params.offset()).unwrap_or(usize::MAX);
    let limit = usize::try_from(params.limit).unwrap_or(0);
    let results = rows
        .into_iter()
        .enumerate()
        .filter_map(|(i, (s, name, code, min, cellar))| {
            let value = exact_times(s.quantity, s.average_cost);
            total += value;
            (i >= first && i - first < limit).then(|| StockRowView {
                product_id: s.product_id,
                code,
                name,
                cellar_id: s.warehouse_id,
                cellar_name: cellar,
                quantity: quantity(s.quantity),
                min_stock: quantity(min),
                average_cost: price(s.average_cost),
                value: fmt2(value),
                low: s.quantity < min,
            })
        })
        .collect();
    Ok(StockListView {
        results,
        total: count,
        page: params.page,
        limit: params.limit,
        total_value: fmt2(total),
    })
}

/// `GET /api/inventory/stock`.
pub async fn stock(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: axum::http::Uri,
    params: ListParams,
) -> AppResult<Json<StockListView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let query = query_map(&uri);
    Ok(Json(
        state
            .db
            .run(move |conn| stock_data(conn, &tenant, &query, &params))
            .await?,
    ))
}

/// The hub: stock value of the branch, products below their minimum, the last movements.
pub fn hub_data(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<InventoryHubView> {
    let branch = tenant.branch(conn)?.id;
    // The value is of every row; the hub lists the first 20 below their minimum.
    let first = |limit| ListParams {
        limit,
        ..ListParams::default()
    };
    let all = stock_rows(conn, tenant, branch, None, None, false, &first(1))?;
    let low = stock_rows(conn, tenant, branch, None, None, true, &first(20))?;
    let warehouses: Vec<i64> = Warehouse::of_branch(conn, tenant.company, branch)?
        .iter()
        .map(|w| w.id)
        .collect();
    let latest = KardexRow::latest(conn, tenant.company, &warehouses, 10)?;
    let ids: Vec<i64> = latest.iter().map(|r| r.product_id).collect();
    let names: HashMap<i64, String> = Product::find_many(conn, tenant.company, &ids)?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    let views = row_views(conn, tenant, &latest)?;
    Ok(InventoryHubView {
        stock_value: all.total_value,
        products: Product::count_active(conn, tenant.company)?,
        low_stock: low.results,
        last_movements: latest
            .iter()
            .zip(views)
            .map(|(r, row)| HubMovementView {
                product_name: names.get(&r.product_id).cloned().unwrap_or_default(),
                row,
            })
            .collect(),
    })
}
