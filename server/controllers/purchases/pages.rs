//! Data of the purchases pages, from the same functions as their APIs.

use super::lector::mapping_views;
use super::{documents, payables};
use crate::auth::roles::Tenant;
use crate::controllers::options;
use crate::controllers::page_loader::{Loaders, PageQuery};
use crate::db::DbConnection;
use crate::db::list::{ListParams, MAX_LIMIT};
use crate::domain::taxes::iva_rate;
use crate::error::AppResult;
use crate::models::inventory::product::IVA_CODES;
use crate::models::purchases::supplier::Supplier;
use crate::services::purchases::expense::CATEGORIES;
use crate::views::purchases::lector::LectorPage;
use crate::views::purchases::pages::{
    ExpensesPage, ManualPurchasesPage, MerchandisePage, PayablesPage, PurchaseFormView,
    PurchaseIvaView, PurchaseOptionView, SupplierOptionView, SupplierStatementPage,
};
use crate::views::route_id::RouteId;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[
    (RouteId::PurchasesMerchandise, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            Ok(MerchandisePage {
                list: purchases(conn, tenant, "merchandise", query)?,
                form: form(conn, tenant)?,
                cellars: options::cellars(conn, tenant)?,
            })
        })
    }),
    (RouteId::PurchasesExpenses, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            Ok(ExpensesPage {
                list: purchases(conn, tenant, "expense", query)?,
                form: form(conn, tenant)?,
                categories: CATEGORIES
                    .iter()
                    .map(|(value, label)| PurchaseOptionView {
                        value: (*value).into(),
                        label: (*label).into(),
                    })
                    .collect(),
            })
        })
    }),
    (RouteId::PurchasesManual, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            Ok(ManualPurchasesPage {
                list: purchases(conn, tenant, "manual", query)?,
                form: form(conn, tenant)?,
            })
        })
    }),
    (RouteId::PurchasesPayables, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            let mut params = query.list()?;
            if params.sort.is_none() {
                params.sort = Some("dueDate".into());
            }
            let filter = payables::filter_of(conn, tenant.company, query.values())?;
            Ok(PayablesPage {
                list: payables::list_page(conn, tenant, &params, &filter)?,
                suppliers: supplier_options(conn, tenant)?,
                bank_accounts: options::bank_accounts(conn, tenant)?,
            })
        })
    }),
    (RouteId::PurchasesStatement, |ctx| {
        ctx.tenant(statement_page)
    }),
    // Lector .SRI (Herramientas): received comprobantes become purchases.
    (RouteId::ToolsLector, |ctx| {
        ctx.tenant(|conn, tenant, _query| {
            Ok(LectorPage {
                cellars: options::cellars(conn, tenant)?,
                mappings: mapping_views(conn, tenant.company, None)?,
            })
        })
    }),
];

/// One page of the purchases of `kind`, newest first unless the query sorts them.
fn purchases(
    conn: &mut DbConnection,
    tenant: &Tenant,
    kind: &'static str,
    query: &PageQuery,
) -> AppResult<crate::db::list::Page<crate::views::purchases::purchase::PurchaseView>> {
    let (mut params, supplier) = documents::list_query(query.raw())?;
    if params.sort.is_none() {
        params.sort = Some("createdAt".into());
        params.descending = true;
    }
    documents::list_page(conn, tenant, kind, &params, supplier)
}

/// What every purchase form chooses from.
fn form(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<PurchaseFormView> {
    Ok(PurchaseFormView {
        bank_accounts: options::bank_accounts(conn, tenant)?,
        iva_codes: IVA_CODES
            .iter()
            .filter_map(|c| iva_rate(c))
            .map(|r| PurchaseIvaView {
                code: r.code.into(),
                label: r.label.into(),
                percent: r.percent,
            })
            .collect(),
        today: tenant.zone().today().to_string(),
    })
}

/// The company's suppliers by name (at most [`MAX_LIMIT`]), for the selectors.
fn supplier_options(
    conn: &mut DbConnection,
    tenant: &Tenant,
) -> AppResult<Vec<SupplierOptionView>> {
    let params = ListParams {
        limit: MAX_LIMIT,
        sort: Some("name".into()),
        ..ListParams::default()
    };
    Ok(Supplier::list(conn, tenant.company, &params)?
        .results
        .into_iter()
        .map(|s| SupplierOptionView {
            id: s.id,
            name: s.name,
            identification: s.identification,
            credit_days: s.credit_days,
        })
        .collect())
}

fn statement_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &PageQuery,
) -> AppResult<SupplierStatementPage> {
    let suppliers = supplier_options(conn, tenant)?;
    let supplier = payables::supplier_param(query.values())?;
    let statement = match supplier {
        Some(id) => Some(payables::statement_of(
            conn,
            tenant.company,
            id,
            &query.list()?,
        )?),
        None => None,
    };
    Ok(SupplierStatementPage {
        suppliers,
        statement,
    })
}
