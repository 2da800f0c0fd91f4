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
        /// «Factura», «Nota de crédito», «Guía de remisión».
        kind: String,
        number: String,
        /// The document's total (a guía has none).
        total: Option<String>,
        authorization: String,
        access_key: String,
        link: Option<String>,
        /// Days the link stays valid.
        link_days: i64,
    },
    /// A client's account statement (receivables), lines as the statement shows them.
    AccountStatement {
        to: String,
        company: String,
        client: String,
        from: String,
        to_date: String,
        opening: String,
        lines: Vec<StatementLine>,
        closing: String,
    },
}

/// A line of an account statement as the e-mail shows it: the statement's own texts.
#[derive(Debug, Clone)]
pub struct StatementLine {
    /// `AAAA-MM-DD` (company's day).
    pub date: String,
    pub document: String,
    pub charge: String,
    pub payment: String,
    pub balance: String,
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
    total: Option<&'a str>,
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
    total: Option<&'a str>,
    authorization: &'a str,
    access_key: &'a str,
    link: Option<&'a str>,
    days: i64,
}

#[derive(Template)]
#[template(
    path = "email/statement.html",
    config = "server/templates/askama.toml",
    whitespace = "preserve"
)]
struct StatementHtml<'a> {
    company: &'a str,
    client: &'a str,
    from: &'a str,
    to: &'a str,
    opening: &'a str,
    lines: &'a [StatementLine],
    closing: &'a str,
}

#[derive(Template)]
#[template(
    path = "email/statement.txt",
    config = "server/templates/askama.toml",
    whitespace = "preserve"
)]
struct StatementText<'a> {
    company: &'a str,
    client: &'a str,
    from: &'a str,
    to: &'a str,
    opening: &'a str,
    lines: &'a [StatementLine],
    closing: &'a str,
}

impl Email {
    /// Recipient.
    pub fn to(&self) -> &str {
        match self {
            Email::VerifyEmail { to, .. }
            | Email::ResetPassword { to, .. }
            | Email::Invitation { to, .. }
            | Email::ElectronicDocument { to, .. }
            | Email::AccountStatement { to, .. } => to,
        }
    }

    /// The link the message carries.
    pub fn link(&self) -> &str {
        match self {
            Email::VerifyEmail { link, .. }
            | Email::ResetPassword { link, .. }
            | Email::Invitation { link, .. } => link,
            Email::ElectronicDocument { link, .. } => link.as_deref().unwrap_or_default(),
            Email::AccountStatement { .. } => "",
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
            } => invitation(InvitationText {
                name,
                company,
                link,
                hours: INVITATION_HOURS,
            })?,
            Email::ElectronicDocument {
                issuer,
                ruc,
                kind,
                number,
                total,
                authorization,
                access_key,
                link,
                link_days,
                ..
            } => electronic_document(DocumentText {
                issuer,
                ruc,
                kind,
                number,
                total: total.as_deref(),
                authorization,
                access_key,
                link: link.as_deref(),
                days: *link_days,
            })?,
            Email::AccountStatement {
                company,
                client,
                from,
                to_date,
                opening,
                lines,
                closing,
                ..
            } => account_statement(StatementText {
                company,
                client,
                from,
                to: to_date,
                opening,
                lines,
                closing,
            })?,
        })
    }
}

/// An invitation, rendered from the fields of its text version (the HTML version shows the same).
fn invitation(text: InvitationText<'_>) -> askama::Result<Rendered> {
    let InvitationText {
        name,
        company,
        link,
        hours,
    } = text;
    Ok(Rendered {
        subject: format!("{company} le invita a Mostrador"),
        text: text.render()?,
        html: InvitationHtml {
            name,
            company,
            link,
            hours,
        }
        .render()?,
    })
}

/// An authorized document to its buyer, rendered from the fields of its text version (the HTML
/// version shows the same).
fn electronic_document(text: DocumentText<'_>) -> askama::Result<Rendered> {
    let DocumentText {
        issuer,
        ruc,
        kind,
        number,
        total,
        authorization,
        access_key,
        link,
        days,
    } = text;
    Ok(Rendered {
        subject: format!("{kind} electrónica {number} de {issuer}"),
        text: text.render()?,
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
    })
}

/// A client's account statement, rendered from the fields of its text version (the HTML version
/// shows the same).
fn account_statement(text: StatementText<'_>) -> askama::Result<Rendered> {
    let StatementText {
        company,
        client,
        from,
        to,
        opening,
        lines,
        closing,
    } = text;
    Ok(Rendered {
        subject: format!("Estado de cuenta de {client} ({from} a {to})"),
        text: text.render()?,
        html: StatementHtml {
            company,
            client,
            from,
            to,
            opening,
            lines,
            closing,
        }
        .render()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn document(link: Option<&str>) -> Rendered {
        Email::ElectronicDocument {
            to: "juana@example.com".into(),
            issuer: "EMPRESA A S.A.".into(),
            ruc: "1790011224001".into(),
            kind: "Nota de crédito".into(),
            number: "001-001-000000007".into(),
            total: Some("12.50".into()),
            authorization: "2611202604179001122400110010010000000071234567811".into(),
            access_key: "2611202604179001122400110010010000000071234567811".into(),
            link: link.map(str::to_string),
            link_days: 30,
        }
        .render()
        .unwrap()
    }

    #[test]
    fn document_email_names_the_document_and_its_link() {
        let r = document(Some("http://mostrador.test/ride/261?expira=1&firma=ab"));
        assert_eq!(
            r.subject,
            "Nota de crédito electrónica 001-001-000000007 de EMPRESA A S.A."
        );
        for part in [
            "EMPRESA A S.A. (RUC 1790011224001) le envía su nota de crédito electrónica",
            "Comprobante: Nota de crédito 001-001-000000007",
            "Valor total: USD 12.50",
            "http://mostrador.test/ride/261?expira=1&firma=ab",
            "vence en 30 días",
        ] {
            assert!(r.text.contains(part), "{part}:\n{}", r.text);
        }
        assert!(r.html.contains("Ver el RIDE"), "{}", r.html);
        let without = document(None);
        assert!(!without.text.contains("Vea el RIDE"), "{}", without.text);
        assert!(!without.html.contains("Ver el RIDE"));
        assert!(without.text.contains("Adjuntos: el XML autorizado"));
    }

    #[test]
    fn a_guide_email_has_no_total() {
        let r = Email::ElectronicDocument {
            to: "bodega@example.com".into(),
            issuer: "EMPRESA A S.A.".into(),
            ruc: "1790011224001".into(),
            kind: "Guía de remisión".into(),
            number: "001-001-000000003".into(),
            total: None,
            authorization: "2611202606179001122400110010010000000031234567811".into(),
            access_key: "2611202606179001122400110010010000000031234567811".into(),
            link: None,
            link_days: 30,
        }
        .render()
        .unwrap();
        assert!(r.text.contains("le envía su guía de remisión electrónica"));
        assert!(
            r.text
                .contains("Comprobante: Guía de remisión 001-001-000000003")
        );
        assert!(!r.text.contains("Valor total"), "{}", r.text);
        assert!(!r.html.contains("Valor total"), "{}", r.html);
    }
}
