//! Data of the reports pages, from the same functions as their APIs.

use super::api::{sales_data, slow_data, stock_data, top_data};
use crate::controllers::page_loader::Loaders;
use crate::models::config::company::Company;
use crate::services::reports::sales::GroupBy;
use crate::util::time::now;
use crate::views::reports::{ReportsPage, SalesReportPrint};
use crate::views::route_id::RouteId;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[
    (RouteId::AdminReports, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            let values = query.values();
            Ok(ReportsPage {
                sales: sales_data(conn, tenant, values)?,
                top: top_data(conn, tenant, values)?,
                slow: slow_data(conn, tenant, values)?,
                stock: stock_data(conn, tenant)?,
            })
        })
    }),
    (RouteId::AdminReportsPrint, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            let values = query.values();
            let group = GroupBy::parse(query.get("groupBy"))?;
            let company = Company::find(conn, tenant.company)?;
            let branch = tenant.branch(conn)?;
            Ok(SalesReportPrint {
                company: company.trade_name.unwrap_or(company.business_name),
                branch: branch.name,
                group_label: group.label().into(),
                report: sales_data(conn, tenant, values)?,
                printed_at: tenant.zone().iso(now()),
            })
        })
    }),
];
