//! `/api/sales/quoter`: quotes (cotizaciones). Priced exactly like a sales note (price level,
//! promotions, IVA through [`pricing::price`]) and stored with their lines; a quote never moves
//! stock. Converting one into a sale happens in the POS, which receives its lines.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::Value;

use super::input::{self, LineBody};
use super::notes::{client_of, may_change_price, stored_totals};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::money::money_text;
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::inventory::kardex::KardexRow;
use crate::models::inventory::stock::Stock;
use crate::models::inventory::transfer::lock_branch_numbering;
use crate::models::inventory::warehouse::Warehouse;
use crate::models::sales::client::Client;
use crate::models::sales::pricing::{self, micros};
use crate::models::sales::quote::{NewQuote, Quote, QuoteLine};
use crate::util::time::{local_date, now, to_local_iso};
use crate::views::inventory::product::quantity;
use crate::views::sales::note::{SaleClientView, SaleLineView};
use crate::views::sales::quote::{QuoteRowView, QuoteStockView, QuoteView};

/// `GET /api/sales/quoter/{id}` for an unknown quote.
pub const NOT_FOUND: &str = "No se encontró la cotización";

/// `getStock` of an unknown quote (specification wording).
pub fn stock_not_found(id: i64) -> String {
    format!("No se encontraron detalles de stock para la cotización con el id: {id}")
}

/// Body of register.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuoteBody {
    pub client_id: Option<Value>,
    pub lines: Option<Vec<LineBody>>,
    pub valid_until: Option<String>,
    pub note: Option<String>,
}

/// The validity date: required, `YYYY-MM-DD`, today (Ecuador) or later.
fn valid_until_of(body: &QuoteBody) -> AppResult<NaiveDate> {
    let raw = crate::controllers::inventory::input::text(&body.valid_until).ok_or_else(|| {
        AppError::field(
            "validUntil",
            "Indique hasta qué fecha es válida la cotización",
        )
    })?;
    let date = NaiveDate::parse_from_str(&raw, "%Y-%m-%d").map_err(|_| {
        AppError::field(
            "validUntil",
            "La fecha de validez debe tener el formato AAAA-MM-DD",
        )
    })?;
    if date < local_date() {
        return Err(AppError::field(
            "validUntil",
            "La fecha de validez no puede ser anterior a hoy",
        ));
    }
    Ok(date)
}

/// The note of the body, at most 500 characters.
fn note_of(body: &QuoteBody) -> AppResult<Option<String>> {
    let note = crate::controllers::inventory::input::text(&body.note);
    if let Some(problem) = crate::validation::optional_text(note.as_deref(), "La nota", 500) {
        return Err(AppError::field("note", problem));
    }
    Ok(note)
}

/// The buyer as shown (a removed client shows its id only).
fn client_view(client: Option<Client>, id: i64) -> SaleClientView {
    match client {
        Some(c) => SaleClientView {
            id: c.id,
            id_type: c.id_type,
            identification: c.identification,
            name: c.name,
            address: c.address,
            email: c.email,
            phone: c.phone,
        },
        None => SaleClientView {
            id,
            id_type: String::new(),
            identification: String::new(),
            name: String::new(),
            address: None,
            email: None,
            phone: None,
        },
    }
}

/// The view of a stored quote.
pub fn view(conn: &mut DbConnection, company: CompanyId, quote: &Quote) -> AppResult<QuoteView> {
    let lines: Vec<_> = Quote::lines(conn, company, quote.id)?
        .iter()
        .map(QuoteLine::as_sale_line)
        .collect();
    let client = Client::find(conn, company, quote.client_id)?;
    let user = KardexRow::user_names(conn, company, &[quote.user_id])?
        .remove(&quote.user_id)
        .unwrap_or_default();
    Ok(QuoteView {
        id: quote.id,
        number: quote.number,
        date: to_local_iso(quote.created_at),
        valid_until: quote.valid_until.to_string(),
        client: client_view(client, quote.client_id),
        totals: stored_totals(&lines),
        lines: lines.iter().map(SaleLineView::from).collect(),
        total: money_text(quote.total),
        note: quote.note.clone(),
        user,
    })
}

/// Registers a quote in the caller's write transaction. Nothing touches stock.
pub fn register_in(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &QuoteBody,
) -> AppResult<QuoteView> {
    let company = tenant.company;
    let inputs = input::lines(body.lines.as_deref())?;
    let valid_until = valid_until_of(body)?;
    let note = note_of(body)?;
    let client = client_of(conn, company, body.client_id.as_ref())?;
    let branch = tenant.branch(conn)?;
    let at = now();
    let priced = pricing::price(
        conn,
        company,
        &client,
        &inputs,
        may_change_price(tenant),
        at,
    )?;
    lock_branch_numbering(conn, branch.id)?;
    let number = Quote::next_number(conn, branch.id)?;
    let t = &priced.totals;
    let quote_id = Quote::insert(
        conn,
        &NewQuote {
            company_id: company.get(),
            branch_office_id: branch.id,
            number,
            client_id: client.id,
            user_id: tenant.user_id(),
            valid_until,
            note: note.as_deref(),
            gross: micros(t.gross),
            discount: micros(t.total_discount),
            subtotal: micros(t.total_without_taxes),
            iva: micros(t.iva),
            total: priced.total(),
            created_at: at,
        },
    )?;
    let lines: Vec<QuoteLine> = priced
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| QuoteLine {
            id: 0,
            quote_id,
            position: i as i32 + 1,
            product_id: l.product.id,
            code: l.product.code.clone(),
            name: l.product.name.clone(),
            unit: l.product.unit.clone(),
            quantity: l.quantity,
            unit_price: l.unit_price,
            discount: l.discount,
            promotion_id: l.promotion.as_ref().map(|p| p.promotion_id),
            promotion_name: l.promotion.as_ref().map(|p| p.name.clone()),
            promotion_discount: l.promotion_discount(),
            iva_code: l.iva_code.clone(),
            iva_rate: l.iva_rate as i32,
            net: l.net,
            iva: l.iva,
        })
        .collect();
    Quote::insert_lines(conn, &lines)?;
    let quote = find_visible(conn, company, quote_id)?;
    view(conn, company, &quote)
}

/// `POST /api/sales/quoter/register`: 201 with the stored quote.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<QuoteBody>,
) -> AppResult<(StatusCode, Json<QuoteView>)> {
    let tenant = auth.tenant(roles::ALL)?;
    let quote = state
        .db
        .write(move |conn| register_in(conn, &tenant, &body))
        .await?;
    Ok((StatusCode::CREATED, Json(quote)))
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
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(
        state
            .db
            .run(move |conn| {
                let quote = find_visible(conn, tenant.company, id)?;
                view(conn, tenant.company, &quote)
            })
            .await?,
    ))
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
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(
        state
            .db
            .run(move |conn| stock_of(conn, tenant.company, id))
            .await?,
    ))
}

/// One page of the branch's quotes.
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<QuoteRowView>> {
    let branch = tenant.branch(conn)?.id;
    Ok(
        Quote::list(conn, tenant.company, branch, params)?.map(|(q, client)| QuoteRowView {
            id: q.id,
            number: q.number,
            date: to_local_iso(q.created_at),
            valid_until: q.valid_until.to_string(),
            client_name: client,
            total: money_text(q.total),
        }),
    )
}

/// `GET /api/sales/quoter`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<QuoteRowView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(
        state
            .db
            .run(move |conn| list_page(conn, &tenant, &params))
            .await?,
    ))
}
