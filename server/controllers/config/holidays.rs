//! `/api/company/holiday`: the company's holidays by year (admin edits; every role reads them,
//! since due dates use them).

use axum::Json;
use axum::extract::{Query, State};
use chrono::NaiveDate;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::controllers::catalogue::{Catalogue, PageFn, load};
use crate::controllers::records::{Record, ensure_unlocked};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppError, AppResult, field_conflict};
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::config::holiday::Holiday;
use crate::validation::{check_fields, required_text};
use crate::views::config::holiday::HolidayView;

/// Duplicate date.
pub const DATE_TAKEN: &str = "Ya hay un feriado registrado en esa fecha";

/// `?year=` filter of the list.
#[derive(Debug, Deserialize)]
pub struct YearQuery {
    year: Option<String>,
}

/// Parses `?year=`; absent or empty means every year.
pub fn parse_year(raw: Option<&str>) -> AppResult<Option<i32>> {
    match raw.map(str::trim).filter(|y| !y.is_empty()) {
        None => Ok(None),
        Some(text) => text
            .parse::<i32>()
            .ok()
            .filter(|y| (2000..=2100).contains(y))
            .map(Some)
            .ok_or_else(|| AppError::field("year", "El año debe estar entre 2000 y 2100")),
    }
}

/// Body of register and update.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct HolidayBody {
    date: Option<String>,
    name: Option<String>,
}

fn fields(body: &HolidayBody) -> AppResult<(NaiveDate, String)> {
    let name = body.name.clone().unwrap_or_default().trim().to_string();
    let date = body
        .date
        .as_deref()
        .and_then(|d| NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d").ok());
    check_fields([
        (
            "date",
            match date {
                None => Some("Ingrese una fecha válida".to_string()),
                Some(d) if !(2000..=2100).contains(&chrono::Datelike::year(&d)) => {
                    Some("La fecha debe estar entre los años 2000 y 2100".to_string())
                }
                Some(_) => None,
            },
        ),
        ("name", required_text(&name, "El nombre", 120)),
    ])?;
    Ok((
        date.ok_or_else(|| AppError::field("date", "Ingrese una fecha válida"))?,
        name,
    ))
}

fn date_taken() -> AppError {
    field_conflict("date", DATE_TAKEN)
}

/// One page of the list (the API and the holidays page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
    year: Option<i32>,
) -> AppResult<Page<HolidayView>> {
    Ok(Holiday::list_of_year(conn, tenant.company, params, year)?.map(|h| HolidayView::from(&h)))
}

/// `GET /api/company/holiday?year=`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
    Query(query): Query<YearQuery>,
) -> AppResult<Json<Page<HolidayView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    let year = parse_year(query.year.as_deref())?;
    Ok(Json(
        state
            .db
            .run(move |conn| list_page(conn, &tenant, &params, year))
            .await?,
    ))
}

/// Holidays in the generic list handlers (every role reads them; admins change them).
pub struct Holidays;

impl Record for Holidays {
    type View = HolidayView;
    const READ: &'static [Role] = roles::ALL;
    const WRITE: &'static [Role] = roles::ADMIN;
    const DELETED: &'static str = "Feriado eliminado";

    crate::row_lock!(Holiday);

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<HolidayView> {
        Ok(HolidayView::from(&load::<Holiday>(conn, company, id)?))
    }

    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        Holiday::delete(conn, company, id)?;
        Ok(())
    }
}

impl Catalogue for Holidays {
    type Body = HolidayBody;
    const EDIT: &'static [Role] = roles::ADMIN;
    /// Every year's (the API's list is [`list`], with `?year=`).
    const PAGE: PageFn<HolidayView> = |conn, tenant, params| list_page(conn, tenant, params, None);

    fn create(conn: &mut DbConnection, tenant: &Tenant, body: HolidayBody) -> AppResult<i64> {
        let (date, name) = fields(&body)?;
        if Holiday::date_taken(conn, tenant.company, date, None)? {
            return Err(date_taken());
        }
        Ok(Holiday::insert(conn, tenant.company, date, &name)?)
    }

    /// The body is checked before the lock (a bad date is reported even on a locked holiday).
    fn edit(conn: &mut DbConnection, tenant: &Tenant, id: i64, body: HolidayBody) -> AppResult<()> {
        let (date, name) = fields(&body)?;
        ensure_unlocked::<Self>(conn, tenant.company, id)?;
        if Holiday::date_taken(conn, tenant.company, date, Some(id))? {
            return Err(date_taken());
        }
        Holiday::update(conn, tenant.company, id, date, &name)?;
        Ok(())
    }
}
