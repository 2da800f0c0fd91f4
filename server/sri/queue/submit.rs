//! Putting documents into the queue: a new document, or the correction of a rejected one.

use diesel::result::{DatabaseErrorKind, Error as DieselError};

use super::schedule::send_allowed_from;
use super::{DocumentId, worker};
use crate::db::{DbConnection, write_transaction};
use crate::domain::document_status::DocumentStatus;
use crate::domain::money::fmt2;
use crate::error::{AppError, FieldErrors};
use crate::models::CompanyId;
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::company::Company;
use crate::models::config::emission_point::EmissionPoint;
use crate::models::sri::document::{DocumentChanges, NewSriDocument, SriDocument};
use crate::sri::clave::ClaveAcceso;
use crate::sri::document::{BuildError, SignedDocument, build_and_sign};
use crate::sri::model::Comprobante;
use crate::sri::sign::{SignOptions, SigningIdentity};
use crate::sri::validate::ValidationContext;
use crate::util::time::now;

/// Why a document could not be queued or corrected. Messages are Spanish and name the field.
#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    /// The model is invalid, the XML does not meet the XSD, or it could not be signed.
    #[error(transparent)]
    Build(#[from] BuildError),
    /// The document does not fit the company or branch it is queued for.
    #[error("{field}: {message}")]
    Mismatch {
        /// Field of the model (`header.issuer.ruc`, `header.establishment`…).
        field: &'static str,
        /// Spanish explanation.
        message: String,
    },
    /// The company, branch or document does not exist (or belongs to another company).
    #[error("{0}")]
    NotFound(String),
    /// The clave or the number (estab-ptoEmi-secuencial) is already used by another document.
    #[error("{0}")]
    Duplicate(String),
    /// The document is not in a state that can be corrected (in process at the SRI, authorized).
    #[error("{0}")]
    NotCorrectable(String),
    /// The database failed.
    #[error(transparent)]
    Database(#[from] DieselError),
}

impl From<QueueError> for AppError {
    fn from(err: QueueError) -> AppError {
        match err {
            QueueError::Build(BuildError::Validation(v)) => {
                let errors: FieldErrors = v.0.into_iter().map(|e| (e.field, e.message)).collect();
                AppError::fields(errors)
            }
            QueueError::Build(other) => AppError::BadRequest(other.to_string()),
            QueueError::Mismatch { field, message } => AppError::field(field, message),
            QueueError::NotFound(message) => AppError::NotFound(message),
            QueueError::Duplicate(message) | QueueError::NotCorrectable(message) => {
                AppError::Conflict {
                    message,
                    errors: FieldErrors::new(),
                }
            }
            QueueError::Database(e) => AppError::from(e),
        }
    }
}

fn mismatch(field: &'static str, message: String) -> QueueError {
    QueueError::Mismatch { field, message }
}

fn environment_name(code: &str) -> &'static str {
    if code == "2" {
        "producción"
    } else {
        "pruebas"
    }
}

/// Validates, builds, signs and stores a document as `signed`, in one write transaction, and wakes
/// this server's worker. `branch_id` is the establishment issuing it (its code must be the
/// document's `estab`). The clave de acceso is generated here (unless the model carries one) and
/// kept for the document's whole life.
pub fn submit(
    conn: &mut DbConnection,
    company: CompanyId,
    branch_id: i64,
    doc: &Comprobante,
    identity: &SigningIdentity,
) -> Result<DocumentId, QueueError> {
    let id = write_transaction(conn, |conn| {
        submit_in_transaction(conn, company, branch_id, doc, identity)
    })?;
    worker::wake();
    Ok(id)
}

/// [`submit`] for a caller that already holds a write transaction, so that the document is stored
/// together with what causes it (a sale, a return). The caller calls [`worker::wake`] after
/// committing.
pub fn submit_in_transaction(
    conn: &mut DbConnection,
    company_id: CompanyId,
    branch_id: i64,
    doc: &Comprobante,
    identity: &SigningIdentity,
) -> Result<DocumentId, QueueError> {
    let company = Company::find(conn, company_id).map_err(|e| match e {
        DieselError::NotFound => QueueError::NotFound(format!("la empresa {company_id} no existe")),
        other => QueueError::Database(other),
    })?;
    let branch = BranchOffice::find_in_company(conn, company_id, branch_id)?.ok_or_else(|| {
        QueueError::NotFound(format!(
            "la sucursal {branch_id} no es de la empresa {}",
            company.ruc
        ))
    })?;
    ensure_fits(conn, company_id, &company, &branch, doc)?;
    if let Some(given) = &doc.header().access_key {
        let clave =
            ClaveAcceso::parse(given).map_err(|e| mismatch("header.accessKey", e.to_string()))?;
        ensure_same_clave(doc, &clave)?;
    }
    let signed = build_and_sign(
        doc,
        &ValidationContext::now(),
        identity,
        &SignOptions::now(),
    )?;
    insert_signed(conn, company_id, branch.id, doc, &signed)
}

/// The document must be issued by the company (its RUC), from the branch (its establishment), at
/// one of the branch's active emission points and in the company's SRI environment: otherwise
/// the SRI would receive it under someone else's series or environment.
fn ensure_fits(
    conn: &mut DbConnection,
    company_id: CompanyId,
    company: &Company,
    branch: &BranchOffice,
    doc: &Comprobante,
) -> Result<(), QueueError> {
    let header = doc.header();
    if header.issuer.ruc != company.ruc {
        return Err(mismatch(
            "header.issuer.ruc",
            format!(
                "el RUC del emisor ({}) no es el de la empresa ({})",
                header.issuer.ruc, company.ruc
            ),
        ));
    }
    if header.establishment != branch.code {
        return Err(mismatch(
            "header.establishment",
            format!(
                "el establecimiento {} no es el de la sucursal ({})",
                header.establishment, branch.code
            ),
        ));
    }
    let point_active = EmissionPoint::for_branches(conn, company_id, &[branch.id])?
        .iter()
        .any(|p| p.code == header.emission_point && p.active);
    if !point_active {
        return Err(mismatch(
            "header.emissionPoint",
            format!(
                "el punto de emisión {} no está activo en la sucursal {}",
                header.emission_point, branch.code
            ),
        ));
    }
    let company_env = if company.sri_environment == "produccion" {
        "2"
    } else {
        "1"
    };
    if header.environment.code() != company_env {
        return Err(mismatch(
            "header.environment",
            format!(
                "el comprobante es del ambiente de {} y la empresa emite en {}",
                environment_name(header.environment.code()),
                environment_name(company_env)
            ),
        ));
    }
    Ok(())
}

/// Stores a signed document as `signed`, due now. A clave or a number already used by another
/// document is refused by the database's unique indexes and reported as a duplicate.
fn insert_signed(
    conn: &mut DbConnection,
    company_id: CompanyId,
    branch_office_id: i64,
    doc: &Comprobante,
    signed: &SignedDocument,
) -> Result<DocumentId, QueueError> {
    let header = doc.header();
    let document_json = model_json(doc, &signed.access_key)?;
    let at = now();
    let new = NewSriDocument {
        company_id: company_id.get(),
        branch_office_id,
        doc_type: doc.doc_type().code(),
        version: signed.schema.version(),
        environment: header.environment.code(),
        access_key: signed.access_key.as_str(),
        establishment: &header.establishment,
        emission_point: &header.emission_point,
        sequential: i64::from(header.sequential),
        issue_date: header.issue_date,
        total: total_text(signed),
        document_json: &document_json,
        signed_xml: &signed.signed_xml,
        status: DocumentStatus::Signed.as_str(),
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
    };
    SriDocument::insert(conn, &new).map_err(|e| match e {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            QueueError::Duplicate(format!(
                "ya existe el comprobante {} {}-{}-{:09} (o la clave de acceso {})",
                doc.doc_type().label(),
                header.establishment,
                header.emission_point,
                header.sequential,
                signed.access_key
            ))
        }
        other => QueueError::Database(other),
    })
}

/// Replaces a rejected document (DEVUELTA or NO AUTORIZADO) with its corrected version, re-signed
/// with the same clave de acceso, and queues it again. The correction must keep everything the
/// clave encodes (type, RUC, ambiente, establishment, emission point, secuencial, issue date). If
/// the clave already had the day's allowed rejections, it is sent at the start of the next day.
pub fn resubmit_corrected(
    conn: &mut DbConnection,
    company_id: CompanyId,
    id: DocumentId,
    corrected: &Comprobante,
    identity: &SigningIdentity,
) -> Result<(), QueueError> {
    write_transaction(conn, |conn| {
        resubmit_corrected_in_transaction(conn, company_id, id, corrected, identity)
    })?;
    worker::wake();
    Ok(())
}

/// [`resubmit_corrected`] inside the caller's write transaction, so the shop's own record of the
/// correction (a corrected reason, carrier…) is stored with it or not at all. The caller wakes
/// the worker after the commit ([`worker::wake`]).
pub fn resubmit_corrected_in_transaction(
    conn: &mut DbConnection,
    company_id: CompanyId,
    id: DocumentId,
    corrected: &Comprobante,
    identity: &SigningIdentity,
) -> Result<(), QueueError> {
    let stored = SriDocument::find_for_company(conn, company_id, id)?
        .ok_or_else(|| QueueError::NotFound(format!("el comprobante {id} no existe")))?;
    let status = DocumentStatus::parse(&stored.status);
    if !status.is_some_and(DocumentStatus::needs_correction) {
        return Err(QueueError::NotCorrectable(format!(
            "el comprobante {} está «{}»: solo se corrige uno DEVUELTO o NO AUTORIZADO",
            stored.access_key,
            status.map_or_else(|| stored.status.clone(), |s| s.label().to_string())
        )));
    }
    let clave = ClaveAcceso::parse(&stored.access_key)
        .map_err(|e| mismatch("header.accessKey", e.to_string()))?;
    ensure_same_clave(corrected, &clave)?;
    let mut doc = corrected.clone();
    doc.header_mut().access_key = Some(stored.access_key.clone());
    let signed = build_and_sign(
        &doc,
        &ValidationContext::now(),
        identity,
        &SignOptions::now(),
    )?;
    let at = now();
    let changes = DocumentChanges {
        status: Some(DocumentStatus::Signed.as_str().into()),
        version: Some(signed.schema.version().into()),
        signed_xml: Some(signed.signed_xml.clone()),
        document_json: Some(model_json(&doc, &signed.access_key)?),
        total: Some(total_text(&signed)),
        polls: Some(0),
        errors: Some(0),
        next_attempt_at: Some(send_allowed_from(
            stored.failed_day,
            stored.failed_today,
            at,
        )),
        last_sent_at: Some(None),
        last_error: Some(None),
        ..DocumentChanges::default()
    };
    let statuses = [
        DocumentStatus::Returned.as_str(),
        DocumentStatus::NotAuthorized.as_str(),
    ];
    if !SriDocument::update_if_status(conn, id, &statuses, &changes)? {
        return Err(QueueError::NotCorrectable(format!(
            "el comprobante {} cambió de estado; vuelva a intentar",
            stored.access_key
        )));
    }
    Ok(())
}

/// The corrected model must produce the same clave (except the código numérico, which the clave
/// keeps): a different date or number would make the SRI answer 58 or 45.
fn ensure_same_clave(doc: &Comprobante, clave: &ClaveAcceso) -> Result<(), QueueError> {
    let parts = clave
        .parts()
        .map_err(|e| mismatch("header.accessKey", e.to_string()))?;
    let h = doc.header();
    let date = |d: chrono::NaiveDate| d.format("%d/%m/%Y").to_string();
    // (field, what it is, in the clave, in the correction)
    let components = [
        (
            "type",
            "el tipo de comprobante",
            parts.doc_type.label().to_string(),
            doc.doc_type().label().to_string(),
        ),
        (
            "header.issuer.ruc",
            "el RUC",
            parts.ruc,
            h.issuer.ruc.clone(),
        ),
        (
            "header.environment",
            "el ambiente",
            environment_name(parts.environment.code()).to_string(),
            environment_name(h.environment.code()).to_string(),
        ),
        (
            "header.establishment",
            "el establecimiento",
            parts.establishment,
            h.establishment.clone(),
        ),
        (
            "header.emissionPoint",
            "el punto de emisión",
            parts.emission_point,
            h.emission_point.clone(),
        ),
        (
            "header.sequential",
            "el secuencial",
            parts.sequential.to_string(),
            h.sequential.to_string(),
        ),
        (
            "header.issueDate",
            "la fecha de emisión",
            date(parts.issue_date),
            date(h.issue_date),
        ),
    ];
    match components
        .into_iter()
        .find(|(_, _, stored, given)| stored != given)
    {
        Some((field, what, stored, given)) => Err(mismatch(
            field,
            format!("la corrección debe mantener {what} de la clave ({stored}), no {given}"),
        )),
        None => Ok(()),
    }
}

/// The model as stored: its JSON with the clave filled in, so reading it back rebuilds the same
/// document.
fn model_json(doc: &Comprobante, clave: &ClaveAcceso) -> Result<String, QueueError> {
    let mut doc = doc.clone();
    doc.header_mut().access_key = Some(clave.to_string());
    serde_json::to_string(&doc)
        .map_err(|e| QueueError::Database(DieselError::SerializationError(Box::new(e))))
}

fn total_text(signed: &SignedDocument) -> Option<String> {
    signed.totals.as_ref().map(|t| fmt2(t.total))
}
