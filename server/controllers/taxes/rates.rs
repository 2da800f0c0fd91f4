//! `/api/taxes/withholding`: the rows of the dated tax table in force on a day (every role: a
//! cashier records retenciones received too), and a company's new row (admins).

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use chrono::NaiveDate;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::command::NumberInput;
use crate::controllers::answer;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::models::taxes::rate::{RateFields, RateInForce, TaxRate, in_force, timelines};
use crate::services::taxes::rates::{self, KINDS};
use crate::validation::{check_fields, optional_text};
use crate::views::taxes::rate::{TaxRateView, TaxRatesPage};

/// The kinds `GET /api/taxes/withholding` answers when no `?kind=` is given: the withholding
/// concepts (the IVA rates of sales are asked for with `?kind=tarifa_iva`).
const WITHHOLDING: &[&str] = &["renta", "iva"];

/// Longest description.
const DESCRIPTION_MAX: usize = 300;

/// `?date=` as a day (`None`: absent or blank); a Spanish problem when malformed.
pub fn parse_day(raw: Option<&str>) -> Result<Option<NaiveDate>, String> {
    match raw.map(str::trim).filter(|d| !d.is_empty()) {
        None => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .ok()
            .filter(|d| (2000..=2100).contains(&chrono::Datelike::year(d)))
            .map(Some)
            .ok_or_else(|| "La fecha debe ser AAAA-MM-DD, entre los años 2000 y 2100".to_string()),
    }
}

fn kind_problem(kind: &str) -> Option<String> {
    (!KINDS.contains(&kind)).then(|| "El tipo debe ser renta, iva o tarifa_iva".to_string())
}

/// The rows of `kinds` in force on `day`, by kind and code.
pub fn rates_on(
    conn: &mut DbConnection,
    tenant: &Tenant,
    day: NaiveDate,
    kinds: &[&str],
) -> AppResult<Vec<TaxRateView>> {
    let timelines = timelines(TaxRate::visible(conn, tenant.company)?);
    Ok(in_force(&timelines, day)
        .filter(|r| kinds.contains(&r.rate.fields.kind.as_str()))
        .map(TaxRateView::from)
        .collect())
}

/// The taxes page of `day`: what is in force and every row with its period.
pub fn page(conn: &mut DbConnection, tenant: &Tenant, day: NaiveDate) -> AppResult<TaxRatesPage> {
    let timelines = timelines(TaxRate::visible(conn, tenant.company)?);
    let rates = in_force(&timelines, day).map(Into::into).collect();
    let mut history: Vec<TaxRateView> = timelines.iter().map(Into::into).collect();
    // Newest first within each code; kinds and codes stay in the table's order.
    history.reverse();
    history.sort_by(|a, b| (&a.kind, &a.code).cmp(&(&b.kind, &b.code)));
    Ok(TaxRatesPage {
        date: day.format("%Y-%m-%d").to_string(),
        rates,
        history,
    })
}

/// `?date=&kind=` of the list.
#[derive(Debug, Deserialize)]
pub struct RatesQuery {
    date: Option<String>,
    kind: Option<String>,
}

/// `GET /api/taxes/withholding?date=YYYY-MM-DD&kind=`: the withholding concepts (or the rows of
/// `kind`) in force on the day (today in the company's zone when absent).
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    Query(query): Query<RatesQuery>,
) -> AppResult<Json<Vec<TaxRateView>>> {
    let day = parse_day(query.date.as_deref());
    let kind = query
        .kind
        .map(|k| k.trim().to_string())
        .filter(|k| !k.is_empty());
    check_fields([
        ("date", day.clone().err()),
        ("kind", kind.as_deref().and_then(kind_problem)),
    ])?;
    let day = day.map_err(AppError::BadRequest)?;
    answer::read(&state, &auth, move |conn, tenant| {
        let day = day.unwrap_or_else(|| tenant.zone().today());
        match kind.as_deref() {
            Some(kind) => rates_on(conn, tenant, day, &[kind]),
            None => rates_on(conn, tenant, day, WITHHOLDING),
        }
    })
    .await
}

/// Body of `POST /api/taxes/withholding/register`.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct TaxRateBody {
    kind: Option<String>,
    code: Option<String>,
    /// Empty: the description of the code's latest row.
    description: Option<String>,
    /// Decimal text or a whole number, 0 to 100 with up to two decimals.
    #[ts(optional = nullable)]
    percent: NumberInput,
    valid_from: Option<String>,
    /// Ends the code from `validFrom` (no percent needed).
    retired: Option<bool>,
}

/// The percent as hundredths of a percent, 0 to 100 with two decimals at most.
fn percent_bp(percent: &NumberInput, retired: bool) -> Result<i64, String> {
    let value = percent.money("El porcentaje")?;
    match value {
        None if retired => Ok(0),
        None => Err("El porcentaje es obligatorio".to_string()),
        Some(p) if p < Decimal::ZERO || p > Decimal::ONE_HUNDRED => {
            Err("El porcentaje debe estar entre 0 y 100".to_string())
        }
        Some(p) => (p * Decimal::ONE_HUNDRED)
            .to_i64()
            .ok_or_else(|| "El porcentaje no es un número válido".to_string()),
    }
}

/// The command of a body, every field's problem at once.
fn command(body: TaxRateBody) -> AppResult<RateFields> {
    let kind = body.kind.unwrap_or_default().trim().to_string();
    let code = body.code.unwrap_or_default().trim().to_uppercase();
    let description = body.description.unwrap_or_default().trim().to_string();
    let retired = body.retired.unwrap_or(false);
    let percent = percent_bp(&body.percent, retired);
    let valid_from = parse_day(body.valid_from.as_deref())
        .and_then(|d| d.ok_or_else(|| "La fecha desde la que rige es obligatoria".to_string()));
    let code_problem = (code.is_empty()
        || code.len() > 10
        || !code.bytes().all(|b| b.is_ascii_alphanumeric()))
    .then(|| {
        "El código debe tener de 1 a 10 letras o números, como en la tabla del SRI".to_string()
    });
    check_fields([
        ("kind", kind_problem(&kind)),
        ("code", code_problem),
        (
            "description",
            optional_text(Some(&description), "La descripción", DESCRIPTION_MAX),
        ),
        ("percent", percent.clone().err()),
        ("validFrom", valid_from.clone().err()),
    ])?;
    Ok(RateFields {
        kind,
        code,
        description,
        percent_bp: percent.map_err(AppError::BadRequest)?,
        valid_from: valid_from.map_err(AppError::BadRequest)?,
        retired,
    })
}

/// `POST /api/taxes/withholding/register` (admins): a row of the company from `validFrom` on,
/// which ends the code's previous row the day before. Answers the row with its period.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<TaxRateBody>,
) -> AppResult<(StatusCode, Json<TaxRateView>)> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let command = command(body)?;
    let rate = state
        .db
        .write(move |conn| rates::register(conn, tenant.company, tenant.user_id(), command))
        .await?;
    // The new row is its code's latest: in force with no end.
    let view = TaxRateView::from(&RateInForce {
        rate,
        next_from: None,
    });
    Ok((StatusCode::CREATED, Json(view)))
}
