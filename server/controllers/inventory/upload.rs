//! `/api/inventory/upload` (admin only): bulk import of products from CSV, XLSX, XLS or ODS
//! (`util::spreadsheet`). The handler
//! reads the file and starts the job in the background; the import itself is
//! `services::inventory::import`.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Query, Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::Value;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult, not_in_table};
use crate::http::params::PathId;
use crate::http::upload::{FILE_MAX_BYTES, Form, UploadPermit};
use crate::models::CompanyId;
use crate::models::inventory::import_job::ImportJob;
use crate::services::inventory::import::RowError;
use crate::services::inventory::import::{COLUMNS, run_job};
use crate::util::export::{FORMAT_PROBLEM, Format, download};
use crate::util::spreadsheet::{Limits, read_rows};
use crate::views::inventory::import::{ImportJobView, ImportStarted};

/// Largest file accepted.
pub const UPLOAD_MAX: usize = FILE_MAX_BYTES;

/// `POST /api/inventory/upload` (multipart `file`): starts the import and answers `{_id}` at once.
pub async fn upload(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    request: Request,
) -> AppResult<(StatusCode, Json<ImportStarted>)> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let permit = UploadPermit::take().await?;
    let (name, bytes) = Form::read(
        request,
        "Envíe el archivo como formulario multipart/form-data con el campo «file»",
        UPLOAD_MAX,
    )
    .await?
    .file("file", "Elija un archivo CSV, XLSX, XLS u ODS")?;
    // The file's bytes go as soon as its rows are read; the rows stay with the job, which keeps
    // the turn until it ends.
    let rows = tokio::task::spawn_blocking(move || read_rows(&bytes, &Limits::PRODUCTS))
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!("lectura interrumpida: {e}")))?
        .map_err(|e| AppError::field("file", e))?;
    if rows.len() < 2 {
        return Err(AppError::field(
            "file",
            "El archivo no tiene filas de productos",
        ));
    }
    let total = rows.len() as i64 - 1;
    let db = state.db.clone();
    let (job, branch) = state
        .db
        .run({
            let tenant = tenant.clone();
            move |conn| {
                let branch = tenant.branch(conn)?.id;
                Ok((
                    ImportJob::start(conn, tenant.company, tenant.user_id(), &name, total)?,
                    branch,
                ))
            }
        })
        .await?;
    let span = tracing::Span::current();
    tokio::task::spawn_blocking(move || {
        let _entered = span.enter();
        let _turn = permit;
        match db.get() {
            Ok(mut conn) => {
                let company = tenant.company;
                let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    run_job(&mut conn, &tenant, branch, job, rows)
                }));
                // A panic would leave the job «running» for ever: it is marked failed.
                if ran.is_err() {
                    let _ = ImportJob::fail(&mut conn, company, job);
                }
            }
            Err(e) => tracing::error!("importación {job} sin base de datos: {e}"),
        }
    });
    Ok((StatusCode::ACCEPTED, Json(ImportStarted { id: job })))
}

/// The view of a job.
pub fn job_view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<ImportJobView> {
    let job = ImportJob::find(conn, company, id)?.ok_or_else(not_in_table)?;
    let errors: Vec<Value> = serde_json::from_str(&job.errors).unwrap_or_default();
    Ok(ImportJobView {
        id: job.id,
        file_name: job.file_name,
        status: job.status,
        total: job.total,
        processed: job.processed,
        created: job.created,
        updated: job.updated,
        errors: errors
            .into_iter()
            .map(|e| RowError {
                row: e["row"].as_i64().unwrap_or(0),
                column: e["column"].as_str().unwrap_or_default().into(),
                message: e["message"].as_str().unwrap_or_default().into(),
            })
            .collect(),
    })
}

/// `GET /api/inventory/upload/{id}`: `{status, total, processed, created, updated, errors}`.
pub async fn job(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<ImportJobView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    Ok(Json(
        state
            .db
            .run(move |conn| job_view(conn, tenant.company, id))
            .await?,
    ))
}

/// `GET /api/inventory/upload/template[?format=xlsx]`: the template as CSV (default) or XLSX,
/// written like every file the app produces (`util::export`: `;`, UTF-8 with BOM for Excel,
/// cells neutralised).
pub async fn template(
    CurrentUser(auth): CurrentUser,
    Query(query): Query<HashMap<String, String>>,
) -> AppResult<Response> {
    auth.tenant(roles::ADMIN)?;
    let format = Format::parse(query.get("format").map(String::as_str))
        .ok_or_else(|| AppError::field("format", FORMAT_PROBLEM))?;
    let example = [
        "P0001",
        "7861234500017|7861234500024",
        "Azúcar blanca 1 kg",
        "",
        "Abarrotes",
        "unidad",
        "0",
        "1.10",
        "1.05",
        "1.00",
        "10",
        "producto",
        "Bodega principal",
        "24",
        "0.88",
    ];
    let rows: Vec<Vec<String>> = [COLUMNS, &example[..]]
        .iter()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect();
    // Every cell of the template stays text: codes and barcodes keep their digits.
    download(format, "plantilla-productos", &rows, &[]).map_err(AppError::BadRequest)
}
