//! The SRI's two SOAP 1.1 web services (offline scheme): reception
//! (`validarComprobante`) and authorization (`autorizacionComprobante`).
//!
//! Answers are parsed completely into the types below. A failure to get an answer
//! ([`SoapError`]) is kept apart from an answer that rejects the document, because the
//! caller's state machine must treat them differently: after a timeout the SRI may
//! already have the document, so the next step is an authorization query, never a
//! blind resend (which would come back as 43 or 70).

pub mod client;
pub mod codes;
pub mod envelope;
pub mod parse;

use chrono::{DateTime, FixedOffset};
use serde::Serialize;

pub use client::{ClientConfig, Endpoints, SriClient};

/// Severity of an SRI message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum MessageKind {
    /// `ERROR`: the document was rejected.
    Error,
    /// `ADVERTENCIA`: accepted with a warning (e.g. 59, 62, 68).
    Warning,
    /// `INFORMATIVO`: information (e.g. 60, pruebas).
    Info,
    /// Any other value, kept verbatim.
    Other(String),
}

impl MessageKind {
    /// Parses the `tipo` element.
    pub fn parse(text: &str) -> MessageKind {
        match text.trim() {
            "ERROR" => MessageKind::Error,
            "ADVERTENCIA" => MessageKind::Warning,
            "INFORMATIVO" => MessageKind::Info,
            other => MessageKind::Other(other.to_string()),
        }
    }

    /// Text as the SRI writes it.
    pub fn as_str(&self) -> &str {
        match self {
            MessageKind::Error => "ERROR",
            MessageKind::Warning => "ADVERTENCIA",
            MessageKind::Info => "INFORMATIVO",
            MessageKind::Other(s) => s,
        }
    }
}

/// One `mensaje` of an SRI answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SriMessage {
    /// `identificador`: the error/warning code (e.g. "35", "43", "60").
    pub identifier: String,
    /// `mensaje`.
    pub message: String,
    /// `informacionAdicional` (for 35: the parser's text; for 39: the reason).
    pub additional_info: Option<String>,
    /// `tipo`.
    pub kind: MessageKind,
}

impl SriMessage {
    /// Builds a message with the SRI's official text for `code`.
    pub fn for_code(code: u32, kind: MessageKind, additional_info: Option<String>) -> SriMessage {
        SriMessage {
            identifier: code.to_string(),
            message: codes::message(code).to_string(),
            additional_info,
            kind,
        }
    }

    /// One readable line: `[ERROR 35] ARCHIVO NO CUMPLE ESTRUCTURA XML — detalle`.
    pub fn line(&self) -> String {
        let mut s = format!(
            "[{} {}] {}",
            self.kind.as_str(),
            self.identifier,
            self.message
        );
        if let Some(info) = self
            .additional_info
            .as_deref()
            .filter(|i| !i.trim().is_empty())
        {
            s.push_str(" — ");
            s.push_str(info.trim());
        }
        s
    }
}

/// `estado` of a reception answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ReceptionStatus {
    /// `RECIBIDA`: accepted for processing (not yet authorized!).
    Recibida,
    /// `DEVUELTA`: returned with errors; the SRI did not keep it.
    Devuelta,
    /// Anything else, verbatim.
    Other(String),
}

/// `comprobante` of a reception answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedDocument {
    /// `claveAcceso`.
    pub access_key: String,
    /// `mensajes`.
    pub messages: Vec<SriMessage>,
}

/// `RespuestaRecepcionComprobante`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReceptionResponse {
    /// `estado`.
    pub status: ReceptionStatus,
    /// `comprobantes`.
    pub documents: Vec<ReceivedDocument>,
}

impl ReceptionResponse {
    /// All messages of all documents.
    pub fn messages(&self) -> impl Iterator<Item = &SriMessage> {
        self.documents.iter().flat_map(|d| d.messages.iter())
    }

    /// True if some message has this code (e.g. `has_code("43")`).
    pub fn has_code(&self, code: &str) -> bool {
        self.messages().any(|m| m.identifier == code)
    }
}

/// `estado` of an authorization.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum AuthorizationStatus {
    /// `AUTORIZADO`.
    Autorizado,
    /// `NO AUTORIZADO` (also `RECHAZADO`, as in the Ficha's own sample).
    NoAutorizado,
    /// `EN PROCESO` / `PPR` / `EN PROCESAMIENTO`: ask again later.
    EnProceso,
    /// Anything else, verbatim.
    Other(String),
}

impl AuthorizationStatus {
    /// Parses the `estado` text, accepting the variants seen in the wild.
    pub fn parse(text: &str) -> AuthorizationStatus {
        match text.trim().to_uppercase().as_str() {
            "AUTORIZADO" => AuthorizationStatus::Autorizado,
            "NO AUTORIZADO" | "RECHAZADO" | "NAT" => AuthorizationStatus::NoAutorizado,
            "EN PROCESO" | "EN PROCESAMIENTO" | "PPR" | "PROCESANDO" => {
                AuthorizationStatus::EnProceso
            }
            other => AuthorizationStatus::Other(other.to_string()),
        }
    }

    /// Text as the SRI writes it.
    pub fn as_str(&self) -> &str {
        match self {
            AuthorizationStatus::Autorizado => "AUTORIZADO",
            AuthorizationStatus::NoAutorizado => "NO AUTORIZADO",
            AuthorizationStatus::EnProceso => "EN PROCESO",
            AuthorizationStatus::Other(s) => s,
        }
    }
}

/// One `autorizacion`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Authorization {
    /// `estado`.
    pub status: AuthorizationStatus,
    /// `numeroAutorizacion` (= clave de acceso in the offline scheme).
    pub number: Option<String>,
    /// `fechaAutorizacion` as sent (xs:dateTime).
    pub date: Option<String>,
    /// `ambiente` (`PRUEBAS` / `PRODUCCIÓN`).
    pub environment: Option<String>,
    /// `comprobante`: the authorized XML, to be stored and e-mailed.
    pub document: Option<String>,
    /// `mensajes`.
    pub messages: Vec<SriMessage>,
}

impl Authorization {
    /// `fechaAutorizacion` parsed (with its offset, usually −05:00).
    pub fn date_parsed(&self) -> Option<DateTime<FixedOffset>> {
        self.date
            .as_deref()
            .and_then(|d| DateTime::parse_from_rfc3339(d.trim()).ok())
    }
}

/// `RespuestaAutorizacionComprobante`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AuthorizationResponse {
    /// `claveAccesoConsultada`.
    pub access_key: String,
    /// `numeroComprobantes`.
    pub count: Option<u32>,
    /// `autorizaciones`, in the order received.
    pub authorizations: Vec<Authorization>,
}

/// What the caller should conclude from an authorization answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthorizationOutcome<'a> {
    /// Authorized: store `document`, `number` and `date`.
    Authorized(&'a Authorization),
    /// Rejected (the last rejection): fix and resend with the same clave.
    NotAuthorized(&'a Authorization),
    /// Still being processed: ask again later, do not resend.
    Pending,
    /// The SRI has no record of the clave (yet): it never received the document, or it
    /// is about to appear; only this outcome allows a resend after a timeout.
    NotFound,
}

impl AuthorizationResponse {
    /// Reduces the list of authorizations to one decision. Several `NO AUTORIZADO`
    /// plus one `AUTORIZADO` may come for the same clave: the authorized one wins.
    pub fn outcome(&self) -> AuthorizationOutcome<'_> {
        if let Some(a) = self
            .authorizations
            .iter()
            .find(|a| a.status == AuthorizationStatus::Autorizado)
        {
            return AuthorizationOutcome::Authorized(a);
        }
        if self
            .authorizations
            .iter()
            .any(|a| a.status == AuthorizationStatus::EnProceso)
        {
            return AuthorizationOutcome::Pending;
        }
        if let Some(a) = self
            .authorizations
            .iter()
            .rev()
            .find(|a| a.status == AuthorizationStatus::NoAutorizado)
        {
            return AuthorizationOutcome::NotAuthorized(a);
        }
        if self.authorizations.is_empty() {
            AuthorizationOutcome::NotFound
        } else {
            AuthorizationOutcome::Pending
        }
    }
}

/// No SRI answer was obtained. The variants say whether the SRI may nevertheless have
/// received the document.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SoapError {
    /// No answer within the timeout: the request may have been processed.
    #[error(
        "el SRI no respondió a tiempo (el comprobante pudo haber sido recibido: consulte la autorización antes de reenviar)"
    )]
    Timeout,
    /// The connection could not be established: nothing was sent.
    #[error("no se pudo conectar con el SRI: {0}")]
    Connect(String),
    /// The connection failed after sending: the request may have been processed.
    #[error("falló la comunicación con el SRI: {0}")]
    Transport(String),
    /// HTTP error without a SOAP answer (e.g. 500, 503 maintenance).
    #[error("el servicio del SRI respondió HTTP {status}")]
    Http {
        /// HTTP status.
        status: u16,
        /// Start of the body, for the log.
        body: String,
    },
    /// SOAP Fault.
    #[error("el servicio del SRI devolvió un error SOAP: {message}")]
    Fault {
        /// `faultcode`.
        code: String,
        /// `faultstring`.
        message: String,
    },
    /// The body is not the expected SOAP answer.
    #[error("respuesta del SRI no reconocida: {0}")]
    InvalidResponse(String),
}

impl SoapError {
    /// True when the SRI may have received the request although no answer came back:
    /// query the authorization before sending again.
    pub fn may_have_been_received(&self) -> bool {
        !matches!(self, SoapError::Connect(_))
    }
}
