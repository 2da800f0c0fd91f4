//! The one table of page loaders: the data of each route of the UI, loaded on the server — the
//! only loader of each page.
//!
//! A document request renders with it; the browser, when it navigates, fetches the same data from
//! `GET /api/page-data/{path}` (routes marked `data` in `ui/src/features/*/routes.ts`), so a page
//! never has a second loader to drift from this one. Each business area lists its loaders by route
//! id in its own `pages.rs` (`LOADERS`), the catalogues' plain list pages in
//! `controllers/catalogues.rs`; this is the one place that joins them, and the only page
//! code that imports the areas (the RIDE's page cache is named here too). A test (`server/tests/pages/loaders.rs`) checks that the ids here
//! are exactly the routes the route table marks `data`, each once.

use axum::http::StatusCode;
use serde_json::Value;

use super::sample;
use crate::controllers::page_loader::{Loader, Loaders, PageContext, page_not_found, route_error};
use crate::controllers::{
    auth, cash, catalogues, config, ebilling, home, inventory, purchases, receivables, reports,
    restaurant, sales, taxes,
};
use crate::views::route_id::RouteId;

/// The pages the renderer serves from a cache once rendered: the RIDEs of authorized documents.
/// Named here, with the loaders, so that the renderer itself names no area.
pub use crate::controllers::ebilling::ride as page_cache;

/// Routes of no business area: the sample printable and the catch-all.
const PLATFORM: Loaders = &[
    (RouteId::TicketSampleA4, |ctx| {
        Box::pin(sample_document(ctx))
    }),
    (RouteId::NotFound, |ctx| {
        Box::pin(std::future::ready(route_error(
            StatusCode::NOT_FOUND,
            &page_not_found(ctx.path),
        )))
    }),
];

/// Every area's loaders.
const TABLE: &[Loaders] = &[
    auth::pages::LOADERS,
    home::pages::LOADERS,
    config::pages::LOADERS,
    inventory::pages::LOADERS,
    sales::pages::LOADERS,
    purchases::pages::LOADERS,
    cash::pages::LOADERS,
    ebilling::pages::LOADERS,
    reports::pages::LOADERS,
    receivables::pages::LOADERS,
    restaurant::pages::LOADERS,
    taxes::pages::LOADERS,
    catalogues::LOADERS,
    ebilling::ride::pages::LOADERS,
    ebilling::ride::public::LOADERS,
    PLATFORM,
];

async fn sample_document(ctx: &PageContext<'_>) -> Value {
    sample::document(ctx.state, ctx.user)
        .await
        .unwrap_or_else(|err| route_error(err.status(), &err.public_message()))
}

/// Every route id with a loader, in table order (repeated ids stay repeated, for the test).
pub fn routes_with_data() -> Vec<&'static str> {
    TABLE
        .iter()
        .flat_map(|loaders| loaders.iter().map(|(id, _)| id.as_str()))
        .collect()
}

/// The loader of route `id` (`None`: the route has no data).
pub fn loader(id: &str) -> Option<Loader> {
    TABLE
        .iter()
        .flat_map(|loaders| loaders.iter())
        .find(|(route, _)| route.as_str() == id)
        .map(|(_, loader)| *loader)
}

/// Data for the route of `ctx` named `id` (`null` for a route without data).
pub async fn load(ctx: &PageContext<'_>, id: &str) -> Value {
    match loader(id) {
        Some(loader) => loader(ctx).await,
        None => Value::Null,
    }
}
