//! One step of a document's journey, decided from its stored status and the SRI's answer. The
//! rules (reference §4.5):
//!
//! - Success only on `AUTORIZADO`.
//! - Before sending a document whose previous send got no answer, ask for its authorization: the
//!   SRI may have it, and a blind resend would come back as 43/45/70. Only when the SRI has no
//!   record of this version is it sent again.
//! - Error 70 (clave en procesamiento) and 43 (clave registrada) move the document to polling; it
//!   is never resent because of them.
//! - A rejection (DEVUELTA, NO AUTORIZADO) waits for a correction; the SRI's internal error (50)
//!   and transport failures are retried with backoff.
//! - At most [`MAX_FAILED_PER_DAY`] rejections per clave and Ecuador day.
//! - Every SRI message is stored in the same transaction as the state it led to; every write is
//!   conditioned on this worker still holding the document's lease.

use super::schedule::{MAX_FAILED_PER_DAY, add_failure, after, backoff, send_allowed_from};
use super::worker::Worker;
use crate::db::write_transaction;
use crate::domain::document_status::DocumentStatus;
use crate::error::AppError;
use crate::models::sri::document::{DocumentChanges, SriDocument};
use crate::models::sri::message::{NewSriDocumentMessage, SriDocumentMessage};
use crate::sri::soap::{
    Authorization, AuthorizationOutcome, MessageKind, ReceptionResponse, ReceptionStatus,
    SoapError, SriMessage, envelope,
};
use crate::util::time::now;

/// Reception codes that say nothing about the document (the SRI's internal error): send it again
/// later, without counting a rejection.
const TRANSIENT_RECEPTION_CODES: [&str; 1] = ["50"];

/// Reception codes meaning the SRI already has the clave: ask for the authorization, never resend.
const ALREADY_AT_SRI_CODES: [&str; 2] = ["70", "43"];

/// A NO AUTORIZADO dated this long before our send is the verdict on an earlier version.
const CLOCK_SKEW: chrono::TimeDelta = chrono::TimeDelta::minutes(1);

/// «Never again» for a document the worker stops sending (a century, a date both databases
/// store and compare like any other).
const NEVER: chrono::TimeDelta = chrono::TimeDelta::days(36_500);

/// The limit to get a document to the SRI (72 h from its generation).
fn window_deadline(doc: &SriDocument) -> chrono::NaiveDateTime {
    doc.deadline()
}

/// What a recorded state brings besides itself.
#[derive(Clone, Copy, PartialEq, Eq)]
enum After {
    Nothing,
    /// The document is AUTORIZADO: e-mail it to its buyer.
    MailBuyer,
}

#[derive(Clone, Copy)]
enum Stage {
    Reception,
    Authorization,
}

fn status(s: DocumentStatus) -> Option<String> {
    Some(s.as_str().to_string())
}

fn stored_messages<'a>(
    doc: &SriDocument,
    stage: Stage,
    sri_status: &str,
    messages: impl Iterator<Item = &'a SriMessage>,
) -> Vec<NewSriDocumentMessage> {
    let at = now();
    messages
        .map(|m| NewSriDocumentMessage {
            document_id: doc.id,
            company_id: doc.company_id,
            stage: match stage {
                Stage::Reception => "reception",
                Stage::Authorization => "authorization",
            }
            .into(),
            sri_status: sri_status.into(),
            identifier: m.identifier.clone(),
            message: m.message.clone(),
            additional_info: m.additional_info.clone(),
            kind: m.kind.as_str().into(),
            created_at: at,
        })
        .collect()
}

fn first_line(messages: &[NewSriDocumentMessage]) -> String {
    messages
        .first()
        .map(|m| format!("{} {}", m.identifier, m.message))
        .unwrap_or_default()
}

/// Whether a NO AUTORIZADO is about the bytes we last sent, not about an earlier version of the
/// document (a correction resent with the same clave).
fn is_current(doc: &SriDocument, a: &Authorization) -> bool {
    if let Some(document) = &a.document {
        return document.trim() == doc.signed_xml.trim();
    }
    match (a.date_parsed(), doc.last_sent_at) {
        (Some(date), Some(sent)) => date.naive_utc() >= sent - CLOCK_SKEW,
        _ => true,
    }
}

impl Worker {
    /// Moves a claimed document one step; failures are logged and the document stays as stored.
    pub(super) async fn process(&self, doc: SriDocument) {
        let (id, key) = (doc.id, doc.access_key.clone());
        let result = match DocumentStatus::parse(&doc.status) {
            Some(DocumentStatus::Signed) => self.send(doc).await,
            Some(DocumentStatus::Sending) => self.resolve_unknown(doc).await,
            Some(DocumentStatus::Received | DocumentStatus::InProcess) => self.poll(doc).await,
            _ => {
                self.record(&doc, DocumentChanges::default().releasing(), Vec::new())
                    .await
            }
        };
        if let Err(err) = result {
            tracing::warn!(document = id, clave = %key, error = %err, "no se pudo avanzar el comprobante electrónico");
        }
    }

    /// `validarComprobante`, after writing down that a send is under way (so that a crash or a
    /// timeout leads to an authorization query, not to a second send).
    async fn send(&self, doc: SriDocument) -> Result<(), AppError> {
        let at = now();
        if doc.failed_attempts == 0 && at > window_deadline(&doc) {
            return self.missed_window(doc).await;
        }
        let allowed = send_allowed_from(doc.failed_day, doc.failed_today, at);
        if allowed > at {
            let changes = DocumentChanges {
                status: status(DocumentStatus::Signed),
                next_attempt_at: Some(allowed),
                last_error: Some(Some(format!(
                    "El SRI admite {MAX_FAILED_PER_DAY} intentos fallidos por día para una clave de acceso: se enviará desde las 00:00 del día siguiente"
                ))),
                ..DocumentChanges::default()
            };
            return self.record(&doc, changes.releasing(), Vec::new()).await;
        }
        let intent = DocumentChanges {
            status: status(DocumentStatus::Sending),
            attempts: Some(doc.attempts + 1),
            last_sent_at: Some(Some(at)),
            locked_until: Some(Some(after(at, self.inner.config.lease))),
            ..DocumentChanges::default()
        };
        if !self.update(&doc, intent, true).await? {
            return Ok(());
        }
        let doc = SriDocument {
            status: DocumentStatus::Sending.as_str().into(),
            attempts: doc.attempts + 1,
            last_sent_at: Some(at),
            ..doc
        };
        match self
            .client(&doc.environment)
            .send(doc.signed_xml.as_bytes())
            .await
        {
            Ok(answer) => self.on_reception(&doc, &answer).await,
            Err(err) => {
                let next = if err.may_have_been_received() {
                    DocumentStatus::Sending
                } else {
                    DocumentStatus::Signed
                };
                self.retry_later(&doc, next, &err, Vec::new()).await
            }
        }
    }

    async fn on_reception(
        &self,
        doc: &SriDocument,
        answer: &ReceptionResponse,
    ) -> Result<(), AppError> {
        let sri_status = match &answer.status {
            ReceptionStatus::Recibida => "RECIBIDA",
            ReceptionStatus::Devuelta => "DEVUELTA",
            ReceptionStatus::Other(s) => s.as_str(),
        };
        let messages = stored_messages(doc, Stage::Reception, sri_status, answer.messages());
        let errors: Vec<&SriMessage> = answer
            .messages()
            .filter(|m| m.kind == MessageKind::Error)
            .collect();
        match &answer.status {
            ReceptionStatus::Recibida => {
                self.wait_for_authorization(doc, DocumentStatus::Received, 0, messages)
                    .await
            }
            ReceptionStatus::Devuelta
                if ALREADY_AT_SRI_CODES.iter().any(|c| answer.has_code(c)) =>
            {
                tracing::info!(clave = %doc.access_key, respuesta = %first_line(&messages), "el SRI ya tiene la clave: se consultará la autorización, sin reenviar");
                self.wait_for_authorization(doc, DocumentStatus::InProcess, 0, messages)
                    .await
            }
            ReceptionStatus::Devuelta
                if !errors.is_empty()
                    && errors
                        .iter()
                        .all(|m| TRANSIENT_RECEPTION_CODES.contains(&m.identifier.as_str())) =>
            {
                let err = SoapError::InvalidResponse(format!(
                    "DEVUELTA por error interno del SRI ({})",
                    first_line(&messages)
                ));
                self.retry_later(doc, DocumentStatus::Signed, &err, messages)
                    .await
            }
            ReceptionStatus::Devuelta => {
                self.rejected(doc, DocumentStatus::Returned, messages).await
            }
            ReceptionStatus::Other(s) => {
                let err =
                    SoapError::InvalidResponse(format!("estado de recepción desconocido «{s}»"));
                self.retry_later(doc, DocumentStatus::Sending, &err, messages)
                    .await
            }
        }
    }

    /// The SRI window passed and the document never reached the SRI (it is only ever sent from
    /// here, and no rejection was ever recorded): it is not sent any more, and `last_error` says
    /// why in Spanish. The list flags it «fuera de plazo»; the shop must void it and issue a new
    /// one.
    async fn missed_window(&self, doc: SriDocument) -> Result<(), AppError> {
        // Written in the company's clock: the shop reads it in the document list.
        let company = crate::models::CompanyId::trusted(doc.company_id);
        let zone = self
            .inner
            .db
            .run(move |conn| {
                Ok(crate::models::config::company::Company::zone(
                    conn, company,
                )?)
            })
            .await?;
        let limit = zone.text(window_deadline(&doc));
        tracing::warn!(clave = %doc.access_key, "comprobante fuera del plazo del SRI: no se envía");
        let changes = DocumentChanges {
            status: status(DocumentStatus::Signed),
            next_attempt_at: Some(now() + NEVER),
            last_error: Some(Some(format!(
                "Fuera del plazo del SRI: el comprobante no llegó al SRI dentro de las 72 horas desde su emisión (hasta el {limit}) y ya no se envía; anúlelo y emita uno nuevo"
            ))),
            ..DocumentChanges::default()
        };
        self.record(&doc, changes.releasing(), Vec::new()).await
    }

    /// A send got no answer (or the server died during it): the SRI decides whether it has the
    /// document. Only if it has no record of this version is the document sent again.
    async fn resolve_unknown(&self, doc: SriDocument) -> Result<(), AppError> {
        let answer = match self
            .client(&doc.environment)
            .authorize(&doc.access_key)
            .await
        {
            Ok(answer) => answer,
            Err(err) => {
                return self
                    .retry_later(&doc, DocumentStatus::Sending, &err, Vec::new())
                    .await;
            }
        };
        match answer.outcome() {
            AuthorizationOutcome::Authorized(a) => self.authorized(&doc, a).await,
            AuthorizationOutcome::NotAuthorized(a) if is_current(&doc, a) => {
                self.not_authorized(&doc, a).await
            }
            AuthorizationOutcome::Pending => {
                self.wait_for_authorization(
                    &doc,
                    DocumentStatus::InProcess,
                    doc.polls + 1,
                    Vec::new(),
                )
                .await
            }
            AuthorizationOutcome::NotAuthorized(_) | AuthorizationOutcome::NotFound => {
                tracing::info!(clave = %doc.access_key, "el SRI no tiene esta versión del comprobante: se envía");
                self.send(doc).await
            }
        }
    }

    /// `autorizacionComprobante` for a document the SRI has.
    async fn poll(&self, doc: SriDocument) -> Result<(), AppError> {
        let current = DocumentStatus::parse(&doc.status).unwrap_or(DocumentStatus::InProcess);
        let answer = match self
            .client(&doc.environment)
            .authorize(&doc.access_key)
            .await
        {
            Ok(answer) => answer,
            Err(err) => return self.retry_later(&doc, current, &err, Vec::new()).await,
        };
        match answer.outcome() {
            AuthorizationOutcome::Authorized(a) => self.authorized(&doc, a).await,
            AuthorizationOutcome::NotAuthorized(a) if is_current(&doc, a) => {
                self.not_authorized(&doc, a).await
            }
            // Still processing, not visible yet, or only an earlier version's verdict: ask again.
            _ => {
                self.wait_for_authorization(
                    &doc,
                    DocumentStatus::InProcess,
                    doc.polls + 1,
                    Vec::new(),
                )
                .await
            }
        }
    }

    async fn wait_for_authorization(
        &self,
        doc: &SriDocument,
        next: DocumentStatus,
        polls: i32,
        messages: Vec<NewSriDocumentMessage>,
    ) -> Result<(), AppError> {
        let config = &self.inner.config;
        let changes = DocumentChanges {
            status: status(next),
            polls: Some(polls),
            errors: Some(0),
            next_attempt_at: Some(after(
                now(),
                backoff(config.authorization_delay, config.max_backoff, polls),
            )),
            last_error: Some(None),
            ..DocumentChanges::default()
        };
        self.record(doc, changes.releasing(), messages).await
    }

    async fn authorized(&self, doc: &SriDocument, a: &Authorization) -> Result<(), AppError> {
        let stored = if a.document.is_some() {
            envelope::authorized_document(a)
        } else {
            envelope::authorized_document(&Authorization {
                document: Some(doc.signed_xml.clone()),
                ..a.clone()
            })
        };
        let changes = DocumentChanges {
            status: status(DocumentStatus::Authorized),
            errors: Some(0),
            last_error: Some(None),
            authorization_number: Some(Some(
                a.number.clone().unwrap_or_else(|| doc.access_key.clone()),
            )),
            authorization_date: Some(a.date.clone()),
            authorized_at: Some(a.date_parsed().map(|d| d.naive_utc())),
            authorized_xml: Some(Some(stored)),
            ..DocumentChanges::default()
        };
        let messages = stored_messages(
            doc,
            Stage::Authorization,
            a.status.as_str(),
            a.messages.iter(),
        );
        tracing::info!(clave = %doc.access_key, "comprobante AUTORIZADO");
        self.record_then(doc, changes.releasing(), messages, After::MailBuyer)
            .await
    }

    async fn not_authorized(&self, doc: &SriDocument, a: &Authorization) -> Result<(), AppError> {
        let messages = stored_messages(
            doc,
            Stage::Authorization,
            a.status.as_str(),
            a.messages.iter(),
        );
        self.rejected(doc, DocumentStatus::NotAuthorized, messages)
            .await
    }

    /// DEVUELTA or NO AUTORIZADO: counts a rejection for the day and waits for a correction.
    async fn rejected(
        &self,
        doc: &SriDocument,
        next: DocumentStatus,
        messages: Vec<NewSriDocumentMessage>,
    ) -> Result<(), AppError> {
        let (day, today) = add_failure(doc.failed_day, doc.failed_today, now());
        tracing::warn!(clave = %doc.access_key, estado = next.as_str(), mensaje = %first_line(&messages), "comprobante rechazado por el SRI");
        let changes = DocumentChanges {
            status: status(next),
            failed_attempts: Some(doc.failed_attempts + 1),
            failed_day: Some(Some(day)),
            failed_today: Some(today),
            errors: Some(0),
            last_error: Some(None),
            ..DocumentChanges::default()
        };
        self.record(doc, changes.releasing(), messages).await
    }

    /// No usable answer: keep `next` and try again after a growing delay.
    async fn retry_later(
        &self,
        doc: &SriDocument,
        next: DocumentStatus,
        err: &SoapError,
        messages: Vec<NewSriDocumentMessage>,
    ) -> Result<(), AppError> {
        let config = &self.inner.config;
        tracing::warn!(clave = %doc.access_key, error = %err, "sin respuesta utilizable del SRI; se reintentará");
        let changes = DocumentChanges {
            status: status(next),
            errors: Some(doc.errors + 1),
            next_attempt_at: Some(after(
                now(),
                backoff(config.retry_delay, config.max_backoff, doc.errors),
            )),
            last_error: Some(Some(err.to_string())),
            ..DocumentChanges::default()
        };
        self.record(doc, changes.releasing(), messages).await
    }

    /// Writes a state change (and its messages) in one transaction, if the lease is still ours.
    async fn record(
        &self,
        doc: &SriDocument,
        changes: DocumentChanges,
        messages: Vec<NewSriDocumentMessage>,
    ) -> Result<(), AppError> {
        self.record_then(doc, changes, messages, After::Nothing)
            .await
    }

    /// [`Self::record`], plus what the new state brings in the same transaction: AUTORIZADO
    /// queues the buyer's e-mail (`services::ebilling::mail`), so the message exists exactly
    /// when the state does.
    async fn record_then(
        &self,
        doc: &SriDocument,
        changes: DocumentChanges,
        messages: Vec<NewSriDocumentMessage>,
        after: After,
    ) -> Result<(), AppError> {
        let (id, worker) = (doc.id, self.inner.id.clone());
        let on_authorized = self.inner.on_authorized;
        let (kept, mailed) = self
            .inner
            .db
            .run(move |conn| {
                write_transaction(conn, |conn| {
                    if !SriDocument::update_leased(conn, id, &worker, false, &changes)? {
                        return Ok((false, false));
                    }
                    SriDocumentMessage::insert_all(conn, &messages)?;
                    let mailed = after == After::MailBuyer && on_authorized(conn, id)?;
                    Ok((true, mailed))
                })
            })
            .await?;
        if mailed {
            crate::mail::wake_all();
        }
        if !kept {
            tracing::warn!(clave = %doc.access_key, "otro servidor tomó el comprobante; se descarta este resultado");
        }
        Ok(())
    }

    /// A single-row change under the lease; with `live`, only if the lease has not expired.
    async fn update(
        &self,
        doc: &SriDocument,
        changes: DocumentChanges,
        live: bool,
    ) -> Result<bool, AppError> {
        let (id, worker) = (doc.id, self.inner.id.clone());
        let kept = self
            .inner
            .db
            .run(move |conn| {
                Ok(SriDocument::update_leased(
                    conn, id, &worker, live, &changes,
                )?)
            })
            .await?;
        if !kept {
            tracing::warn!(clave = %doc.access_key, "el plazo de reserva del comprobante venció; no se envía");
        }
        Ok(kept)
    }
}
