//! `/api/ebilling/remissionGuide`: electronic guías de remisión — register (standalone or from an
//! inventory transfer; the rule is `services::ebilling::remission_guides`), the branch's list and
//! one guía with its SRI state and messages. Every role (specification §6: electronic entries
//! include the cashier); another company's or branch's guía is 404.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use super::documents::{DocumentView, Related};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::controllers::answer;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::money::qty_from_micros;
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::json::OptionalJsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::ebilling::remission_guide::{self as model, RemissionGuide};
use crate::models::inventory::document::StockDocument;
use crate::models::inventory::kardex::KardexRow;
use crate::models::inventory::transfer::Transfer;
use crate::services::ebilling::corrections::Corrections;
use crate::services::ebilling::remission_guides::{self as service, RemissionGuideBody};
use crate::sri::queue;
use crate::views::ebilling::document::{ElectronicDocumentView, SriMessageView};
use crate::views::ebilling::remission_guide::{
    RemissionGuideLineView, RemissionGuideView, RemissionGuidesPage, TransferChoiceView,
};

/// A guía that is not the branch's (or does not exist).
pub use crate::services::ebilling::remission_guides::NOT_FOUND;

/// The views of `guides`, each with its queue document; with the SRI's messages when `messages`.
pub fn views_of(
    conn: &mut DbConnection,
    company: CompanyId,
    guides: Vec<RemissionGuide>,
    messages: bool,
) -> AppResult<Vec<RemissionGuideView>> {
    let ids: Vec<i64> = guides.iter().map(|g| g.id).collect();
    let doc_ids: Vec<i64> = guides.iter().map(|g| g.sri_document_id).collect();
    let mut users: Vec<i64> = guides.iter().map(|g| g.user_id).collect();
    users.sort_unstable();
    users.dedup();
    let transfer_ids: Vec<i64> = guides.iter().filter_map(|g| g.transfer_id).collect();
    let docs: HashMap<i64, _> = model::documents(conn, company, &doc_ids)?
        .into_iter()
        .map(|d| (d.id, d))
        .collect();
    let mut lines: HashMap<i64, Vec<RemissionGuideLineView>> = HashMap::new();
    for l in RemissionGuide::lines_of(conn, company, &ids)? {
        lines
            .entry(l.remission_guide_id)
            .or_default()
            .push(RemissionGuideLineView {
                recipient: l.recipient,
                product_id: l.product_id,
                code: l.code,
                description: l.description,
                quantity: qty_from_micros(l.quantity).normalize().to_string(),
            });
    }
    let names = KardexRow::user_names(conn, company, &users)?;
    let transfer_numbers = model::transfer_numbers(conn, company, &transfer_ids)?;
    let now = crate::util::time::now();
    let zone = Company::zone(conn, company)?;
    let mut out = Vec::with_capacity(guides.len());
    for g in guides {
        let doc = docs
            .get(&g.sri_document_id)
            .ok_or_else(|| AppError::Internal(anyhow::anyhow!("guía {} sin documento", g.id)))?;
        let document = ElectronicDocumentView::of(doc, now, zone);
        let msgs = if messages {
            queue::messages(conn, doc.id)?
                .iter()
                .map(|m| SriMessageView::of(m, zone))
                .collect()
        } else {
            Vec::new()
        };
        out.push(RemissionGuideView {
            id: g.id,
            number: g.number,
            transfer_id: g.transfer_id,
            transfer_number: g
                .transfer_id
                .and_then(|t| transfer_numbers.get(&t).copied()),
            carrier_name: g.carrier_name,
            carrier_identification: g.carrier_identification,
            plate: g.plate,
            start_date: g.start_date.to_string(),
            end_date: g.end_date.to_string(),
            user: names.get(&g.user_id).cloned().unwrap_or_default(),
            created_at: zone.iso(g.created_at),
            document_id: doc.id,
            access_key: doc.access_key.clone(),
            state: doc.status.clone(),
            state_name: document.state_name.clone(),
            document,
            lines: lines.remove(&g.id).unwrap_or_default(),
            messages: msgs,
        });
    }
    Ok(out)
}

/// The branch's guía `id` with the SRI's messages, or 404.
pub fn detail(conn: &mut DbConnection, tenant: &Tenant, id: i64) -> AppResult<RemissionGuideView> {
    let branch = tenant.branch(conn)?;
    let guide = RemissionGuide::find(conn, tenant.company, id)?
        .filter(|g| g.branch_office_id == branch.id)
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    views_of(conn, tenant.company, vec![guide], true)?
        .pop()
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// One page of the branch's guías (newest first unless sorted).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<RemissionGuideView>> {
    let branch = tenant.branch(conn)?;
    let Page {
        results,
        total,
        page,
        limit,
    } = RemissionGuide::list(conn, tenant.company, branch.id, params)?;
    Ok(Page {
        results: views_of(conn, tenant.company, results, false)?,
        total,
        page,
        limit,
    })
}

/// The page's data: recent guías, recent transfers without a guía, today and the branch address.
pub fn page_data(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
    sri_target: Option<String>,
) -> AppResult<RemissionGuidesPage> {
    let list = list_page(conn, tenant, params)?;
    let branch = tenant.branch(conn)?;
    let recent = ListParams {
        limit: 20,
        descending: true,
        ..ListParams::default()
    };
    let transfers = Transfer::list(conn, tenant.company, branch.id, &recent)?.results;
    let ids: Vec<i64> = transfers.iter().map(|t| t.id).collect();
    let done = model::transfers_with_guide(conn, tenant.company, &ids)?;
    let transfers: Vec<Transfer> = transfers
        .into_iter()
        .filter(|t| !done.contains(&t.id))
        .collect();
    let related = Related::load(conn, tenant.company, &transfers)?;
    let choices = transfers
        .iter()
        .map(|t| {
            let v = t.view(&related);
            TransferChoiceView {
                id: t.id,
                number: t.number,
                date: v.date,
                from_cellar_name: v.from_cellar_name,
                to_cellar_name: v.to_cellar_name,
                carrier_name: t.carrier_name.clone(),
                carrier_identification: t.carrier_identification.clone(),
                plate: t.plate.clone(),
                lines: i64::try_from(v.lines.len()).unwrap_or(i64::MAX),
            }
        })
        .collect();
    Ok(RemissionGuidesPage {
        list,
        transfers: choices,
        today: crate::sri::validate::ecuador_today().to_string(),
        origin_address: branch.address,
        sri_target,
    })
}

/// `POST /api/ebilling/remissionGuide/register`: 201 with the guía (state `signed`; the worker
/// takes it to the SRI).
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<RemissionGuideBody>,
) -> AppResult<(StatusCode, Json<RemissionGuideView>)> {
    let tenant = auth.tenant(roles::ALL)?;
    let writer = tenant.clone();
    let id = state
        .db
        .write(move |conn| service::register(conn, &writer, body))
        .await?;
    queue::worker::wake();
    let view = state.db.run(move |conn| detail(conn, &tenant, id)).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// `GET /api/ebilling/remissionGuide?search=&page=&limit=&sort=&order=`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<RemissionGuideView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    let page = state
        .db
        .run(move |conn| list_page(conn, &tenant, &params))
        .await?;
    Ok(Json(page))
}

/// `POST /api/ebilling/remissionGuide/{id}/resend` `{carrier?, plate?, reason?, startDate?,
/// endDate?}` (optional body, [`Corrections`]): a DEVUELTA or NO AUTORIZADO guía corrected with
/// the company's current data and the given fields and resent with the same clave (409 in any
/// other state; 400 with field errors for corrections that are not valid). Answers the guía as
/// `GET` does.
pub async fn resend(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    OptionalJsonBody(corrections): OptionalJsonBody<Corrections>,
) -> AppResult<Json<RemissionGuideView>> {
    let tenant = auth.tenant(roles::ALL)?;
    let view = state
        .db
        .run(move |conn| {
            let guide = service::resend(conn, &tenant, id, corrections)?;
            detail(conn, &tenant, guide.id)
        })
        .await?;
    Ok(Json(view))
}

/// `GET /api/ebilling/remissionGuide/{id}`: with SRI state, access key, `documentId` and messages.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<RemissionGuideView>> {
    answer::read(&state, &auth, move |conn, tenant| detail(conn, tenant, id)).await
}
