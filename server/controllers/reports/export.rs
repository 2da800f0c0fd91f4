//! `GET /api/reports/sales/export?from=&to=&groupBy=&format=csv|xlsx`: the sales report as a
//! download, written by `util::export` (every cell neutralised against formulas). The rows are
//! built once ([`rows`]) and handed to the CSV or the XLSX writer.

use axum::extract::State;
use axum::response::Response;

use super::api::sales_data;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles;
use crate::error::{AppError, AppResult};
use crate::http::params::query_map;
use crate::services::reports::sales::GroupBy;
use crate::util::export::{FORMAT_PROBLEM, Format, download};
use crate::views::reports::SalesReportView;

/// The report as spreadsheet rows: header, one row per group, the totals; by product or
/// category the units sold last.
pub fn rows(group: GroupBy, report: &SalesReportView) -> Vec<Vec<String>> {
    let units = matches!(group, GroupBy::Product | GroupBy::Category);
    let mut header: Vec<String> = [
        group.label(),
        "Ventas",
        "Base",
        "IVA",
        "Total",
        "Costo",
        "Margen",
    ]
    .map(String::from)
    .to_vec();
    if units {
        header.push("Unidades".into());
    }
    let mut out = vec![header];
    for r in report.rows.iter().chain(std::iter::once(&report.totals)) {
        let mut row = vec![
            r.label.clone(),
            r.count.to_string(),
            r.base.clone(),
            r.iva.clone(),
            r.total.clone(),
            r.cost.clone(),
            r.margin.clone(),
        ];
        if units {
            row.push(r.units.clone().unwrap_or_default());
        }
        out.push(row);
    }
    out
}

/// `GET /api/reports/sales/export`.
pub async fn sales(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: axum::http::Uri,
) -> AppResult<Response> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let query = query_map(&uri);
    let group = GroupBy::parse(query.get("groupBy").map(String::as_str))?;
    let format = Format::parse(query.get("format").map(String::as_str))
        .ok_or_else(|| AppError::field("format", FORMAT_PROBLEM))?;
    let report = state
        .db
        .run(move |conn| sales_data(conn, &tenant, &query))
        .await?;
    let name = format!("ventas-{}-{}-{}", group.as_str(), report.from, report.to);
    // Ventas, base, IVA, total, costo and margen are numbers a spreadsheet sums.
    download(format, &name, &rows(group, &report), &[1, 2, 3, 4, 5, 6, 7])
        .map_err(AppError::BadRequest)
}
