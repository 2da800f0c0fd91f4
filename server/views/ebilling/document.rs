//! Electronic documents as `/admin/ebilling` shows them: state badge in Spanish, the SRI
//! window's warnings and, in the detail, every message the SRI returned.

use chrono::NaiveDateTime;
use serde::Serialize;
use ts_rs::TS;

use crate::models::sri::document::SriDocument;
use crate::models::sri::message::SriDocumentMessage;
use crate::services::ebilling::documents as rules;
use crate::util::time::Zone;

/// One electronic document of the list.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ElectronicDocumentView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `factura`, `notaCredito`, `guiaRemision` or `retencion`.
    #[serde(rename = "type")]
    pub doc_type: String,
    /// «Factura», «Nota de crédito», «Guía de remisión», «Comprobante de retención».
    pub type_name: String,
    /// `001-002-000000123`.
    pub number: String,
    pub access_key: String,
    /// `fechaEmision`, `2026-11-21`.
    pub issue_date: String,
    /// `pruebas` or `produccion`.
    pub environment: String,
    /// Buyer's identification (first recipient's in a guía).
    pub client_id: Option<String>,
    pub client_name: Option<String>,
    /// Decimal text; none for a guía.
    pub total: Option<String>,
    /// Stored state.
    #[ts(as = "crate::domain::document_status::DocumentStatus")]
    pub state: String,
    /// The badge: firmado, enviando, recibida, en proceso, autorizado, no autorizado, devuelta.
    pub state_name: String,
    /// A longer Spanish description of the state.
    pub state_detail: String,
    pub authorization_number: Option<String>,
    /// As the SRI sent it.
    pub authorization_date: Option<String>,
    /// Last failure to reach the SRI (Spanish).
    pub last_error: Option<String>,
    /// When it was signed and queued (Ecuador time).
    pub created_at: String,
    /// Legal limit to get it authorized: 72 h after `createdAt` (Ecuador time).
    pub deadline: String,
    /// `aTiempo`, `porVencer` (48 h or less left), `fueraDePlazo`; none once authorized.
    pub window: Option<String>,
    /// EN PROCESO for more than a day.
    pub stalled: bool,
    /// Spanish warnings (window, EN PROCESO).
    pub warnings: Vec<String>,
    /// The sale that carries a factura (its «Corregir y reenviar» is
    /// `POST /api/sales/invoice/{saleId}/resend`); filled by the list.
    pub sale_id: Option<i64>,
}

impl ElectronicDocumentView {
    /// A document as of `now`, its times in the company's `zone` (the issue date is already the
    /// company's day: the SRI's `fechaEmision`).
    pub fn of(doc: &SriDocument, now: NaiveDateTime, zone: Zone) -> Self {
        let (doc_type, type_name) = rules::type_of(&doc.doc_type);
        let (client_id, client_name) = rules::buyer(doc);
        let state_detail = crate::domain::document_status::DocumentStatus::parse(&doc.status)
            .map(|s| s.label().to_string())
            .unwrap_or_else(|| doc.status.clone());
        ElectronicDocumentView {
            id: doc.id,
            doc_type: doc_type.into(),
            type_name: type_name.into(),
            number: format!(
                "{}-{}-{:09}",
                doc.establishment, doc.emission_point, doc.sequential
            ),
            access_key: doc.access_key.clone(),
            issue_date: doc.issue_date.format("%Y-%m-%d").to_string(),
            environment: if doc.environment == "2" {
                "produccion"
            } else {
                "pruebas"
            }
            .into(),
            client_id,
            client_name,
            total: doc.total.clone(),
            state: doc.status.clone(),
            state_name: rules::badge(&doc.status).into(),
            state_detail,
            authorization_number: doc.authorization_number.clone(),
            authorization_date: doc.authorization_date.as_deref().map(|d| zone.iso_text(d)),
            last_error: doc.last_error.clone(),
            created_at: zone.iso(doc.created_at),
            deadline: zone.iso(rules::deadline(doc)),
            window: rules::window(doc, now).map(|w| w.as_str().to_string()),
            stalled: rules::stalled(doc, now),
            sale_id: None,
            warnings: rules::warnings(doc, now, zone),
        }
    }
}

/// A message the SRI returned.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SriMessageView {
    /// «recepción» or «autorización».
    pub stage: String,
    /// State of the answer it came in (RECIBIDA, DEVUELTA, AUTORIZADO, NO AUTORIZADO…).
    pub sri_status: String,
    /// The SRI's code (35, 43, 70…).
    pub identifier: String,
    pub message: String,
    pub additional_info: Option<String>,
    /// ERROR, ADVERTENCIA, INFORMATIVO.
    pub kind: String,
    /// The company's time, with its offset.
    pub created_at: String,
}

impl SriMessageView {
    /// A message, its time in the company's `zone`.
    pub fn of(m: &SriDocumentMessage, zone: Zone) -> Self {
        SriMessageView {
            stage: if m.stage == "reception" {
                "recepción"
            } else {
                "autorización"
            }
            .into(),
            sri_status: m.sri_status.clone(),
            identifier: m.identifier.clone(),
            message: m.message.clone(),
            additional_info: m.additional_info.clone(),
            kind: m.kind.clone(),
            created_at: zone.iso(m.created_at),
        }
    }
}

/// `GET /api/ebilling/documents/{id}`.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ElectronicDocumentDetailView {
    #[serde(flatten)]
    pub document: ElectronicDocumentView,
    pub messages: Vec<SriMessageView>,
}
