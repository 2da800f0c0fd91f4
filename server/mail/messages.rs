//! The e-mails Mostrador sends, each rendered as plain text and HTML.

use askama::Template;

use crate::models::auth::email_token::Purpose;

/// A message ready to queue.
#[derive(Debug, Clone)]
pub enum Email {
    /// Link to `/verify-email?token=…` after sign-up.
    VerifyEmail {
        to: String,
        name: String,
        link: String,
    },
    /// Link to `/login/{tokenReset}`.
    ResetPassword {
        to: String,
        name: String,
        link: String,
    },
    /// An administrator added the person to a company: link to choose a password.
    Invitation {
        to: String,
        name: String,
        company: String,
        link: String,
    },
    /// An authorized factura or nota de crédito to its buyer (the XML and the RIDE go as
    /// attachments, added by the mail worker; `link` is the signed public RIDE link, absent on a
    /// server without `MOSTRADOR_SECRET`).
    ElectronicDocument {
        to: String,
        issuer: String,
        ruc: String,
        /// «Factura», «Nota de crédito».
        kind: String,
        number: String,
        total: String,
        authorization: String,
        access_key: String,
        link: Option<String>,
    },
}

/// How long an invitation link stays valid.
pub const INVITATION_HOURS: i64 = 72;

/// Subject and bodies of a rendered message.
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

#[derive(Template)]
#[template(path = "email/verify.html", config = "server/templates/askama.toml")]
struct VerifyHtml<'a> {
    name: &'a str,
    link: &'a str,
    hours: i64,
}

#[derive(Template)]
#[template(path = "email/verify.txt", config = "server/templates/askama.toml")]
struct VerifyText<'a> {
    name: &'a str,
    link: &'a str,
    hours: i64,
}

#[derive(Template)]
#[template(
    path = "email/invitation.html",
    config = "server/templates/askama.toml"
)]
struct InvitationHtml<'a> {
    name: &'a str,
    company: &'a str,
    link: &'a str,
    hours: i64,
}

#[derive(Template)]
#[template(path = "email/invitation.txt", config = "server/templates/askama.toml")]
struct InvitationText<'a> {
    name: &'a str,
    company: &'a str,
    link: &'a str,
    hours: i64,
}

#[derive(Template)]
#[template(path = "email/reset.html", config = "server/templates/askama.toml")]
struct ResetHtml<'a> {
    name: &'a str,
    link: &'a str,
    hours: i64,
}

#[derive(Template)]
#[template(path = "email/reset.txt", config = "server/templates/askama.toml")]
struct ResetText<'a> {
    name: &'a str,
    link: &'a str,
    hours: i64,
}

#[derive(Template)]
#[template(
    path = "email/document.html",
    config = "server/templates/askama.toml",
    whitespace = "preserve"
)]
struct DocumentHtml<'a> {
    issuer: &'a str,
    ruc: &'a str,
    kind: &'a str,
    number: &'a str,
    total: &'a str,
    authorization: &'a str,
    access_key: &'a str,
    link: Option<&'a str>,
    days: i64,
}

#[derive(Template)]
#[template(
    path = "email/document.txt",
    config = "server/templates/askama.toml",
    whitespace = "preserve"
)]
struct DocumentText<'a> {
    issuer: &'a str,
    ruc: &'a str,
    kind: &'a str,
    number: &'a str,
    total: &'a str,
    authorization: &'a str,
    access_key: &'a str,
    link: Option<&'a str>,
    days: i64,
}

impl Email {
    /// Recipient.
    pub fn to(&self) -> &str {
        match self {
            Email::VerifyEmail { to, .. }
            | Email::ResetPassword { to, .. }
            | Email::Invitation { to, .. }
            | Email::ElectronicDocument { to, .. } => to,
        }
    }

    /// The link the message carries.
    pub fn link(&self) -> &str {
        match self {
            Email::VerifyEmail { link, .. }
            | Email::ResetPassword { link, .. }
            | Email::Invitation { link, .. } => link,
            Email::ElectronicDocument { link, .. } => link.as_deref().unwrap_or_default(),
        }
    }

    /// Subject, text and HTML.
    pub fn render(&self) -> askama::Result<Rendered> {
        Ok(match self {
            Email::VerifyEmail { name, link, .. } => {
                let hours = Purpose::VerifyEmail.lifetime().num_hours();
                Rendered {
                    subject: "Verifique su correo en Mostrador".into(),
                    text: VerifyText { name, link, hours }.render()?,
                    html: VerifyHtml { name, link, hours }.render()?,
                }
            }
            Email::ResetPassword { name, link, .. } => {
                let hours = Purpose::ResetPassword.lifetime().num_hours();
                Rendered {
                    subject: "Restablecer su contraseña de Mostrador".into(),
                    text: ResetText { name, link, hours }.render()?,
                    html: ResetHtml { name, link, hours }.render()?,
                }
            }
            Email::Invitation {
                name,
                company,
                link,
                ..
            } => {
                let hours = INVITATION_HOURS;
                Rendered {
                    subject: format!("{company} le invita a Mostrador"),
                    text: InvitationText {
                        name,
                        company,
                        link,
                        hours,
                    }
                    .render()?,
                    html: InvitationHtml {
                        name,
                        company,
                        link,
                        hours,
                    }
                    .render()?,
                }
            }
            Email::ElectronicDocument {
                issuer,
                ruc,
                kind,
                number,
                total,
                authorization,
                access_key,
                link,
                ..
            } => {
                let days = crate::services::ebilling::ride_link::VALIDITY.num_days();
                let link = link.as_deref();
                Rendered {
                    subject: format!("{kind} electrónica {number} de {issuer}"),
                    text: DocumentText {
                        issuer,
                        ruc,
                        kind,
                        number,
                        total,
                        authorization,
                        access_key,
                        link,
                        days,
                    }
                    .render()?,
                    html: DocumentHtml {
                        issuer,
                        ruc,
                        kind,
                        number,
                        total,
                        authorization,
                        access_key,
                        link,
                        days,
                    }
                    .render()?,
                }
            }
        })
    }
}
