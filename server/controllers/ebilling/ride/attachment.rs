//! The e-mail's RIDE attachment: the public RIDE page ([`super::public`]) of an authorized
//! document, rendered by the page renderer exactly as a request for its signed link would be,
//! through the RIDE cache.

use axum::body::to_bytes;
use axum::http::StatusCode;

use super::cache::{self, Lookup};
use super::public;
use crate::app::AppState;
use crate::auth::csrf::CsrfToken;
use crate::controllers::pages::render_with;
use crate::services::ebilling::ride_link;
use crate::util::time::now;

/// The public RIDE page of the authorized document `access_key` as a self-contained HTML file
/// (the e-mail's attachment): a fresh signed link rendered exactly as a request for it would be,
/// through the RIDE cache.
pub async fn render_attachment(state: &AppState, access_key: &str) -> Result<String, String> {
    let key = ride_link::key(state.config.secret.as_ref())
        .ok_or("sin MOSTRADOR_SECRET no se puede firmar el enlace del RIDE")?;
    let target = key
        .path(access_key, now())
        .ok_or("no se pudo firmar el enlace del RIDE")?;
    let path = target.split('?').next().unwrap_or_default().to_string();
    let route = crate::ssr::routes::RouteTable::embedded().find(&path);
    let query = target.split_once('?').map(|(_, q)| q);
    let cached = public::lookup(state, route.as_ref(), query)
        .await
        .unwrap_or(Lookup::Render);
    if let Lookup::Hit(page) = cached {
        return String::from_utf8(page.body.to_vec()).map_err(|e| e.to_string());
    }
    let csrf = CsrfToken {
        value: String::new(),
        from_cookie: false,
    };
    let response = render_with(state, &target, None, &csrf, [], None).await;
    let response = match cached {
        Lookup::Miss(key) => cache::store(state, key, response).await,
        _ => response,
    };
    if response.status() != StatusCode::OK {
        return Err(format!(
            "el RIDE no se pudo renderizar (HTTP {})",
            response.status().as_u16()
        ));
    }
    let bytes = to_bytes(response.into_body(), usize::MAX)
        .await
        .map_err(|e| e.to_string())?;
    String::from_utf8(bytes.to_vec()).map_err(|e| e.to_string())
}
