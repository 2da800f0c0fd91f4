//! The RIDE (representación impresa del documento electrónico, sri.md §6) of the company's
//! facturas, notas de crédito and guías de remisión: the data of its pages ([`pages`]) and the cache of the rendered
//! pages of authorized documents ([`cache`], with this server's copy in `ssr::ride_memory`), and the
//! e-mail that carries a document with its RIDE ([`mail`]).

pub mod attachment;
pub mod cache;
pub mod mail;
pub mod pages;
pub mod public;

use crate::app::AppState;
use crate::auth::signed_in::AuthUser;
use crate::ssr::routes::RouteMatch;

/// The page renderer's cache lookup for a request of `route`: the public RIDE (a signed link, no
/// session) after its link is checked, an authorized document's RIDE after the same access check
/// as its loader; [`cache::Lookup::Render`] for any other page.
pub async fn lookup(
    state: &AppState,
    route: Option<&RouteMatch>,
    user: Option<&AuthUser>,
    query: Option<&str>,
) -> cache::Lookup {
    match public::lookup(state, route, query).await {
        Some(found) => found,
        None => cache::lookup(state, route, user, cache::template_version()).await,
    }
}
