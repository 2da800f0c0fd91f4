//! `/api/tools/lector` (admin and user): read received electronic documents
//! (`POST upload`, multipart `file`: the SRI's TXT report, an authorized XML or a ZIP of them;
//! `GET upload/{id}`: the progress of its SRI look-ups),
//! import one as a purchase (`POST import`), list the remembered supplier code mappings
//! (`GET mappings`). The rules are `services::lector`.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{StatusCode, Uri};

use super::documents::one;
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles;
use crate::db::DbConnection;
use crate::domain::money::money_text;
use crate::error::{AppError, AppResult, conflict, not_in_table};
use crate::http::json::JsonBody;
use crate::http::params::{IdBody, PathId};
use crate::http::upload::{Form, UploadPermit};
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::purchases::lector::{Mapping, ReceivedDocument, ReceivedImport};
use crate::models::purchases::lector_job::LectorJob;
use crate::models::purchases::supplier::Supplier;
use crate::services::lector::document::{self, Received};
use crate::services::lector::import::{ImportBody, already_imported, import as import_document};
use crate::services::lector::job::{self, Problem};
use crate::services::lector::report::ERRORS_KEPT;
use crate::services::lector::{Reading, Refused, read_upload};
use crate::views::MessageResponse;
use crate::views::inventory::product::{price, quantity};
use crate::views::purchases::lector::{
    LectorErrorView, LectorUploadView, ReceivedDocumentView, ReceivedLineView, SupplierMappingView,
};
use crate::views::purchases::purchase::PurchaseView;

/// Largest uploaded file (the router's body limit of the upload route).
pub const UPLOAD_MAX: usize = crate::http::upload::FILE_MAX_BYTES;

/// Most mappings listed.
const MAPPINGS_MAX: i64 = 5_000;
/// Most documents an answer lists (with their lines); `documentsTotal` counts them all.
const DOCUMENTS_SHOWN: usize = 1_000;
/// How long an upload waits for its SRI look-ups before answering 202 with the job.
const INLINE_WAIT: Duration = Duration::from_secs(2);

/// Shown for an upload without its file.
const NO_FILE: &str = "Elija el reporte TXT de comprobantes recibidos, un XML autorizado o un ZIP";

fn line_views(doc: &Received, mapped: Option<&HashMap<String, i64>>) -> Vec<ReceivedLineView> {
    doc.lines
        .iter()
        .map(|l| ReceivedLineView {
            supplier_code: l.code.clone(),
            description: l.description.clone(),
            quantity: quantity(l.quantity),
            unit_cost: price(l.unit_price),
            product_id: mapped.and_then(|m| m.get(&l.code).copied()),
        })
        .collect()
}

/// The views of documents (imported flags, mapped codes).
fn document_views(
    conn: &mut DbConnection,
    company: CompanyId,
    docs: &[Received],
) -> AppResult<Vec<ReceivedDocumentView>> {
    let keys: Vec<String> = docs.iter().map(|d| d.access_key.clone()).collect();
    let imported: HashSet<String> = ReceivedImport::imported(conn, company, &keys)?
        .into_iter()
        .collect();
    let mut rucs: Vec<&str> = docs.iter().map(|d| d.issuer_ruc.as_str()).collect();
    rucs.sort_unstable();
    rucs.dedup();
    let mut mapped: HashMap<String, HashMap<String, i64>> = HashMap::new();
    for ruc in rucs {
        if let Some(s) = Supplier::find_by_identification(conn, company, ruc, None)? {
            mapped.insert(
                ruc.to_string(),
                Mapping::of_supplier(conn, company, s.id)?
                    .into_iter()
                    .collect(),
            );
        }
    }
    Ok(docs
        .iter()
        .map(|d| ReceivedDocumentView {
            access_key: d.access_key.clone(),
            issuer_ruc: d.issuer_ruc.clone(),
            issuer_name: d.issuer_name.clone(),
            doc_type: document::type_name(d.doc_type).to_string(),
            number: d.number.clone(),
            date: d.date.to_string(),
            total: money_text(d.total),
            imported: imported.contains(&d.access_key),
            lines: line_views(d, mapped.get(&d.issuer_ruc)),
        })
        .collect())
}

/// The first [`DOCUMENTS_SHOWN`] stored documents among `keys`, in their order.
fn stored_documents(
    conn: &mut DbConnection,
    company: CompanyId,
    keys: &[(usize, String)],
) -> AppResult<Vec<Received>> {
    let mut docs = Vec::new();
    for chunk in keys.chunks(500) {
        let wanted: Vec<String> = chunk.iter().map(|(_, k)| k.clone()).collect();
        let xml: HashMap<String, String> = ReceivedDocument::xml_of(conn, company, &wanted)?
            .into_iter()
            .collect();
        for key in &wanted {
            if let Some(doc) = xml.get(key).and_then(|x| document::read(x).ok()) {
                docs.push(doc);
                if docs.len() == DOCUMENTS_SHOWN {
                    return Ok(docs);
                }
            }
        }
    }
    Ok(docs)
}

/// The answer for an upload's keys once they are all answered, or for its job.
struct Answer<'a> {
    job: Option<i64>,
    status: &'a str,
    total: i64,
    processed: i64,
    found: i64,
    keys: &'a [(usize, String)],
    problems: Vec<Problem>,
    error_count: i64,
}

fn view_of(
    conn: &mut DbConnection,
    company: CompanyId,
    answer: Answer<'_>,
) -> AppResult<LectorUploadView> {
    let documents = match answer.status {
        "running" => Vec::new(),
        _ => {
            let docs = stored_documents(conn, company, answer.keys)?;
            document_views(conn, company, &docs)?
        }
    };
    let mut problems = answer.problems;
    problems.sort_by_key(|p| p.line);
    Ok(LectorUploadView {
        id: answer.job,
        status: answer.status.to_string(),
        total: answer.total,
        processed: answer.processed,
        documents_total: answer.found,
        documents,
        errors: problems
            .into_iter()
            .map(|p| LectorErrorView {
                line: p.line as i64,
                message: p.message,
            })
            .collect(),
        errors_total: answer.error_count,
    })
}

/// The view of job `id` of the company (404 for another company's).
fn job_view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<LectorUploadView> {
    let job = LectorJob::find(conn, company, id)?.ok_or_else(not_in_table)?;
    let keys = job::keys_of(&job.keys);
    view_of(
        conn,
        company,
        Answer {
            job: Some(job.id),
            status: &job.status,
            total: job.total,
            processed: job.processed,
            found: job.found,
            keys: &keys,
            problems: job::problems_of(&job.errors),
            error_count: job.error_count,
        },
    )
}

/// `POST /api/tools/lector/upload` (multipart `file`): reads the file, stores its documents, and
/// asks the SRI for the report's rows that brought none, as a job. 200 with the documents when
/// everything was answered within [`INLINE_WAIT`]; otherwise 202 with the job, whose progress is
/// `GET /api/tools/lector/upload/{_id}`. One job per company runs at a time (409).
pub async fn upload(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    request: Request,
) -> AppResult<(StatusCode, Json<LectorUploadView>)> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let permit = UploadPermit::take().await?;
    let (file_name, bytes) = Form::read(
        request,
        "Envíe el archivo como formulario multipart/form-data con el campo «file»",
        UPLOAD_MAX,
    )
    .await?
    .file("file", NO_FILE)?;
    let company = tenant.company;
    let reading = read_file(&state, company, bytes).await?;
    let upload = sort_out(&state, company, reading).await?;
    if !upload.asks {
        let view = answer_now(&state, company, upload).await?;
        return Ok((StatusCode::OK, Json(view)));
    }
    let user = tenant.user_id();
    let id = start_job(&state, company, user, file_name, upload).await?;
    drop(permit);
    let running = tokio::spawn(job::run(
        state.db.clone(),
        state.config.sri.clone(),
        company,
        id,
    ));
    let _ = tokio::time::timeout(INLINE_WAIT, running).await;
    let view = state
        .db
        .run(move |conn| job_view(conn, company, id))
        .await?;
    let status = match view.status.as_str() {
        "running" => StatusCode::ACCEPTED,
        _ => StatusCode::OK,
    };
    Ok((status, Json(view)))
}

/// Reads the uploaded file on a blocking thread, its documents checked to be the company's: 400
/// for a file that cannot be read, 422 for a document whose signature does not verify.
async fn read_file(state: &AppState, company: CompanyId, bytes: Bytes) -> AppResult<Reading> {
    let ruc = state
        .db
        .run(move |conn| Ok(Company::find(conn, company)?.ruc))
        .await?;
    tokio::task::spawn_blocking(move || read_upload(&bytes, &ruc))
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!("lectura interrumpida: {e}")))?
        .map_err(|e| match e {
            Refused::Unreadable(m) => AppError::field("file", m),
            Refused::Signature(message) => AppError::Unprocessable {
                errors: [("file".to_string(), message.clone())].into(),
                message,
            },
        })
}

/// An upload read and sorted out: what it brought, and whether the SRI must be asked.
struct Upload {
    /// The documents of its XML files.
    documents: Vec<Received>,
    /// Its keys in order: its XML files, then its report's rows.
    keys: Vec<(usize, String)>,
    /// The report's keys already stored.
    stored: HashSet<String>,
    /// Whether some row of the report has no stored document (the SRI is asked for it).
    asks: bool,
    problems: Vec<Problem>,
    error_count: i64,
    total: i64,
}

/// Sorts out what the upload brought: its keys, which of the report's rows are already stored,
/// and the problems of the report.
async fn sort_out(state: &AppState, company: CompanyId, reading: Reading) -> AppResult<Upload> {
    // The upload's keys in order: its XML files, then its report's rows.
    let mut keys: Vec<(usize, String)> = reading
        .documents
        .iter()
        .map(|d| (0, d.access_key.clone()))
        .collect();
    let report = reading.report;
    keys.extend(report.rows.iter().map(|r| (r.line, r.access_key.clone())));
    let pending: Vec<String> = report.rows.iter().map(|r| r.access_key.clone()).collect();
    let stored: HashSet<String> = state
        .db
        .run(move |conn| Ok(ReceivedDocument::stored_keys(conn, company, &pending)?))
        .await?
        .into_iter()
        .collect();
    let asks = report.rows.iter().any(|r| !stored.contains(&r.access_key));
    let error_count = report.error_count as i64;
    let problems: Vec<Problem> = report
        .errors
        .into_iter()
        .map(|(line, message)| Problem { line, message })
        .collect();
    let total = keys.len() as i64;
    Ok(Upload {
        documents: reading.documents,
        keys,
        stored,
        asks,
        problems,
        error_count,
        total,
    })
}

/// An upload that needs no SRI look-up: its documents stored, and answered at once.
async fn answer_now(
    state: &AppState,
    company: CompanyId,
    upload: Upload,
) -> AppResult<LectorUploadView> {
    let Upload {
        documents,
        keys,
        stored,
        problems,
        error_count,
        total,
        ..
    } = upload;
    let found = (documents.len() + stored.len()) as i64;
    state
        .db
        .write(move |conn| {
            ReceivedDocument::store(conn, company, &job::new_rows(&documents))?;
            view_of(
                conn,
                company,
                Answer {
                    job: None,
                    status: "done",
                    total,
                    processed: total,
                    found,
                    keys: &keys,
                    problems,
                    error_count,
                },
            )
        })
        .await
}

/// Stores the upload's documents and starts the job that asks the SRI for the rest; 409 while
/// another upload of the company is being looked up. Answers the job's id.
async fn start_job(
    state: &AppState,
    company: CompanyId,
    user: i64,
    file_name: String,
    upload: Upload,
) -> AppResult<i64> {
    let Upload {
        documents,
        keys,
        problems,
        error_count,
        total,
        ..
    } = upload;
    state
        .db
        .write(move |conn| {
            if let Some(running) = LectorJob::find_running(conn, company)? {
                return Err(conflict(format!(
                    "Ya se están consultando en el SRI los comprobantes de otra subida ({} de {} claves); espere a que termine",
                    running.processed, running.total
                )));
            }
            ReceivedDocument::store(conn, company, &job::new_rows(&documents))?;
            let kept = &problems[..problems.len().min(ERRORS_KEPT)];
            Ok(LectorJob::start(
                conn,
                company,
                user,
                &file_name,
                total,
                &job::keys_json(&keys),
                &job::problems_json(kept),
                error_count,
                job::LEASE,
            )?)
        })
        .await
}

/// `GET /api/tools/lector/upload/{id}`: the job's progress; its documents once done.
pub async fn upload_job(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<LectorUploadView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    Ok(Json(
        state
            .db
            .run(move |conn| job_view(conn, tenant.company, id))
            .await?,
    ))
}

/// `POST /api/tools/lector/import` → 201 with the purchase.
pub async fn import(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<ImportBody>,
) -> AppResult<(StatusCode, Json<PurchaseView>)> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let company = tenant.company;
    let key = body.access_key.clone().unwrap_or_default();
    let written = state
        .db
        .write(move |conn| {
            let (id, kind) = import_document(conn, &tenant, &body)?;
            one(conn, tenant.company, kind, id)
        })
        .await;
    match written {
        Ok(view) => Ok((StatusCode::CREATED, Json(view))),
        // Two imports at once: the loser's unique-index failure says it was imported.
        Err(err @ AppError::Conflict { .. }) => {
            let key = key.trim().to_string();
            let done = {
                let key = key.clone();
                state
                    .db
                    .run(move |conn| Ok(ReceivedImport::purchase_of(conn, company, &key)?))
                    .await?
            };
            match done {
                Some(_) => Err(already_imported(&key)),
                None => Err(err),
            }
        }
        Err(err) => Err(err),
    }
}

/// The company's mappings (of one supplier when `supplier` is given), by supplier and code.
pub fn mapping_views(
    conn: &mut DbConnection,
    company: CompanyId,
    supplier: Option<i64>,
) -> AppResult<Vec<SupplierMappingView>> {
    Ok(Mapping::list(conn, company, supplier, MAPPINGS_MAX)?
        .into_iter()
        .map(|m| SupplierMappingView {
            id: m.id,
            supplier_id: m.supplier_id,
            supplier_identification: m.supplier_identification,
            supplier_name: m.supplier_name,
            supplier_code: m.supplier_code,
            product_id: m.product_id,
            product_code: m.product_code,
            product_name: m.product_name,
        })
        .collect())
}

/// `GET /api/tools/lector/mappings` (`?supplierId=` narrows to one supplier).
pub async fn mappings(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: Uri,
) -> AppResult<Json<Vec<SupplierMappingView>>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let query: HashMap<String, String> =
        serde_urlencoded::from_str(uri.query().unwrap_or_default()).unwrap_or_default();
    let supplier = match query
        .get("supplierId")
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
    {
        Some(id) => Some(id.parse::<i64>().map_err(|_| not_in_table())?),
        None => None,
    };
    Ok(Json(
        state
            .db
            .run(move |conn| mapping_views(conn, tenant.company, supplier))
            .await?,
    ))
}

/// `POST /api/tools/lector/mappings/delete {_id}`: forgets a supplier code mapping (the next
/// import of that code asks for a product again); another company's mapping is 404.
pub async fn delete_mapping(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> AppResult<Json<MessageResponse>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let id = body.id.required()?;
    let deleted = state
        .db
        .write(move |conn| Ok(Mapping::delete(conn, tenant.company, id)?))
        .await?;
    if deleted == 0 {
        return Err(not_in_table());
    }
    Ok(Json(MessageResponse {
        message: "Asociación eliminada".into(),
    }))
}
