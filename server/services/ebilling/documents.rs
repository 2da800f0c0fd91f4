//! What `/admin/ebilling` shows about each electronic document besides its stored state: the
//! SRI's time window and the documents stuck in EN PROCESO.
//!
//! **The window.** The law asks that a comprobante reach the SRI when it is generated or within
//! 72 hours (Res. NAC-DGERCGC22-00000064; `shared/reference/sri.md` §1 and §9). We take the
//! moment the document was generated as the moment it was signed and stored in the queue
//! (`sri_documents.created_at`), so its limit is `created_at + 72 h`. Until it is AUTORIZADO a
//! document is *a tiempo* before the last 48 hours, *por vencer* within them (the issue's
//! warning "48 h from the limit"), and *fuera de plazo* after the limit. An authorized document
//! has no window left to watch. (The SRI's own technical check, error 65, tolerates older
//! issue dates; the 72 hours are the legal rule and the stricter one.)
//!
//! **EN PROCESO for more than a day.** The SRI sometimes keeps a document in process for long;
//! the worker keeps asking, but a person should look at it. We flag a document whose state is
//! `in_process` and whose current version was sent more than 24 hours ago.

use chrono::{NaiveDateTime, TimeDelta};

use crate::domain::document_status::DocumentStatus;
use crate::error::{AppError, AppResult};
use crate::models::sri::document::SriDocument;
use crate::util::time::Zone;

/// Legal window to get a document to the SRI, from its generation.
pub use crate::models::sri::document::WINDOW;
/// How long before the limit the list warns.
pub const WARN_BEFORE: TimeDelta = TimeDelta::hours(48);
/// EN PROCESO longer than this is flagged.
pub const STALLED_AFTER: TimeDelta = TimeDelta::hours(24);

/// Where a document stands against the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Window {
    /// More than 48 h left.
    OnTime,
    /// 48 h or less left.
    Closing,
    /// Past the limit and not authorized.
    Missed,
}

impl Window {
    /// The name the API uses.
    pub fn as_str(self) -> &'static str {
        match self {
            Window::OnTime => "aTiempo",
            Window::Closing => "porVencer",
            Window::Missed => "fueraDePlazo",
        }
    }
}

/// Document types as the API names them, with their `codDoc` and Spanish name.
pub const TYPES: &[(&str, &str, &str)] = &[
    ("factura", "01", "Factura"),
    ("notaCredito", "04", "Nota de crédito"),
    ("guiaRemision", "06", "Guía de remisión"),
    ("retencion", "07", "Comprobante de retención"),
];

/// The API name of a `codDoc` and its Spanish name.
pub fn type_of(cod_doc: &str) -> (&'static str, &'static str) {
    TYPES
        .iter()
        .find(|(_, code, _)| *code == cod_doc)
        .map(|(name, _, label)| (*name, *label))
        .unwrap_or(("otro", "Comprobante"))
}

/// The `codDoc` of a `type=` filter; 400 for an unknown one.
pub fn parse_type(text: &str) -> AppResult<&'static str> {
    TYPES
        .iter()
        .find(|(name, _, _)| *name == text)
        .map(|(_, code, _)| *code)
        .ok_or_else(|| {
            AppError::field(
                "type",
                "Tipo de comprobante no válido: use factura, notaCredito, guiaRemision o retencion",
            )
        })
}

/// The stored status of a `state=` filter; 400 for an unknown one.
pub fn parse_state(text: &str) -> AppResult<&'static str> {
    DocumentStatus::parse(text)
        .map(DocumentStatus::as_str)
        .ok_or_else(|| {
            AppError::field(
                "state",
                "Estado no válido: use signed, sending, received, in_process, authorized, not_authorized o returned",
            )
        })
}

/// The short badge of a state, in the SRI's words.
pub fn badge(status: &str) -> &'static str {
    match DocumentStatus::parse(status) {
        Some(DocumentStatus::Signed) => "firmado",
        Some(DocumentStatus::Sending) => "enviando",
        Some(DocumentStatus::Received) => "recibida",
        Some(DocumentStatus::InProcess) => "en proceso",
        Some(DocumentStatus::Authorized) => "autorizado",
        Some(DocumentStatus::NotAuthorized) => "no autorizado",
        Some(DocumentStatus::Returned) => "devuelta",
        None => "desconocido",
    }
}

/// The limit to get the document authorized (UTC).
pub fn deadline(doc: &SriDocument) -> NaiveDateTime {
    doc.deadline()
}

/// The document against the window at `now`; `None` once authorized.
pub fn window(doc: &SriDocument, now: NaiveDateTime) -> Option<Window> {
    if doc.status == DocumentStatus::Authorized.as_str() {
        return None;
    }
    let limit = deadline(doc);
    Some(if now > limit {
        Window::Missed
    } else if now >= limit - WARN_BEFORE {
        Window::Closing
    } else {
        Window::OnTime
    })
}

/// Whether the document has been EN PROCESO for more than a day.
pub fn stalled(doc: &SriDocument, now: NaiveDateTime) -> bool {
    doc.status == DocumentStatus::InProcess.as_str()
        && now - doc.last_sent_at.unwrap_or(doc.created_at) > STALLED_AFTER
}

/// The Spanish warnings of a document at `now` (window, EN PROCESO), for the list and detail.
/// Times in the company's `zone`.
pub fn warnings(doc: &SriDocument, now: NaiveDateTime, zone: Zone) -> Vec<String> {
    let mut out = Vec::new();
    let limit = deadline(doc);
    match window(doc, now) {
        Some(Window::Missed) => out.push(format!(
            "Fuera de plazo: el SRI debía autorizarlo hasta el {} (72 horas desde su emisión)",
            zone.text(limit)
        )),
        Some(Window::Closing) => {
            let hours = (limit - now).num_hours();
            out.push(format!(
                "Por vencer: quedan {hours} h para que el SRI lo autorice (plazo: {})",
                zone.text(limit)
            ))
        }
        _ => {}
    }
    if stalled(doc, now) {
        out.push(
            "EN PROCESO hace más de un día: el SRI no ha dado su respuesta; revise el comprobante en el portal del SRI"
                .into(),
        );
    }
    out
}

/// The buyer's identification and name from the document's JSON (the first recipient's in a
/// guía de remisión).
pub fn buyer(doc: &SriDocument) -> (Option<String>, Option<String>) {
    let Ok(json) = serde_json::from_str::<serde_json::Value>(&doc.document_json) else {
        return (None, None);
    };
    // A factura's or nota de crédito's buyer, a retención's sujeto retenido, a guía's first
    // recipient.
    let party = json
        .get("buyer")
        .or_else(|| json.get("subject"))
        .or_else(|| json.get("recipients").and_then(|r| r.get(0)))
        .unwrap_or(&serde_json::Value::Null);
    let text = |field: &str| party.get(field).and_then(|v| v.as_str()).map(String::from);
    (text("id"), text("name"))
}
