//! Delivers the outbox over SMTP. Runs in every server process; leases on outbox rows keep two
//! servers from sending the same message. Failed deliveries are retried with growing delays.
//!
//! A message that carries an electronic document is composed when it is sent, by the
//! [`ComposeDocument`] the server hands in (the e-billing controllers: the e-mail attaches the RIDE
//! page they render), so that this module knows nothing above the outbox.

use chrono::TimeDelta;
use lettre::AsyncTransport;
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Attachment, Body, Message, MultiPart};

use std::time::Duration;

use super::Mailer;
use crate::db::Database;
use crate::models::mail::outbox::{self, OutboxMail};

/// How long a claimed message is reserved for this server.
const LEASE: TimeDelta = TimeDelta::seconds(120);
/// Messages taken per round.
const BATCH: i64 = 20;

/// Subject, bodies and attachments of an outbox message: as stored, or — for a message that
/// carries an electronic document — composed when it is sent ([`ComposeDocument`]).
pub struct Composed {
    pub subject: String,
    pub text: String,
    pub html: String,
    /// File name, MIME type and content.
    pub attachments: Vec<(String, String, Vec<u8>)>,
}

/// Composes the message of electronic document `id` (an error is retried like a failed delivery).
pub trait ComposeDocument: Send + Sync + 'static {
    fn compose(&self, id: i64) -> impl Future<Output = Result<Composed, String>> + Send;
}

/// What the worker works with: the database, the mailer, how long it sleeps between looks at
/// the outbox, and who composes documents' messages.
pub struct Delivery<C> {
    pub db: Database,
    pub mailer: Mailer,
    pub poll: Duration,
    pub documents: C,
}

/// Runs until the process ends. Does nothing when SMTP is not configured.
pub async fn run<C: ComposeDocument>(delivery: Delivery<C>) {
    let Some(transport) = delivery.mailer.transport.clone() else {
        return;
    };
    let state = &delivery;
    loop {
        match deliver_round(state, &transport).await {
            Ok(0) => {
                // Sleep until woken by a new message or the poll interval passes.
                let woken = async {
                    tokio::select! {
                        () = state.mailer.wake.notified() => {}
                        () = super::woken() => {}
                    }
                };
                let _ = tokio::time::timeout(state.poll, woken).await;
            }
            Ok(_) => {}
            Err(err) => {
                tracing::warn!(error = %err, "no se pudo revisar la bandeja de salida");
                tokio::time::sleep(state.poll).await;
            }
        }
    }
}

async fn deliver_round<C: ComposeDocument>(
    state: &Delivery<C>,
    transport: &lettre::AsyncSmtpTransport<lettre::Tokio1Executor>,
) -> Result<usize, crate::error::AppError> {
    let batch = state
        .db
        .run(|conn| Ok(outbox::claim(conn, BATCH, LEASE)?))
        .await?;
    let count = batch.len();
    for mail in batch {
        let id = mail.id;
        let attempts = mail.attempts;
        let result = match compose(state, &mail).await {
            Ok(composed) => match build(&state.mailer.from, &mail, composed) {
                Ok(message) => transport
                    .send(message)
                    .await
                    .map(|_| ())
                    .map_err(|e| e.to_string()),
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        };
        state
            .db
            .run(move |conn| {
                match result {
                    Ok(()) => outbox::mark_sent(conn, id)?,
                    Err(error) => {
                        tracing::warn!(mail = id, %error, "fallo al enviar correo; se reintentará");
                        let retry = TimeDelta::seconds(30 * 2i64.pow(attempts.clamp(0, 8) as u32));
                        outbox::mark_failed(conn, id, &error, retry)?
                    }
                };
                Ok(())
            })
            .await?;
    }
    Ok(count)
}

async fn compose<C: ComposeDocument>(
    state: &Delivery<C>,
    mail: &OutboxMail,
) -> Result<Composed, String> {
    match mail.sri_document_id {
        Some(document) => state.documents.compose(document).await,
        None => Ok(Composed {
            subject: mail.subject.clone(),
            text: mail.body_text.clone(),
            html: mail.body_html.clone(),
            attachments: Vec::new(),
        }),
    }
}

fn build(
    from: &lettre::message::Mailbox,
    mail: &OutboxMail,
    composed: Composed,
) -> Result<Message, String> {
    let to = mail
        .to_address
        .parse()
        .map_err(|e| format!("destinatario no válido: {e}"))?;
    let builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(&composed.subject);
    let body = MultiPart::alternative_plain_html(composed.text, composed.html);
    if composed.attachments.is_empty() {
        return builder.multipart(body).map_err(|e| e.to_string());
    }
    let mut mixed = MultiPart::mixed().multipart(body);
    for (name, kind, content) in composed.attachments {
        let kind = ContentType::parse(&kind).map_err(|e| e.to_string())?;
        // Base64 always: the XML's long lines and the RIDE's bytes travel unchanged.
        let body = Body::new_with_encoding(content, ContentTransferEncoding::Base64)
            .map_err(|_| "no se pudo codificar el adjunto".to_string())?;
        mixed = mixed.singlepart(Attachment::new(name).body(body, kind));
    }
    builder.multipart(mixed).map_err(|e| e.to_string())
}
