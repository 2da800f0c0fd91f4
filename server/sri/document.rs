//! The pipeline the rest of the application calls: model → validation + totals →
//! clave de acceso → XML → XSD check → XAdES-BES signature.
//!
//! Validation and the XSD check run on every build, in production too: a document
//! that fails here never reaches the SRI, where it would cost an attempt and come
//! back as error 35.

use super::clave::{ClaveAcceso, ClaveParts, random_numeric_code};
use super::model::{Comprobante, InvoiceVersion};
use super::sign::{SignError, SignOptions, SigningIdentity, sign};
use super::validate::{ValidationContext, ValidationErrors, validate};
use super::xml::{RenderError, render};
use super::xsd::{self, Schema, XsdError};
use crate::domain::FieldError;
use crate::domain::totals::Totals;

/// Why a document could not be built or signed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The model has errors (listed per field).
    #[error(transparent)]
    Validation(#[from] ValidationErrors),
    /// Serialization failed (only with inconsistent input).
    #[error(transparent)]
    Render(#[from] RenderError),
    /// The generated XML does not conform to the XSD (a bug in the engine or a
    /// case the validator misses; the document is not sent).
    #[error(transparent)]
    Schema(#[from] XsdError),
    /// Signing failed (certificate, key…).
    #[error(transparent)]
    Sign(#[from] SignError),
}

impl BuildError {
    /// The per-field errors, when the problem is in the model.
    pub fn field_errors(&self) -> &[FieldError] {
        match self {
            BuildError::Validation(v) => &v.0,
            _ => &[],
        }
    }
}

/// An unsigned, validated document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltDocument {
    /// Clave de acceso: the caller must store it and pass it back on resends.
    pub access_key: ClaveAcceso,
    /// Amounts (none for a guía de remisión); the same numbers as in the XML.
    pub totals: Option<Totals>,
    /// Schema the XML was validated against.
    pub schema: Schema,
    /// The XML (UTF-8, canonical form, with XML declaration).
    pub xml: String,
}

/// A signed document, ready for `validarComprobante`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedDocument {
    /// Clave de acceso (store it before sending).
    pub access_key: ClaveAcceso,
    /// Amounts (none for a guía).
    pub totals: Option<Totals>,
    /// Schema of the document.
    pub schema: Schema,
    /// The exact bytes to send and to keep.
    pub signed_xml: String,
}

/// Schema a model is serialized with.
pub fn schema_of(doc: &Comprobante) -> Schema {
    match doc {
        Comprobante::Invoice(inv) => match inv.version {
            InvoiceVersion::V1_1_0 => Schema::Factura110,
            InvoiceVersion::V2_1_0 => Schema::Factura210,
        },
        Comprobante::CreditNote(_) => Schema::NotaCredito110,
        Comprobante::DeliveryGuide(_) => Schema::GuiaRemision110,
        Comprobante::Withholding(_) => Schema::Retencion200,
    }
}

/// The document's clave: the one it already has, or a new one (random código
/// numérico unless the header fixes it). Call after validation.
pub fn access_key(doc: &Comprobante) -> Result<ClaveAcceso, BuildError> {
    let h = doc.header();
    let invalid = |m: String| {
        BuildError::Validation(ValidationErrors(vec![FieldError::new(
            "header.accessKey",
            m,
        )]))
    };
    if let Some(existing) = &h.access_key {
        return ClaveAcceso::parse(existing).map_err(|e| invalid(e.to_string()));
    }
    ClaveAcceso::build(&ClaveParts {
        issue_date: h.issue_date,
        doc_type: doc.doc_type(),
        ruc: h.issuer.ruc.clone(),
        environment: h.environment,
        establishment: h.establishment.clone(),
        emission_point: h.emission_point.clone(),
        sequential: h.sequential,
        numeric_code: h.numeric_code.clone().unwrap_or_else(random_numeric_code),
    })
    .map_err(|e| invalid(e.to_string()))
}

/// Validates, computes totals and the clave, serializes and checks the XSD.
pub fn build(doc: &Comprobante, ctx: &ValidationContext) -> Result<BuiltDocument, BuildError> {
    let totals = validate(doc, ctx)?;
    let access_key = access_key(doc)?;
    let xml = render(doc, &access_key, totals.as_ref())?;
    let schema = schema_of(doc);
    xsd::validate(xml.as_bytes(), schema)?;
    Ok(BuiltDocument {
        access_key,
        totals,
        schema,
        xml,
    })
}

/// [`build`] and sign with the issuer's certificate.
pub fn build_and_sign(
    doc: &Comprobante,
    ctx: &ValidationContext,
    identity: &SigningIdentity,
    opts: &SignOptions,
) -> Result<SignedDocument, BuildError> {
    let built = build(doc, ctx)?;
    let signed_xml = sign(built.xml.as_bytes(), identity, opts)?;
    Ok(SignedDocument {
        access_key: built.access_key,
        totals: built.totals,
        schema: built.schema,
        signed_xml,
    })
}

/// Signs an XML produced elsewhere (CLI `sri sign`), after checking it against its
/// schema.
pub fn sign_xml(
    xml: &[u8],
    identity: &SigningIdentity,
    opts: &SignOptions,
) -> Result<String, BuildError> {
    xsd::validate_any(xml)?;
    Ok(sign(xml, identity, opts)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sri::fixtures::{self, context, pretty, snapshots};

    #[test]
    fn every_document_type_builds_and_validates() {
        for doc in [
            fixtures::invoice(),
            fixtures::credit_note(),
            fixtures::guide(),
            fixtures::withholding(),
        ] {
            let built = build(&doc, &context()).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(xsd::validate(built.xml.as_bytes(), built.schema), Ok(()));
            assert_eq!(
                built.access_key.parts().map(|p| p.doc_type),
                Ok(doc.doc_type())
            );
        }
    }

    #[test]
    fn invoice_xml_snapshot() {
        let built = build(&fixtures::invoice(), &context()).unwrap();
        snapshots().bind(|| insta::assert_snapshot!("factura_2_1_0", pretty(&built.xml)));
        let totals = built.totals.unwrap();
        snapshots().bind(|| insta::assert_json_snapshot!("factura_totals", totals));
    }

    #[test]
    fn invoice_1_1_0_snapshot() {
        let mut inv = fixtures::invoice_struct();
        inv.version = crate::sri::model::InvoiceVersion::V1_1_0;
        let built = build(&Comprobante::Invoice(inv), &context()).unwrap();
        assert_eq!(built.schema, Schema::Factura110);
        snapshots().bind(|| insta::assert_snapshot!("factura_1_1_0", pretty(&built.xml)));
    }

    #[test]
    fn credit_note_xml_snapshot() {
        let built = build(&fixtures::credit_note(), &context()).unwrap();
        snapshots().bind(|| insta::assert_snapshot!("nota_credito_1_1_0", pretty(&built.xml)));
    }

    #[test]
    fn withholding_xml_snapshot() {
        let built = build(&fixtures::withholding(), &context()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(built.schema, Schema::Retencion200);
        assert!(built.totals.is_none());
        let xml = &built.xml;
        // 100.00 × 1.75 % and 15.00 × 30 %; the document's number without dashes.
        assert!(xml.contains("<valorRetenido>1.75</valorRetenido>"), "{xml}");
        assert!(xml.contains("<valorRetenido>4.50</valorRetenido>"), "{xml}");
        assert!(xml.contains("<numDocSustento>001002000000456</numDocSustento>"));
        assert!(xml.contains("<periodoFiscal>05/2024</periodoFiscal>"));
        assert!(xml.contains("<agenteRetencion>1</agenteRetencion>"));
        let Comprobante::Withholding(r) = fixtures::withholding() else {
            unreachable!()
        };
        assert_eq!(r.total_withheld().to_string(), "6.25");
        snapshots().bind(|| insta::assert_snapshot!("retencion_2_0_0", pretty(&built.xml)));
    }

    #[test]
    fn guide_xml_snapshot() {
        let built = build(&fixtures::guide(), &context()).unwrap();
        assert!(built.totals.is_none());
        snapshots().bind(|| insta::assert_snapshot!("guia_remision_1_1_0", pretty(&built.xml)));
    }

    #[test]
    fn existing_access_key_is_reused() {
        let first = build(&fixtures::invoice(), &context()).unwrap();
        let mut doc = fixtures::invoice();
        doc.header_mut().numeric_code = None;
        doc.header_mut().access_key = Some(first.access_key.to_string());
        let again = build(&doc, &context()).unwrap();
        assert_eq!(again.access_key, first.access_key);
        assert_eq!(again.xml, first.xml);
    }

    #[test]
    fn random_numeric_code_when_absent() {
        let mut doc = fixtures::invoice();
        doc.header_mut().numeric_code = None;
        let a = build(&doc, &context()).unwrap().access_key;
        let b = build(&doc, &context()).unwrap().access_key;
        assert_eq!(a.as_str()[..39], b.as_str()[..39]);
        assert_ne!(a, b, "the código numérico is random");
    }

    #[test]
    fn output_has_no_whitespace_between_elements() {
        let built = build(&fixtures::invoice(), &context()).unwrap();
        let body = built
            .xml
            .split_once('\n')
            .map(|(_, b)| b)
            .unwrap_or_default();
        assert!(!body.contains(">\n") && !body.contains("> <") && !body.contains('\t'));
        assert!(body.contains("JUAN PÉREZ &amp; HIJOS"));
        assert!(body.contains("AV. 10 DE AGOSTO &lt;N23&gt;"));
    }
}

#[cfg(test)]
mod thread_tests {
    use super::*;
    use crate::sri::fixtures::{self, context};
    use crate::sri::testpki::TestPki;

    #[test]
    fn builds_and_signs_from_many_threads() {
        let identity = TestPki::get().identity();
        let handles: Vec<_> = (0..8u32)
            .map(|t| {
                let identity = identity.clone();
                std::thread::spawn(move || {
                    for i in 0..10u32 {
                        let mut doc = match i % 3 {
                            0 => fixtures::invoice(),
                            1 => fixtures::credit_note(),
                            _ => fixtures::guide(),
                        };
                        doc.header_mut().sequential = t * 100 + i + 1;
                        let signed =
                            build_and_sign(&doc, &context(), &identity, &SignOptions::now())
                                .unwrap_or_else(|e| panic!("{e}"));
                        assert!(crate::sri::sign::verify(signed.signed_xml.as_bytes()).is_ok());
                    }
                })
            })
            .collect();
        for h in handles {
            assert!(h.join().is_ok());
        }
    }
}
