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
    let (root, signature) = signed_root(&doc)?;

    let signed_info = child(&signature, DS_NS, "SignedInfo")?;
    algorithm(&signed_info, DS_NS, "CanonicalizationMethod", C14N_ALG)?;
    algorithm(&signed_info, DS_NS, "SignatureMethod", RSA_SHA1_ALG)?;
    let Referenced {
        doc_reference_id,
        signed_props,
    } = check_references(&doc, root, signature, signed_info)?;

    let (cert_der, certificate) = key_info_certificate(signature)?;
    check_signature_value(&doc, signature, signed_info, &certificate)?;

    let info = CertificateInfo::of(&certificate)
        .map_err(|e| SignatureError::Certificate(e.to_string()))?;
    let (signing_time, signed_at) =
        check_signed_properties(signed_props, &cert_der, &info, &doc_reference_id)?;
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

/// The root and its signature: the SRI looks for `ds:Signature` as the last child of a root with
/// `id="comprobante"`, the element the `#comprobante` reference signs.
fn signed_root(doc: &Doc) -> Result<(Node<'_>, Node<'_>), SignatureError> {
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
    Ok((root, signature))
}

/// What the three references of SignedInfo point to, once their digests are checked.
struct Referenced<'d> {
    /// `Id` of the reference to `#comprobante`, which DataObjectFormat must name.
    doc_reference_id: String,
    /// The SignedProperties element the signature covers.
    signed_props: Node<'d>,
}

/// What one reference of SignedInfo signs.
enum Target<'d> {
    /// The document (`#comprobante`), with the reference's `Id`.
    Document(Option<String>),
    /// The SignedProperties.
    SignedProperties(Node<'d>),
    /// The certificate (KeyInfo).
    KeyInfo,
}

/// Checks the three references of SignedInfo: exactly three, each with a SHA1 digest that
/// matches its target's canonical form, covering the document, the SignedProperties and the
/// certificate (the SRI's error 39 otherwise).
fn check_references<'d>(
    doc: &Doc,
    root: Node<'d>,
    signature: Node<'d>,
    signed_info: Node<'d>,
) -> Result<Referenced<'d>, SignatureError> {
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
        match check_reference(doc, root, signature, reference)? {
            Target::Document(id) => doc_reference_id = id,
            Target::SignedProperties(node) => signed_props = Some(node),
            Target::KeyInfo => key_info_signed = true,
        }
    }
    let doc_reference_id = doc_reference_id
        .ok_or_else(|| structure("falta la referencia al comprobante (#comprobante)"))?;
    let signed_props =
        signed_props.ok_or_else(|| structure("falta la referencia a SignedProperties"))?;
    if !key_info_signed {
        return Err(structure("el certificado (KeyInfo) no está firmado"));
    }
    Ok(Referenced {
        doc_reference_id,
        signed_props,
    })
}

/// Checks one reference: SHA1, the transforms its target allows (enveloped-signature for the
/// document, at most C14N for the others), a target inside the signature, and the digest of the
/// target's canonical form. Returns what it signs.
fn check_reference<'d>(
    doc: &Doc,
    root: Node<'d>,
    signature: Node<'d>,
    reference: &Node<'d>,
) -> Result<Target<'d>, SignatureError> {
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
    let (canonical, what, target) = if uri == "#comprobante" {
        let allowed = transforms == [ENVELOPED_ALG]
            || transforms == [ENVELOPED_ALG.to_string(), C14N_ALG.to_string()];
        if !allowed {
            return Err(structure(
                "la referencia #comprobante debe usar la transformación enveloped-signature",
            ));
        }
        (
            doc.c14n(root.id(), Some(signature.id())),
            "comprobante".to_string(),
            Target::Document(reference.attr("Id")),
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
        let node = signature
            .descendants()
            .into_iter()
            .find(|n| n.attr("Id").as_deref() == Some(id))
            .ok_or_else(|| structure(format!("no existe el elemento con Id «{id}»")))?;
        let target = match (node.namespace(), node.name()) {
            (ETSI_NS, "SignedProperties") => {
                if reference.attr("Type").as_deref() != Some(SIGNED_PROPERTIES_TYPE) {
                    return Err(structure(
                        "la referencia a SignedProperties no declara su Type",
                    ));
                }
                Target::SignedProperties(node)
            }
            (DS_NS, "KeyInfo") => Target::KeyInfo,
            (_, name) => {
                return Err(structure(format!("la referencia «{uri}» apunta a {name}")));
            }
        };
        (doc.c14n(node.id(), None), node.name().to_string(), target)
    };
    let canonical = canonical.map_err(|e| SignatureError::Malformed(e.to_string()))?;
    if openssl::sha::sha1(&canonical).as_slice() != expected.as_slice() {
        return Err(SignatureError::Digest(format!(
            "el resumen de {what} no coincide"
        )));
    }
    Ok(target)
}

/// The certificate of KeyInfo (its DER bytes and parsed), whose key must verify the signature.
fn key_info_certificate(signature: Node<'_>) -> Result<(Vec<u8>, X509), SignatureError> {
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
    Ok((cert_der, certificate))
}

/// The RSA-SHA1 SignatureValue must verify over SignedInfo's canonical form with the key of the
/// KeyInfo certificate.
fn check_signature_value(
    doc: &Doc,
    signature: Node<'_>,
    signed_info: Node<'_>,
    certificate: &X509,
) -> Result<(), SignatureError> {
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
    Ok(())
}

/// Checks that SignedProperties describe the KeyInfo certificate (its SHA1 digest, serial and
/// issuer) and point their DataObjectFormat at the document's reference. Returns `SigningTime`
/// as written and as a date.
fn check_signed_properties(
    signed_props: Node<'_>,
    cert_der: &[u8],
    info: &CertificateInfo,
    doc_reference_id: &str,
) -> Result<(String, DateTime<Utc>), SignatureError> {
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
        != openssl::sha::sha1(cert_der)
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
    Ok((signing_time, signed_at))
}
