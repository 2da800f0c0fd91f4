//! Delivers the outbox over SMTP. Runs in every server process; leases on outbox rows keep two
//! servers from sending the same message. Failed deliveries are retried with growing delays.

use chrono::TimeDelta;
use lettre::AsyncTransport;
use lettre::message::{Message, MultiPart};

use crate::app::AppState;
use crate::models::mail::outbox::{self, OutboxMail};

/// How long a claimed message is reserved for this server.
const LEASE: TimeDelta = TimeDelta::seconds(120);
/// Messages taken per round.
const BATCH: i64 = 20;

/// Runs until the process ends. Does nothing when SMTP is not configured.
pub async fn run(state: AppState) {
    let Some(transport) = state.mailer.transport.clone() else {
        return;
    };
    loop {
        match deliver_round(&state, &transport).await {
            Ok(0) => {
                // Sleep until woken by a new message or the poll interval passes.
                let _ = tokio::time::timeout(state.config.mail_poll, state.mailer.wake.notified())
                    .await;
            }
            Ok(_) => {}
            Err(err) => {
                tracing::warn!(error = %err, "no se pudo revisar la bandeja de salida");
                tokio::time::sleep(state.config.mail_poll).await;
            }
        }
    }
}

async fn deliver_round(
    state: &AppState,
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
        let result = match build(&state.mailer.from, &mail) {
            Ok(message) => transport
                .send(message)
                .await
                .map(|_| ())
                .map_err(|e| e.to_string()),
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

fn build(from: &lettre::message::Mailbox, mail: &OutboxMail) -> Result<Message, String> {
    let to = mail
        .to_address
        .parse()
        .map_err(|e| format!("destinatario no válido: {e}"))?;
    Message::builder()
        .from(from.clone())
        .to(to)
        .subject(&mail.subject)
        .multipart(MultiPart::alternative_plain_html(
            mail.body_text.clone(),
            mail.body_html.clone(),
        ))
        .map_err(|e| e.to_string())
}
