//! Data of the purchases pages, from the same functions as their APIs.

use super::suppliers;
use crate::controllers::page_loader::Loaders;
use crate::views::purchases::supplier::SuppliersPage;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[("purchases-suppliers", |ctx| {
    ctx.tenant(|conn, tenant, query| {
        Ok(SuppliersPage {
            list: suppliers::list_page(conn, tenant, &query.list()?)?,
        })
    })
})];
