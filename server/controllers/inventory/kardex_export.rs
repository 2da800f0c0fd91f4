//! `GET /api/inventory/kardex/export[?format=xlsx]`: the kardex of the whole range as CSV or
//! XLSX, in Spanish (movement and document names from the tables of `services::inventory::stock`,
//! never the stored codes), with the warehouse of each row and the balance of the selection
//! beside the warehouse's own; every cell neutralised against formulas (`util::export`).

use std::collections::HashMap;

use axum::extract::State;
use axum::response::Response;

use super::kardex::{BranchBalance, row_views, selection};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::db::DbConnection;
use crate::db::list::ListParams;
use crate::error::{AppError, AppResult};
use crate::http::params::query_map;
use crate::models::inventory::kardex::KardexRow;
use crate::services::inventory::stock::{document_label, movement_label};
use crate::util::export::{FORMAT_PROBLEM, Format, download};

/// Rows read per query while exporting.
const EXPORT_CHUNK: i64 = 2000;

/// The header: the product, then the columns of the kardex table.
const EXPORT_COLUMNS: [&str; 16] = [
    "Código",
    "Producto",
    "Fecha",
    "Tipo",
    "Documento",
    "Bodega",
    "Entrada",
    "Salida",
    "Costo unitario",
    "Costo total",
    "Saldo bodega",
    "Saldo total",
    "Costo promedio",
    "Valor",
    "Usuario",
    "Fecha del documento",
];

/// The columns written as numbers in the XLSX (Entrada … Valor).
const NUMERIC_COLUMNS: [usize; 8] = [6, 7, 8, 9, 10, 11, 12, 13];

/// The whole range of the [`selection`] as rows (header first), and the product's code.
fn export_rows(
    conn: &mut DbConnection,
    tenant: &Tenant,
    raw_query: &str,
    query: &HashMap<String, String>,
) -> AppResult<(String, Vec<Vec<String>>)> {
    let params = ListParams::from_query(raw_query)?;
    let (product, q) = selection(conn, tenant, &params, query)?;
    let mut rows = vec![EXPORT_COLUMNS.map(String::from).to_vec()];
    let mut offset = 0;
    let mut running: Option<BranchBalance> = None;
    loop {
        let (chunk, total) = KardexRow::page(conn, tenant.company, &q, offset, EXPORT_CHUNK)?;
        if running.is_none()
            && let Some(first) = chunk.first()
        {
            running = Some(BranchBalance::before(conn, tenant, &q, first.id)?);
        }
        for (row, r) in chunk.iter().zip(row_views(conn, tenant, &chunk)?) {
            let branch = match running.as_mut() {
                Some(running) => running.after(row)?,
                None => String::new(),
            };
            let document = format!(
                "{} {}",
                document_label(&r.document.doc_type),
                r.document.number.as_deref().unwrap_or_default()
            );
            rows.push(vec![
                product.code.clone(),
                product.name.clone(),
                tenant.zone().text(row.created_at),
                movement_label(&r.movement_type).to_string(),
                document.trim().to_string(),
                r.cellar_name,
                r.quantity_in,
                r.quantity_out,
                r.unit_cost,
                r.total_cost,
                r.balance_quantity,
                branch,
                r.average_cost,
                r.balance_value,
                r.user.unwrap_or_default(),
                row.document_date
                    .map(crate::util::time::date_text)
                    .unwrap_or_default(),
            ]);
        }
        offset += EXPORT_CHUNK;
        if chunk.is_empty() || offset >= total {
            break;
        }
    }
    Ok((product.code, rows))
}

/// `GET /api/inventory/kardex/export` (same filters and rules as the kardex; `page` and `limit`
/// ignored; `format=csv` (default) or `xlsx`): `kardex-<código>.csv` or `.xlsx`.
pub async fn export(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: axum::http::Uri,
) -> AppResult<Response> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let query = query_map(&uri);
    let format = Format::parse(query.get("format").map(String::as_str))
        .ok_or_else(|| AppError::field("format", FORMAT_PROBLEM))?;
    let raw = uri.query().unwrap_or_default().to_string();
    let (code, rows) = state
        .db
        .run(move |conn| export_rows(conn, &tenant, &raw, &query))
        .await?;
    // The code goes into a header: only characters that need no quoting there.
    let safe: String = code
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();
    let name = if safe.is_empty() {
        "producto".into()
    } else {
        safe
    };
    download(format, &format!("kardex-{name}"), &rows, &NUMERIC_COLUMNS)
        .map_err(AppError::BadRequest)
}
