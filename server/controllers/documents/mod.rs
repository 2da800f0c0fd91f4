//! What the handlers of every header-plus-lines sales document (sales note, factura, quote, credit
//! note, the restaurant's bill) share, whichever area they are in: reading on behalf of any role,
//! writing one new document, and the parts of their views — totals of stored lines, the buyer,
//! the user's name, the SRI document — and a stored sale's whole view ([`sale`]). A new document
//! type's controller is its routes and its own view, built from these.

pub mod sale;

use axum::Json;
use axum::http::StatusCode;
use rust_decimal::Decimal;

use crate::app::AppState;
use crate::auth::roles::{self, Tenant};
use crate::auth::signed_in::AuthUser;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::money::from_micros;
use crate::domain::totals;
use crate::error::AppResult;
use crate::models::CompanyId;
use crate::models::inventory::kardex::KardexRow;
use crate::models::sales::client::Client;
use crate::models::sales::note::SaleLine;
use crate::models::sri::document::SriDocument;
use crate::models::sri::message::SriDocumentMessage;
use crate::sri::queue;
use crate::views::sales::note::{DocumentTotalsView, SaleClientView};

/// Answers `read` as JSON: any role of the company, one pooled connection.
pub async fn read<T, F>(state: &AppState, auth: &AuthUser, read: F) -> AppResult<Json<T>>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Tenant) -> AppResult<T> + Send + 'static,
{
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(state.db.run(move |conn| read(conn, &tenant)).await?))
}

/// Answers the document `id` as `detail` reads it (its 404 included), like [`read`].
pub async fn read_one<T: Send + 'static>(
    state: &AppState,
    auth: &AuthUser,
    id: i64,
    detail: fn(&mut DbConnection, CompanyId, i64) -> AppResult<T>,
) -> AppResult<Json<T>> {
    read(state, auth, move |conn, tenant| {
        detail(conn, tenant.company, id)
    })
    .await
}

/// Answers the page of a document list that `list` reads for `params`, like [`read`].
pub async fn read_page<T, F>(
    state: &AppState,
    auth: &AuthUser,
    params: ListParams,
    list: F,
) -> AppResult<Json<Page<T>>>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Tenant, &ListParams) -> AppResult<Page<T>> + Send + 'static,
{
    read(state, auth, move |conn, tenant| list(conn, tenant, &params)).await
}

/// Answers 201 with what `write` registered in one write transaction, any role of the company.
pub async fn created<T, F>(
    state: &AppState,
    auth: &AuthUser,
    write: F,
) -> AppResult<(StatusCode, Json<T>)>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Tenant) -> AppResult<T> + Send + 'static,
{
    let tenant = auth.tenant(roles::ALL)?;
    let written = state.db.write(move |conn| write(conn, &tenant)).await?;
    Ok((StatusCode::CREATED, Json(written)))
}

/// The totals of stored lines, through the one totals calculation.
pub fn stored_totals(lines: &[SaleLine]) -> DocumentTotalsView {
    let taxable: Vec<totals::Line> = lines
        .iter()
        .map(|l| totals::Line {
            quantity: from_micros(l.quantity),
            unit_price: from_micros(l.unit_price),
            discount: from_micros(l.discount + l.promotion_discount),
            iva: l.iva_code.clone(),
            ice: None,
            irbpnr_bottles: None,
        })
        .collect();
    let shares: Vec<Decimal> = lines.iter().map(|l| from_micros(l.iva)).collect();
    totals_view(
        totals::compute(&taxable, Decimal::ZERO, Decimal::ZERO)
            .ok()
            .map(|t| t.with_stored_iva(&shares)),
    )
}

/// The view of computed totals; zeros when they did not compute (stored lines were computed by
/// the same function, so they always compute again).
fn totals_view(totals: Option<totals::Totals>) -> DocumentTotalsView {
    match totals {
        Some(t) => DocumentTotalsView::from(&t),
        None => DocumentTotalsView {
            gross: "0.00".into(),
            discount: "0.00".into(),
            subtotal: "0.00".into(),
            groups: Vec::new(),
            iva: "0.00".into(),
            total: "0.00".into(),
        },
    }
}

/// The buyer as shown; a removed client shows its id `id` only.
pub fn client_view(client: Option<&Client>, id: i64) -> SaleClientView {
    SaleClientView {
        id,
        id_type: client.map(|c| c.id_type.clone()).unwrap_or_default(),
        identification: client.map(|c| c.identification.clone()).unwrap_or_default(),
        name: client.map(|c| c.name.clone()).unwrap_or_default(),
        address: client.and_then(|c| c.address.clone()),
        email: client.and_then(|c| c.email.clone()),
        phone: client.and_then(|c| c.phone.clone()),
    }
}

/// The name of the user who registered a document ("" for a removed user).
pub fn user_name(conn: &mut DbConnection, company: CompanyId, user_id: i64) -> AppResult<String> {
    Ok(KardexRow::user_names(conn, company, &[user_id])?
        .remove(&user_id)
        .unwrap_or_default())
}

/// The SRI document `document_id` of an electronic document (a factura, a nota de crédito) with
/// the SRI's messages about it; none without one.
pub fn sri_document(
    conn: &mut DbConnection,
    company: CompanyId,
    document_id: Option<i64>,
) -> AppResult<(Option<SriDocument>, Vec<SriDocumentMessage>)> {
    let document = match document_id {
        Some(id) => queue::find(conn, company, id)?,
        None => None,
    };
    let messages = match &document {
        Some(d) => queue::messages(conn, d.id)?,
        None => Vec::new(),
    };
    Ok((document, messages))
}
