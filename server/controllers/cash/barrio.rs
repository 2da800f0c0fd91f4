//! `/api/bank/barrio`: Banco del Barrio at the counter. Admins configure the agent of the selected
//! branch; every role operates (the cash goes to their open shift) and reads the day's report.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::Value;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::command::NumberInput;
use crate::controllers::answer;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::cash::cnb::{self, CnbConfig, CnbOperation, NewOperation, TYPES};
use crate::services::cash::barrio as cnb_service;
use crate::validation::{check_fields, required_text};
use crate::views::cash::barrio::{CnbConfigView, CnbOperationView, CnbReportView};

/// Body of the configuration.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ConfigBody {
    agent_code: Option<String>,
    #[ts(optional = nullable)]
    cupo: NumberInput,
    /// Commission per operation type: its code → a decimal amount.
    #[ts(optional = nullable, type = "Record<string, string | number> | null")]
    commissions: Option<BTreeMap<String, Value>>,
}

/// The selected branch's configuration (`null` when there is none).
pub fn config_view(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<Option<CnbConfigView>> {
    let branch = tenant.branch(conn)?;
    Ok(CnbConfig::of_branch(conn, tenant.company, branch.id)?
        .as_ref()
        .map(Into::into))
}

/// `GET /api/bank/barrio/config`.
pub async fn get_config(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Option<CnbConfigView>>> {
    answer::read(&state, &auth, config_view).await
}

/// `POST /api/bank/barrio/config {agentCode, cupo, commissions: {type: amount}}`.
pub async fn save_config(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<ConfigBody>,
) -> AppResult<Json<Option<CnbConfigView>>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let agent = body
        .agent_code
        .clone()
        .unwrap_or_default()
        .trim()
        .to_string();
    let cupo = body
        .cupo
        .amount("El cupo")
        .and_then(|c| c.ok_or_else(|| "El cupo es obligatorio".to_string()));
    let mut commissions = BTreeMap::new();
    let mut commission_problem = None;
    for (op_type, value) in body.commissions.clone().unwrap_or_default() {
        if cnb::cash_in(&op_type).is_none() {
            commission_problem = Some(format!("«{op_type}» no es un tipo de operación"));
            continue;
        }
        match NumberInput::of(Some(&value)).amount("La comisión") {
            Ok(amount) => {
                commissions.insert(op_type, amount.unwrap_or(0));
            }
            Err(problem) => commission_problem = Some(problem),
        }
    }
    check_fields([
        (
            "agentCode",
            required_text(&agent, "El código de agente", 30),
        ),
        ("cupo", cupo.clone().err()),
        ("commissions", commission_problem),
    ])?;
    let cupo = cupo.map_err(AppError::BadRequest)?;
    let view = state
        .db
        .write(move |conn| {
            let branch = tenant.branch(conn)?;
            CnbConfig::save(conn, tenant.company, branch.id, &agent, cupo, &commissions)?;
            config_view(conn, &tenant)
        })
        .await?;
    Ok(Json(view))
}

/// Body of an operation.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct OperationBody {
    #[serde(rename = "type")]
    op_type: Option<String>,
    #[ts(optional = nullable)]
    amount: NumberInput,
    #[ts(optional = nullable)]
    commission: NumberInput,
    transaction_number: Option<String>,
    control_number: Option<String>,
    reference: Option<String>,
}

/// `POST /api/bank/barrio/operation`: an operation at the counter, posted to my open shift.
pub async fn operation(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<OperationBody>,
) -> AppResult<(StatusCode, Json<CnbOperationView>)> {
    let tenant = auth.tenant(roles::ALL)?;
    let op_type = body.op_type.clone().unwrap_or_default();
    let amount = body.amount.amount("El monto").and_then(|m| {
        m.filter(|m| *m > 0)
            .ok_or_else(|| "El monto debe ser mayor que cero".to_string())
    });
    let commission = body.commission.amount("La comisión");
    let text = |v: &Option<String>| v.clone().unwrap_or_default().trim().to_string();
    let (transaction, control, reference) = (
        text(&body.transaction_number),
        text(&body.control_number),
        text(&body.reference),
    );
    let types: Vec<&str> = TYPES.iter().map(|t| t.0).collect();
    check_fields([
        (
            "type",
            (!types.contains(&op_type.as_str()))
                .then(|| format!("El tipo debe ser uno de: {}", types.join(", "))),
        ),
        ("amount", amount.clone().err()),
        ("commission", commission.clone().err()),
        (
            "transactionNumber",
            required_text(&transaction, "El número de transacción", 40),
        ),
        (
            "controlNumber",
            required_text(&control, "El número de control", 40),
        ),
        (
            "reference",
            required_text(&reference, "La referencia del cliente", 120),
        ),
    ])?;
    let new = NewOperation {
        op_type,
        amount: amount.map_err(AppError::BadRequest)?,
        commission: commission.map_err(AppError::BadRequest)?,
        transaction_number: transaction,
        control_number: control,
        reference,
    };
    let view = state
        .db
        .write(move |conn| {
            // A blind cashier's refused payout is committed on record, then answered.
            Ok(cnb_service::operate_at_counter(conn, &tenant, &new)?
                .map(|op| CnbOperationView::new(&op, tenant.zone())))
        })
        .await??;
    Ok((StatusCode::CREATED, Json(view)))
}

/// `POST /api/bank/barrio/operation/{id}/reverse`: a linked reversal (a cashier only of their
/// own operations).
pub async fn reverse(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<(StatusCode, Json<CnbOperationView>)> {
    let tenant = auth.tenant(roles::ALL)?;
    let view = state
        .db
        .write(move |conn| {
            let reversal = cnb_service::reverse_by(conn, &tenant, id)?;
            Ok(CnbOperationView::new(&reversal, tenant.zone()))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// The report of the selected branch on `date` (today when `None`).
pub fn report_view(
    conn: &mut DbConnection,
    tenant: &Tenant,
    date: Option<&str>,
) -> AppResult<CnbReportView> {
    let date = match date.map(str::trim).filter(|d| !d.is_empty()) {
        None => tenant.zone().today(),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| {
            AppError::field("date", "La fecha no es válida: use el formato AAAA-MM-DD")
        })?,
    };
    let branch = tenant.branch(conn)?;
    let config = CnbConfig::of_branch(conn, tenant.company, branch.id)?;
    let operations = CnbOperation::of_day(conn, tenant.company, branch.id, date)?;
    Ok(CnbReportView::new(
        date.format("%Y-%m-%d").to_string(),
        config.as_ref(),
        &operations,
        tenant.zone(),
    ))
}

/// `?date=` of the report.
#[derive(Debug, Deserialize)]
pub struct ReportQuery {
    date: Option<String>,
}

/// `GET /api/bank/barrio/report?date=`.
pub async fn report(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    axum::extract::Query(query): axum::extract::Query<ReportQuery>,
) -> AppResult<Json<CnbReportView>> {
    answer::read(&state, &auth, move |conn, tenant| {
        report_view(conn, tenant, query.date.as_deref())
    })
    .await
}
