//! `/api/ebilling/creditNote`: electronic notas de crédito against an authorized factura.
//! Registering one is the sales credit note's service with [`Kind::Electronic`] (stock and money
//! back exactly as the internal one, plus the SRI document in the same transaction); the views add
//! where the document is in the SRI queue.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use super::credit_notes::{returnable, view, views_of};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::Tenant;
use crate::controllers::answer;
use crate::controllers::documents;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::document_status::DocumentStatus;
use crate::domain::money::money_text;
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::json::OptionalJsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::ebilling::remission_guide;
use crate::models::sales::client::Client;
use crate::models::sales::credit_note::{CreditNote, KIND_ELECTRONIC};
use crate::models::sales::note::{KIND_INVOICE, Sale};
use crate::models::sri::document::SriDocument;
use crate::services::ebilling::corrections::Corrections;
use crate::services::sales::credit_note::{CreditNoteBody, Kind, register_kind};
use crate::sri::queue;
use crate::views::ebilling::credit_note::{CreditableInvoiceView, ElectronicCreditNoteView};

/// `GET /api/ebilling/creditNote/{id}` for an unknown one (or another company's).
pub use crate::services::ebilling::credit_note::NOT_FOUND;

/// The full view of an electronic credit note.
fn detail(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
) -> AppResult<ElectronicCreditNoteView> {
    let note = CreditNote::find_of_kind(conn, company, id, KIND_ELECTRONIC)?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    let base = view(conn, company, &note)?;
    let zone = Company::zone(conn, company)?;
    documents::with_sri_document(
        conn,
        company,
        zone,
        base,
        note.sri_document_id,
        ElectronicCreditNoteView::new,
    )
}

/// `POST /api/ebilling/creditNote/register` `{invoiceId, reason, lines, refund}`: 201 with the
/// new nota de crédito (its document `signed`, the worker woken). 409 unless the factura is
/// AUTORIZADO; another company's factura is 404.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<CreditNoteBody>,
) -> AppResult<(StatusCode, Json<ElectronicCreditNoteView>)> {
    let created = answer::created(&state, &auth, move |conn, tenant| {
        let registered = register_kind(conn, tenant, &body, Kind::Electronic)?;
        detail(conn, tenant.company, registered.id)
    })
    .await?;
    // After the commit: the document is in the queue now.
    crate::sri::queue::worker::wake();
    Ok(created)
}

/// One page of the branch's electronic credit notes with their SRI state (the messages are in the
/// detail).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<ElectronicCreditNoteView>> {
    let branch = tenant.branch(conn)?.id;
    let Page {
        results,
        total,
        page,
        limit,
    } = CreditNote::list(conn, tenant.company, branch, KIND_ELECTRONIC, params)?;
    // One query for the page's documents (their messages are in the detail).
    let documents: Vec<Option<i64>> = results.iter().map(|(n, _)| n.sri_document_id).collect();
    let ids: Vec<i64> = documents.iter().flatten().copied().collect();
    let found: HashMap<i64, SriDocument> = remission_guide::documents(conn, tenant.company, &ids)?
        .into_iter()
        .map(|d| (d.id, d))
        .collect();
    let views = views_of(conn, tenant.company, results)?;
    let results = views
        .into_iter()
        .zip(documents)
        .map(|(note, document)| {
            let document = document.and_then(|id| found.get(&id));
            ElectronicCreditNoteView::new(note, document, &[], tenant.zone())
        })
        .collect();
    Ok(Page {
        results,
        total,
        page,
        limit,
    })
}

/// `GET /api/ebilling/creditNote`: the branch's electronic credit notes (the generic list).
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<ElectronicCreditNoteView>>> {
    answer::read_page(&state, &auth, params, list_page).await
}

/// `GET /api/ebilling/creditNote/{id}`: the nota de crédito with its SRI state, clave, document
/// and messages (the screen asks for it until the state is final).
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<ElectronicCreditNoteView>> {
    answer::read_one(&state, &auth, id, detail).await
}

/// `POST /api/ebilling/creditNote/{id}/resend` `{reason?}` (optional body, [`Corrections`]): a
/// DEVUELTA or NO AUTORIZADO nota de crédito corrected with the company's current data and the
/// given reason and resent with the same clave (409 in any other state; 400 for a reason that is
/// not valid); nothing is returned to stock or cash again. Answers the nota de crédito as `GET`
/// does.
pub async fn resend(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    OptionalJsonBody(corrections): OptionalJsonBody<Corrections>,
) -> AppResult<Json<ElectronicCreditNoteView>> {
    answer::read(&state, &auth, move |conn, tenant| {
        let note = crate::services::ebilling::credit_note::resend(conn, tenant, id, corrections)?;
        detail(conn, tenant.company, note.id)
    })
    .await
}

/// `GET /api/ebilling/creditNote/invoice/{id}`: factura `id` as the screen picks it — its SRI
/// state, whether it may be credited, and what each line may still return. 404 for another
/// company's.
pub async fn invoice(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<CreditableInvoiceView>> {
    answer::read(&state, &auth, move |conn, tenant| {
        let company = tenant.company;
        let sale = Sale::find_of_kind(conn, company, id, KIND_INVOICE)?
            .ok_or_else(|| AppError::NotFound(crate::services::sales::invoice::NOT_FOUND.into()))?;
        let document = match sale.sri_document_id {
            Some(d) => queue::find(conn, company, d)?,
            None => None,
        };
        let status = document
            .as_ref()
            .and_then(|d| DocumentStatus::parse(&d.status));
        let client = Client::find(conn, company, sale.client_id)?;
        Ok(CreditableInvoiceView {
            id: sale.id,
            number: sale.number.clone(),
            date: Company::zone(conn, company)?.iso(sale.created_at),
            client_name: client.as_ref().map(|c| c.name.clone()).unwrap_or_default(),
            client_identification: client.map(|c| c.identification).unwrap_or_default(),
            total: money_text(sale.total),
            status: status.map_or("", DocumentStatus::label).to_string(),
            status_code: document.map(|d| d.status).unwrap_or_default(),
            creditable: status == Some(DocumentStatus::Authorized),
            lines: returnable(conn, company, &sale)?,
        })
    })
    .await
}
