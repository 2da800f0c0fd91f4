//! Data of the inventory pages, from the same functions as their APIs.

use super::{categories, cellars, documents, kardex, products, remission_guides, transfers};
use crate::auth::roles::Tenant;
use crate::controllers::options;
use crate::controllers::page_loader::{Loaders, PageQuery};
use crate::db::DbConnection;
use crate::error::AppResult;
use crate::models::inventory::adjustment::Adjustment;
use crate::models::inventory::transfer::Transfer;
use crate::views::ebilling::pages::sri_target;
use crate::views::inventory::category::CategoriesPage;
use crate::views::inventory::stock::{KardexMatchView, KardexPage};
use crate::views::route_id::RouteId;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[
    (RouteId::AdminCategories, |ctx| ctx.tenant(categories_page)),
    (RouteId::AdminInventory, |ctx| {
        ctx.tenant(|conn, tenant, _| kardex::hub_data(conn, tenant))
    }),
    (RouteId::AdminProducts, |ctx| {
        ctx.tenant(|conn, tenant, q| products::page_data(conn, tenant, &q.list()?, q.values()))
    }),
    (RouteId::AdminCellars, |ctx| {
        ctx.tenant(|conn, tenant, q| cellars::page_data(conn, tenant, &q.list()?))
    }),
    (RouteId::AdminKardex, |ctx| ctx.tenant(kardex_page)),
    (RouteId::AdminAdjustments, |ctx| {
        ctx.tenant(adjustments_page)
    }),
    (RouteId::AdminTransfers, |ctx| ctx.tenant(transfers_page)),
    (RouteId::AdminTransferPrint, |ctx| {
        ctx.tenant(|conn, tenant, q| {
            let id: i64 = q
                .param("id")
                .parse()
                .map_err(|_| crate::error::not_in_table())?;
            transfers::print_data(conn, tenant, id)
        })
    }),
    (RouteId::AdminStockList, |ctx| {
        ctx.tenant(|conn, tenant, q| {
            Ok(crate::views::inventory::stock::StockListPage {
                cellars: options::cellars(conn, tenant)?,
                stock: kardex::stock_data(conn, tenant, q.values(), &q.list()?)?,
            })
        })
    }),
    // The guía de remisión (E-billing → Guía de remisión): the transfers it can accompany.
    (RouteId::EbillingRemissionGuide, |ctx| {
        let target = sri_target(&ctx.state.config.sri);
        ctx.tenant(move |conn, tenant, query| {
            remission_guides::page_data(conn, tenant, &query.list()?, target)
        })
    }),
];

fn categories_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &PageQuery,
) -> AppResult<CategoriesPage> {
    Ok(CategoriesPage {
        list: categories::list_page(conn, tenant, &query.list()?)?,
        all: options::categories(conn, tenant.company, false)?,
    })
}

fn kardex_page(conn: &mut DbConnection, tenant: &Tenant, q: &PageQuery) -> AppResult<KardexPage> {
    let query = q.values();
    let mut matches = Vec::new();
    // `productId` chooses the product; else `search` (code, barcode or part of the name) when
    // it names exactly one, and the candidates otherwise.
    let mut selected = query.get("productId").and_then(|v| v.parse::<i64>().ok());
    if selected.is_none()
        && let Some(search) = query
            .get("search")
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
    {
        match kardex::find_product(conn, tenant, search)? {
            kardex::Found::One(p) => selected = Some(p.id),
            kardex::Found::Several(list) => {
                matches = list
                    .into_iter()
                    .map(|p| KardexMatchView {
                        id: p.id,
                        code: p.code,
                        name: p.name,
                    })
                    .collect()
            }
        }
    }
    let kardex = match selected {
        Some(id) => {
            let mut values = query.clone();
            values.insert("productId".into(), id.to_string());
            Some(kardex::kardex_data(conn, tenant, q.raw(), &values)?)
        }
        None => None,
    };
    let product = match selected {
        Some(id) => {
            let with_iva = crate::models::sales::pricing::charges_iva(conn, tenant.company)?;
            crate::models::inventory::product::Product::find(conn, tenant.company, id)?.map(|p| {
                crate::views::inventory::product::ProductView::new(
                    &p,
                    Vec::new(),
                    Vec::new(),
                    0,
                    with_iva,
                )
            })
        }
        None => None,
    };
    Ok(KardexPage {
        cellars: options::cellars(conn, tenant)?,
        product,
        kardex,
        matches,
    })
}

fn adjustments_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    q: &PageQuery,
) -> AppResult<crate::views::inventory::document::AdjustmentsPage> {
    Ok(crate::views::inventory::document::AdjustmentsPage {
        list: documents::list_page::<Adjustment>(conn, tenant, &q.list()?)?,
        cellars: options::cellars(conn, tenant)?,
    })
}

fn transfers_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    q: &PageQuery,
) -> AppResult<crate::views::inventory::document::TransfersPage> {
    let all = crate::models::inventory::warehouse::Warehouse::all(conn, tenant.company)?;
    let branches =
        crate::models::config::branch_office::BranchOffice::list_for_company(conn, tenant.company)?;
    Ok(crate::views::inventory::document::TransfersPage {
        list: documents::list_page::<Transfer>(conn, tenant, &q.list()?)?,
        cellars: options::cellars(conn, tenant)?,
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
}
