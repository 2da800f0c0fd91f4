//! `/api/sales/quoter`: quotes (cotizaciones). Registering one is the service
//! [`crate::services::sales::quote`]; here the body is read, the service called and the quote
//! shown, with the stock of its products.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::Tenant;
use crate::controllers::answer;
use crate::controllers::documents::{client_view, stored_totals, user_name};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::money::money_text;
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::inventory::stock::Stock;
use crate::models::inventory::warehouse::Warehouse;
use crate::models::sales::client::Client;
use crate::models::sales::note::Sale;
use crate::models::sales::quote::{Quote, QuoteLine};
use crate::services::sales::quote::{self, QuoteBody};
use crate::views::inventory::product::quantity;
use crate::views::sales::note::SaleLineView;
use crate::views::sales::quote::{QuoteRowView, QuoteStockView, QuoteView, quote_state};

/// `GET /api/sales/quoter/{id}` for an unknown quote.
pub const NOT_FOUND: &str = "No se encontró la cotización";

/// `getStock` of an unknown quote (specification wording).
pub fn stock_not_found(id: i64) -> String {
    format!("No se encontraron detalles de stock para la cotización con el id: {id}")
}

/// The view of a stored quote.
pub fn view(conn: &mut DbConnection, company: CompanyId, quote: &Quote) -> AppResult<QuoteView> {
    let lines: Vec<_> = Quote::lines(conn, company, quote.id)?
        .iter()
        .map(QuoteLine::as_sale_line)
        .collect();
    let client = Client::find(conn, company, quote.client_id)?;
    let user = user_name(conn, company, quote.user_id)?;
    let sale_number = match quote.sale_id {
        Some(sale) => Sale::numbers(conn, company, &[sale])?.remove(&sale),
        None => None,
    };
    let zone = Company::zone(conn, company)?;
    Ok(QuoteView {
        id: quote.id,
        number: quote.number,
        date: zone.iso(quote.created_at),
        valid_until: quote.valid_until.to_string(),
        client: client_view(client.as_ref(), quote.client_id),
        totals: stored_totals(&lines),
        lines: lines.iter().map(SaleLineView::from).collect(),
        total: money_text(quote.total),
        note: quote.note.clone(),
        user,
        state: quote_state(quote, zone.today()),
        sale_id: quote.sale_id,
        sale_number,
    })
}

/// `POST /api/sales/quoter/register`: 201 with the stored quote.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<QuoteBody>,
) -> AppResult<(StatusCode, Json<QuoteView>)> {
    answer::created(&state, &auth, move |conn, tenant| {
        let id = quote::register(conn, tenant, &body)?;
        let quote = find_visible(conn, tenant.company, id)?;
        view(conn, tenant.company, &quote)
    })
    .await
}

/// The quote `id` of the company, else 404 'No se encontró la cotización'.
pub fn find_visible(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<Quote> {
    Quote::find(conn, company, id)?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// `GET /api/sales/quoter/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<QuoteView>> {
    answer::read(&state, &auth, move |conn, tenant| {
        let quote = find_visible(conn, tenant.company, id)?;
        view(conn, tenant.company, &quote)
    })
    .await
}

/// Each line of quote `id` with the stock of its product in the default warehouse of the quote's
/// branch.
pub fn stock_of(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
) -> AppResult<Vec<QuoteStockView>> {
    let quote =
        Quote::find(conn, company, id)?.ok_or_else(|| AppError::NotFound(stock_not_found(id)))?;
    let cellar = Warehouse::default_of(conn, company, quote.branch_office_id)?;
    let lines = Quote::lines(conn, company, quote.id)?;
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        let stock = match &cellar {
            Some(cellar) => {
                Stock::find(conn, company, line.product_id, cellar.id)?.map_or(0, |s| s.quantity)
            }
            None => 0,
        };
        out.push(QuoteStockView {
            product_id: line.product_id,
            code: line.code,
            name: line.name,
            quantity: quantity(line.quantity),
            stock: quantity(stock),
        });
    }
    Ok(out)
}

/// `GET /api/sales/quoter/{id}/getStock`.
pub async fn get_stock(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<Vec<QuoteStockView>>> {
    answer::read(&state, &auth, move |conn, tenant| {
        stock_of(conn, tenant.company, id)
    })
    .await
}

/// One page of the branch's quotes.
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<QuoteRowView>> {
    let branch = tenant.branch(conn)?.id;
    let page = Quote::list(conn, tenant.company, branch, params)?;
    let sale_ids: Vec<i64> = page.results.iter().filter_map(|(q, _)| q.sale_id).collect();
    let mut numbers = Sale::numbers(conn, tenant.company, &sale_ids)?;
    let zone = tenant.zone();
    let today = zone.today();
    Ok(page.map(|(q, client)| QuoteRowView {
        id: q.id,
        number: q.number,
        date: zone.iso(q.created_at),
        valid_until: q.valid_until.to_string(),
        client_name: client,
        total: money_text(q.total),
        state: quote_state(&q, today),
        sale_id: q.sale_id,
        sale_number: q.sale_id.and_then(|id| numbers.remove(&id)),
    }))
}

/// `GET /api/sales/quoter`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<QuoteRowView>>> {
    answer::read(&state, &auth, move |conn, tenant| {
        list_page(conn, tenant, &params)
    })
    .await
}
