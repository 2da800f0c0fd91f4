//! The e-mail of an authorized factura or nota de crédito to its buyer, of an authorized guía de
//! remisión to its destinatarios, and of an authorized comprobante de retención to the supplier
//! withheld from.
//!
//! **When.** The SRI worker calls [`on_authorized`] inside the transaction that stores
//! AUTORIZADO, so the message exists exactly when the state does (a rolled-back or lost write
//! queues nothing). It is queued once per document and address: the outbox's unique index on the
//! automatic message of a document and address decides, whichever server stores the state. `POST
//! /api/ebilling/documents/{id}/email` queues it again on request ([`queue_again`]).
//!
//! **To whom.** The buyer's e-mail written in the comprobante (`infoAdicional` «Email» /
//! «Correo», as the factura form and the factura express write it), else the e-mail of the client
//! of the sale (factura) or of the credit note (nota de crédito) that carries the document. A
//! consumidor final without e-mail gets nothing. A retención goes to the supplier's e-mail written
//! in it (its `infoAdicional` «Email»), else the supplier's on record. A guía goes to each
//! destinatario's e-mail given on its form (`remission_guide_emails`; the SRI's guía has no such
//! field), one message each.
//!
//! **What.** The outbox row only names the document; the mail worker composes the message when it
//! sends it (`controllers::ebilling::ride::mail`): text and HTML from askama templates, the authorized XML
//! (`<clave>.xml`) and the RIDE A4 as a self-contained HTML file (`<clave>.html`, rendered through
//! the same SSR path and cache as the public RIDE page), plus a signed link to that page
//! ([`super::ride_link`]). One rendering path, and the heavy render never runs inside the SRI
//! worker's transaction.

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::{clients, credit_notes, sales};
use crate::domain::document_status::DocumentStatus;
use crate::error::{AppError, AppResult, conflict};
use crate::models::CompanyId;
use crate::models::ebilling::remission_guide::RemissionGuide;
use crate::models::mail::outbox;
use crate::models::purchases::supplier::Supplier;
use crate::models::purchases::withholding::Withholding;
use crate::models::sri::document::SriDocument;
use crate::sri::catalog::{DocType, IdType};
use crate::sri::model::{Comprobante, NameValue};
use crate::validation::email_problem;

/// 409 of `POST …/email` for a document the SRI has not authorized.
pub const NOT_AUTHORIZED: &str =
    "El comprobante aún no está autorizado por el SRI: no se puede enviar por correo";
/// 409 of `POST …/email` without a recipient.
pub const NO_RECIPIENT: &str =
    "El comprador no tiene correo electrónico: indique a qué dirección enviarlo";

/// 409 of `POST …/email` for a guía whose destinatarios gave no e-mail.
pub const NO_GUIDE_RECIPIENT: &str =
    "Ningún destinatario de la guía tiene correo electrónico: indique a qué dirección enviarla";

/// Names of `infoAdicional` fields that carry the buyer's e-mail (compared in lower case).
const EMAIL_FIELDS: [&str; 5] = ["email", "e-mail", "correo", "correo electrónico", "mail"];

fn email_in(info: &[NameValue]) -> Option<String> {
    info.iter()
        .filter(|nv| EMAIL_FIELDS.contains(&nv.name.trim().to_lowercase().as_str()))
        .map(|nv| nv.value.trim().to_lowercase())
        .find(|value| email_problem(value).is_none())
}

/// The buyer's e-mail of a factura or nota de crédito, the supplier's of a retención (`None` for
/// other documents and for a buyer without one).
pub fn buyer_email(conn: &mut DbConnection, doc: &SriDocument) -> QueryResult<Option<String>> {
    let to_buyer = [DocType::Factura, DocType::NotaCredito, DocType::Retencion];
    if !to_buyer.iter().any(|t| doc.doc_type == t.code()) {
        return Ok(None);
    }
    let Ok(comprobante) = Comprobante::from_json(&doc.document_json) else {
        return Ok(None);
    };
    let (info, buyer) = match &comprobante {
        Comprobante::Invoice(inv) => (&inv.additional_info, &inv.buyer),
        Comprobante::CreditNote(nc) => (&nc.additional_info, &nc.buyer),
        Comprobante::Withholding(w) => (&w.additional_info, &w.subject),
        Comprobante::DeliveryGuide(_) => return Ok(None),
    };
    if let Some(found) = email_in(info) {
        return Ok(Some(found));
    }
    if buyer.id_type == IdType::ConsumidorFinal {
        return Ok(None);
    }
    if let Comprobante::Withholding(_) = comprobante {
        return supplier_email(conn, doc);
    }
    // The client of the sale (factura) or of the credit note that carries the document.
    let client_id: Option<i64> = match comprobante {
        Comprobante::Invoice(_) => sales::table
            .filter(sales::sri_document_id.eq(doc.id))
            .select(sales::client_id)
            .first(conn)
            .optional()?,
        _ => credit_notes::table
            .filter(credit_notes::sri_document_id.eq(doc.id))
            .select(credit_notes::client_id)
            .first(conn)
            .optional()?,
    };
    let client: Option<Option<String>> = match client_id {
        Some(id) => clients::table
            .filter(clients::id.eq(id))
            .filter(clients::is_final_consumer.eq(false))
            .select(clients::email)
            .first(conn)
            .optional()?,
        None => None,
    };
    Ok(client
        .flatten()
        .map(|e| e.trim().to_lowercase())
        .filter(|e| email_problem(e).is_none()))
}

/// The e-mail on record of the supplier of the retención that `doc` carries.
fn supplier_email(conn: &mut DbConnection, doc: &SriDocument) -> QueryResult<Option<String>> {
    let company = CompanyId::trusted(doc.company_id);
    let Some(withholding) = Withholding::of_document(conn, company, doc.id)? else {
        return Ok(None);
    };
    Ok(
        Supplier::find(conn, company, withholding.fields.supplier_id)?
            .and_then(|s| s.email)
            .map(|e| e.trim().to_lowercase())
            .filter(|e| email_problem(e).is_none()),
    )
}

/// The destinatarios' e-mails of a guía de remisión (empty for other documents), each once.
pub fn recipient_emails(conn: &mut DbConnection, doc: &SriDocument) -> QueryResult<Vec<String>> {
    if doc.doc_type != DocType::GuiaRemision.code() {
        return Ok(Vec::new());
    }
    let company = CompanyId::trusted(doc.company_id);
    let Some(guide) = RemissionGuide::of_document(conn, company, doc.id)? else {
        return Ok(Vec::new());
    };
    let mut emails: Vec<String> = RemissionGuide::emails_of(conn, company, &[guide.id])?
        .into_iter()
        .map(|e| e.email)
        .collect();
    let mut seen = std::collections::HashSet::new();
    emails.retain(|e| seen.insert(e.clone()));
    Ok(emails)
}

/// Who gets the e-mail of `doc`: the buyer of a factura or nota de crédito, the destinatarios of
/// a guía.
pub fn addressees(conn: &mut DbConnection, doc: &SriDocument) -> QueryResult<Vec<String>> {
    if doc.doc_type == DocType::GuiaRemision.code() {
        recipient_emails(conn, doc)
    } else {
        Ok(buyer_email(conn, doc)?.into_iter().collect())
    }
}

/// Queues the e-mail of document `id`, just stored AUTORIZADO (called in that transaction), to
/// each of its [`addressees`]. Returns whether a message was queued.
pub fn on_authorized(conn: &mut DbConnection, id: i64) -> QueryResult<bool> {
    let doc = SriDocument::find(conn, id)?;
    if doc.status != DocumentStatus::Authorized.as_str() {
        return Ok(false);
    }
    let mut queued = false;
    for to in addressees(conn, &doc)? {
        queued |= outbox::enqueue_document(conn, &to, doc.id, true)?;
    }
    Ok(queued)
}

/// Queues the e-mail of the authorized document `doc` again, to `to` or else to its
/// [`addressees`]; the address(es) it goes to («a@x.ec, b@y.ec»). 409 when the document is not
/// authorized or has no recipient.
pub fn queue_again(
    conn: &mut DbConnection,
    doc: &SriDocument,
    to: Option<&str>,
) -> AppResult<String> {
    if doc.status != DocumentStatus::Authorized.as_str() || doc.authorized_xml.is_none() {
        return Err(conflict(NOT_AUTHORIZED));
    }
    if ![
        DocType::Factura,
        DocType::NotaCredito,
        DocType::GuiaRemision,
        DocType::Retencion,
    ]
    .iter()
    .any(|t| doc.doc_type == t.code())
    {
        return Err(conflict(
            "Solo las facturas, notas de crédito, guías de remisión y retenciones se envían por correo",
        ));
    }
    let to = match to.map(str::trim).filter(|t| !t.is_empty()) {
        Some(given) => {
            if let Some(problem) = email_problem(given) {
                return Err(AppError::field("to", problem));
            }
            vec![given.to_lowercase()]
        }
        None => addressees(conn, doc)?,
    };
    if to.is_empty() {
        return Err(conflict(if doc.doc_type == DocType::GuiaRemision.code() {
            NO_GUIDE_RECIPIENT
        } else {
            NO_RECIPIENT
        }));
    }
    for address in &to {
        outbox::enqueue_document(conn, address, doc.id, false)?;
    }
    Ok(to.join(", "))
}
