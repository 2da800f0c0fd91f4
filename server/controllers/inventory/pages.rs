//! Data of the inventory pages, from the same functions as their APIs.

use serde_json::Value;

use super::{categories, cellars, documents, kardex, products, transfers};
use crate::auth::roles;
use crate::controllers::pages::loaders::PageContext;
use crate::models::inventory::adjustment::Adjustment;
use crate::models::inventory::transfer::Transfer;
use crate::views::inventory::category::CategoriesPage;
use crate::views::inventory::stock::KardexPage;

/// Routes this area loads.
pub const ROUTES: &[&str] = &[
    "admin-categories",
    "admin-inventory",
    "admin-products",
    "admin-cellars",
    "admin-kardex",
    "admin-adjustments",
    "admin-transfers",
    "admin-transfer-print",
    "admin-stock-list",
];

/// Data for route `id`, if it is one of this area's.
pub async fn load(ctx: &PageContext<'_>, id: &str) -> Option<Value> {
    let raw = ctx.raw_query.to_string();
    let query = ctx.query.clone();
    let param = ctx.param("id");
    Some(match id {
        "admin-categories" => {
            ctx.tenant_data(roles::ADMIN_USER, |conn, tenant, query| {
                Ok(CategoriesPage {
                    list: categories::list_page(conn, tenant, &query.list()?)?,
                    all: categories::all_views(conn, tenant.company, false)?,
                })
            })
            .await
        }
        "admin-inventory" => {
            ctx.tenant_data(roles::ADMIN_USER, |conn, tenant, _| {
                kardex::hub_data(conn, tenant)
            })
            .await
        }
        "admin-products" => {
            ctx.tenant_data(roles::ADMIN_USER, move |conn, tenant, q| {
                products::page_data(conn, tenant, &q.list()?, &query)
            })
            .await
        }
        "admin-cellars" => {
            ctx.tenant_data(roles::ADMIN_USER, |conn, tenant, q| {
                cellars::page_data(conn, tenant, &q.list()?)
            })
            .await
        }
        "admin-kardex" => {
            ctx.tenant_data(roles::ADMIN_USER, move |conn, tenant, _| {
                let selected = query.get("productId").and_then(|v| v.parse::<i64>().ok());
                let kardex = match selected {
                    Some(_) => Some(kardex::kardex_data(conn, tenant, &raw, &query)?),
                    None => None,
                };
                let product = match selected {
                    Some(id) => {
                        crate::models::inventory::product::Product::find(conn, tenant.company, id)?
                            .map(|p| {
                                crate::views::inventory::product::ProductView::new(
                                    &p,
                                    Vec::new(),
                                    &[],
                                    0,
                                )
                            })
                    }
                    None => None,
                };
                Ok(KardexPage {
                    cellars: cellars::options(conn, tenant)?,
                    product,
                    kardex,
                })
            })
            .await
        }
        "admin-adjustments" => {
            ctx.tenant_data(roles::ADMIN_USER, |conn, tenant, q| {
                Ok(crate::views::inventory::document::AdjustmentsPage {
                    list: documents::list_page::<Adjustment>(conn, tenant, &q.list()?)?,
                    cellars: cellars::options(conn, tenant)?,
                })
            })
            .await
        }
        "admin-transfers" => {
            ctx.tenant_data(roles::ADMIN_USER, |conn, tenant, q| {
                let all =
                    crate::models::inventory::warehouse::Warehouse::all(conn, tenant.company)?;
                let branches =
                    crate::models::config::branch_office::BranchOffice::list_for_company(
                        conn,
                        tenant.company,
                    )?;
                Ok(crate::views::inventory::document::TransfersPage {
                    list: documents::list_page::<Transfer>(conn, tenant, &q.list()?)?,
                    cellars: cellars::options(conn, tenant)?,
                    destinations: all
                        .iter()
                        .filter(|w| w.active)
                        .map(|w| crate::views::inventory::warehouse::CellarOptionView {
                            id: w.id,
                            name: match branches.iter().find(|b| b.id == w.branch_office_id) {
                                Some(b) => format!("{} — {} {}", w.name, b.code, b.name),
                                None => w.name.clone(),
                            },
                            is_default: w.is_default,
                        })
                        .collect(),
                })
            })
            .await
        }
        "admin-transfer-print" => {
            ctx.tenant_data(roles::ADMIN_USER, move |conn, tenant, _| {
                let id: i64 = param.parse().map_err(|_| crate::error::not_in_table())?;
                transfers::print_data(conn, tenant, id)
            })
            .await
        }
        "admin-stock-list" => {
            ctx.tenant_data(roles::ADMIN_USER, move |conn, tenant, _| {
                Ok(crate::views::inventory::stock::StockListPage {
                    cellars: cellars::options(conn, tenant)?,
                    stock: kardex::stock_data(conn, tenant, &query)?,
                })
            })
            .await
        }
        _ => return None,
    })
}
