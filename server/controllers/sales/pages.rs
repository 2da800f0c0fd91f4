//! Data of the sales pages, from the same functions as their APIs.

use super::{credit_notes, electronic_credit_notes, notes, promotions};
use crate::auth::roles::Tenant;
use crate::command::IdInput;
use crate::controllers::documents::client_view;
use crate::controllers::documents::sale;
use crate::controllers::options;
use crate::controllers::page_loader::Loaders;
use crate::db::DbConnection;
use crate::domain::money::money_text;
use crate::error::{AppError, AppResult};
use crate::models::cash::turn::Turn;
use crate::models::sales::client::Client;
use crate::models::sales::credit_note::{CreditNote, KIND_INTERNAL};
use crate::models::sales::note::Sale;
use crate::services::sales::{discount, pricing};
use crate::util::time::now;
use crate::views::ebilling::credit_note::ElectronicCreditNotesPage;
use crate::views::ebilling::pages::sri_target;
use crate::views::route_id::RouteId;
use crate::views::sales::note::{SaleRowView, method_label};
use crate::views::sales::pages::{
    CreditNoteLinkView, CreditNotePrint, CreditNotesPage, MethodTotalView, PosPage, SaleNotePrint,
    SalesHubPage,
};
use crate::views::sales::promotion::PromotionsPage;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[
    (RouteId::SalesHub, |ctx| {
        ctx.tenant(|conn, tenant, _| hub(conn, tenant))
    }),
    (RouteId::SalesPos, |ctx| {
        let target = sri_target(&ctx.state.config.sri);
        ctx.tenant(move |conn, tenant, _| pos(conn, tenant, target))
    }),
    // Factura express: the same POS, ending in an electronic factura.
    (RouteId::SalesInvoicePos, |ctx| {
        let target = sri_target(&ctx.state.config.sri);
        ctx.tenant(move |conn, tenant, _| pos(conn, tenant, target))
    }),
    // The full invoice form (E-billing → Factura): the factura express POS's data.
    (RouteId::EbillingInvoice, |ctx| {
        let target = sri_target(&ctx.state.config.sri);
        ctx.tenant(move |conn, tenant, _| pos(conn, tenant, target))
    }),
    (RouteId::EbillingCreditNotes, |ctx| {
        let target = sri_target(&ctx.state.config.sri);
        ctx.tenant(move |conn, tenant, query| {
            Ok(ElectronicCreditNotesPage {
                list: electronic_credit_notes::list_page(conn, tenant, &query.list()?)?,
                sri_target: target,
            })
        })
    }),
    (RouteId::SalesNotePdf, |ctx| {
        ctx.tenant(|conn, tenant, query| print(conn, tenant, query.param("id")))
    }),
    (RouteId::SalesNoteTicket, |ctx| {
        ctx.tenant(|conn, tenant, query| print(conn, tenant, query.param("id")))
    }),
    (RouteId::SalesCreditNotePdf, |ctx| {
        ctx.tenant(|conn, tenant, query| credit_note_print(conn, tenant, query.param("id")))
    }),
    (RouteId::SalesCreditNoteTicket, |ctx| {
        ctx.tenant(|conn, tenant, query| credit_note_print(conn, tenant, query.param("id")))
    }),
    (RouteId::SalesCreditNotes, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            Ok(CreditNotesPage {
                list: credit_notes::list_page(conn, tenant, &query.list()?)?,
            })
        })
    }),
    (RouteId::SalesPromos, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            Ok(PromotionsPage {
                list: promotions::list_page(conn, tenant, &query.list()?)?,
                categories: options::categories(conn, tenant.company, false)?,
            })
        })
    }),
    (RouteId::SalesQuotes, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            Ok(crate::views::sales::pages::QuotesPage {
                list: super::quotes::list_page(conn, tenant, &query.list()?)?,
            })
        })
    }),
    (RouteId::QuoteA4, |ctx| {
        ctx.tenant(|conn, tenant, query| quote_print(conn, tenant, query.get("id")))
    }),
];

fn hub(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<SalesHubPage> {
    let branch = tenant.branch(conn)?.id;
    let zone = tenant.zone();
    let from = zone.start_of(zone.today());
    let today = Sale::totals_since(conn, tenant.company, branch, from)?;
    let recent = Sale::recent(conn, tenant.company, branch, from, 10)?
        .into_iter()
        .map(|(s, client)| SaleRowView::of(s, client, zone))
        .collect();
    Ok(SalesHubPage {
        count: today.count,
        total: money_text(today.total),
        by_method: today
            .by_method
            .into_iter()
            .map(|(method, amount)| MethodTotalView {
                label: method_label(&method).into(),
                method,
                amount: money_text(amount),
            })
            .collect(),
        recent,
    })
}

/// The POS's data; also the loader of the full invoice form (`ebilling-invoice`).
fn pos(conn: &mut DbConnection, tenant: &Tenant, sri_target: Option<String>) -> AppResult<PosPage> {
    let client = pricing::client_of(conn, tenant.company, &IdInput::default())?;
    Ok(PosPage {
        final_consumer: client_view(Some(&client), client.id),
        has_open_turn: Turn::open_of_user(conn, tenant.company, tenant.user_id())?.is_some(),
        bank_accounts: options::bank_accounts(conn, tenant)?,
        can_change_price: pricing::may_change_price(tenant),
        max_discount: discount::limit_of(conn, tenant)?.map(discount::percent_text),
        sri_target,
    })
}

/// The printable of sale `param` (digits, else 404 'No se encontró la nota de venta').
fn print(conn: &mut DbConnection, tenant: &Tenant, param: &str) -> AppResult<SaleNotePrint> {
    let id = param
        .parse::<i64>()
        .map_err(|_| AppError::NotFound(notes::NOT_FOUND.into()))?;
    let sale = notes::find_visible(conn, tenant.company, id)?;
    Ok(SaleNotePrint {
        header: options::ticket_header(conn, tenant, sale.branch_office_id)?,
        sale: sale::view(conn, tenant.company, &sale)?,
        printed_at: tenant.zone().iso(now()),
        credit_notes: CreditNote::of_sale(conn, tenant.company, sale.id, KIND_INTERNAL)?
            .into_iter()
            .map(|(id, number)| CreditNoteLinkView { id, number })
            .collect(),
    })
}

/// The printable of internal credit note `param` (digits of one of the company's, else 404 'No se
/// encontró la nota de crédito').
fn credit_note_print(
    conn: &mut DbConnection,
    tenant: &Tenant,
    param: &str,
) -> AppResult<CreditNotePrint> {
    let id = param
        .parse::<i64>()
        .map_err(|_| AppError::NotFound(credit_notes::NOT_FOUND.into()))?;
    let note = credit_notes::find_visible(conn, tenant.company, id)?;
    let client = Client::find(conn, tenant.company, note.client_id)?;
    Ok(CreditNotePrint {
        header: options::ticket_header(conn, tenant, note.branch_office_id)?,
        client: client_view(client.as_ref(), note.client_id),
        lines: credit_notes::print_lines(conn, tenant.company, &note)?,
        note: credit_notes::view(conn, tenant.company, &note)?,
        printed_at: tenant.zone().iso(now()),
    })
}

/// The printable of quote `param`: none without `?id=`; digits of a quote of the company, else
/// 404 'No se encontró la cotización'.
fn quote_print(
    conn: &mut DbConnection,
    tenant: &Tenant,
    param: Option<&str>,
) -> AppResult<crate::views::sales::pages::QuotePrint> {
    let quote = match param.map(str::trim).filter(|p| !p.is_empty()) {
        Some(raw) => {
            let id = raw
                .parse::<i64>()
                .map_err(|_| AppError::NotFound(super::quotes::NOT_FOUND.into()))?;
            Some(super::quotes::find_visible(conn, tenant.company, id)?)
        }
        None => None,
    };
    let branch = match &quote {
        Some(q) => q.branch_office_id,
        None => tenant.branch(conn)?.id,
    };
    Ok(crate::views::sales::pages::QuotePrint {
        header: options::ticket_header(conn, tenant, branch)?,
        quote: quote
            .map(|q| super::quotes::view(conn, tenant.company, &q))
            .transpose()?,
        printed_at: tenant.zone().iso(now()),
    })
}
