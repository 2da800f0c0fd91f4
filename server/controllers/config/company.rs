//! `/api/company`: the company's tax data and logo (admin edits; every role may load the logo,
//! which printed documents show).

use axum::Json;
use axum::extract::{Request, State};
use axum::response::Response;
use rust_decimal::Decimal;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::command::NumberInput;
use crate::db::DbConnection;
use crate::domain::ids::validate_ruc;
use crate::domain::money::to_micros;
use crate::error::{AppError, AppResult};
use crate::error::{constraint_conflict, field_conflict};
use crate::http::json::JsonBody;
use crate::http::upload::{image_response, read_image};
use crate::models::config::company::{Company, CompanyFields};
use crate::services::sales::discount::percent_text;
use crate::util::time::{Zone, now};
use crate::validation::{check_fields, required_text};
use crate::views::MessageResponse;
use crate::views::config::company::{CompanyDetailView, CompanyView};

/// Duplicate RUC.
pub const RUC_TAKEN: &str = "Ya existe otra empresa registrada con ese RUC";

/// Body of `POST /api/company/update`.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct CompanyBody {
    ruc: Option<String>,
    business_name: Option<String>,
    trade_name: Option<String>,
    main_address: Option<String>,
    type_regimen: Option<String>,
    accounting_required: Option<bool>,
    special_taxpayer: Option<String>,
    is_ret: Option<bool>,
    retention_agent_resolution: Option<String>,
    sri_environment: Option<String>,
    allow_negative_stock: Option<bool>,
    /// «Descuento máximo del cajero (%)»: a decimal string (`"5"`, `"2.5"`); absent is 0 %.
    #[ts(optional = nullable)]
    cashier_max_discount: NumberInput,
    /// The company's time zone, an IANA name (`America/Guayaquil`, `Pacific/Galapagos`); absent
    /// keeps the current one.
    time_zone: Option<String>,
}

fn text(value: &Option<String>) -> String {
    value.clone().unwrap_or_default().trim().to_string()
}

fn optional(value: &Option<String>) -> Option<String> {
    Some(text(value)).filter(|v| !v.is_empty())
}

/// Spanish message with a capital letter.
fn sentence(message: String) -> String {
    let mut chars = message.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The cashier's discount limit in millionths of a percent unit: 0 to 100 with at most 2
/// decimals (read like a promotion's percentage); absent or empty is 0 %.
fn cashier_max_discount(value: &NumberInput) -> Result<i64, String> {
    const WHAT: &str = "El descuento máximo del cajero";
    match value.money(WHAT)? {
        None => Ok(0),
        Some(d) if d < Decimal::ZERO || d > Decimal::ONE_HUNDRED => {
            Err(format!("{WHAT} debe estar entre 0 y 100 %"))
        }
        Some(d) => to_micros(d).ok_or_else(|| format!("{WHAT} debe estar entre 0 y 100 %")),
    }
}

/// The time zone the body asks for: `Ok(None)` to keep the current one, `Err` for an unknown name.
fn time_zone(value: &Option<String>) -> Result<Option<Zone>, ()> {
    match optional(value) {
        None => Ok(None),
        Some(name) => Zone::parse(&name).map(Some).ok_or(()),
    }
}

/// Validates against the rules of the SRI (reference §5.7 for the RUC, the XSDs for the rest).
fn fields(body: &CompanyBody) -> AppResult<CompanyFields> {
    let ruc = text(&body.ruc);
    let business_name = text(&body.business_name);
    let trade_name = optional(&body.trade_name);
    let main_address = text(&body.main_address);
    let type_regimen = text(&body.type_regimen);
    let special_taxpayer = optional(&body.special_taxpayer);
    let is_ret = body.is_ret.unwrap_or(false);
    let resolution = optional(&body.retention_agent_resolution).filter(|_| is_ret);
    let environment = text(&body.sri_environment);
    let max_discount = cashier_max_discount(&body.cashier_max_discount);
    check_fields([
        ("ruc", validate_ruc(&ruc).err().map(sentence)),
        (
            "businessName",
            required_text(&business_name, "La razón social", 300),
        ),
        (
            "tradeName",
            trade_name
                .as_ref()
                .filter(|t| t.chars().count() > 300)
                .map(|_| "El nombre comercial no puede tener más de 300 caracteres".into()),
        ),
        (
            "mainAddress",
            required_text(&main_address, "La dirección matriz", 300),
        ),
        (
            "typeRegimen",
            (!matches!(type_regimen.as_str(), "1" | "2" | "3"))
                .then(|| "Seleccione el régimen".to_string()),
        ),
        (
            "specialTaxpayer",
            special_taxpayer
                .as_ref()
                .filter(|s| {
                    !(3..=13).contains(&s.len()) || !s.bytes().all(|b| b.is_ascii_alphanumeric())
                })
                .map(|_| {
                    "El número de contribuyente especial tiene de 3 a 13 letras o dígitos".into()
                }),
        ),
        (
            "retentionAgentResolution",
            match (&resolution, is_ret) {
                (None, true) => {
                    Some("Ingrese el número de resolución de agente de retención".into())
                }
                (Some(r), _) if r.len() > 8 || !r.bytes().all(|b| b.is_ascii_digit()) => Some(
                    "La resolución de agente de retención es un número de hasta 8 dígitos".into(),
                ),
                _ => None,
            },
        ),
        (
            "sriEnvironment",
            (!matches!(environment.as_str(), "pruebas" | "produccion"))
                .then(|| "Seleccione el ambiente del SRI".to_string()),
        ),
        ("cashierMaxDiscount", max_discount.clone().err()),
        (
            "timeZone",
            time_zone(&body.time_zone)
                .err()
                .map(|_| "Seleccione una zona horaria válida".to_string()),
        ),
    ])?;
    Ok(CompanyFields {
        ruc,
        business_name,
        trade_name,
        main_address,
        type_regimen,
        accounting_required: body.accounting_required.unwrap_or(false),
        special_taxpayer,
        is_ret,
        retention_agent_resolution: resolution,
        sri_environment: environment,
        allow_negative_stock: body.allow_negative_stock.unwrap_or(false),
        cashier_max_discount: max_discount.unwrap_or_default(),
        updated_at: now(),
    })
}

/// The company as its screen shows it (also used by the server-rendered page).
pub fn detail(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<CompanyDetailView> {
    let company = Company::find(conn, tenant.company)?;
    Ok(CompanyDetailView {
        has_logo: Company::has_logo(conn, tenant.company)?,
        allow_negative_stock: company.allow_negative_stock,
        cashier_max_discount: percent_text(company.cashier_max_discount),
        time_zone: Zone::from_stored(&company.time_zone).name().to_string(),
        logo_version: company.updated_at.and_utc().timestamp_millis(),
        company: CompanyView::from(&company),
    })
}

/// `GET /api/company`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<CompanyDetailView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    Ok(Json(state.db.run(move |conn| detail(conn, &tenant)).await?))
}

/// `POST /api/company/update`.
pub async fn update(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<CompanyBody>,
) -> AppResult<Json<CompanyDetailView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let fields = fields(&body)?;
    let zone = time_zone(&body.time_zone).ok().flatten();
    let view = state
        .db
        .write(move |conn| {
            if Company::find_by_ruc(conn, &fields.ruc)?.is_some_and(|c| c.scope() != tenant.company)
            {
                return Err(field_conflict("ruc", RUC_TAKEN));
            }
            Company::update(conn, tenant.company, &fields)
                .map_err(|e| constraint_conflict(e, "ruc", RUC_TAKEN))?;
            if let Some(zone) = zone
                && Company::zone(conn, tenant.company)? != zone
            {
                Company::set_time_zone(conn, tenant.company, zone.name())?;
                // The report's days are the zone's: sum the documents into the new days.
                crate::services::reports::summary::rebuild(conn, tenant.company)?;
            }
            detail(conn, &tenant)
        })
        .await?;
    Ok(Json(view))
}

/// `POST /api/company/logo` (multipart, file field `logo`; other fields are ignored).
pub async fn upload_logo(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    request: Request,
) -> AppResult<Json<MessageResponse>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let (bytes, kind) = read_image(request, "logo").await?;
    state
        .db
        .run(move |conn| {
            Ok(Company::set_logo(
                conn,
                tenant.company,
                Some((&bytes, kind)),
            )?)
        })
        .await?;
    Ok(Json(MessageResponse {
        message: "Logo actualizado".into(),
    }))
}

/// `POST /api/company/logo/delete`.
pub async fn delete_logo(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<MessageResponse>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    state
        .db
        .run(move |conn| Ok(Company::set_logo(conn, tenant.company, None)?))
        .await?;
    Ok(Json(MessageResponse {
        message: "Logo eliminado".into(),
    }))
}

/// `GET /api/company/logo`: the logo image of the user's company.
pub async fn logo(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Response> {
    let tenant = auth.tenant(roles::ALL)?;
    let found = state
        .db
        .run(move |conn| Ok(Company::logo(conn, tenant.company)?))
        .await?;
    let (bytes, kind) =
        found.ok_or_else(|| AppError::NotFound("La empresa no tiene logo".into()))?;
    Ok(image_response(bytes, &kind))
}
