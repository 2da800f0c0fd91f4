//! Composes the e-mail of an authorized electronic document when the mail worker sends it
//! ([`crate::mail::worker`]; see `services::ebilling::mail` for when it is queued and to whom): the text from askama templates,
//! the signed public link to its RIDE, the authorized XML (`<clave>.xml`, `application/xml`) and
//! the RIDE A4 as a self-contained HTML page (`<clave>.html`, `text/html`), the same page the link
//! opens, rendered through the same SSR path and cache.

use super::attachment::render_attachment;
use super::pages::ride_view;
use crate::app::AppState;
use crate::domain::document_status::DocumentStatus;
use crate::mail::Email;
use crate::mail::worker::{ComposeDocument, Composed};
use crate::models::CompanyId;
use crate::models::sri::document::SriDocument;
use crate::services::ebilling::ride_link;
use crate::util::time::now;

/// The mail worker's composer of documents' messages: this server's state.
pub struct DocumentMail(pub AppState);

impl ComposeDocument for DocumentMail {
    async fn compose(&self, id: i64) -> Result<Composed, String> {
        compose(&self.0, id).await
    }
}

/// The message of document `id` (an error is retried by the worker like a failed delivery).
async fn compose(state: &AppState, id: i64) -> Result<Composed, String> {
    let found = state
        .db
        .run(move |conn| {
            let doc = SriDocument::find(conn, id)?;
            let view = ride_view(conn, CompanyId::trusted(doc.company_id), &doc)?;
            Ok((doc, view))
        })
        .await
        .map_err(|e| e.to_string())?;
    let (doc, view) = found;
    let xml = doc
        .authorized_xml
        .clone()
        .filter(|_| doc.status == DocumentStatus::Authorized.as_str())
        .ok_or("el comprobante no está autorizado")?;
    let link = ride_link::key(state.config.secret.as_ref())
        .and_then(|key| key.path(&doc.access_key, now()))
        .map(|path| format!("{}{path}", state.config.public_url().trim_end_matches('/')));
    let ride = render_attachment(state, &doc.access_key).await?;
    let email = Email::ElectronicDocument {
        to: String::new(),
        issuer: view.issuer.legal_name.clone(),
        ruc: view.issuer.ruc.clone(),
        kind: match view.kind.as_str() {
            "notaCredito" => "Nota de crédito",
            "guiaRemision" => "Guía de remisión",
            "retencion" => "Comprobante de retención",
            _ => "Factura",
        }
        .into(),
        number: view.number.clone(),
        // A guía carries goods, not amounts.
        total: Some(view.total.clone()).filter(|t| !t.is_empty()),
        authorization: view
            .authorization_number
            .clone()
            .unwrap_or_else(|| doc.access_key.clone()),
        access_key: doc.access_key.clone(),
        link,
        link_days: ride_link::VALIDITY.num_days(),
    };
    let rendered = email.render().map_err(|e| e.to_string())?;
    Ok(Composed {
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        attachments: vec![
            (
                format!("{}.xml", doc.access_key),
                "application/xml".into(),
                xml.into_bytes(),
            ),
            (
                format!("{}.html", doc.access_key),
                "text/html; charset=utf-8".into(),
                ride.into_bytes(),
            ),
        ],
    })
}
