//! The RIDE cache: an authorized document never changes, so its printable page is rendered once
//! per UI build and then served from `ride_cache`, shared by every app server.
//!
//! The document handler asks [`lookup`] before rendering a printable RIDE route. The access check
//! runs first, exactly as the page's loader does it (signed-in user of the company, a document of
//! the company and of the route's type); only then is the cached page read. Documents that are not
//! AUTORIZADO are never cached (their page changes when the SRI answers). The key carries the
//! template version — the UI build id ([`crate::ssr::bundle::build_id`]), which changes whenever
//! the bundled pages or styles change, followed by `+` and the company's last change (its logo is
//! the one thing on the page that is not in the document) — so a new build or a new logo renders
//! again.

use axum::body::{Body, to_bytes};
use axum::http::StatusCode;
use axum::response::Response;

use super::pages::{PRINTABLES, document_of};
use crate::app::AppState;
use crate::auth::extract::AuthUser;
use crate::auth::roles;
use crate::models::CompanyId;
use crate::models::sri::ride_cache::{self, RideKey};
use crate::sri::queue::DocumentStatus;
use crate::ssr::routes::RouteMatch;

/// What the handler does with a request.
pub enum Lookup {
    /// Not a cacheable RIDE (another page, no access, a document not yet authorized): render as
    /// usual, the loader answers any error.
    Render,
    /// The cached page.
    Hit(String),
    /// Render, then [`store`] the page under this key.
    Miss(OwnedKey),
}

/// The key of a page to store.
pub struct OwnedKey {
    company: CompanyId,
    access_key: String,
    format: &'static str,
    template_version: String,
}

/// The UI part of the template version: this server's build of the pages.
pub fn template_version() -> &'static str {
    crate::ssr::bundle::build_id()
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
    let Some((_, kind, format)) = PRINTABLES.iter().find(|(id, _, _)| *id == leaf.id).copied()
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
    let version = version.to_string();
    let company = tenant.company;
    let found = state
        .db
        .run(move |conn| {
            let Ok(doc) = document_of(conn, company, kind, &param) else {
                return Ok(Lookup::Render);
            };
            if doc.status != DocumentStatus::Authorized.as_str() {
                return Ok(Lookup::Render);
            }
            Ok(keyed(conn, company, &doc.access_key, format, &version)?)
        })
        .await;
    match found {
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
) -> diesel::QueryResult<Lookup> {
    let version = format!("{version}+{}", ride_cache::company_stamp(conn, company)?);
    let key = RideKey {
        company,
        access_key,
        format,
        template_version: &version,
    };
    Ok(match ride_cache::find(conn, key)? {
        Some(html) => Lookup::Hit(html),
        None => Lookup::Miss(OwnedKey {
            company,
            access_key: access_key.to_string(),
            format,
            template_version: version.clone(),
        }),
    })
}

/// Stores a successful render of `key` and returns it unchanged (a failed render is not stored).
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
    if let Ok(html) = std::str::from_utf8(&bytes) {
        let html = html.to_string();
        let stored = state
            .db
            .run(move |conn| {
                let key = RideKey {
                    company: key.company,
                    access_key: &key.access_key,
                    format: key.format,
                    template_version: &key.template_version,
                };
                Ok(ride_cache::store(conn, key, &html)?)
            })
            .await;
        if let Err(err) = stored {
            tracing::warn!(error = ?err, "no se pudo guardar el RIDE en la caché");
        }
    }
    Response::from_parts(parts, Body::from(bytes))
}
