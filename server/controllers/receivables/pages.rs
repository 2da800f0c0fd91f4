//! Data of the receivables pages, from the same functions as their APIs.

use super::api;
use crate::auth::roles::Tenant;
use crate::controllers::options;
use crate::controllers::page_loader::{Loaders, PageQuery};
use crate::controllers::receivables::receipts::client_ref;
use crate::controllers::receivables::{ledger, receipts};
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::models::receivables::ledger as rows;
use crate::models::receivables::receipt::Receipt;
use crate::models::sales::client::Client;
use crate::util::time::now;
use crate::views::receivables::{
    ClientOptionView, CollectPageView, CxcHubView, ReceiptPrint, ReceivablesPage, StatementPage,
    StatementPrint,
};
use crate::views::route_id::RouteId;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[
    (RouteId::AdminCxc, |ctx| {
        ctx.tenant(|conn, tenant, _| hub(conn, tenant))
    }),
    (RouteId::AdminCxcList, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            Ok(ReceivablesPage {
                list: api::list_page(conn, tenant, query.values(), &query.list()?)?,
            })
        })
    }),
    (RouteId::AdminCxcCollect, |ctx| ctx.tenant(collect_page)),
    (RouteId::AdminCxcStatement, |ctx| ctx.tenant(statement_page)),
    (RouteId::AdminCxcPayments, |ctx| {
        ctx.tenant(|conn, tenant, query| api::detail(conn, tenant, id(query.param("id"))?))
    }),
    (RouteId::CxcReceiptTicket, |ctx| ctx.tenant(receipt_print)),
    (RouteId::CxcReceiptA4, |ctx| ctx.tenant(receipt_print)),
    (RouteId::CxcStatementPrint, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            let client = query.param("id").to_string();
            let statement = api::statement_of(conn, tenant, Some(client.as_str()), query.values())?;
            let branch = tenant.branch(conn)?.id;
            Ok(StatementPrint {
                header: options::ticket_header(conn, tenant, branch)?,
                statement,
                printed_at: tenant.zone().iso(now()),
            })
        })
    }),
];

fn id(text: &str) -> AppResult<i64> {
    text.parse()
        .map_err(|_| AppError::NotFound("No se encontró el documento".into()))
}

fn hub(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<CxcHubView> {
    let aging = ledger::aging(conn, tenant, tenant.zone().today())?;
    Ok(CxcHubView {
        total: aging.total.total.clone(),
        overdue: aging.overdue.clone(),
        aging: aging.total.clone(),
        top_debtors: aging.clients.into_iter().take(5).collect(),
    })
}

fn collect_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &PageQuery,
) -> AppResult<CollectPageView> {
    let today = tenant.zone().today();
    let client = match query
        .get("clientId")
        .map(str::trim)
        .filter(|v| !v.is_empty())
    {
        Some(v) => Client::find(conn, tenant.company, id(v)?)?,
        None => None,
    };
    let (open, credit) = match &client {
        Some(c) => (
            rows::open(conn, tenant.company, Some(c.id))?
                .iter()
                .map(|r| ledger::receivable_view(tenant, r, today))
                .collect(),
            Receipt::client_credit(conn, tenant.company, c.id)?,
        ),
        None => (Vec::new(), 0),
    };
    let receipt = match query
        .get("receipt")
        .map(str::trim)
        .filter(|v| !v.is_empty())
    {
        Some(v) => Some(receipts::receipt(conn, tenant, id(v)?)?),
        None => None,
    };
    Ok(CollectPageView {
        client: client.as_ref().map(client_ref),
        open,
        credit: crate::domain::money::money_text(credit),
        bank_accounts: options::bank_accounts(conn, tenant)?,
        debtors: ledger::aging(conn, tenant, today)?.clients,
        receipt,
    })
}

fn statement_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &PageQuery,
) -> AppResult<StatementPage> {
    let clients = rows::clients_with_receivables(conn, tenant.company)?
        .into_iter()
        .map(|(id, name)| ClientOptionView { id, name })
        .collect();
    let statement = match query.get("clientId").filter(|v| !v.trim().is_empty()) {
        Some(client) => Some(api::statement_of(
            conn,
            tenant,
            Some(client),
            query.values(),
        )?),
        None => None,
    };
    Ok(StatementPage { clients, statement })
}

fn receipt_print(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &PageQuery,
) -> AppResult<ReceiptPrint> {
    let receipt = receipts::receipt(conn, tenant, id(query.param("id"))?)?;
    let branch = tenant.branch(conn)?.id;
    Ok(ReceiptPrint {
        header: options::ticket_header(conn, tenant, branch)?,
        receipt,
        printed_at: tenant.zone().iso(now()),
    })
}
