//! Registering a quote (cotización). Priced exactly like a sales note (price level, promotions,
//! IVA through [`super::pricing::price`]) and stored with its lines; a quote never moves stock.
//! Converting one into a sale happens in the POS, which receives its lines.

use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::Value;

use super::document::{lines_of, note_of};
use super::input::{self, LineBody};
use super::note::{client_of, price_for};
use super::pricing::micros;
use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::models::inventory::transfer::lock_branch_numbering;
use crate::models::sales::quote::{NewQuote, Quote, QuoteLine};
use crate::util::time::{local_date, now};

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
    let raw = crate::http::input::text(&body.valid_until).ok_or_else(|| {
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

/// Registers a quote in the caller's write transaction; answers its id. Nothing touches stock.
pub fn register(conn: &mut DbConnection, tenant: &Tenant, body: &QuoteBody) -> AppResult<i64> {
    let company = tenant.company;
    let inputs = input::lines(body.lines.as_deref())?;
    let valid_until = valid_until_of(body)?;
    let note = note_of(&body.note)?;
    let client = client_of(conn, company, body.client_id.as_ref())?;
    let branch = tenant.branch(conn)?;
    let at = now();
    let priced = price_for(conn, tenant, &client, &inputs, at)?;
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
            gross: micros(t.gross)?,
            discount: micros(t.total_discount)?,
            subtotal: micros(t.total_without_taxes)?,
            iva: micros(t.iva)?,
            total: priced.total()?,
            created_at: at,
        },
    )?;
    let lines: Vec<QuoteLine> = lines_of(&priced, quote_id, |_| 0)
        .into_iter()
        .map(QuoteLine::from)
        .collect();
    Quote::insert_lines(conn, &lines)?;
    Ok(quote_id)
}
