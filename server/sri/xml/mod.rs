//! Hand-written XML serializer for the SRI documents.
//!
//! Why not templates: the output must be byte-exact canonical XML (see
//! `sign/c14n.rs`), with elements in the XSD's order, optional elements omitted, no
//! whitespace between elements and text trimmed. A tiny writer that escapes every
//! value makes that structural; a template would make it a convention.
//! Each document type has its own module listing the elements in XSD order.

mod factura;
mod guia;
mod nota_credito;
mod retencion;

use super::clave::ClaveAcceso;
use super::model::{Comprobante, Header, NameValue};
use super::sign::c14n::{escape_attr, escape_text};
use crate::domain::totals::{TaxGroup, Totals};

/// XML declaration written before the root element.
pub const XML_DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

/// Errors that make a document impossible to serialize (the validator prevents them).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// A factura or nota de crédito without computed totals.
    #[error("faltan los totales calculados del comprobante")]
    MissingTotals,
}

/// Serializes a validated document with its clave and totals (none for a guía).
pub fn render(
    doc: &Comprobante,
    clave: &ClaveAcceso,
    totals: Option<&Totals>,
) -> Result<String, RenderError> {
    let mut w = XmlWriter::new();
    match doc {
        Comprobante::Invoice(inv) => factura::write(
            &mut w,
            inv,
            clave,
            totals.ok_or(RenderError::MissingTotals)?,
        ),
        Comprobante::CreditNote(nc) => {
            nota_credito::write(&mut w, nc, clave, totals.ok_or(RenderError::MissingTotals)?)
        }
        Comprobante::DeliveryGuide(g) => guia::write(&mut w, g, clave),
        Comprobante::Withholding(r) => retencion::write(&mut w, r, clave),
    }
    Ok(w.finish())
}

/// Minimal canonical-form XML writer: start tags with sorted attributes, escaped and
/// trimmed text, explicit end tags.
pub struct XmlWriter {
    out: String,
}

impl Default for XmlWriter {
    fn default() -> Self {
        Self::new()
    }
}

impl XmlWriter {
    /// Starts a document with the XML declaration.
    pub fn new() -> XmlWriter {
        let mut out = String::with_capacity(8 * 1024);
        out.push_str(XML_DECLARATION);
        XmlWriter { out }
    }

    /// `<name a="…" b="…">`, attributes sorted by name as C14N requires.
    pub fn open_with(&mut self, name: &str, attrs: &[(&str, &str)]) {
        let mut attrs = attrs.to_vec();
        attrs.sort_by(|a, b| a.0.cmp(b.0));
        self.out.push('<');
        self.out.push_str(name);
        for (k, v) in attrs {
            self.out.push(' ');
            self.out.push_str(k);
            self.out.push_str("=\"");
            escape_attr(&mut self.out, v.trim());
            self.out.push('"');
        }
        self.out.push('>');
    }

    /// `<name>`.
    pub fn open(&mut self, name: &str) {
        self.open_with(name, &[]);
    }

    /// `</name>`.
    pub fn close(&mut self, name: &str) {
        self.out.push_str("</");
        self.out.push_str(name);
        self.out.push('>');
    }

    /// `<name>text</name>` with the text trimmed and escaped.
    pub fn leaf(&mut self, name: &str, text: &str) {
        self.open(name);
        escape_text(&mut self.out, text.trim());
        self.close(name);
    }

    /// [`XmlWriter::leaf`] when the value is present.
    pub fn opt_leaf(&mut self, name: &str, text: Option<&str>) {
        if let Some(t) = text {
            self.leaf(name, t);
        }
    }

    /// `<name a="…"></name>` (an element with attributes only).
    pub fn empty_with(&mut self, name: &str, attrs: &[(&str, &str)]) {
        self.open_with(name, attrs);
        self.close(name);
    }

    /// `<name attr="…">text</name>`.
    pub fn leaf_with(&mut self, name: &str, attrs: &[(&str, &str)], text: &str) {
        self.open_with(name, attrs);
        escape_text(&mut self.out, text.trim());
        self.close(name);
    }

    /// The finished document.
    pub fn finish(self) -> String {
        self.out
    }
}

/// `dd/mm/aaaa`, the schemas' date format.
pub(crate) fn sri_date(date: chrono::NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// `infoTributaria`, common to all documents.
pub(crate) fn info_tributaria(w: &mut XmlWriter, h: &Header, clave: &ClaveAcceso, cod_doc: &str) {
    let is = &h.issuer;
    w.open("infoTributaria");
    w.leaf("ambiente", h.environment.code());
    w.leaf("tipoEmision", "1");
    w.leaf("razonSocial", &is.legal_name);
    w.opt_leaf("nombreComercial", is.trade_name.as_deref());
    w.leaf("ruc", &is.ruc);
    w.leaf("claveAcceso", clave.as_str());
    w.leaf("codDoc", cod_doc);
    w.leaf("estab", &h.establishment);
    w.leaf("ptoEmi", &h.emission_point);
    w.leaf("secuencial", &format!("{:09}", h.sequential));
    w.leaf("dirMatriz", &is.head_office_address);
    w.opt_leaf("agenteRetencion", is.withholding_agent.as_deref());
    w.opt_leaf("contribuyenteRimpe", is.regime.legend());
    w.close("infoTributaria");
}

/// `obligadoContabilidad` value.
/// The issue date and the issuer's establishment, special-taxpayer and accounting data that open
/// the `info…` block of a factura and of a retención, in their schemas' order.
pub(crate) fn issue_info(w: &mut XmlWriter, h: &Header) {
    w.leaf("fechaEmision", &sri_date(h.issue_date));
    w.opt_leaf("dirEstablecimiento", h.issuer.branch_address.as_deref());
    w.opt_leaf(
        "contribuyenteEspecial",
        h.issuer.special_taxpayer.as_deref(),
    );
    w.leaf("obligadoContabilidad", si_no(h.issuer.keeps_accounts));
}

pub(crate) fn si_no(flag: bool) -> &'static str {
    if flag { "SI" } else { "NO" }
}

/// `detallesAdicionales` of a line.
pub(crate) fn line_details(w: &mut XmlWriter, details: &[NameValue]) {
    if details.is_empty() {
        return;
    }
    w.open("detallesAdicionales");
    for d in details {
        w.empty_with("detAdicional", &[("nombre", &d.name), ("valor", &d.value)]);
    }
    w.close("detallesAdicionales");
}

/// `infoAdicional` of the document.
pub(crate) fn info_adicional(w: &mut XmlWriter, info: &[NameValue]) {
    if info.is_empty() {
        return;
    }
    w.open("infoAdicional");
    for f in info {
        w.leaf_with("campoAdicional", &[("nombre", &f.name)], &f.value);
    }
    w.close("infoAdicional");
}

/// Line `impuestos` (the same shape in factura and nota de crédito).
pub(crate) fn line_taxes(w: &mut XmlWriter, taxes: &[crate::domain::totals::LineTax]) {
    use crate::domain::money::{fmt_tariff, fmt2};
    w.open("impuestos");
    for t in taxes {
        w.open("impuesto");
        w.leaf("codigo", t.kind.code());
        w.leaf("codigoPorcentaje", &t.code);
        w.leaf("tarifa", &fmt_tariff(t.tariff));
        w.leaf("baseImponible", &fmt2(t.base));
        w.leaf("valor", &fmt2(t.value));
        w.close("impuesto");
    }
    w.close("impuestos");
}

/// Whether a `totalImpuesto` carries `tarifa` (factura yes, nota de crédito no).
pub(crate) fn total_taxes(w: &mut XmlWriter, groups: &[TaxGroup], with_tariff: bool) {
    use crate::domain::money::{fmt_tariff, fmt2};
    w.open("totalConImpuestos");
    for g in groups {
        w.open("totalImpuesto");
        w.leaf("codigo", g.kind.code());
        w.leaf("codigoPorcentaje", &g.code);
        w.leaf("baseImponible", &fmt2(g.base));
        if with_tariff {
            w.leaf("tarifa", &fmt_tariff(g.tariff));
        }
        w.leaf("valor", &fmt2(g.value));
        w.close("totalImpuesto");
    }
    w.close("totalConImpuestos");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writer_is_canonical() {
        let mut w = XmlWriter::new();
        w.open_with("r", &[("version", "1.0"), ("id", "comprobante")]);
        w.leaf("a", "  x & <y>  ");
        w.empty_with("b", &[("valor", "\"v\""), ("nombre", "n")]);
        w.close("r");
        assert_eq!(
            w.finish(),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<r id=\"comprobante\" version=\"1.0\"><a>x &amp; &lt;y&gt;</a><b nombre=\"n\" valor=\"&quot;v&quot;\"></b></r>"
        );
    }
}
