//! The public RIDE: `/ride/{claveDeAcceso}?expira=<unix>&firma=<hex>` (route `ride-public`,
//! `ui/src/features/ebilling/routes.ts`), the link in the buyer's e-mail.
//!
//! No session: the signed link is the permission ([`crate::services::ebilling::ride_link`]). A
//! missing or wrong signature is 403, a genuine link past its expiry 410, each with a Spanish
//! error page; the signature is checked before the database is read. With a valid link the page
//! is the A4 RIDE of that one authorized factura, nota de crédito or guía de remisión — the printable layout, with
//! no app menu, no scripts and no link to anything else. Its render is cached like the other
//! printable RIDEs (format [`FORMAT`], and in memory by clave), and the e-mail's RIDE attachment is this same page
//! ([`super::attachment::render_attachment`]): one rendering path.

use axum::http::StatusCode;
use serde_json::Value;

use super::cache::{self, Lookup};
use super::pages::{NOT_FOUND, has_ride, ride_view};
use crate::app::AppState;
use crate::controllers::page_loader::{Loaders, PageContext, route_error};
use crate::db::DbConnection;
use crate::domain::document_status::DocumentStatus;
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::sri::document::SriDocument;
use crate::services::ebilling::ride_link::{self, LinkError};
use crate::ssr::ride_memory::PageKey;
use crate::ssr::routes::RouteMatch;
use crate::util::time::now;
use crate::views::ride::RidePage;
use crate::views::route_id::RouteId;

/// Route id of the public RIDE.
pub const ROUTE_ID: RouteId = RouteId::RidePublic;
/// The cache format of the public page.
pub const FORMAT: &str = "publicA4";

/// The loader of the public RIDE.
pub const LOADERS: Loaders = &[(ROUTE_ID, |ctx| Box::pin(load(ctx)))];

fn status_of(error: LinkError) -> StatusCode {
    match error {
        LinkError::Invalid => StatusCode::FORBIDDEN,
        LinkError::Expired => StatusCode::GONE,
    }
}

/// Checks the link's `expira` and `firma` for `access_key`.
fn check(
    state: &AppState,
    access_key: &str,
    expires: Option<&str>,
    signature: Option<&str>,
) -> Result<(), LinkError> {
    let key = ride_link::key(state.config.secret.as_ref()).ok_or(LinkError::Invalid)?;
    key.verify(access_key, expires, signature, now())
}

/// The authorized factura, nota de crédito or guía de remisión with clave `access_key` (of whichever company: the
/// caller checked the link), else 404.
fn authorized(conn: &mut DbConnection, access_key: &str) -> AppResult<SriDocument> {
    SriDocument::find_by_access_key_anywhere(conn, access_key)?
        .filter(has_ride)
        .filter(|d| d.status == DocumentStatus::Authorized.as_str())
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

async fn load(ctx: &PageContext<'_>) -> Value {
    let access_key = ctx.param("accessKey");
    let query = |name: &str| ctx.query.get(name).map(String::as_str);
    if let Err(error) = check(ctx.state, &access_key, query("expira"), query("firma")) {
        return route_error(status_of(error), error.message());
    }
    let page = ctx
        .state
        .db
        .run(move |conn| {
            let doc = authorized(conn, &access_key)?;
            Ok(RidePage {
                ride: ride_view(conn, CompanyId::trusted(doc.company_id), &doc)?,
            })
        })
        .await
        .and_then(|page| serde_json::to_value(page).map_err(|e| AppError::Internal(e.into())));
    page.unwrap_or_else(|err| route_error(err.status(), &err.public_message()))
}

/// The cache lookup of a request for the public RIDE (`None` for any other page): only a valid
/// link to an authorized document reads the cache; anything else renders, and the loader
/// answers the refusal.
pub async fn lookup(
    state: &AppState,
    route: Option<&RouteMatch>,
    query: Option<&str>,
) -> Option<Lookup> {
    let route = route?;
    if route.leaf()?.id != ROUTE_ID.as_str() {
        return None;
    }
    let access_key = route.params.get("accessKey").cloned().unwrap_or_default();
    let values: Vec<(String, String)> =
        serde_urlencoded::from_str(query.unwrap_or_default()).unwrap_or_default();
    let get = |name: &str| {
        values
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    if check(state, &access_key, get("expira"), get("firma")).is_err() {
        return Some(Lookup::Render);
    }
    let version = cache::template_version();
    let page_key = PageKey::Public {
        access_key: access_key.clone(),
    };
    // The link names the document: any copy of its page is the one to serve, if still current.
    match cache::remembered(state, &page_key, None, version).await {
        Ok(Some(page)) => return Some(Lookup::Hit(page)),
        Ok(None) => {}
        Err(err) => {
            tracing::warn!(error = ?err, "no se pudo leer la caché del RIDE");
            return Some(Lookup::Render);
        }
    }
    let key = page_key.clone();
    let found = state
        .db
        .run(move |conn| {
            let Ok(doc) = authorized(conn, &access_key) else {
                return Ok(Lookup::Render);
            };
            let company = CompanyId::trusted(doc.company_id);
            Ok(cache::keyed(
                conn,
                company,
                &doc.access_key,
                FORMAT,
                version,
                key,
            )?)
        })
        .await;
    Some(cache::found_in_table(state, page_key, found))
}
