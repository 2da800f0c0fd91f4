//! `/api/purchases/payable`: what the company owes its suppliers. The list (`supplierId`,
//! `status=open`, `overdue=true`), one payable with its payments, a payment (cash from the
//! user's shift or a bank account; every role, like registering a purchase), and a supplier's
//! statement.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::Uri;
use chrono::NaiveDate;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::controllers::answer;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::money::money_text;
use crate::domain::states::PayableStatus;
use crate::error::{AppError, AppResult, not_in_table};
use crate::http::json::JsonBody;
use crate::http::params::{PathId, query_pairs};
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::purchases::payable::{Filter, Payable, PayablePayment};
use crate::models::purchases::supplier::Supplier;
use crate::services::purchases::payables::{self as service, PayBody};
use crate::util::time::Zone;
use crate::views::purchases::payable::{
    PayablePaymentView, PayableView, StatementLineView, SupplierStatementView,
};

/// The status of a payable on `today`.
pub fn status(p: &Payable, today: NaiveDate) -> PayableStatus {
    if p.cancelled {
        PayableStatus::Anulada
    } else if p.balance == 0 {
        PayableStatus::Pagada
    } else if p.due_date < today {
        PayableStatus::Vencida
    } else if p.balance < p.amount {
        PayableStatus::Parcial
    } else {
        PayableStatus::Pendiente
    }
}

/// The views of `payables` (two lookups for all of them: suppliers and payments, plus the
/// purchases' document numbers).
fn views(
    conn: &mut DbConnection,
    company: CompanyId,
    payables: Vec<Payable>,
) -> AppResult<Vec<PayableView>> {
    let zone = Company::zone(conn, company)?;
    let today = zone.today();
    let ids: Vec<i64> = payables.iter().map(|p| p.id).collect();
    let mut payments: HashMap<i64, Vec<PayablePayment>> = HashMap::new();
    for payment in Payable::payments_of(conn, company, &ids)? {
        payments
            .entry(payment.payable_id)
            .or_default()
            .push(payment);
    }
    let mut supplier_ids: Vec<i64> = payables.iter().map(|p| p.supplier_id).collect();
    supplier_ids.sort_unstable();
    supplier_ids.dedup();
    let names: HashMap<i64, String> = Supplier::names(conn, company, &supplier_ids)?
        .into_iter()
        .collect();
    let purchase_ids: Vec<i64> = payables.iter().map(|p| p.purchase_id).collect();
    let numbers: HashMap<i64, Option<String>> =
        crate::models::purchases::purchase::Purchase::numbers(conn, company, &purchase_ids)?
            .into_iter()
            .collect();
    Ok(payables
        .into_iter()
        .map(|p| PayableView {
            id: p.id,
            supplier_id: p.supplier_id,
            supplier_name: names.get(&p.supplier_id).cloned().unwrap_or_default(),
            purchase_id: p.purchase_id,
            document_number: numbers.get(&p.purchase_id).cloned().flatten(),
            amount: money_text(p.amount),
            paid: money_text(if p.cancelled { 0 } else { p.amount - p.balance }),
            balance: money_text(p.balance),
            issue_date: p.issue_date.to_string(),
            due_date: p.due_date.to_string(),
            status: status(&p, today),
            payments: payments
                .remove(&p.id)
                .unwrap_or_default()
                .iter()
                .map(|m| payment_view(m, zone))
                .collect(),
        })
        .collect())
}

fn payment_view(m: &PayablePayment, zone: Zone) -> PayablePaymentView {
    PayablePaymentView {
        id: m.id,
        method: m.method.clone(),
        amount: money_text(m.amount),
        bank_account_id: m.bank_account_id,
        turn_id: m.turn_id,
        created_at: zone.iso(m.created_at),
    }
}

fn one(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<PayableView> {
    let payable = Payable::find(conn, company, id)?.ok_or_else(not_in_table)?;
    views(conn, company, vec![payable])?
        .pop()
        .ok_or_else(not_in_table)
}

pub fn supplier_param(query: &HashMap<String, String>) -> AppResult<Option<i64>> {
    match query
        .get("supplierId")
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
    {
        Some(id) => Ok(Some(id.parse::<i64>().map_err(|_| not_in_table())?)),
        None => Ok(None),
    }
}

/// One page of the payables.
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
    filter: &Filter,
) -> AppResult<Page<PayableView>> {
    let Page {
        results,
        total,
        page,
        limit,
    } = Payable::list(conn, tenant.company, filter, params)?;
    Ok(Page {
        results: views(conn, tenant.company, results)?,
        total,
        page,
        limit,
    })
}

/// The list's filter from the query (`supplierId`, `status=open`, `overdue=true`: past due on the
/// company's today).
pub fn filter_of(
    conn: &mut DbConnection,
    company: CompanyId,
    query: &HashMap<String, String>,
) -> AppResult<Filter> {
    let supplier_id = supplier_param(query)?;
    let open = query.get("status").map(String::as_str) == Some("open");
    let overdue = query.get("overdue").map(String::as_str) == Some("true");
    let overdue_on = if overdue {
        Some(Company::zone(conn, company)?.today())
    } else {
        None
    };
    Ok(Filter {
        supplier_id,
        open,
        overdue_on,
    })
}

/// `GET /api/purchases/payable`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: Uri,
) -> AppResult<Json<Page<PayableView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    let raw = uri.query().unwrap_or_default();
    let params = ListParams::from_query(raw)?;
    let query = query_pairs(raw);
    Ok(Json(
        state
            .db
            .run(move |conn| {
                let filter = filter_of(conn, tenant.company, &query)?;
                list_page(conn, &tenant, &params, &filter)
            })
            .await?,
    ))
}

/// `GET /api/purchases/payable/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<PayableView>> {
    answer::read(&state, &auth, move |conn, tenant| {
        one(conn, tenant.company, id)
    })
    .await
}

/// `POST /api/purchases/payable/{id}/pay`: the payable after the payment.
pub async fn pay(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<PayBody>,
) -> AppResult<Json<PayableView>> {
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(
        state
            .db
            .write(move |conn| {
                service::pay(conn, &tenant, id, &body)?;
                one(conn, tenant.company, id)
            })
            .await?,
    ))
}

/// `GET /api/purchases/payable/statement?supplierId=&from=&to=`: opening balance (before
/// `from`), each purchase on credit (charge) and payment in the range with the running balance,
/// and the closing balance. Cancelled payables were never owed and are left out.
pub async fn statement(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: Uri,
) -> AppResult<Json<SupplierStatementView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let raw = uri.query().unwrap_or_default();
    let params = ListParams::from_query(raw)?;
    let supplier_id = supplier_param(&query_pairs(raw))?
        .ok_or_else(|| AppError::field("supplierId", "Elija el proveedor"))?;
    Ok(Json(
        state
            .db
            .run(move |conn| statement_of(conn, tenant.company, supplier_id, &params))
            .await?,
    ))
}

/// The statement of `supplier_id` over the range of `params` (`from`, `to`).
pub fn statement_of(
    conn: &mut DbConnection,
    company: CompanyId,
    supplier_id: i64,
    params: &ListParams,
) -> AppResult<SupplierStatementView> {
    let supplier = Supplier::find(conn, company, supplier_id)?.ok_or_else(not_in_table)?;
    let zone = Company::zone(conn, company)?;
    let payables: Vec<(Payable, Option<String>)> =
        Payable::of_supplier(conn, company, supplier_id)?
            .into_iter()
            .filter(|(p, _)| !p.cancelled)
            .collect();
    let ids: Vec<i64> = payables.iter().map(|(p, _)| p.id).collect();
    let numbers: HashMap<i64, String> = payables
        .iter()
        .map(|(p, n)| (p.id, n.clone().unwrap_or_default()))
        .collect();
    // (date, order, document, charge, payment)
    let mut moves: Vec<(NaiveDate, i64, String, i64, i64)> = payables
        .iter()
        .map(|(p, n)| {
            (
                p.issue_date,
                p.created_at.and_utc().timestamp_micros(),
                format!("Compra {}", n.clone().unwrap_or_default()),
                p.amount,
                0,
            )
        })
        .collect();
    for m in Payable::payments_of(conn, company, &ids)? {
        moves.push((
            zone.date_of(m.created_at),
            m.created_at.and_utc().timestamp_micros(),
            format!(
                "Pago {}",
                numbers.get(&m.payable_id).cloned().unwrap_or_default()
            ),
            0,
            m.amount,
        ));
    }
    moves.sort_by_key(|m| (m.0, m.1));
    let mut opening = 0i64;
    let mut balance = 0i64;
    let mut lines = Vec::new();
    for (date, _, document, charge, payment) in moves {
        if params.to.is_some_and(|to| date > to) {
            continue;
        }
        if params.from.is_some_and(|from| date < from) {
            opening += charge - payment;
            balance = opening;
            continue;
        }
        balance += charge - payment;
        lines.push(StatementLineView {
            date: date.to_string(),
            document,
            charge: money_text(charge),
            payment: money_text(payment),
            balance: money_text(balance),
        });
    }
    Ok(SupplierStatementView {
        supplier_id,
        supplier_name: supplier.name,
        opening_balance: money_text(opening),
        lines,
        closing_balance: money_text(balance),
    })
}
