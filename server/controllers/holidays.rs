//! `/api/company/holiday`: the company's holidays by year (admin edits; every role reads them,
//! since due dates use them).

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use chrono::NaiveDate;
use serde::Deserialize;

use super::auth::check_fields;
use super::records::{Record, ensure_unlocked};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::list::{ListParams, ListResponse, PathId, not_in_table};
use crate::models::holiday::Holiday;
use crate::models::user::Role;
use crate::views::admin::HolidayView;

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

fn load(conn: &mut DbConnection, company_id: i64, id: i64) -> AppResult<Holiday> {
    Holiday::find(conn, company_id, id)?.ok_or_else(not_in_table)
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
        (
            "name",
            if name.is_empty() {
                Some("El nombre es obligatorio".to_string())
            } else if name.chars().count() > 120 {
                Some("El nombre no puede tener más de 120 caracteres".to_string())
            } else {
                None
            },
        ),
    ])?;
    Ok((
        date.ok_or_else(|| AppError::field("date", "Ingrese una fecha válida"))?,
        name,
    ))
}

fn date_taken() -> AppError {
    AppError::Conflict {
        message: DATE_TAKEN.into(),
        errors: [("date".to_string(), DATE_TAKEN.to_string())].into(),
    }
}

/// One page (also used by the server-rendered page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
    year: Option<i32>,
) -> AppResult<ListResponse<HolidayView>> {
    let (rows, total) = Holiday::list(conn, tenant.company_id, params, year)?;
    Ok(ListResponse::new(
        rows.iter().map(HolidayView::from).collect(),
        total,
        params,
    ))
}

/// `GET /api/company/holiday?year=`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
    Query(query): Query<YearQuery>,
) -> AppResult<Json<ListResponse<HolidayView>>> {
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
            if Holiday::date_taken(conn, tenant.company_id, date, None)? {
                return Err(date_taken());
            }
            let id = Holiday::insert(conn, tenant.company_id, date, &name)?;
            Ok(HolidayView::from(&load(conn, tenant.company_id, id)?))
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
            ensure_unlocked::<Holidays>(conn, tenant.company_id, id)?;
            if Holiday::date_taken(conn, tenant.company_id, date, Some(id))? {
                return Err(date_taken());
            }
            Holiday::update(conn, id, date, &name)?;
            Ok(HolidayView::from(&load(conn, tenant.company_id, id)?))
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

    fn view(conn: &mut DbConnection, company_id: i64, id: i64) -> AppResult<HolidayView> {
        Ok(HolidayView::from(&load(conn, company_id, id)?))
    }

    fn is_locked(conn: &mut DbConnection, company_id: i64, id: i64) -> AppResult<bool> {
        Ok(load(conn, company_id, id)?.locked)
    }

    fn set_locked(conn: &mut DbConnection, id: i64, locked: bool) -> AppResult<()> {
        Holiday::set_locked(conn, id, locked)?;
        Ok(())
    }

    fn delete(conn: &mut DbConnection, _company_id: i64, id: i64) -> AppResult<()> {
        Holiday::delete(conn, id)?;
        Ok(())
    }
}
