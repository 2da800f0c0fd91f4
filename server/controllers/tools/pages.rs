//! Data of the tools pages, from the same functions as their APIs.

use super::lector::mapping_views;
use crate::controllers::options;
use crate::controllers::page_loader::Loaders;
use crate::views::purchases::lector::LectorPage;
use crate::views::route_id::RouteId;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[(RouteId::ToolsLector, |ctx| {
    ctx.tenant(|conn, tenant, _query| {
        Ok(LectorPage {
            cellars: options::cellars(conn, tenant)?,
            mappings: mapping_views(conn, tenant.company, None)?,
        })
    })
})];
