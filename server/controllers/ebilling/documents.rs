//! `/api/ebilling/documents`: the electronic documents of the user's branch with their SRI state,
//! the SRI's messages, and the authorized XML. Every role; another company's or another
//! branch's document is 404.

use axum::Json;
use axum::extract::{RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::controllers::answer;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::document_status::DocumentStatus;
use crate::error::{AppError, AppResult, conflict};
use crate::http::json::OptionalJsonBody;
use crate::http::params::PathId;
use crate::models::ebilling::documents::{self, DocumentFilter};
use crate::models::sri::document::SriDocument;
use crate::services::ebilling::corrections::Corrections;
use crate::services::ebilling::documents::{parse_state, parse_type};
use crate::sri::queue;
use crate::views::ebilling::document::{
    ElectronicDocumentDetailView, ElectronicDocumentView, SriMessageView,
};

/// A document that is not the branch's (or does not exist).
pub const NOT_FOUND: &str = "No se encontró el comprobante electrónico";
/// The XML of a document the SRI has not authorized.
pub const NOT_AUTHORIZED: &str =
    "El comprobante aún no está autorizado por el SRI: su XML autorizado no existe todavía";

#[derive(Debug, Default, Deserialize)]
struct RawFilter {
    #[serde(rename = "type")]
    doc_type: Option<String>,
    state: Option<String>,
}

/// The list's own filters (`type`, `state`) plus the generic date range, applied to the issue
/// date.
fn filter_of(query: Option<&str>, params: &ListParams) -> AppResult<DocumentFilter> {
    let raw: RawFilter = serde_urlencoded::from_str(query.unwrap_or_default())
        .map_err(|_| AppError::BadRequest("Parámetros de la lista no válidos".into()))?;
    let nonempty = |v: Option<String>| v.filter(|s| !s.trim().is_empty());
    Ok(DocumentFilter {
        doc_type: nonempty(raw.doc_type)
            .map(|t| parse_type(t.trim()))
            .transpose()?,
        status: nonempty(raw.state)
            .map(|s| parse_state(s.trim()))
            .transpose()?,
        from: params.from,
        to: params.to,
    })
}

/// The branch's document `id`, or 404.
fn find_in_branch(conn: &mut DbConnection, tenant: &Tenant, id: i64) -> AppResult<SriDocument> {
    let branch = tenant.branch(conn)?;
    queue::find(conn, tenant.company, id)?
        .filter(|d| d.branch_office_id == branch.id)
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// `GET /api/ebilling/documents?type=&state=&from=&to=&search=&page=&limit=&sort=&order=`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
    RawQuery(query): RawQuery,
) -> AppResult<Json<Page<ElectronicDocumentView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    let page = state
        .db
        .run(move |conn| list_page(conn, &tenant, query.as_deref(), &params))
        .await?;
    Ok(Json(page))
}

/// One page of the branch's documents for the query string `query` (the list API and the
/// `/admin/ebilling` page share it).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: Option<&str>,
    params: &ListParams,
) -> AppResult<Page<ElectronicDocumentView>> {
    let filter = filter_of(query, params)?;
    let branch = tenant.branch(conn)?;
    let page = documents::list(conn, tenant.company, branch.id, &filter, params)?;
    let now = crate::util::time::now();
    let ids: Vec<i64> = page.results.iter().map(|d| d.id).collect();
    let sales = sales_of(conn, tenant, &ids)?;
    Ok(page.map(|d| ElectronicDocumentView {
        sale_id: sales.get(&d.id).copied(),
        ..ElectronicDocumentView::of(&d, now, tenant.zone())
    }))
}

/// The sales (facturas) that carry the documents `ids`, by document id.
fn sales_of(
    conn: &mut DbConnection,
    tenant: &Tenant,
    ids: &[i64],
) -> AppResult<std::collections::HashMap<i64, i64>> {
    use crate::db::schema::sales;
    use diesel::prelude::*;
    let rows: Vec<(Option<i64>, i64)> = sales::table
        .filter(sales::company_id.eq(tenant.company.get()))
        .filter(sales::sri_document_id.eq_any(ids))
        .select((sales::sri_document_id, sales::id))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(doc, sale)| doc.map(|d| (d, sale)))
        .collect())
}

/// The branch's document `id` with every message of the SRI, or 404.
fn detail(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
) -> AppResult<ElectronicDocumentDetailView> {
    let doc = find_in_branch(conn, tenant, id)?;
    let messages = queue::messages(conn, doc.id)?;
    Ok(ElectronicDocumentDetailView {
        document: ElectronicDocumentView::of(&doc, crate::util::time::now(), tenant.zone()),
        messages: messages
            .iter()
            .map(|m| SriMessageView::of(m, tenant.zone()))
            .collect(),
    })
}

/// `GET /api/ebilling/documents/{id}`: the document with every message of the SRI.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<ElectronicDocumentDetailView>> {
    answer::read(&state, &auth, move |conn, tenant| detail(conn, tenant, id)).await
}

/// `POST /api/ebilling/documents/{id}/resend` (every role; optional body of corrections,
/// [`Corrections`]: a nota de crédito's `reason`; a guía's `carrier`, `plate`, `reason`,
/// `startDate`, `endDate`): «Corregir y reenviar» of `/admin/ebilling` for any document type —
/// the factura, nota de crédito or guía that carries it is corrected and resent with the same
/// clave by its own service ([`crate::services::ebilling::resend`]). 409 unless DEVUELTA / NO
/// AUTORIZADO; 404 for a document that is not the branch's; 400 for corrections its type does not
/// take or that are not valid. Answers the document as `GET` does.
pub async fn resend(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    OptionalJsonBody(corrections): OptionalJsonBody<Corrections>,
) -> AppResult<Json<ElectronicDocumentDetailView>> {
    let tenant = auth.tenant(roles::ALL)?;
    let view = state
        .db
        .run(move |conn| {
            let doc = find_in_branch(conn, &tenant, id)?;
            crate::services::ebilling::resend::resend(conn, &tenant, &doc, corrections)?;
            detail(conn, &tenant, id)
        })
        .await?;
    Ok(Json(view))
}

/// `GET /api/ebilling/documents/{id}/xml`: the authorized XML (the SRI's `autorizacion` element)
/// as a download; 409 until the document is AUTORIZADO.
pub async fn xml(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Response> {
    let tenant = auth.tenant(roles::ALL)?;
    let doc = state
        .db
        .run(move |conn| find_in_branch(conn, &tenant, id))
        .await?;
    authorized_xml(doc)
}

/// The authorized XML of `doc` (the SRI's `autorizacion` element) as a download named by its
/// clave; 409 until it is AUTORIZADO.
pub fn authorized_xml(doc: SriDocument) -> AppResult<Response> {
    let xml = doc
        .authorized_xml
        .filter(|_| doc.status == DocumentStatus::Authorized.as_str())
        .ok_or_else(|| conflict(NOT_AUTHORIZED))?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/xml; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}.xml\"", doc.access_key),
            ),
        ],
        xml,
    )
        .into_response())
}

/// Body of `POST /api/ebilling/documents/{id}/email` (optional).
#[derive(Debug, Default, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[ts(rename = "DocumentEmailBody")]
#[serde(deny_unknown_fields)]
pub struct EmailBody {
    /// Another recipient than the buyer.
    to: Option<String>,
}

/// `POST /api/ebilling/documents/{id}/email` `{to?}` (every role): queues the buyer's e-mail of
/// an authorized factura or nota de crédito again (XML and RIDE attached, with a fresh RIDE
/// link), to `to` when given. 409 before AUTORIZADO or without a recipient; 404 for a document
/// that is not the branch's. Answers `{to, message}`.
pub async fn email(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    OptionalJsonBody(body): OptionalJsonBody<EmailBody>,
) -> AppResult<Response> {
    let tenant = auth.tenant(roles::ALL)?;
    let to = state
        .db
        .run(move |conn| {
            crate::db::write_transaction(conn, |conn| {
                let doc = find_in_branch(conn, &tenant, id)?;
                let to =
                    crate::services::ebilling::mail::queue_again(conn, &doc, body.to.as_deref())?;
                crate::auth::mail_limit::allow_sending(conn, &tenant)?;
                Ok(to)
            })
        })
        .await?;
    state.mailer.wake();
    Ok((
        axum::http::StatusCode::ACCEPTED,
        Json(serde_json::json!({
            "to": to,
            "message": format!("El comprobante se enviará a {to}"),
        })),
    )
        .into_response())
}
