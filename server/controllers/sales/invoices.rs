//! `/api/sales/invoice`: electronic facturas (factura express). A factura is registered by the
//! sales note's code path with [`SaleKind::Invoice`] (same body plus `additionalInfo`, same
//! service, same idempotency); its view is the sale's plus where its SRI document is.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use super::notes::{self, Sold, Views, last_of_kind, list_kind, register_kind};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::controllers::answer;
use crate::controllers::documents::sale::{invoice_view as view, sold_view};
use crate::controllers::documents::with_sri_document;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::AppResult;
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::sales::note::Sale;
use crate::services::sales::invoice::{self, NOT_FOUND};
use crate::services::sales::note::{NewlySold, NoteBody, SaleKind};
use crate::views::sales::invoice::InvoiceView;
use crate::views::sales::note::SaleRowView;

/// `GET /api/sales/invoice/last` when the user has not issued a factura yet.
pub const NO_LAST: &str = "No se encontró la última factura";

/// The view of the factura `id` of the user's company, else 404.
fn detail(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<InvoiceView> {
    let sale = find_visible(conn, company, id)?;
    view(conn, company, &sale)
}

/// The factura `id` of the user's company, else 404.
pub fn find_visible(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<Sale> {
    notes::find_kind(conn, company, id, SaleKind::Invoice, NOT_FOUND)
}

/// A factura's views: a sale's with its SRI document, the one just registered read back.
const VIEWS: Views<InvoiceView> = Views {
    sold: Sold::Read(sold_with_document),
    stored: view,
};

/// The factura view of a sale just registered.
fn sold_with_document(
    conn: &mut DbConnection,
    company: CompanyId,
    sold: &NewlySold,
) -> AppResult<InvoiceView> {
    let zone = Company::zone(conn, company)?;
    with_sri_document(
        conn,
        company,
        zone,
        sold_view(sold, zone),
        sold.sale.sri_document_id,
        InvoiceView::new,
    )
}

/// `POST /api/sales/invoice/register`: 201 with the new factura (its document `signed`, the worker
/// woken), 200 with the one already registered under the same idempotency key.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<NoteBody>,
) -> AppResult<(StatusCode, Json<InvoiceView>)> {
    register_kind(&state, &auth, body, SaleKind::Invoice, VIEWS).await
}

/// `GET /api/sales/invoice/{id}`: the factura with its SRI state, clave and messages (the factura
/// express screen asks for it until the state is final).
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<InvoiceView>> {
    answer::read_one(&state, &auth, id, detail).await
}

/// `GET /api/sales/invoice/last`: the user's last factura in the branch.
pub async fn last(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<InvoiceView>> {
    answer::read(&state, &auth, |conn, tenant| {
        let sale = last_of_kind(conn, tenant, SaleKind::Invoice, NO_LAST)?;
        view(conn, tenant.company, &sale)
    })
    .await
}

/// `GET /api/sales/invoice`: the branch's facturas (the generic list).
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<SaleRowView>>> {
    answer::read_page(&state, &auth, params, |conn, tenant, params| {
        list_kind(conn, tenant, SaleKind::Invoice, params)
    })
    .await
}

/// `POST /api/sales/invoice/{id}/resend`: a DEVUELTA or NO AUTORIZADO factura corrected with the
/// client's current data and resent with the same clave (409 in any other state). Nothing of the
/// sale is posted again.
pub async fn resend(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<InvoiceView>> {
    answer::read(&state, &auth, move |conn, tenant| {
        let sale = invoice::resend(conn, tenant, id)?;
        view(conn, tenant.company, &sale)
    })
    .await
}
