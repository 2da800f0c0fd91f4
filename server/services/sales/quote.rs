//! Registering a quote (cotización). Priced exactly like a sales note (price level, promotions,
//! IVA through [`super::pricing::price`]) and stored with its lines; a quote never moves stock.
//! Converting one into a sale happens in the POS, which receives its lines; the sale's transaction
//! marks the quote converted ([`mark_converted`]), once: a second sale from the same quote, or one
//! from an expired quote, is refused with a 409.

use chrono::NaiveDate;
use serde::Deserialize;

use super::document::{lines_of, note_of};
use super::input::{self, LineBody};
use super::pricing::{client_of, micros, price_for};
use crate::auth::roles::Tenant;
use crate::command::IdInput;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult, conflict};
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::inventory::transfer::lock_branch_numbering;
use crate::models::sales::note::Sale;
use crate::models::sales::quote::{NewQuote, Quote, QuoteLine};
use crate::util::time::{Zone, now};

/// Body of register.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct QuoteBody {
    #[ts(optional = nullable)]
    pub client_id: IdInput,
    pub lines: Option<Vec<LineBody>>,
    pub valid_until: Option<String>,
    pub note: Option<String>,
}

/// The validity date: required, `YYYY-MM-DD`, today (in the company's `zone`) or later.
fn valid_until_of(body: &QuoteBody, zone: Zone) -> AppResult<NaiveDate> {
    let raw = crate::command::text(&body.valid_until).ok_or_else(|| {
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
    if date < zone.today() {
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
    let valid_until = valid_until_of(body, tenant.zone())?;
    let note = note_of(&body.note)?;
    let client = client_of(conn, company, &body.client_id)?;
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

/// Why quote `quote` cannot become a sale: it already did (with the sale's number), or it expired.
fn refusal(
    conn: &mut DbConnection,
    company: CompanyId,
    quote: &Quote,
) -> AppResult<Option<AppError>> {
    if let Some(sale_id) = quote.sale_id {
        let number = Sale::numbers(conn, company, &[sale_id])?
            .remove(&sale_id)
            .unwrap_or_default();
        return Ok(Some(conflict(format!(
            "La cotización N.º {} ya se convirtió en la venta {number}: una cotización se vende una sola vez",
            quote.number
        ))));
    }
    if quote.valid_until < Company::zone(conn, company)?.today() {
        return Ok(Some(conflict(format!(
            "La cotización N.º {} venció el {}: haga una nueva cotización",
            quote.number,
            quote.valid_until.format("%d/%m/%Y")
        ))));
    }
    Ok(None)
}

/// Checks, before the sale is written, that `quote` may still become a sale (409 otherwise).
pub fn convertible(conn: &mut DbConnection, company: CompanyId, quote: &Quote) -> AppResult<()> {
    match refusal(conn, company, quote)? {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// In the sale's transaction: marks quote `id` converted into `sale_id`. The conditional update
/// is the guard against two conversions at once (the read in [`convertible`] only words the
/// refusal early); when it finds the quote taken, the sale is refused and its transaction rolls
/// back.
pub fn mark_converted(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
    sale_id: i64,
) -> AppResult<()> {
    if Quote::mark_converted(conn, company, id, sale_id)? {
        return Ok(());
    }
    let quote = Quote::find(conn, company, id)?.ok_or_else(crate::error::not_in_table)?;
    Err(refusal(conn, company, &quote)?
        .unwrap_or_else(|| conflict("La cotización ya se convirtió en una venta")))
}
