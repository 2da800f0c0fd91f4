//! Reading a received electronic document: the authorization wrapper the SRI hands out
//! (`autorizacion{estado, numeroAutorizacion, fechaAutorizacion, ambiente, comprobante}`, the
//! document inside as CDATA or escaped) or the bare signed `factura`/`notaCredito`, into the few
//! fields a purchase needs. It walks the engine's own element tree (`sri::soap::parse`, quick-xml),
//! so there is one XML parser in the application; the fields are the XSD's (reference §1.3–§1.5).

use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::domain::money::to_micros;
use crate::sri::catalog::DocType;
use crate::sri::clave::ClaveAcceso;
use crate::util::xml::{Element, parse_tree};

/// A line of a received document; amounts in millionths.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceivedLine {
    /// The supplier's product code (`codigoPrincipal`/`codigoInterno`, else the auxiliary code,
    /// else the description).
    pub code: String,
    pub description: String,
    pub quantity: i64,
    pub unit_price: i64,
    pub discount: i64,
    /// IVA `codigoPorcentaje` (6, no objeto, when the line has no IVA).
    pub iva_code: String,
    /// The line's ICE (`impuesto` código 3) `valor`, in millionths.
    pub ice: i64,
    /// The line's IRBPNR (`impuesto` código 5, plastic bottles) `valor`, in millionths.
    pub irbpnr: i64,
}

/// What the document says besides its lines, in millionths (0 when absent): what a purchase
/// rebuilt from the lines would miss.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReceivedTotals {
    /// `propina`.
    pub tip: i64,
    /// Σ `descuentoAdicional` of `totalConImpuestos`: a discount outside the lines.
    pub additional_discount: i64,
}

/// A received document, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    pub access_key: String,
    pub doc_type: DocType,
    pub issuer_ruc: String,
    pub issuer_name: String,
    pub trade_name: Option<String>,
    /// `001-001-000000123`.
    pub number: String,
    pub date: NaiveDate,
    /// `identificacionComprador`.
    pub buyer_id: String,
    /// `importeTotal` (factura) or `valorModificacion` (nota de crédito), in millionths.
    pub total: i64,
    pub lines: Vec<ReceivedLine>,
    pub totals: ReceivedTotals,
    /// The signed document itself (without the wrapper): what is stored.
    pub xml: String,
}

/// The Spanish name of a document type.
pub fn type_name(doc_type: DocType) -> &'static str {
    match doc_type {
        DocType::Factura => "Factura",
        DocType::LiquidacionCompra => "Liquidación de compra",
        DocType::NotaCredito => "Nota de crédito",
        DocType::NotaDebito => "Nota de débito",
        DocType::GuiaRemision => "Guía de remisión",
        DocType::Retencion => "Comprobante de retención",
    }
}

fn amount(el: &Element, name: &str, what: &str) -> Result<i64, String> {
    let text = el.child_text(name).unwrap_or_default();
    if text.is_empty() {
        return Ok(0);
    }
    Decimal::from_str(&text)
        .ok()
        .and_then(to_micros)
        .ok_or_else(|| format!("{what} «{text}» no es un número"))
}

/// Checks the XAdES signature of a read document (its signed XML, the certificate's validity at
/// its signing time): refused when the document was changed after it was signed.
pub fn check_signature(doc: &Received) -> Result<(), String> {
    crate::sri::sign::verify_as_signed(doc.xml.as_bytes())
        .map(|_| ())
        .map_err(|e| {
            format!(
                "La firma electrónica de la {} {} de {} no es válida ({e}): el comprobante fue modificado después de firmado; descargue el XML original del SRI",
                type_name(doc.doc_type).to_lowercase(),
                doc.number,
                doc.issuer_name
            )
        })
}

/// Reads an authorized document (wrapped or bare).
pub fn read(xml: &str) -> Result<Received, String> {
    let xml = xml.trim_start_matches('\u{feff}').trim_start();
    let root = parse_tree(xml).map_err(|e| format!("El XML está incompleto o dañado ({e})"))?;
    if let Some(auth) = root.find("autorizacion") {
        let status = auth.child_text("estado").unwrap_or_default();
        if status != "AUTORIZADO" {
            return Err(format!(
                "El comprobante no está autorizado por el SRI (estado «{status}»)"
            ));
        }
        let inner = auth
            .child_text("comprobante")
            .filter(|c| !c.is_empty())
            .ok_or("La autorización no trae el comprobante")?;
        let doc = parse_tree(&inner)
            .map_err(|e| format!("El comprobante autorizado está incompleto o dañado ({e})"))?;
        return fields(&doc, inner);
    }
    fields(&root, xml.to_string())
}

/// The text of `el`'s child `name`, empty when absent.
fn text_of(el: &Element, name: &str) -> String {
    el.child_text(name).unwrap_or_default()
}

/// The document's type and the names of its info element and its total, by its root element:
/// only facturas and notas de crédito are read.
fn kind_of(doc: &Element) -> Result<(DocType, &'static str, &'static str), String> {
    match doc.name.as_str() {
        "factura" => Ok((DocType::Factura, "infoFactura", "importeTotal")),
        "notaCredito" => Ok((DocType::NotaCredito, "infoNotaCredito", "valorModificacion")),
        other => Err(format!(
            "El Lector lee facturas y notas de crédito; «{other}» no es ninguna de ellas"
        )),
    }
}

/// One `detalle`: its code, amounts and taxes (IVA code, ICE and IRBPNR values).
fn line_of(d: &Element) -> Result<ReceivedLine, String> {
    let description = text_of(d, "descripcion");
    let code = [
        "codigoPrincipal",
        "codigoInterno",
        "codigoAuxiliar",
        "codigoAdicional",
    ]
    .iter()
    .map(|n| text_of(d, n))
    .find(|c| !c.is_empty())
    .unwrap_or_else(|| description.chars().take(100).collect());
    let taxes: Vec<&Element> = d
        .child("impuestos")
        .into_iter()
        .flat_map(|ts| ts.children_named("impuesto"))
        .collect();
    let iva_code = taxes
        .iter()
        .find(|t| t.child_text("codigo").as_deref() == Some("2"))
        .and_then(|t| t.child_text("codigoPorcentaje"))
        .unwrap_or_else(|| "6".into());
    let tax_of = |code: &str| -> Result<i64, String> {
        let mut sum = 0i64;
        for t in taxes
            .iter()
            .filter(|t| t.child_text("codigo").as_deref() == Some(code))
        {
            sum = sum.saturating_add(amount(t, "valor", "El valor de un impuesto")?);
        }
        Ok(sum)
    };
    let ice = tax_of("3")?;
    let irbpnr = tax_of("5")?;
    Ok(ReceivedLine {
        ice,
        irbpnr,
        quantity: amount(d, "cantidad", "La cantidad")?,
        unit_price: amount(d, "precioUnitario", "El precio unitario")?,
        discount: amount(d, "descuento", "El descuento")?,
        code,
        description,
        iva_code,
    })
}

/// What the info element says besides the lines: the tip and the additional discounts of
/// `totalConImpuestos`.
fn totals_of(info: &Element) -> Result<ReceivedTotals, String> {
    let mut additional_discount = 0i64;
    for t in info
        .child("totalConImpuestos")
        .into_iter()
        .flat_map(|ts| ts.children_named("totalImpuesto"))
    {
        additional_discount = additional_discount.saturating_add(amount(
            t,
            "descuentoAdicional",
            "El descuento adicional",
        )?);
    }
    Ok(ReceivedTotals {
        tip: amount(info, "propina", "La propina")?,
        additional_discount,
    })
}

/// The fields of a factura or nota de crédito (the root `doc`), with `xml` its signed text.
fn fields(doc: &Element, xml: String) -> Result<Received, String> {
    let (doc_type, info_name, total_name) = kind_of(doc)?;
    let trib = doc
        .child("infoTributaria")
        .ok_or("Al comprobante le falta infoTributaria")?;
    let info = doc
        .child(info_name)
        .ok_or_else(|| format!("Al comprobante le falta {info_name}"))?;
    let access_key = text_of(trib, "claveAcceso");
    let parts = ClaveAcceso::parse(&access_key)
        .and_then(|k| k.parts())
        .map_err(|e| format!("Clave de acceso «{access_key}»: {e}"))?;
    let issuer_ruc = text_of(trib, "ruc");
    if parts.ruc != issuer_ruc {
        return Err(format!(
            "La clave de acceso {access_key} no es del emisor {issuer_ruc}"
        ));
    }
    let raw_date = text_of(info, "fechaEmision");
    let date = NaiveDate::parse_from_str(&raw_date, "%d/%m/%Y")
        .map_err(|_| format!("La fecha de emisión «{raw_date}» no es válida"))?;
    let lines = doc
        .child("detalles")
        .into_iter()
        .flat_map(|ds| ds.children_named("detalle"))
        .map(line_of)
        .collect::<Result<Vec<_>, String>>()?;
    let totals = totals_of(info)?;
    Ok(Received {
        totals,
        access_key,
        doc_type,
        issuer_name: text_of(trib, "razonSocial"),
        trade_name: trib.child_text("nombreComercial").filter(|t| !t.is_empty()),
        number: format!(
            "{}-{}-{}",
            text_of(trib, "estab"),
            text_of(trib, "ptoEmi"),
            text_of(trib, "secuencial")
        ),
        issuer_ruc,
        date,
        buyer_id: text_of(info, "identificacionComprador"),
        total: amount(info, total_name, "El total")?,
        lines,
        xml,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncated_and_foreign() {
        assert!(
            read("<factura><infoTributaria>")
                .unwrap_err()
                .contains("incompleto")
        );
        assert!(read("<pedido/>").unwrap_err().contains("«pedido»"));
        assert!(
            read("<autorizacion><estado>NO AUTORIZADO</estado></autorizacion>")
                .unwrap_err()
                .contains("NO AUTORIZADO")
        );
    }
}
