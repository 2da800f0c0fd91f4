//! What the purchases' APIs share (merchandise now; expenses and manual purchases use the same):
//! the views of a page of purchases built from one batch of lookups, and the list, get, register
//! and cancel handlers, generic over [`PurchaseKind`].

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, Uri};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::controllers::answer;
use crate::controllers::records::page_views;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::money::{fmt2, money_text};
use crate::domain::taxes::TaxKind;
use crate::error::{AppError, AppResult, not_in_table};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::purchases::payable::Payable;
use crate::models::purchases::purchase::{Filter, Purchase, PurchaseLine};
use crate::models::purchases::supplier::Supplier;
use crate::services::purchases::purchase::{self as service, Registered};
use crate::services::purchases::totals;
use crate::util::time::Zone;
use crate::views::inventory::product::{price, quantity};
use crate::views::purchases::purchase::{PurchaseLineView, PurchaseTaxView, PurchaseView};
use crate::views::purchases::withholding::{PurchaseWithholdingView, WithholdingView};

use super::withholdings;
use crate::models::purchases::withholding::Withholding;
use crate::services::purchases::withholding::{self, Settlement, WithholdingBody};
use crate::sri::queue;

/// The views of `purchases`, with three lookups for all of them (lines, suppliers, payables).
pub fn views(
    conn: &mut DbConnection,
    company: CompanyId,
    purchases: Vec<Purchase>,
) -> AppResult<Vec<PurchaseView>> {
    let ids: Vec<i64> = purchases.iter().map(|p| p.id).collect();
    let mut lines: HashMap<i64, Vec<PurchaseLine>> = HashMap::new();
    for line in Purchase::lines_of(conn, company, &ids)? {
        lines.entry(line.purchase_id).or_default().push(line);
    }
    let mut supplier_ids: Vec<i64> = purchases.iter().map(|p| p.supplier_id).collect();
    supplier_ids.sort_unstable();
    supplier_ids.dedup();
    let suppliers: HashMap<i64, String> = Supplier::names(conn, company, &supplier_ids)?
        .into_iter()
        .collect();
    let payables: HashMap<i64, i64> = Payable::ids_of_purchases(conn, company, &ids)?
        .into_iter()
        .collect();
    let withholdings: HashMap<i64, PurchaseWithholdingView> =
        Withholding::summaries_of_purchases(conn, company, &ids)?
            .iter()
            .map(|s| (s.0, s.into()))
            .collect();
    let zone = Company::zone(conn, company)?;
    purchases
        .into_iter()
        .map(|p| {
            let own = lines.remove(&p.id).unwrap_or_default();
            let withholding = withholdings.get(&p.id).cloned();
            view(p, own, &suppliers, &payables, withholding, zone)
        })
        .collect()
}

fn view(
    p: Purchase,
    lines: Vec<PurchaseLine>,
    suppliers: &HashMap<i64, String>,
    payables: &HashMap<i64, i64>,
    withholding: Option<PurchaseWithholdingView>,
    zone: Zone,
) -> AppResult<PurchaseView> {
    // The totals per rate come from the one calculation, as when the purchase was registered.
    let totals =
        totals::of_stored(&lines).map_err(|e| AppError::Internal(anyhow::anyhow!("{e}")))?;
    let taxes = totals
        .groups
        .iter()
        .filter(|g| g.kind == TaxKind::Iva)
        .map(|g| PurchaseTaxView {
            iva_code: g.code.clone(),
            label: g.label.clone(),
            base: fmt2(g.base),
            value: fmt2(g.value),
        })
        .collect();
    Ok(PurchaseView {
        id: p.id,
        kind: p.kind,
        supplier_id: p.supplier_id,
        supplier_name: suppliers.get(&p.supplier_id).cloned().unwrap_or_default(),
        document_number: p.document_number,
        authorization: p.authorization_number,
        date: p.date.to_string(),
        cellar_id: p.warehouse_id,
        category: p.category,
        lines: lines
            .iter()
            .map(|l| PurchaseLineView {
                product_id: l.product_id,
                description: l.description.clone(),
                quantity: quantity(l.quantity),
                unit_cost: price(l.unit_cost),
                discount: money_text(l.discount),
                iva_code: l.iva_code.clone(),
                net: money_text(l.net),
                stock_cost: price(l.stock_cost),
            })
            .collect(),
        taxes,
        subtotal: money_text(p.subtotal),
        discount: money_text(p.discount),
        iva: money_text(p.iva),
        total: money_text(p.total),
        payment_method: p.payment_method,
        bank_account_id: p.bank_account_id,
        turn_id: p.turn_id,
        payable_id: payables.get(&p.id).copied(),
        withholding,
        cancelled: p.cancelled,
        cancel_reason: p.cancel_reason,
        cancelled_at: p.cancelled_at.map(|at| zone.iso(at)),
        created_at: zone.iso(p.created_at),
    })
}

/// The view of purchase `id` of the company (404 when it is not one, or of another kind).
pub fn one(
    conn: &mut DbConnection,
    company: CompanyId,
    kind: &str,
    id: i64,
) -> AppResult<PurchaseView> {
    let purchase = Purchase::find(conn, company, id)?
        .filter(|p| p.kind == kind)
        .ok_or_else(not_in_table)?;
    views(conn, company, vec![purchase])?
        .pop()
        .ok_or_else(not_in_table)
}

/// One page of the company's purchases of `kind` (`?supplierId=` narrows to a supplier).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    kind: &'static str,
    params: &ListParams,
    supplier_id: Option<i64>,
) -> AppResult<Page<PurchaseView>> {
    let page = Purchase::list(conn, tenant.company, &Filter { kind, supplier_id }, params)?;
    page_views(page, |results| views(conn, tenant.company, results))
}

/// The list's parameters and its `supplierId` filter from a query string.
pub fn list_query(raw: &str) -> AppResult<(ListParams, Option<i64>)> {
    let params = ListParams::from_query(raw)?;
    let extra: HashMap<String, String> = serde_urlencoded::from_str(raw).unwrap_or_default();
    let supplier = match extra
        .get("supplierId")
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
    {
        Some(id) => Some(id.parse::<i64>().map_err(|_| not_in_table())?),
        None => None,
    };
    Ok((params, supplier))
}

/// A kind of purchase served at `/api/purchases/{KIND}` by this module's generic handlers
/// (the router names them `documents::list::<Merchandise>`): its kind, its body and the service
/// that registers it.
pub trait PurchaseKind: Send + 'static {
    /// The purchases' `kind` column (`merchandise`, `expense`, `manual`), also the API path.
    const KIND: &'static str;
    /// The body of `POST register`.
    type Body: DeserializeOwned + Send + 'static;

    /// The body's idempotency key, as submitted.
    fn key(body: &Self::Body) -> Option<String>;
    /// Whether the body issues a retención with the purchase (admin and user only).
    fn withholds(body: &Self::Body) -> bool;
    /// Reads and registers the purchase (its service, inside the handler's write transaction).
    fn register(
        conn: &mut DbConnection,
        tenant: &Tenant,
        body: &Self::Body,
    ) -> AppResult<Registered>;
}

/// `GET /api/purchases/{kind}`: one page of the purchases of kind `K`.
pub async fn list<K: PurchaseKind>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: Uri,
) -> AppResult<Json<Page<PurchaseView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    let raw = uri.query().unwrap_or_default().to_string();
    let (params, supplier) = list_query(&raw)?;
    Ok(Json(
        state
            .db
            .run(move |conn| list_page(conn, &tenant, K::KIND, &params, supplier))
            .await?,
    ))
}

/// `GET /api/purchases/{kind}/{id}`: purchase `id`, 404 when it is of another kind.
pub async fn get<K: PurchaseKind>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<PurchaseView>> {
    answer::read(&state, &auth, move |conn, tenant| {
        one(conn, tenant.company, K::KIND, id)
    })
    .await
}

/// `POST /api/purchases/{kind}/register`: [`PurchaseKind::register`] reads and registers in one
/// write transaction; 201 with the view, 200 with the purchase already registered under the same
/// key (also when two submits with one key race: the loser's unique-key failure answers the
/// winner's purchase).
pub async fn register<K: PurchaseKind>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<K::Body>,
) -> AppResult<(StatusCode, Json<PurchaseView>)> {
    let kind = K::KIND;
    let withholds = K::withholds(&body);
    let tenant = auth.tenant(if withholds {
        roles::ADMIN_USER
    } else {
        roles::ALL
    })?;
    let again = tenant.clone();
    let submitted = K::key(&body);
    let written = state
        .db
        .write(move |conn| {
            let registered = K::register(conn, &tenant, &body)?;
            Ok((
                registered.again,
                one(conn, tenant.company, kind, registered.id)?,
            ))
        })
        .await;
    if withholds && written.is_ok() {
        queue::worker::wake();
    }
    match written {
        Ok((true, view)) => Ok((StatusCode::OK, Json(view))),
        Ok((false, view)) => Ok((StatusCode::CREATED, Json(view))),
        Err(err @ AppError::Conflict { .. }) => {
            let Some(key) = submitted.map(|k| k.trim().to_string()) else {
                return Err(err);
            };
            let view = state
                .db
                .winner_or(err, move |conn| {
                    match Purchase::find_by_key(conn, again.company, &key)? {
                        Some(p) if p.kind == kind => one(conn, again.company, kind, p.id).map(Some),
                        _ => Ok(None),
                    }
                })
                .await?;
            Ok((StatusCode::OK, Json(view)))
        }
        Err(err) => Err(err),
    }
}

/// `POST /api/purchases/{kind}/{id}/withhold` (admin and user): the retención of a purchase
/// registered without one, within five days of its document's date (or with `late: true`); what
/// it withholds comes off the purchase's payable. 201 with the retención.
pub async fn withhold<K: PurchaseKind>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<WithholdingBody>,
) -> AppResult<(StatusCode, Json<WithholdingView>)> {
    let kind = K::KIND;
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let input = withholding::read(&body, "lines")?;
    let view = state
        .db
        .write(move |conn| {
            one(conn, tenant.company, kind, id)?;
            let purchase = Purchase::find(conn, tenant.company, id)?.ok_or_else(not_in_table)?;
            let issued =
                withholding::issue(conn, &tenant, &purchase, &input, Settlement::FromPayable)?;
            withholdings::detail(conn, tenant.company, issued.id)
        })
        .await?;
    queue::worker::wake();
    Ok((StatusCode::CREATED, Json(view)))
}

/// `{reason}` of a cancellation.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct CancelBody {
    reason: Option<String>,
}

/// `POST /api/purchases/{kind}/{id}/cancel`: admin and user only.
pub async fn cancel<K: PurchaseKind>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<CancelBody>,
) -> AppResult<Json<PurchaseView>> {
    let kind = K::KIND;
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let reason = body
        .reason
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_string();
    if let Some(problem) = crate::validation::required_text(&reason, "El motivo", 300) {
        return Err(AppError::field("reason", problem));
    }
    let view = state
        .db
        .write(move |conn| {
            one(conn, tenant.company, kind, id)?;
            service::cancel(conn, &tenant, id, &reason)?;
            one(conn, tenant.company, kind, id)
        })
        .await?;
    Ok(Json(view))
}
