//! Data of the e-billing pages, from the same functions as their APIs.

use super::documents::list_page;
use crate::controllers::page_loader::Loaders;
use crate::views::ebilling::pages::ElectronicDocumentsPage;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[("ebilling-documents", |ctx| {
    ctx.tenant(|conn, tenant, query| {
        Ok(ElectronicDocumentsPage {
            list: list_page(conn, tenant, Some(query.raw()), &query.list()?)?,
        })
    })
})];
