//! Data of the taxes page, from the same functions as its API.

use super::rates;
use crate::controllers::page_loader::Loaders;
use crate::views::route_id::RouteId;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[(RouteId::ConfigTaxes, |ctx| {
    ctx.tenant(|conn, tenant, query| {
        // `?date=` when valid, else today in the company's zone.
        let asked = rates::parse_day(query.get("date")).ok().flatten();
        rates::page(conn, tenant, asked.unwrap_or_else(|| tenant.zone().today()))
    })
})];
