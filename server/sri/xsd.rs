//! The SRI's XML Schemas, embedded in the binary, and validation against them.
//!
//! Every generated document is validated here before it is signed (the SRI rejects a
//! schema-invalid document with error 35, after it has been signed and sent, which
//! costs an attempt). The same code validates what the local SRI stand-in receives.
//! The schemas are the official files copied from `/work/shared/sri/xsd/` (provenance
//! in `xsd/SOURCES.md`); they are compiled once per process and shared by all threads.

use std::sync::OnceLock;

use super::libxml::{self, CompiledSchema, Doc, XmlError};

/// Namespace of XML-DSig; the `ds:Signature` child is not part of the SRI schemas.
const DSIG_NS: &str = "http://www.w3.org/2000/09/xmldsig#";

const FILES: &[(&str, &[u8])] = &[
    (
        "factura_V1.1.0.xsd",
        include_bytes!("xsd/factura_V1.1.0.xsd"),
    ),
    (
        "factura_V2.1.0.xsd",
        include_bytes!("xsd/factura_V2.1.0.xsd"),
    ),
    (
        "NotaCredito_V1.1.0.xsd",
        include_bytes!("xsd/NotaCredito_V1.1.0.xsd"),
    ),
    (
        "GuiaRemision_V1.1.0.xsd",
        include_bytes!("xsd/GuiaRemision_V1.1.0.xsd"),
    ),
    (
        "ComprobanteRetencion_V2.0.0.xsd",
        include_bytes!("xsd/ComprobanteRetencion_V2.0.0.xsd"),
    ),
    (
        "xmldsig-core-schema.xsd",
        include_bytes!("xsd/xmldsig-core-schema.xsd"),
    ),
];

/// The document schemas this engine produces and accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Schema {
    /// `factura` version 1.1.0 (6 decimals in cantidad/precioUnitario).
    Factura110,
    /// `factura` version 2.1.0 (1.1.0 plus third-party items and guía sustitutiva).
    Factura210,
    /// `notaCredito` version 1.1.0.
    NotaCredito110,
    /// `guiaRemision` version 1.1.0.
    GuiaRemision110,
    /// `comprobanteRetencion` version 2.0.0.
    Retencion200,
}

impl Schema {
    /// All supported schemas.
    pub const ALL: [Schema; 5] = [
        Schema::Factura110,
        Schema::Factura210,
        Schema::NotaCredito110,
        Schema::GuiaRemision110,
        Schema::Retencion200,
    ];

    /// Picks the schema from the root element name and its `version` attribute; no SRI
    /// schema checks `version` itself, so this is the only place where it matters.
    pub fn for_root(root: &str, version: &str) -> Option<Schema> {
        match (root, version) {
            ("factura", "1.1.0") => Some(Schema::Factura110),
            ("factura", "2.1.0") => Some(Schema::Factura210),
            ("notaCredito", "1.1.0") => Some(Schema::NotaCredito110),
            ("guiaRemision", "1.1.0") => Some(Schema::GuiaRemision110),
            ("comprobanteRetencion", "2.0.0") => Some(Schema::Retencion200),
            _ => None,
        }
    }

    /// File name of the XSD inside `xsd/`.
    pub fn file_name(self) -> &'static str {
        match self {
            Schema::Factura110 => "factura_V1.1.0.xsd",
            Schema::Factura210 => "factura_V2.1.0.xsd",
            Schema::NotaCredito110 => "NotaCredito_V1.1.0.xsd",
            Schema::GuiaRemision110 => "GuiaRemision_V1.1.0.xsd",
            Schema::Retencion200 => "ComprobanteRetencion_V2.0.0.xsd",
        }
    }

    /// Root element name of documents of this schema.
    pub fn root(self) -> &'static str {
        match self {
            Schema::Factura110 | Schema::Factura210 => "factura",
            Schema::NotaCredito110 => "notaCredito",
            Schema::GuiaRemision110 => "guiaRemision",
            Schema::Retencion200 => "comprobanteRetencion",
        }
    }

    /// Value of the root's `version` attribute.
    pub fn version(self) -> &'static str {
        match self {
            Schema::Factura110 | Schema::NotaCredito110 | Schema::GuiaRemision110 => "1.1.0",
            Schema::Factura210 => "2.1.0",
            Schema::Retencion200 => "2.0.0",
        }
    }

    fn compiled(self) -> Result<&'static CompiledSchema, XsdError> {
        static CACHE: [OnceLock<Result<CompiledSchema, XmlError>>; 5] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        let slot = match self {
            Schema::Factura110 => &CACHE[0],
            Schema::Factura210 => &CACHE[1],
            Schema::NotaCredito110 => &CACHE[2],
            Schema::GuiaRemision110 => &CACHE[3],
            Schema::Retencion200 => &CACHE[4],
        };
        let compiled = slot.get_or_init(|| {
            libxml::register_embedded(FILES);
            let name = self.file_name();
            let source = FILES
                .iter()
                .find(|(file, _)| *file == name)
                .map(|(_, bytes)| *bytes)
                .unwrap_or_default();
            CompiledSchema::compile_embedded(name, source)
        });
        compiled.as_ref().map_err(|e| XsdError {
            schema: Some(self),
            messages: e
                .messages
                .iter()
                .map(|m| format!("el esquema {} no compila: {m}", self.file_name()))
                .collect(),
        })
    }
}

/// The document does not conform to its XSD (or could not be read). The messages are
/// libxml2's, which name the offending element, like the `cvc-…` texts the SRI returns
/// in error 35.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("el XML no cumple el esquema {}: {}", schema.map_or("del SRI", Schema::file_name), messages.join("; "))]
pub struct XsdError {
    /// Schema used, when it could be determined.
    pub schema: Option<Schema>,
    /// Diagnostics, one per problem.
    pub messages: Vec<String>,
}

/// Validates an unsigned document against `schema`.
pub fn validate(xml: &[u8], schema: Schema) -> Result<(), XsdError> {
    let doc = Doc::parse(xml).map_err(|e| XsdError {
        schema: Some(schema),
        messages: e.messages,
    })?;
    validate_doc(&doc, schema)
}

/// Validates an already parsed document (its root must match the schema).
pub fn validate_doc(doc: &Doc, schema: Schema) -> Result<(), XsdError> {
    let compiled = schema.compiled()?;
    doc.validate(compiled).map_err(|e| XsdError {
        schema: Some(schema),
        messages: e.messages,
    })
}

/// Detects the schema from the root element and validates. A trailing `ds:Signature`
/// (last child of the root) is ignored, because the SRI schemas do not declare it:
/// this is how a signed document received by the stand-in is checked.
pub fn validate_any(xml: &[u8]) -> Result<Schema, XsdError> {
    let mut doc = Doc::parse(xml).map_err(|e| XsdError {
        schema: None,
        messages: e.messages,
    })?;
    let (schema, signature) = {
        let root = doc.root().ok_or_else(|| XsdError {
            schema: None,
            messages: vec!["el documento no tiene elemento raíz".into()],
        })?;
        let version = root.attr("version").unwrap_or_default();
        let schema = Schema::for_root(root.name(), &version).ok_or_else(|| XsdError {
            schema: None,
            messages: vec![format!(
                "no hay esquema para <{}> versión «{}»",
                root.name(),
                version
            )],
        })?;
        let signature = root
            .elements()
            .last()
            .filter(|n| n.name() == "Signature" && n.namespace() == DSIG_NS)
            .map(|n| n.id());
        (schema, signature)
    };
    if let Some(signature) = signature {
        doc.remove(signature);
    }
    validate_doc(&doc, schema)?;
    Ok(schema)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn official_samples_validate() {
        let samples: [(&str, &[u8], Schema); 4] = [
            (
                "factura 1.1.0",
                include_bytes!("testdata/factura_V1.1.0.xml"),
                Schema::Factura110,
            ),
            (
                "factura 2.1.0",
                include_bytes!("testdata/factura_V2.1.0.xml"),
                Schema::Factura210,
            ),
            (
                "NC 1.1.0",
                include_bytes!("testdata/NotaCredito_V1.1.0.xml"),
                Schema::NotaCredito110,
            ),
            (
                "guía 1.1.0",
                include_bytes!("testdata/GuiaRemision_V1.1.0.xml"),
                Schema::GuiaRemision110,
            ),
        ];
        for (file, xml, schema) in samples {
            assert_eq!(validate(xml, schema), Ok(()), "{file}");
            assert_eq!(validate_any(xml), Ok(schema), "{file}");
        }
    }

    #[test]
    fn all_schemas_compile() {
        for schema in Schema::ALL {
            assert!(schema.compiled().is_ok(), "{schema:?}");
        }
    }

    #[test]
    fn element_order_is_enforced() {
        let bad = br#"<?xml version="1.0" encoding="UTF-8"?><factura id="comprobante" version="1.1.0"><infoFactura/><infoTributaria/></factura>"#;
        let err = validate(bad, Schema::Factura110).unwrap_err();
        assert!(
            err.messages.iter().any(|m| m.contains("infoFactura")),
            "{err}"
        );
    }

    #[test]
    fn malformed_xml_is_reported() {
        let err = validate(b"<factura><a></factura>", Schema::Factura110).unwrap_err();
        assert!(!err.messages.is_empty());
    }

    #[test]
    fn unknown_root_is_reported() {
        let err = validate_any(br#"<liquidacionCompra version="1.1.0"/>"#).unwrap_err();
        assert!(err.to_string().contains("liquidacionCompra"), "{err}");
    }

    #[test]
    fn doctype_is_refused() {
        let xml = br#"<?xml version="1.0"?><!DOCTYPE factura [<!ENTITY a "b">]><factura/>"#;
        assert!(validate_any(xml).is_err());
    }
}
