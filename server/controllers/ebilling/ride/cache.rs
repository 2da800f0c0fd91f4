//! The RIDE cache: an authorized document never changes, so its printable page is rendered once
//! per template version and then served from `ride_cache`, shared by every app server, with a copy
//! in this server's memory in front of it ([`crate::ssr::ride_memory`]).
//!
//! The document handler asks [`lookup`] before rendering a printable RIDE route. The access check
//! runs first, exactly as the page's loader does it (signed-in user of the company, a document of
//! the company and of the route's type); only then is a cached page read. Documents that are not
//! AUTORIZADO are never cached (their page changes when the SRI answers). The key carries the
//! template version ([`template_version`]: the UI build id, which changes whenever the bundled
//! pages or styles change, and [`RIDE_DATA_VERSION`], for changes of what the server puts on the
//! page) followed by `+` and the company's last change (its logo is the one thing on the page that
//! is not in the document), so a new build, new RIDE data or a new logo renders again.
//!
//! A request whose page is in memory costs the session check and, at most once a second per
//! company, a read of the company's stamp (to know the copy is still current); the page goes out with its `ETag` and
//! `Cache-Control: private, no-cache`, so a browser that opens it again revalidates and gets a
//! `304` — after the same checks — instead of the page.

use std::sync::{Arc, OnceLock};

use axum::body::{Body, Bytes, to_bytes};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use super::pages::{PRINTABLES, document_of};
use crate::app::AppState;
use crate::auth::roles;
use crate::auth::signed_in::AuthUser;
use crate::domain::document_status::DocumentStatus;
use crate::models::CompanyId;
use crate::models::sri::ride_cache::{self, RideKey};
use crate::ssr::ride_memory::{CachedPage, PageKey};
use crate::ssr::routes::RouteMatch;

/// Version of what the server puts on a RIDE (the loader in [`super::pages`]), part of the
/// template version: raised when the page's data change while the UI build does not, so the pages
/// cached before are rendered again. 2: the subtotals per IVA rate leave the ICE out.
pub const RIDE_DATA_VERSION: u32 = 2;

/// Cache policy of a cached RIDE: the browser may keep it but asks the server every time (the
/// session and company are checked again; an unchanged page is a `304`).
const REVALIDATE: &str = "private, no-cache";

/// What the handler does with a request.
pub enum Lookup {
    /// Not a cacheable RIDE (another page, no access, a document not yet authorized): render as
    /// usual, the loader answers any error.
    Render,
    /// The cached page (answer with [`respond`]).
    Hit(Arc<CachedPage>),
    /// Render, then [`store`] the page under this key.
    Miss(OwnedKey),
}

/// The key of a page to store.
pub struct OwnedKey {
    company: CompanyId,
    access_key: String,
    format: &'static str,
    template_version: String,
    page: PageKey,
}

/// The template version of this server's RIDEs: its build of the pages (`ssr::bundle::build_id`)
/// and [`RIDE_DATA_VERSION`].
pub fn template_version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| format!("{}.ride{RIDE_DATA_VERSION}", crate::ssr::bundle::build_id()))
}

/// The full version of a cache key: the template version and the company's stamp.
fn stamped(version: &str, stamp: i64) -> String {
    format!("{version}+{stamp}")
}

/// The copy of `key` in this server's memory, when it belongs to `company` and is still current
/// (the company's stamp has not changed since it was rendered). `Err` when the stamp cannot be
/// read.
pub(super) async fn remembered(
    state: &AppState,
    key: &PageKey,
    company: Option<CompanyId>,
    version: &str,
) -> Result<Option<Arc<CachedPage>>, crate::error::AppError> {
    let Some(page) = state.rides.get(key) else {
        return Ok(None);
    };
    if company.is_some_and(|c| c != page.company) {
        return Ok(None);
    }
    let owner = page.company;
    let stamp = match state.rides.fresh_stamp(owner) {
        Some(stamp) => stamp,
        None => {
            let stamp = state
                .db
                .run(move |conn| Ok(ride_cache::company_stamp(conn, owner)?))
                .await?;
            state.rides.note_stamp(owner, stamp);
            stamp
        }
    };
    Ok((page.version == stamped(version, stamp)).then_some(page))
}

/// Checks access and looks the page of `route` up in the cache.
pub async fn lookup(
    state: &AppState,
    route: Option<&RouteMatch>,
    user: Option<&AuthUser>,
    version: &str,
) -> Lookup {
    let (Some(route), Some(user)) = (route, user) else {
        return Lookup::Render;
    };
    let Some(leaf) = route.leaf() else {
        return Lookup::Render;
    };
    let Some((route_id, kind, format)) = PRINTABLES
        .iter()
        .find(|(id, _, _)| id.as_str() == leaf.id)
        .copied()
    else {
        return Lookup::Render;
    };
    if route.invalid_params || !route.admits(user.role()) {
        return Lookup::Render;
    }
    let Ok(tenant) = user.tenant(roles::ALL) else {
        return Lookup::Render;
    };
    let param = route.params.get("id").cloned().unwrap_or_default();
    let Ok(document) = param.parse::<i64>() else {
        return Lookup::Render;
    };
    let company = tenant.company;
    // The route id and document id name one document of one type: a copy of the user's company
    // is that document's page (a copy of another company's is not served: the loader says 404).
    let page_key = PageKey::Printable {
        route: route_id.as_str(),
        document,
    };
    match remembered(state, &page_key, Some(company), version).await {
        Ok(Some(page)) => return Lookup::Hit(page),
        Ok(None) => {}
        Err(err) => {
            tracing::warn!(error = ?err, "no se pudo leer la caché del RIDE");
            return Lookup::Render;
        }
    }
    let version = version.to_string();
    let key = page_key.clone();
    let found = state
        .db
        .run(move |conn| {
            let Ok(doc) = document_of(conn, company, kind, &param) else {
                return Ok(Lookup::Render);
            };
            if doc.status != DocumentStatus::Authorized.as_str() {
                return Ok(Lookup::Render);
            }
            Ok(keyed(
                conn,
                company,
                &doc.access_key,
                format,
                &version,
                key,
            )?)
        })
        .await;
    found_in_table(state, page_key, found)
}

/// The outcome of a read of the shared table: a page found there is remembered in memory.
pub(super) fn found_in_table(
    state: &AppState,
    key: PageKey,
    found: Result<Lookup, crate::error::AppError>,
) -> Lookup {
    match found {
        Ok(Lookup::Hit(page)) => {
            state.rides.insert(key, page.clone());
            Lookup::Hit(page)
        }
        Ok(lookup) => lookup,
        Err(err) => {
            // The cache is an optimisation: a failing read renders the page instead.
            tracing::warn!(error = ?err, "no se pudo leer la caché del RIDE");
            Lookup::Render
        }
    }
}

/// The cached page of the authorized document `access_key` of `company` in `format`, or the key
/// to store its render under (the caller has checked access). The page also shows the company's
/// logo, the one thing not in the document: the key's version carries the company's last change.
pub(super) fn keyed(
    conn: &mut crate::db::DbConnection,
    company: CompanyId,
    access_key: &str,
    format: &'static str,
    version: &str,
    page: PageKey,
) -> diesel::QueryResult<Lookup> {
    let version = stamped(version, ride_cache::company_stamp(conn, company)?);
    let key = RideKey {
        company,
        access_key,
        format,
        template_version: &version,
    };
    Ok(match ride_cache::find(conn, key)? {
        Some(html) => Lookup::Hit(Arc::new(CachedPage::new(
            company,
            access_key,
            format,
            version,
            Bytes::from(html),
        ))),
        None => Lookup::Miss(OwnedKey {
            company,
            access_key: access_key.to_string(),
            format,
            template_version: version,
            page,
        }),
    })
}

/// True when the request's `If-None-Match` names `etag` (or is `*`).
fn not_modified(request: &HeaderMap, etag: &HeaderValue) -> bool {
    let Some(tags) = request.get(IF_NONE_MATCH).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let etag = etag.to_str().unwrap_or_default();
    tags.split(',')
        .map(str::trim)
        .any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == etag)
}

fn with_validators(response: &mut Response, etag: HeaderValue) {
    let headers = response.headers_mut();
    headers.insert(ETAG, etag);
    headers.insert(CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
}

/// The answer with a cached page (its buffer, not a copy), or `304` when the browser already has
/// it. The caller has checked access.
pub fn respond(page: &CachedPage, request: &HeaderMap) -> Response {
    let mut response = if not_modified(request, &page.etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = Body::from(page.body.clone()).into_response();
        response.headers_mut().insert(
            CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        );
        response
    };
    with_validators(&mut response, page.etag.clone());
    response
}

/// Stores a successful render of `key` (in the shared table and in memory) and returns it with its
/// validators; a failed render is not stored.
pub async fn store(state: &AppState, key: OwnedKey, response: Response) -> Response {
    if response.status() != StatusCode::OK {
        return response;
    }
    let (parts, body) = response.into_parts();
    let bytes = match to_bytes(body, usize::MAX).await {
        Ok(bytes) => bytes,
        Err(err) => {
            tracing::error!(error = ?err, "no se pudo leer el RIDE renderizado");
            return Response::from_parts(parts, Body::empty());
        }
    };
    let mut response = Response::from_parts(parts, Body::from(bytes.clone()));
    if std::str::from_utf8(&bytes).is_err() {
        return response;
    }
    let OwnedKey {
        company,
        access_key,
        format,
        template_version,
        page: page_key,
    } = key;
    let page = Arc::new(CachedPage::new(
        company,
        &access_key,
        format,
        template_version.clone(),
        bytes.clone(),
    ));
    let stored = state
        .db
        .run(move |conn| {
            let key = RideKey {
                company,
                access_key: &access_key,
                format,
                template_version: &template_version,
            };
            let html = std::str::from_utf8(&bytes).unwrap_or_default();
            Ok(ride_cache::store(conn, key, html)?)
        })
        .await;
    match stored {
        Ok(()) => {
            with_validators(&mut response, page.etag.clone());
            state.rides.insert(page_key, page);
        }
        Err(err) => tracing::warn!(error = ?err, "no se pudo guardar el RIDE en la caché"),
    }
    response
}
