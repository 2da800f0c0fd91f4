//! `/api/ebilling/withholding`: the comprobantes de retención the company issued on its purchases
//! (admin and user). Issuing one is the purchases' service (with the purchase's register, or
//! `POST /api/purchases/{kind}/{id}/withhold` in [`super::documents`]); the views add where the
//! document is in the SRI queue.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::Uri;
use axum::response::Response;
use serde::Deserialize;

use super::documents::list_query;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles;
use crate::controllers::ebilling::documents::authorized_xml;
use crate::db::DbConnection;
use crate::db::list::Page;
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::purchases::purchase::Purchase;
use crate::models::purchases::supplier::Supplier;
use crate::models::purchases::withholding::{Withholding, WithholdingLine};
use crate::models::sri::document::SriDocument;
use crate::services::purchases::withholding::{self as service, NOT_FOUND};
use crate::sri::queue;
use crate::validation::required_text;
use crate::views::purchases::withholding::WithholdingView;

/// The views of `rows`, with one lookup each for their lines, documents, suppliers and purchases.
pub fn views(
    conn: &mut DbConnection,
    company: CompanyId,
    rows: Vec<Withholding>,
) -> AppResult<Vec<WithholdingView>> {
    let ids: Vec<i64> = rows.iter().map(|w| w.id).collect();
    let mut lines: HashMap<i64, Vec<WithholdingLine>> = HashMap::new();
    for line in Withholding::lines_of(conn, company, &ids)? {
        lines.entry(line.withholding_id).or_default().push(line);
    }
    let document_ids: Vec<i64> = rows.iter().map(|w| w.fields.sri_document_id).collect();
    let documents: HashMap<i64, SriDocument> =
        SriDocument::find_many(conn, company, &document_ids)?
            .into_iter()
            .map(|d| (d.id, d))
            .collect();
    let supplier_ids: Vec<i64> = rows.iter().map(|w| w.fields.supplier_id).collect();
    let suppliers: HashMap<i64, String> = Supplier::names(conn, company, &supplier_ids)?
        .into_iter()
        .collect();
    let purchase_ids: Vec<i64> = rows.iter().map(|w| w.fields.purchase_id).collect();
    let numbers: HashMap<i64, Option<String>> = Purchase::numbers(conn, company, &purchase_ids)?
        .into_iter()
        .collect();
    let zone = Company::zone(conn, company)?;
    rows.iter()
        .map(|w| {
            let document = documents.get(&w.fields.sri_document_id).ok_or_else(|| {
                AppError::Internal(anyhow::anyhow!("retención {} sin documento", w.id))
            })?;
            let names = (
                suppliers
                    .get(&w.fields.supplier_id)
                    .cloned()
                    .unwrap_or_default(),
                numbers
                    .get(&w.fields.purchase_id)
                    .cloned()
                    .flatten()
                    .unwrap_or_default(),
            );
            let own = lines.get(&w.id).map_or(&[][..], Vec::as_slice);
            Ok(WithholdingView::new(w, own, document, names, zone))
        })
        .collect()
}

/// The view of retención `id` of the company (404 for another company's).
pub fn detail(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<WithholdingView> {
    let row = Withholding::find(conn, company, id)?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    views(conn, company, vec![row])?
        .pop()
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// `GET /api/ebilling/withholding?search=&from=&to=&supplierId=&page=&limit=&sort=&order=`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: Uri,
) -> AppResult<Json<Page<WithholdingView>>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let (params, supplier) = list_query(uri.query().unwrap_or_default())?;
    let page = state
        .db
        .run(move |conn| {
            let page = Withholding::list(conn, tenant.company, supplier, &params)?;
            crate::controllers::records::page_views(page, |rows| views(conn, tenant.company, rows))
        })
        .await?;
    Ok(Json(page))
}

/// `GET /api/ebilling/withholding/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<WithholdingView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let view = state
        .db
        .run(move |conn| detail(conn, tenant.company, id))
        .await?;
    Ok(Json(view))
}

/// `GET /api/ebilling/withholding/{id}/xml`: the authorized XML as a download; 409 until the
/// retención is AUTORIZADO.
pub async fn xml(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Response> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let document = state
        .db
        .run(move |conn| {
            let row = Withholding::find(conn, tenant.company, id)?
                .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
            queue::find(conn, tenant.company, row.fields.sri_document_id)?
                .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
        })
        .await?;
    authorized_xml(document)
}

/// Body of `POST /api/ebilling/withholding/{id}/annul`.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[ts(rename = "AnnulWithholdingBody")]
pub struct AnnulBody {
    reason: Option<String>,
}

/// `POST /api/ebilling/withholding/{id}/annul {reason}`: marks it annulled (the user annulled it
/// in the SRI's portal); answers the retención.
pub async fn annul(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<AnnulBody>,
) -> AppResult<Json<WithholdingView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let reason = body
        .reason
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_string();
    if let Some(problem) = required_text(&reason, "El motivo", 300) {
        return Err(AppError::field("reason", problem));
    }
    let view = state
        .db
        .write(move |conn| {
            service::annul(conn, &tenant, id, &reason)?;
            detail(conn, tenant.company, id)
        })
        .await?;
    Ok(Json(view))
}
