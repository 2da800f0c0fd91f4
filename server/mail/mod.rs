//! E-mail: messages are rendered from askama templates, queued in the outbox in the caller's
//! transaction, and delivered by [`worker`] over SMTP (lettre) when `SMTP_URL` is set. Without SMTP
//! they stay in the outbox and their link is logged, so a local user can still verify an account.

pub mod messages;
pub mod worker;

use std::sync::{Arc, LazyLock};

use lettre::{AsyncSmtpTransport, Tokio1Executor};
use tokio::sync::Notify;

use crate::db::DbConnection;
use crate::models::mail::outbox;
pub use messages::Email;

/// Wakes the mail workers of this process from code that holds no [`Mailer`] (the SRI worker,
/// after it queued a buyer's e-mail).
static WAKE_ALL: LazyLock<Notify> = LazyLock::new(Notify::new);

/// Tells this process's mail workers that new mail is waiting (call after the commit).
pub fn wake_all() {
    WAKE_ALL.notify_waiters();
}

/// Waits until [`wake_all`] is called.
pub(crate) async fn woken() {
    WAKE_ALL.notified().await;
}

/// Delivery settings and the signal that wakes the worker.
#[derive(Clone)]
pub struct Mailer {
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: lettre::message::Mailbox,
    wake: Arc<Notify>,
}

impl Mailer {
    /// Builds the mailer; `smtp_url` is `smtp://[user:pass@]host[:port]` (STARTTLS when the server
    /// offers it, `?tls=required` to insist) or `smtps://…` (TLS from the start).
    pub fn new(smtp_url: Option<&str>, from: &str) -> anyhow::Result<Self> {
        let transport = smtp_url
            .map(|url| AsyncSmtpTransport::<Tokio1Executor>::from_url(url).map(|b| b.build()))
            .transpose()
            .map_err(|e| anyhow::anyhow!("SMTP_URL no válida: {e}"))?;
        let from = from
            .parse()
            .map_err(|e| anyhow::anyhow!("MAIL_FROM no válido: {e}"))?;
        Ok(Self {
            transport,
            from,
            wake: Arc::new(Notify::new()),
        })
    }

    /// Whether messages are delivered (SMTP configured) or only kept in the outbox.
    pub fn delivers(&self) -> bool {
        self.transport.is_some()
    }

    /// Queues `email` in the outbox (inside the caller's transaction). Call [`Mailer::wake`] after
    /// the transaction commits.
    pub fn queue(&self, conn: &mut DbConnection, email: &Email) -> anyhow::Result<i64> {
        let rendered = email.render()?;
        let id = outbox::enqueue(
            conn,
            email.to(),
            &rendered.subject,
            &rendered.text,
            &rendered.html,
        )?;
        if !self.delivers() {
            tracing::info!(
                to = email.to(),
                link = email.link(),
                "correo guardado sin enviar (SMTP_URL no configurada)"
            );
        }
        Ok(id)
    }

    /// Tells the worker new mail is waiting.
    pub fn wake(&self) {
        self.wake.notify_one();
    }
}
