//! `/api/sales/note`: the POS sales note. Registering one is the service
//! [`crate::services::sales::note`]; here the body is read, the service called and the sale shown.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::controllers::answer;
use crate::controllers::documents::sale::{sold_view, view};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::sales::note::Sale;
use crate::services::sales::below_cost;
use crate::services::sales::note::{
    NewlySold, NoteBody, Registered, SaleKind, commit, idempotency_key, prepare, price_body,
};
use crate::util::time::Zone;
use crate::views::sales::note::{SalePreviewView, SaleRowView, SaleView};

pub use crate::services::sales::note::NOT_FOUND;

/// `GET /api/sales/note/last` when the user has not sold yet (specification wording).
pub const NO_LAST: &str = "No se encontró la última nota de venta";

/// What register answers: a new sale (its view is built after the writer's turn), or the view of
/// the sale already registered with the key (built inside it).
enum Answer<V> {
    Created(Box<NewlySold>),
    Existing(Box<V>),
}

/// How a kind of sales document is shown: from the sale just registered (`sold`, after the
/// writer's turn), and from a stored sale (`stored`).
pub struct Views<V> {
    pub sold: Sold<V>,
    pub stored: fn(&mut DbConnection, CompanyId, &Sale) -> AppResult<V>,
}

/// The view of a sale just registered: from memory (the sales note: the POS's answer takes no
/// connection), or with reads (the factura adds its SRI document).
pub enum Sold<V> {
    Memory(fn(&NewlySold, Zone) -> V),
    Read(fn(&mut DbConnection, CompanyId, &NewlySold) -> AppResult<V>),
}

/// `POST /api/sales/note/register`: 201 with the new sale, 200 with the sale already registered
/// under the same idempotency key.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<NoteBody>,
) -> AppResult<(StatusCode, Json<SaleView>)> {
    let views = Views {
        sold: Sold::Memory(sold_view),
        stored: view,
    };
    register_kind(&state, &auth, body, SaleKind::Note, views).await
}

/// Registers a sale of `kind` (sales note or factura) and answers with its view (see
/// [`register`]). After a factura's commit the SRI worker is woken to send it.
pub async fn register_kind<V: Send + 'static>(
    state: &AppState,
    auth: &crate::auth::signed_in::AuthUser,
    body: NoteBody,
    kind: SaleKind,
    views: Views<V>,
) -> AppResult<(StatusCode, Json<V>)> {
    let tenant = auth.tenant(roles::ALL)?;
    let again = (tenant.clone(), body.clone());
    let db = state.db.clone();
    let stored = views.stored;
    let written = async move {
        let (tenant, prepared) = db
            .read(move |conn| prepare(conn, &tenant, &body, kind).map(|p| (tenant.clone(), p)))
            .await?;
        db.write(move |conn| match commit(conn, &tenant, prepared)? {
            Registered::Created(sold) => Ok((tenant.company, Answer::Created(sold))),
            Registered::Existing(sale) => stored(conn, tenant.company, &sale)
                .map(|v| (tenant.company, Answer::Existing(Box::new(v)))),
        })
        .await
    };
    match written.await {
        Ok((company, Answer::Created(sold))) => {
            if kind == SaleKind::Invoice {
                crate::sri::queue::worker::wake();
            }
            let view = match views.sold {
                Sold::Memory(show) => show(&sold, auth.zone),
                Sold::Read(show) => state.db.run(move |conn| show(conn, company, &sold)).await?,
            };
            Ok((StatusCode::CREATED, Json(view)))
        }
        Ok((_, Answer::Existing(sale))) => Ok((StatusCode::OK, Json(*sale))),
        Err(err) => {
            let (tenant, body) = again;
            let Ok(key) = idempotency_key(&body) else {
                return Err(err);
            };
            let sale = state
                .db
                .winner_or(err, move |conn| {
                    Sale::find_by_key(conn, tenant.company, &key)?
                        .filter(|s| s.kind == kind.as_str())
                        .map(|s| stored(conn, tenant.company, &s))
                        .transpose()
                })
                .await?;
            Ok((StatusCode::OK, Json(sale)))
        }
    }
}

/// `POST /api/sales/note/preview`: the priced lines and totals, lines below cost flagged; nothing
/// is written.
pub async fn preview(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<NoteBody>,
) -> AppResult<Json<SalePreviewView>> {
    let Json(view) = answer::read(&state, &auth, move |conn, tenant| {
        let (_, priced) = price_body(conn, tenant, &body)?;
        let below = below_cost::check_lines(conn, tenant, &priced.lines)?;
        Ok(SalePreviewView::new(&priced, below))
    })
    .await?;
    Ok(Json(view))
}

/// The sale `id` of the user's company, else the specification's 404.
pub fn find_visible(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<Sale> {
    find_kind(conn, company, id, SaleKind::Note, NOT_FOUND)
}

/// The sale `id` of `kind` of the user's company, else 404 with `not_found`.
pub fn find_kind(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
    kind: SaleKind,
    not_found: &str,
) -> AppResult<Sale> {
    Sale::find_of_kind(conn, company, id, kind.as_str())?
        .ok_or_else(|| AppError::NotFound(not_found.into()))
}

/// `GET /api/sales/note/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<SaleView>> {
    answer::read(&state, &auth, move |conn, tenant| {
        let sale = find_visible(conn, tenant.company, id)?;
        view(conn, tenant.company, &sale)
    })
    .await
}

/// The user's last sale of `kind` in the selected branch (`missing`: the 404's message).
pub fn last_of_kind(
    conn: &mut DbConnection,
    tenant: &Tenant,
    kind: SaleKind,
    missing: &str,
) -> AppResult<Sale> {
    let branch = tenant.branch(conn)?.id;
    Sale::last_of(
        conn,
        tenant.company,
        branch,
        tenant.user_id(),
        kind.as_str(),
    )?
    .ok_or_else(|| AppError::NotFound(missing.into()))
}

/// The user's last sales note in the selected branch.
pub fn last_in(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<SaleView> {
    let sale = last_of_kind(conn, tenant, SaleKind::Note, NO_LAST)?;
    view(conn, tenant.company, &sale)
}

/// `GET /api/sales/note/last`: the user's last sale (to print it again).
pub async fn last(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<SaleView>> {
    answer::read(&state, &auth, last_in).await
}

/// One page of the branch's sales notes.
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<SaleRowView>> {
    list_kind(conn, tenant, SaleKind::Note, params)
}

/// One page of the branch's sales of `kind`.
pub fn list_kind(
    conn: &mut DbConnection,
    tenant: &Tenant,
    kind: SaleKind,
    params: &ListParams,
) -> AppResult<Page<SaleRowView>> {
    let branch = tenant.branch(conn)?.id;
    Ok(
        Sale::list(conn, tenant.company, branch, kind.as_str(), params)?
            .map(|(s, client)| SaleRowView::of(s, client, tenant.zone())),
    )
}

/// `GET /api/sales/note`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<SaleRowView>>> {
    answer::read(&state, &auth, move |conn, tenant| {
        list_page(conn, tenant, &params)
    })
    .await
}
