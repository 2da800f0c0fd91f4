//! `/api/company/holiday`: the company's holidays by year (admin edits; every role reads them,
//! since due dates use them).

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use chrono::NaiveDate;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::controllers::records::{Record, ensure_unlocked};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppError, AppResult, field_conflict, not_in_table};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
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
#[derive(Debug, Deserialize)]
pub struct HolidayBody {
    date: Option<String>,
    name: Option<String>,
}

fn load(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<Holiday> {
    Holiday::find(conn, company, id)?.ok_or_else(not_in_table)
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
    Ok(Holiday::list(conn, tenant.company, params, year)?.map(|h| HolidayView::from(&h)))
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

/// `POST /api/company/holiday/register`.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<HolidayBody>,
) -> AppResult<(StatusCode, Json<HolidayView>)> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let (date, name) = fields(&body)?;
    let created = state
        .db
        .write(move |conn| {
            if Holiday::date_taken(conn, tenant.company, date, None)? {
                return Err(date_taken());
            }
            let id = Holiday::insert(conn, tenant.company, date, &name)?;
            Ok(HolidayView::from(&load(conn, tenant.company, id)?))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// `POST /api/company/holiday/{id}/update`.
pub async fn update(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<HolidayBody>,
) -> AppResult<Json<HolidayView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let (date, name) = fields(&body)?;
    let updated = state
        .db
        .write(move |conn| {
            ensure_unlocked::<Holidays>(conn, tenant.company, id)?;
            if Holiday::date_taken(conn, tenant.company, date, Some(id))? {
                return Err(date_taken());
            }
            Holiday::update(conn, tenant.company, id, date, &name)?;
            Ok(HolidayView::from(&load(conn, tenant.company, id)?))
        })
        .await?;
    Ok(Json(updated))
}

/// Holidays in the generic record handlers (every role reads them; admins change them).
pub struct Holidays;

impl Record for Holidays {
    type View = HolidayView;
    const READ: &'static [Role] = roles::ALL;
    const WRITE: &'static [Role] = roles::ADMIN;
    const DELETED: &'static str = "Feriado eliminado";

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<HolidayView> {
        Ok(HolidayView::from(&load(conn, company, id)?))
    }

    fn is_locked(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<bool> {
        Ok(load(conn, company, id)?.locked)
    }

    fn set_locked(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        locked: bool,
    ) -> AppResult<()> {
        Holiday::set_locked(conn, company, id, locked)?;
        Ok(())
    }

    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        Holiday::delete(conn, company, id)?;
        Ok(())
    }
}
