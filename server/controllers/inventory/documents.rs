//! What the adjustments' and transfers' APIs share (purchases next): the list, get and register
//! handlers, generic over [`DocumentView`] (the router names them `documents::list::<Transfer>`),
//! and the views of a page of documents built from one batch of lookups. A kind of document
//! writes only its view, its body and the service that registers it.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::domain::money::fmt2;
use crate::error::{AppResult, not_in_table};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::inventory::cost::exact_times;
use crate::models::inventory::document::{StockDocument, StockLine};
use crate::models::inventory::kardex::KardexRow;
use crate::models::inventory::product::Product;
use crate::models::inventory::warehouse::Warehouse;
use crate::util::time::Zone;
use crate::views::inventory::document::DocumentLineView;
use crate::views::inventory::product::{price, quantity};

/// A stock document as the API shows and registers it.
pub trait DocumentView: StockDocument + Send + 'static {
    type View: Serialize + Send + 'static;
    /// The body of `POST register`.
    type Body: DeserializeOwned + Send + 'static;

    /// Registers the document described by `body` (its service, inside the handler's write
    /// transaction); the new document's id.
    fn register(conn: &mut DbConnection, tenant: &Tenant, body: &Self::Body) -> AppResult<i64>;

    /// The view of this document, from what [`Related`] loaded for its page.
    fn view(&self, related: &Related) -> Self::View;
}

/// What the views of stock documents need besides their headers, loaded once for all of them
/// (four queries whatever the number of documents): their lines, the lines' products, the
/// company's warehouses and the users' names.
pub struct Related {
    lines: HashMap<i64, Vec<StockLine>>,
    products: HashMap<i64, Product>,
    cellars: HashMap<i64, String>,
    users: HashMap<i64, String>,
    /// The company's time zone, for the documents' dates.
    pub zone: Zone,
}

impl Related {
    /// Loads what the views of `documents` need.
    pub fn load<D: StockDocument>(
        conn: &mut DbConnection,
        company: CompanyId,
        documents: &[D],
    ) -> AppResult<Related> {
        let ids: Vec<i64> = documents.iter().map(StockDocument::id).collect();
        let mut lines: HashMap<i64, Vec<StockLine>> = HashMap::new();
        for line in D::lines_of(conn, company, &ids)? {
            lines.entry(line.document_id).or_default().push(line);
        }
        let mut product_ids: Vec<i64> = lines.values().flatten().map(|l| l.product_id).collect();
        product_ids.sort_unstable();
        product_ids.dedup();
        let products = Product::find_many(conn, company, &product_ids)?
            .into_iter()
            .map(|p| (p.id, p))
            .collect();
        let cellars = Warehouse::all(conn, company)?
            .into_iter()
            .map(|w| (w.id, w.name))
            .collect();
        let mut user_ids: Vec<i64> = documents.iter().filter_map(D::user_id).collect();
        user_ids.sort_unstable();
        user_ids.dedup();
        let users = if user_ids.is_empty() {
            HashMap::new()
        } else {
            KardexRow::user_names(conn, company, &user_ids)?
        };
        Ok(Related {
            lines,
            products,
            cellars,
            users,
            zone: Company::zone(conn, company)?,
        })
    }

    /// A warehouse's name (empty when gone).
    pub fn cellar(&self, id: i64) -> String {
        self.cellars.get(&id).cloned().unwrap_or_default()
    }

    /// A user's name.
    pub fn user(&self, id: Option<i64>) -> Option<String> {
        id.and_then(|u| self.users.get(&u).cloned())
    }

    /// The views of a document's lines.
    pub fn lines(&self, document: i64) -> Vec<DocumentLineView> {
        let Some(lines) = self.lines.get(&document) else {
            return Vec::new();
        };
        lines
            .iter()
            .map(|l| {
                let p = self.products.get(&l.product_id);
                DocumentLineView {
                    product_id: l.product_id,
                    code: p.map(|p| p.code.clone()).unwrap_or_default(),
                    name: p.map(|p| p.name.clone()).unwrap_or_default(),
                    unit: p.map(|p| p.unit.clone()).unwrap_or_default(),
                    quantity: quantity(l.quantity),
                    unit_cost: price(l.unit_cost),
                    total_cost: fmt2(exact_times(l.quantity.abs(), l.unit_cost)),
                }
            })
            .collect()
    }
}

/// The view of document `id` of the company (404 when it is not one).
pub fn one<D: DocumentView>(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
) -> AppResult<D::View> {
    let document = D::find(conn, company, id)?.ok_or_else(not_in_table)?;
    let related = Related::load(conn, company, std::slice::from_ref(&document))?;
    Ok(document.view(&related))
}

/// One page of the selected branch's documents.
pub fn list_page<D: DocumentView>(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<D::View>> {
    let branch = tenant.branch(conn)?.id;
    let page = D::list(conn, tenant.company, branch, params)?;
    let related = Related::load(conn, tenant.company, &page.results)?;
    Ok(page.map(|d| d.view(&related)))
}

/// `GET /api/inventory/{kind}`: one page of the selected branch's documents of kind `D`.
pub async fn list<D: DocumentView>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<D::View>>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    Ok(Json(
        state
            .db
            .run(move |conn| list_page::<D>(conn, &tenant, &params))
            .await?,
    ))
}

/// `GET /api/inventory/{kind}/{id}`: document `id` of kind `D`.
pub async fn get<D: DocumentView>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<D::View>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    Ok(Json(
        state
            .db
            .run(move |conn| one::<D>(conn, tenant.company, id))
            .await?,
    ))
}

/// `POST /api/inventory/{kind}/register`: [`DocumentView::register`] registers the document in
/// one write transaction; answers 201 with its view.
pub async fn register<D: DocumentView>(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<D::Body>,
) -> AppResult<(StatusCode, Json<D::View>)> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let created = state
        .db
        .write(move |conn| {
            let id = D::register(conn, &tenant, &body)?;
            one::<D>(conn, tenant.company, id)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(created)))
}
