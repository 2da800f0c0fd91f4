//! `/api/cxc`: the receivables list and one receivable with its payments, collections and their
//! reversal, a client's account statement (JSON and by e-mail) and the aging report.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::Value;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::command::{IdInput, NumberInput, text};
use crate::controllers::receivables::{ledger, receipts};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::idempotency;
use crate::domain::states::ReceivableStatus;
use crate::error::{AppError, AppResult, conflict};
use crate::http::json::JsonBody;
use crate::http::params::query_map;
use crate::http::params::{PathId, parse_id};
use crate::mail::messages::{Email, StatementLine};
use crate::models::receivables::ledger::{self as rows, Filters};
use crate::models::receivables::receipt::Receipt;
use crate::services::receivables::collection::{self, Collect, Collected, Method};
use crate::validation::check_fields;
use crate::views::MessageResponse;
use crate::views::receivables::{
    AgingView, ReceiptView, ReceivableDetailView, ReceivablePaymentView, ReceivableView,
    StatementView,
};

/// 404 of a receivable that is not the company's.
pub const NOT_FOUND: &str = "No se encontró la cuenta por cobrar";
/// 409 of `POST /api/cxc/statement/email` for a client without e-mail.
pub const NO_EMAIL: &str = "El cliente no tiene correo electrónico: regístrelo en su ficha";

/// The filters of `GET /api/cxc` from its query.
fn filters(query: &HashMap<String, String>, today: NaiveDate) -> AppResult<Filters> {
    let client_id = match query
        .get("clientId")
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
    {
        Some(v) => Some(parse_id(Some(&Value::String(v.into())))?),
        None => None,
    };
    let status = query
        .get("status")
        .map(|v| v.trim().to_lowercase())
        .filter(|v| !v.is_empty());
    if let Some(s) = &status
        && ReceivableStatus::parse(s).is_none()
    {
        let all: Vec<&str> = ReceivableStatus::ALL.iter().map(|s| s.as_str()).collect();
        return Err(AppError::field(
            "status",
            format!("El estado debe ser uno de: {}", all.join(", ")),
        ));
    }
    let overdue = match query.get("overdue").map(|v| v.trim()) {
        None | Some("") | Some("false") => false,
        Some("true") => true,
        Some(_) => return Err(AppError::field("overdue", "overdue debe ser true o false")),
    };
    Ok(Filters {
        client_id,
        status,
        overdue,
        today,
    })
}

/// One page of receivables with the query's filters.
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &HashMap<String, String>,
    params: &ListParams,
) -> AppResult<Page<ReceivableView>> {
    let today = tenant.zone().today();
    let filters = filters(query, today)?;
    Ok(rows::list(conn, tenant.company, &filters, params)?
        .map(|r| ledger::receivable_view(tenant, &r, today)))
}

/// `GET /api/cxc?clientId=&status=&overdue=true` (and the list's paging, search, sort).
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: axum::http::Uri,
    params: ListParams,
) -> AppResult<Json<Page<ReceivableView>>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let query = query_map(&uri);
    Ok(Json(
        state
            .db
            .run(move |conn| list_page(conn, &tenant, &query, &params))
            .await?,
    ))
}

/// A receivable of the company with its payments.
pub fn detail(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
) -> AppResult<ReceivableDetailView> {
    let row = rows::find(conn, tenant.company, id)?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    let zone = tenant.zone();
    let payments = Receipt::payments_of(conn, tenant.company, id)?
        .into_iter()
        .map(|(a, r)| ReceivablePaymentView {
            receipt_id: r.id,
            number: r.number,
            date: zone.iso(r.created_at),
            method: r.method.clone(),
            amount: crate::domain::money::money_text(a.amount),
            receipt_amount: crate::domain::money::money_text(r.amount),
            reference: r.reference.clone(),
            reversed: r.reversed_at.is_some(),
            reversed_at: r.reversed_at.map(|t| zone.iso(t)),
            reversal_reason: r.reversal_reason.clone(),
        })
        .collect();
    Ok(ReceivableDetailView {
        receivable: ledger::receivable_view(tenant, &row, zone.today()),
        payments,
    })
}

/// `GET /api/cxc/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<ReceivableDetailView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    Ok(Json(
        state.db.run(move |conn| detail(conn, &tenant, id)).await?,
    ))
}

/// Body of a collection.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct CollectBody {
    idempotency_key: Option<String>,
    #[ts(optional = nullable)]
    client_id: IdInput,
    method: Option<String>,
    #[ts(optional = nullable)]
    amount: NumberInput,
    #[ts(optional = nullable)]
    bank_account_id: IdInput,
    reference: Option<String>,
    allocations: Option<Vec<AllocationBody>>,
}

/// One allocation by hand.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AllocationBody {
    #[ts(optional = nullable)]
    receivable_id: IdInput,
    #[ts(optional = nullable)]
    amount: NumberInput,
}

/// Checks a collection's body.
pub fn validate(body: &CollectBody) -> AppResult<Collect> {
    let key = idempotency::checked(body.idempotency_key.as_deref(), "cobro");
    let method = body
        .method
        .as_deref()
        .map(str::trim)
        .and_then(Method::parse);
    let amount = body.amount.amount("El monto").and_then(|m| {
        m.filter(|m| *m > 0)
            .ok_or_else(|| "El monto debe ser mayor que cero".to_string())
    });
    let reference = text(&body.reference);
    let client = body.client_id.optional().ok().flatten();
    let bank_account_id = body.bank_account_id.optional().ok().flatten();
    let mut allocation_problem = None;
    let allocations = body.allocations.as_ref().map(|given| {
        given
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                let id = a.receivable_id.optional().ok().flatten();
                let amount = a.amount.amount("El monto");
                match (id, amount) {
                    (Some(id), Ok(Some(amount))) => Some((id, amount)),
                    (None, _) => {
                        allocation_problem =
                            Some(format!("Abono {}: indique la cuenta por cobrar", i + 1));
                        None
                    }
                    (_, Err(p)) => {
                        allocation_problem = Some(format!("Abono {}: {p}", i + 1));
                        None
                    }
                    (_, Ok(None)) => {
                        allocation_problem =
                            Some(format!("Abono {}: el monto es obligatorio", i + 1));
                        None
                    }
                }
            })
            .collect::<Vec<_>>()
    });
    check_fields([
        (
            "idempotencyKey",
            key.clone().err(),
        ),
        ("clientId", client.is_none().then(|| "Elija el cliente".to_string())),
        (
            "method",
            method.is_none().then(|| {
                "La forma de pago debe ser efectivo (cash), transferencia (transfer), tarjeta de crédito (card), tarjeta de débito (debit) o cheque (cheque)".to_string()
            }),
        ),
        ("amount", amount.clone().err()),
        (
            "bankAccountId",
            (method.is_some_and(|m| m != Method::Cash) && bank_account_id.is_none())
                .then(|| "Elija la cuenta bancaria donde entra el dinero".to_string()),
        ),
        (
            "reference",
            reference
                .as_ref()
                .filter(|r| r.chars().count() > 100)
                .map(|_| "La referencia admite hasta 100 caracteres".to_string()),
        ),
        ("allocations", allocation_problem),
    ])?;
    Ok(Collect {
        key: key.map_err(AppError::BadRequest)?,
        client_id: client.unwrap_or_default(),
        method: method.unwrap_or(Method::Cash),
        amount: amount.map_err(AppError::BadRequest)?,
        bank_account_id,
        reference,
        allocations,
    })
}

/// `POST /api/cxc/collect`: 201 with the receipt, 200 with the receipt already registered under
/// the same idempotency key.
pub async fn collect(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<CollectBody>,
) -> AppResult<(StatusCode, Json<ReceiptView>)> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let command = validate(&body)?;
    let (again_tenant, key) = (tenant.clone(), command.key.clone());
    let written = state
        .db
        .write(move |conn| {
            let (status, id) = match collection::collect(conn, &tenant, &command)? {
                Collected::Created(id) => (StatusCode::CREATED, id),
                Collected::Existing(id) => (StatusCode::OK, id),
            };
            Ok((status, receipts::receipt(conn, &tenant, id)?))
        })
        .await;
    match written {
        Ok((status, view)) => Ok((status, Json(view))),
        Err(err) => {
            let view = state
                .db
                .winner_or(err, move |conn| {
                    Receipt::find_by_key(conn, again_tenant.company, &key)?
                        .map(|r| receipts::receipt_view(conn, &again_tenant, &r))
                        .transpose()
                })
                .await?;
            Ok((StatusCode::OK, Json(view)))
        }
    }
}

/// Body of a reversal.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct ReverseBody {
    reason: Option<String>,
}

/// `POST /api/cxc/payment/{id}/reverse {reason}`.
pub async fn reverse(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<ReverseBody>,
) -> AppResult<Json<ReceiptView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let reason = text(&body.reason).unwrap_or_default();
    check_fields([(
        "reason",
        crate::validation::required_text(&reason, "El motivo de la anulación", 200),
    )])?;
    Ok(Json(
        state
            .db
            .write(move |conn| {
                collection::reverse(conn, &tenant, id, &reason)?;
                receipts::receipt(conn, &tenant, id)
            })
            .await?,
    ))
}

/// `GET /api/cxc/payment/{id}`: a collection receipt.
pub async fn get_receipt(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<ReceiptView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    Ok(Json(
        state
            .db
            .run(move |conn| receipts::receipt(conn, &tenant, id))
            .await?,
    ))
}

fn date_param(
    query: &HashMap<String, String>,
    name: &str,
    default: NaiveDate,
) -> Result<NaiveDate, String> {
    match query.get(name).map(|v| v.trim()).filter(|v| !v.is_empty()) {
        None => Ok(default),
        Some(v) => NaiveDate::parse_from_str(v, "%Y-%m-%d")
            .map_err(|_| format!("La fecha «{name}» debe ser AAAA-MM-DD")),
    }
}

/// The range `from`–`to` of a statement (default: the month so far); a field error when a date
/// is malformed or the range is reversed.
pub fn range(
    query: &HashMap<String, String>,
    today: NaiveDate,
) -> AppResult<(NaiveDate, NaiveDate)> {
    let first = today.with_day0(0).unwrap_or(today);
    let from = date_param(query, "from", first);
    let to = date_param(query, "to", today);
    check_fields([("from", from.clone().err()), ("to", to.clone().err())])?;
    let (from, to) = (
        from.map_err(AppError::BadRequest)?,
        to.map_err(AppError::BadRequest)?,
    );
    if from > to {
        return Err(AppError::field(
            "from",
            "La fecha inicial debe ser anterior o igual a la final",
        ));
    }
    Ok((from, to))
}

use chrono::Datelike;

/// The statement of `?clientId=&from=&to=`.
pub fn statement_of(
    conn: &mut DbConnection,
    tenant: &Tenant,
    client: Option<&str>,
    query: &HashMap<String, String>,
) -> AppResult<StatementView> {
    let client = match client.map(str::trim).filter(|v| !v.is_empty()) {
        Some(v) => parse_id(Some(&Value::String(v.into())))?,
        None => return Err(AppError::field("clientId", "Elija el cliente")),
    };
    let (from, to) = range(query, tenant.zone().today())?;
    ledger::statement(conn, tenant, client, from, to)
}

/// `GET /api/cxc/statement?clientId=&from=AAAA-MM-DD&to=AAAA-MM-DD`.
pub async fn statement(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: axum::http::Uri,
) -> AppResult<Json<StatementView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let query = query_map(&uri);
    Ok(Json(
        state
            .db
            .run(move |conn| {
                statement_of(
                    conn,
                    &tenant,
                    query.get("clientId").map(String::as_str),
                    &query,
                )
            })
            .await?,
    ))
}

/// `GET /api/cxc/aging?date=AAAA-MM-DD` (default: today).
pub async fn aging(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: axum::http::Uri,
) -> AppResult<Json<AgingView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let query = query_map(&uri);
    let date = date_param(&query, "date", tenant.zone().today())
        .map_err(|m| AppError::field("date", m))?;
    Ok(Json(
        state
            .db
            .run(move |conn| ledger::aging(conn, &tenant, date))
            .await?,
    ))
}

/// Body of `POST /api/cxc/statement/email`.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[ts(rename = "StatementEmailBody")]
#[serde(rename_all = "camelCase")]
pub struct EmailBody {
    #[ts(optional = nullable)]
    client_id: IdInput,
    from: Option<String>,
    to: Option<String>,
}

/// `POST /api/cxc/statement/email {clientId, from, to}`: queues the statement to the client's
/// e-mail in the outbox (202).
pub async fn email(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<EmailBody>,
) -> AppResult<(StatusCode, Json<MessageResponse>)> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let client = body.client_id.optional()?;
    let mut query = HashMap::new();
    for (name, value) in [("from", &body.from), ("to", &body.to)] {
        if let Some(v) = value {
            query.insert(name.to_string(), v.clone());
        }
    }
    let mailer = state.mailer.clone();
    let to = state
        .db
        .write(move |conn| {
            let client = client.map(|c| c.to_string());
            let view = statement_of(conn, &tenant, client.as_deref(), &query)?;
            let to = view
                .client
                .email
                .clone()
                .filter(|e| crate::validation::email_problem(e).is_none())
                .ok_or_else(|| conflict(NO_EMAIL))?;
            let email = Email::AccountStatement {
                to: to.clone(),
                company: view.company.clone(),
                client: view.client.name.clone(),
                from: view.from.clone(),
                to_date: view.to.clone(),
                opening: view.opening_balance.clone(),
                lines: view
                    .lines
                    .iter()
                    .map(|l| StatementLine {
                        date: l.date.clone(),
                        document: l.document.clone(),
                        charge: l.charge.clone(),
                        payment: l.payment.clone(),
                        balance: l.balance.clone(),
                    })
                    .collect(),
                closing: view.closing_balance.clone(),
            };
            crate::auth::mail_limit::allow_sending(conn, &tenant)?;
            mailer.queue(conn, &email).map_err(AppError::Internal)?;
            Ok(to)
        })
        .await?;
    state.mailer.wake();
    Ok((
        StatusCode::ACCEPTED,
        Json(MessageResponse {
            message: format!("El estado de cuenta se enviará a {to}"),
        }),
    ))
}
