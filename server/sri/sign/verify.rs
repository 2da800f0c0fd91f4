//! In-process verification of an SRI XAdES-BES signature, with the rules the SRI
//! applies (error 39 "firma inválida"): the three references exist and their digests
//! match (libxml2's inclusive C14N, enveloped transform for `#comprobante`), the RSA-SHA1
//! signature over SignedInfo is valid for the certificate in KeyInfo, SignedProperties
//! describe that certificate, and the certificate is a digital-signature certificate
//! valid at the checked time. Used by the signer as a self-check and by the SRI
//! stand-in on every reception.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as B64;
use chrono::{DateTime, Utc};
use openssl::hash::MessageDigest;
use openssl::sign::Verifier;
use openssl::x509::X509;

use super::p12::CertificateInfo;
use super::xades::{
    C14N_ALG, DS_NS, ENVELOPED_ALG, ETSI_NS, RSA_SHA1_ALG, SHA1_ALG, SIGNED_PROPERTIES_TYPE,
};
use crate::sri::libxml::{Doc, Node};

/// Why a signature is invalid, in Spanish (the text goes into the stand-in's error 39).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    /// Not well-formed.
    #[error("el XML no está bien formado: {0}")]
    Malformed(String),
    /// No `ds:Signature` as last child of the root.
    #[error("el nodo comprobante no está firmado")]
    Missing,
    /// Missing or unexpected elements/algorithms.
    #[error("la estructura de la firma es incorrecta: {0}")]
    Structure(String),
    /// A reference digest does not match.
    #[error("la firma no corresponde con el contenido (firma y/o certificados alterados): {0}")]
    Digest(String),
    /// RSA verification failed.
    #[error("el valor de la firma no es válido (firma y/o certificados alterados)")]
    Value,
    /// Certificate problems.
    #[error("{0}")]
    Certificate(String),
}

/// A verified signature.
#[derive(Debug, Clone)]
pub struct VerifiedSignature {
    /// The signing certificate.
    pub certificate: X509,
    /// Facts about it (RUC, validity…).
    pub info: CertificateInfo,
    /// `SigningTime` as written.
    pub signing_time: String,
}

/// Verifies with the certificate's validity checked now.
pub fn verify(xml: &[u8]) -> Result<VerifiedSignature, SignatureError> {
    verify_at(xml, Utc::now())
}

fn structure(msg: impl Into<String>) -> SignatureError {
    SignatureError::Structure(msg.into())
}

fn child<'d>(node: &Node<'d>, ns: &str, name: &str) -> Result<Node<'d>, SignatureError> {
    node.child(ns, name)
        .ok_or_else(|| structure(format!("falta el elemento {name} en {}", node.name())))
}

fn algorithm(node: &Node<'_>, ns: &str, name: &str, expected: &str) -> Result<(), SignatureError> {
    let n = child(node, ns, name)?;
    match n.attr("Algorithm") {
        Some(a) if a == expected => Ok(()),
        other => Err(structure(format!(
            "{name} debe ser {expected} (es «{}»)",
            other.unwrap_or_default()
        ))),
    }
}

fn b64_decode(text: &str) -> Result<Vec<u8>, SignatureError> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    B64.decode(compact)
        .map_err(|_| structure("contenido base64 inválido"))
}

/// Verifies, checking the certificate's validity at `at`.
pub fn verify_at(xml: &[u8], at: DateTime<Utc>) -> Result<VerifiedSignature, SignatureError> {
    verify_with(xml, Some(at))
}

/// Verifies a document signed earlier (a received one, already authorized), checking the
/// certificate's validity when it signed (its `SigningTime`): a certificate that expired since
/// does not make an authorized document's signature invalid.
pub fn verify_as_signed(xml: &[u8]) -> Result<VerifiedSignature, SignatureError> {
    verify_with(xml, None)
}

fn verify_with(xml: &[u8], at: Option<DateTime<Utc>>) -> Result<VerifiedSignature, SignatureError> {
    let doc = Doc::parse(xml).map_err(|e| SignatureError::Malformed(e.to_string()))?;
    let root = doc
        .root()
        .ok_or_else(|| SignatureError::Malformed("no hay elemento raíz".into()))?;
    let signature = root
        .elements()
        .last()
        .copied()
        .filter(|n| n.name() == "Signature" && n.namespace() == DS_NS)
        .ok_or(SignatureError::Missing)?;
    if root.attr("id").as_deref() != Some("comprobante") {
        return Err(structure("el elemento raíz no tiene id=\"comprobante\""));
    }

    let signed_info = child(&signature, DS_NS, "SignedInfo")?;
    algorithm(&signed_info, DS_NS, "CanonicalizationMethod", C14N_ALG)?;
    algorithm(&signed_info, DS_NS, "SignatureMethod", RSA_SHA1_ALG)?;

    let by_id = |id: &str| {
        signature
            .descendants()
            .into_iter()
            .find(|n| n.attr("Id").as_deref() == Some(id))
    };
    let mut doc_reference_id = None;
    let mut signed_props = None;
    let mut key_info_signed = false;
    let references: Vec<Node<'_>> = signed_info
        .elements()
        .into_iter()
        .filter(|n| n.name() == "Reference" && n.namespace() == DS_NS)
        .collect();
    if references.len() != 3 {
        return Err(structure(format!(
            "se esperaban 3 referencias y hay {}",
            references.len()
        )));
    }
    for reference in &references {
        algorithm(reference, DS_NS, "DigestMethod", SHA1_ALG)?;
        let uri = reference.attr("URI").unwrap_or_default();
        let transforms: Vec<String> = reference
            .child(DS_NS, "Transforms")
            .map(|t| {
                t.elements()
                    .iter()
                    .filter_map(|n| n.attr("Algorithm"))
                    .collect()
            })
            .unwrap_or_default();
        let expected = b64_decode(&child(reference, DS_NS, "DigestValue")?.text())?;
        let (canonical, what) = if uri == "#comprobante" {
            let allowed = transforms == [ENVELOPED_ALG]
                || transforms == [ENVELOPED_ALG.to_string(), C14N_ALG.to_string()];
            if !allowed {
                return Err(structure(
                    "la referencia #comprobante debe usar la transformación enveloped-signature",
                ));
            }
            doc_reference_id = reference.attr("Id");
            (
                doc.c14n(root.id(), Some(signature.id())),
                "comprobante".to_string(),
            )
        } else {
            let id = uri
                .strip_prefix('#')
                .ok_or_else(|| structure(format!("referencia no soportada «{uri}»")))?;
            if !(transforms.is_empty() || transforms == [C14N_ALG]) {
                return Err(structure(format!(
                    "transformaciones no soportadas en «{uri}»"
                )));
            }
            let target = by_id(id)
                .ok_or_else(|| structure(format!("no existe el elemento con Id «{id}»")))?;
            match (target.namespace(), target.name()) {
                (ETSI_NS, "SignedProperties") => {
                    if reference.attr("Type").as_deref() != Some(SIGNED_PROPERTIES_TYPE) {
                        return Err(structure(
                            "la referencia a SignedProperties no declara su Type",
                        ));
                    }
                    signed_props = Some(target);
                }
                (DS_NS, "KeyInfo") => key_info_signed = true,
                (_, name) => {
                    return Err(structure(format!("la referencia «{uri}» apunta a {name}")));
                }
            }
            (doc.c14n(target.id(), None), target.name().to_string())
        };
        let canonical = canonical.map_err(|e| SignatureError::Malformed(e.to_string()))?;
        if openssl::sha::sha1(&canonical).as_slice() != expected.as_slice() {
            return Err(SignatureError::Digest(format!(
                "el resumen de {what} no coincide"
            )));
        }
    }
    let doc_reference_id = doc_reference_id
        .ok_or_else(|| structure("falta la referencia al comprobante (#comprobante)"))?;
    let signed_props =
        signed_props.ok_or_else(|| structure("falta la referencia a SignedProperties"))?;
    if !key_info_signed {
        return Err(structure("el certificado (KeyInfo) no está firmado"));
    }

    let key_info = child(&signature, DS_NS, "KeyInfo")?;
    let cert_text = child(
        &child(&key_info, DS_NS, "X509Data")?,
        DS_NS,
        "X509Certificate",
    )?
    .text();
    let cert_der = b64_decode(&cert_text)?;
    let certificate = X509::from_der(&cert_der).map_err(|_| {
        SignatureError::Certificate("el certificado de KeyInfo no es un X.509 válido".into())
    })?;
    let public_key = certificate.public_key().map_err(|_| {
        SignatureError::Certificate("no se pudo leer la clave pública del certificado".into())
    })?;

    let signed_info_c14n = doc
        .c14n(signed_info.id(), None)
        .map_err(|e| SignatureError::Malformed(e.to_string()))?;
    let value = b64_decode(&child(&signature, DS_NS, "SignatureValue")?.text())?;
    let ok = Verifier::new(MessageDigest::sha1(), &public_key)
        .and_then(|mut v| {
            v.update(&signed_info_c14n)?;
            v.verify(&value)
        })
        .unwrap_or(false);
    if !ok {
        return Err(SignatureError::Value);
    }

    let info = CertificateInfo::of(&certificate)
        .map_err(|e| SignatureError::Certificate(e.to_string()))?;
    let sig_props = child(&signed_props, ETSI_NS, "SignedSignatureProperties")?;
    let signing_time = child(&sig_props, ETSI_NS, "SigningTime")?.text();
    let signed_at = DateTime::parse_from_rfc3339(signing_time.trim())
        .map_err(|_| structure("SigningTime no es una fecha xs:dateTime"))?
        .with_timezone(&Utc);
    let cert_node = child(
        &child(&sig_props, ETSI_NS, "SigningCertificate")?,
        ETSI_NS,
        "Cert",
    )?;
    let cert_digest = child(&cert_node, ETSI_NS, "CertDigest")?;
    algorithm(&cert_digest, DS_NS, "DigestMethod", SHA1_ALG)?;
    if b64_decode(&child(&cert_digest, DS_NS, "DigestValue")?.text())?
        != openssl::sha::sha1(&cert_der)
    {
        return Err(SignatureError::Certificate(
            "SigningCertificate no corresponde al certificado de KeyInfo".into(),
        ));
    }
    let issuer_serial = child(&cert_node, ETSI_NS, "IssuerSerial")?;
    if child(&issuer_serial, DS_NS, "X509SerialNumber")?
        .text()
        .trim()
        != info.serial
    {
        return Err(SignatureError::Certificate(
            "el número de serie de SigningCertificate no corresponde".into(),
        ));
    }
    if child(&issuer_serial, DS_NS, "X509IssuerName")?
        .text()
        .trim()
        != info.issuer
    {
        return Err(SignatureError::Certificate(format!(
            "el emisor de SigningCertificate no corresponde (se esperaba «{}»)",
            info.issuer
        )));
    }
    let data_format = signed_props
        .descendant(ETSI_NS, "DataObjectFormat")
        .ok_or_else(|| structure("falta DataObjectFormat"))?;
    if data_format.attr("ObjectReference") != Some(format!("#{doc_reference_id}")) {
        return Err(structure(
            "DataObjectFormat no apunta a la referencia del comprobante",
        ));
    }
    if !info.can_sign() {
        return Err(SignatureError::Certificate(
            "el certificado utilizado no es del tipo firma digital (digitalSignature)".into(),
        ));
    }
    info.ensure_valid_at(at.unwrap_or(signed_at))
        .map_err(|e| SignatureError::Certificate(e.to_string()))?;
    Ok(VerifiedSignature {
        certificate,
        info,
        signing_time,
    })
}
