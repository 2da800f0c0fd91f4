//! `/api/tools/lector` (admin and user): read received electronic documents
//! (`POST upload`, multipart `file`: the SRI's TXT report, an authorized XML or a ZIP of them),
//! import one as a purchase (`POST import`), list the remembered supplier code mappings
//! (`GET mappings`). The rules are `services::lector`.

use std::collections::{HashMap, HashSet};

use axum::Json;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{StatusCode, Uri};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles;
use crate::controllers::purchases::documents::one;
use crate::db::DbConnection;
use crate::domain::money::money_text;
use crate::error::{AppError, AppResult, not_in_table};
use crate::http::json::JsonBody;
use crate::http::params::{IdBody, parse_id};
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::purchases::lector::{Mapping, NewReceived, ReceivedDocument, ReceivedImport};
use crate::models::purchases::supplier::Supplier;
use crate::services::lector::document::{self, Received};
use crate::services::lector::import::{ImportBody, already_imported, import as import_document};
use crate::services::lector::{Refused, accept, fetch, read_upload};
use crate::views::MessageResponse;
use crate::views::inventory::product::{price, quantity};
use crate::views::purchases::lector::{
    LectorErrorView, LectorUploadView, ReceivedDocumentView, ReceivedLineView, SupplierMappingView,
};
use crate::views::purchases::purchase::PurchaseView;

pub use crate::services::lector::files::UPLOAD_MAX;

/// Most mappings listed.
const MAPPINGS_MAX: i64 = 5_000;
/// Most documents asked of the SRI in one upload; the rest are asked when the same report is
/// uploaded again (the documents already read are not asked for twice).
const FETCH_MAX: usize = 500;

async fn file_of(request: Request) -> AppResult<Vec<u8>> {
    let mut multipart = Multipart::from_request(request, &()).await.map_err(|_| {
        AppError::BadRequest(
            "Envíe el archivo como formulario multipart/form-data con el campo «file»".into(),
        )
    })?;
    let mut file = None;
    while let Some(part) = multipart.next_field().await.map_err(|e| {
        AppError::BadRequest(format!("No se pudo leer el formulario: {}", e.body_text()))
    })? {
        if part.name() == Some("file") {
            let bytes = part.bytes().await.map_err(|e| {
                AppError::field(
                    "file",
                    format!("No se pudo leer el archivo: {}", e.body_text()),
                )
            })?;
            file = Some(bytes.to_vec());
        }
    }
    file.filter(|b| !b.is_empty()).ok_or_else(|| {
        AppError::field(
            "file",
            "Elija el reporte TXT de comprobantes recibidos, un XML autorizado o un ZIP",
        )
    })
}

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

/// Stores the documents and builds their views (imported flags, mapped codes).
fn store_and_view(
    conn: &mut DbConnection,
    company: CompanyId,
    docs: &[Received],
) -> AppResult<Vec<ReceivedDocumentView>> {
    let rows: Vec<NewReceived<'_>> = docs
        .iter()
        .map(|d| NewReceived {
            access_key: &d.access_key,
            doc_type: d.doc_type.code(),
            issuer_ruc: &d.issuer_ruc,
            issuer_name: &d.issuer_name,
            number: &d.number,
            issue_date: d.date,
            total: d.total,
            xml: &d.xml,
        })
        .collect();
    ReceivedDocument::store(conn, company, &rows)?;
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

/// `POST /api/tools/lector/upload` → `{documents, errors}`.
pub async fn upload(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    request: Request,
) -> AppResult<Json<LectorUploadView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let bytes = file_of(request).await?;
    let company = tenant.company;
    let ruc = state
        .db
        .run(move |conn| Ok(Company::find(conn, company)?.ruc))
        .await?;
    let reading = {
        let ruc = ruc.clone();
        tokio::task::spawn_blocking(move || read_upload(&bytes, &ruc))
            .await
            .map_err(|e| AppError::Internal(anyhow::anyhow!("lectura interrumpida: {e}")))?
            .map_err(|e| match e {
                Refused::Unreadable(m) => AppError::field("file", m),
                Refused::Signature(message) => AppError::Unprocessable {
                    errors: [("file".to_string(), message.clone())].into(),
                    message,
                },
            })?
    };
    let mut documents = reading.documents;
    let mut errors = reading.errors;
    // Report rows: the documents stored by an earlier upload, then the SRI for the rest.
    let keys: Vec<String> = reading
        .pending
        .iter()
        .map(|r| r.access_key.clone())
        .collect();
    let stored: HashMap<String, String> = state
        .db
        .run(move |conn| Ok(ReceivedDocument::xml_of(conn, company, &keys)?))
        .await?
        .into_iter()
        .collect();
    let mut ask = Vec::new();
    for row in reading.pending {
        match stored.get(&row.access_key) {
            Some(xml) => match document::read(xml) {
                Ok(doc) => documents.push(doc),
                Err(e) => errors.push((row.line, e)),
            },
            None if ask.len() < FETCH_MAX => ask.push(row),
            None => errors.push((
                row.line,
                format!(
                    "No se consultó en el SRI: se consultan hasta {FETCH_MAX} comprobantes por subida; suba el reporte otra vez para seguir"
                ),
            )),
        }
    }
    for (row, xml) in fetch::all(&state.config.sri, ask).await {
        let doc = xml
            .and_then(|x| accept(&x, &ruc).map_err(Refused::message))
            .and_then(|d| {
                if d.access_key != row.access_key {
                    return Err(format!(
                        "El SRI devolvió otro comprobante ({}) para la clave {}",
                        d.access_key, row.access_key
                    ));
                }
                Ok(d)
            });
        match doc {
            Ok(d) => documents.push(d),
            Err(e) => errors.push((row.line, e)),
        }
    }
    errors.sort_by_key(|(line, _)| *line);
    let views = state
        .db
        .write(move |conn| store_and_view(conn, company, &documents))
        .await?;
    Ok(Json(LectorUploadView {
        documents: views,
        errors: errors
            .into_iter()
            .map(|(line, message)| LectorErrorView {
                line: line as i64,
                message,
            })
            .collect(),
    }))
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
    let id = parse_id(body.id.as_ref())?;
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
