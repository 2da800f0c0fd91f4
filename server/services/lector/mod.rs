//! Lector .SRI: the electronic documents a company received, read from what the SRI's portal
//! lets it download — the "comprobantes recibidos" TXT report, authorized XML files, or a ZIP of
//! them — and imported as purchases through the one purchase service.
//!
//! - [`files`]: what a file is, by content; ZIP entries; text decoding.
//! - [`report`]: the TXT report's rows (columns found from its header line).
//! - [`document`]: an authorized document's fields.
//! - [`fetch`]: the authorized XML of a report row, from the SRI's authorization service (the
//!   engine's SOAP client), for rows the upload brought no XML for.
//! - [`import`]: a stored document as a merchandise purchase or an expense.

automod::dir!(pub "server/services/lector");

use std::collections::HashSet;

use crate::domain::ids::same_taxpayer;
use document::Received;
use files::Content;

/// What an upload gave before the SRI is asked.
#[derive(Debug, Default, Clone)]
pub struct Reading {
    /// Documents read from XML files, each checked to be the company's.
    pub documents: Vec<Received>,
    /// Report rows (those without an XML in the upload, once read) and the problems: line (of
    /// the report, or entry of the ZIP) and message, the first ones kept.
    pub report: report::Report,
}

/// The refusal of a document issued to someone else.
pub fn check_buyer(doc: &Received, company_ruc: &str) -> Result<(), String> {
    if same_taxpayer(&doc.buyer_id, company_ruc) {
        return Ok(());
    }
    Err(format!(
        "{} {} de {} fue emitida a {}, no a esta empresa (RUC {company_ruc})",
        document::type_name(doc.doc_type),
        doc.number,
        doc.issuer_name,
        if doc.buyer_id.is_empty() {
            "otro comprador"
        } else {
            &doc.buyer_id
        }
    ))
}

/// Why an uploaded file is refused as a whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// It cannot be read (unknown, an HTML page, broken, not the company's).
    Unreadable(String),
    /// A single document whose signature does not verify.
    Signature(String),
}

impl From<String> for Refused {
    fn from(message: String) -> Self {
        Refused::Unreadable(message)
    }
}

/// A document read from an uploaded (or fetched) XML: the company's, its signature verified.
pub fn accept(xml: &str, company_ruc: &str) -> Result<Received, Refused> {
    let doc = document::read(xml)?;
    check_buyer(&doc, company_ruc)?;
    document::check_signature(&doc).map_err(Refused::Signature)?;
    Ok(doc)
}

impl Refused {
    pub fn message(self) -> String {
        match self {
            Refused::Unreadable(m) | Refused::Signature(m) => m,
        }
    }
}

/// Reads an uploaded file for the company with RUC `company_ruc`. A file that cannot be read as
/// a whole (unknown, an HTML page, a single XML that is broken, not the company's or with a
/// signature that does not verify, a report of too many rows) is refused; the problems of report
/// rows and ZIP entries are counted in [`Reading::report`].
pub fn read_upload(bytes: &[u8], company_ruc: &str) -> Result<Reading, Refused> {
    let mut reading = Reading::default();
    match files::detect(bytes, true)? {
        Content::Report(text) => report::read(&text, company_ruc, &mut reading.report)?,
        Content::Xml(xml) => reading.documents.push(accept(&xml, company_ruc)?),
        Content::Zip => {
            let mut refused = None;
            files::each_entry(bytes, |entry, name, data| {
                if refused.is_some() {
                    return;
                }
                let problems = &mut reading.report;
                match files::detect(data, false) {
                    Ok(Content::Report(text)) => {
                        let before = problems.errors.len();
                        match report::read(&text, company_ruc, problems) {
                            // Too many rows refuses the whole upload, as for a report alone.
                            Err(e) if problems.rows.len() >= report::ROWS_MAX => {
                                refused = Some(e);
                                return;
                            }
                            Err(e) => problems.problem(entry, format!("{name}: {e}")),
                            Ok(()) => {}
                        }
                        for (_, message) in &mut problems.errors[before..] {
                            *message = format!("{name}: {message}");
                        }
                    }
                    Ok(Content::Xml(xml)) => match accept(&xml, company_ruc) {
                        Ok(doc) => reading.documents.push(doc),
                        Err(e) => problems.problem(entry, format!("{name}: {}", e.message())),
                    },
                    Ok(Content::Zip) => {}
                    Err(e) => problems.problem(entry, format!("{name}: {e}")),
                }
            })?;
            if let Some(e) = refused {
                return Err(Refused::Unreadable(e));
            }
        }
    }
    // One document per key; report rows the upload's XMLs already answer are not pending.
    let mut seen = HashSet::new();
    reading
        .documents
        .retain(|d| seen.insert(d.access_key.clone()));
    let mut asked = HashSet::new();
    reading
        .report
        .rows
        .retain(|r| !seen.contains(&r.access_key) && asked.insert(r.access_key.clone()));
    Ok(reading)
}
