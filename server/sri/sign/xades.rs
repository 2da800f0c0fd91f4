//! XAdES-BES enveloped signature exactly as the SRI's Ficha técnica (§6, Anexo 14)
//! describes: RSA-SHA1, SHA1 digests, inclusive C14N 1.0, three references
//! (SignedProperties, the KeyInfo certificate, `#comprobante` with the
//! enveloped-signature transform), SigningTime and SigningCertificate (SHA1 of the
//! certificate, issuer DN with `EMAILADDRESS=`, decimal serial), appended as the last
//! child of the root.
//!
//! The input is canonicalized with libxml2 first, so the signed bytes are exactly the
//! bytes written out (any whitespace or attribute order of the input is normalized
//! once, before signing, never after). The signature elements are produced directly in
//! canonical form; the digests of KeyInfo, SignedProperties and SignedInfo are computed
//! on their canonical form *with the in-scope namespace declarations*, the classic
//! cause of error 39. Every signature is verified by [`super::verify`] (libxml2's C14N,
//! independent from this serializer) before it is returned.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as B64;
use chrono::{DateTime, FixedOffset, Utc};
use openssl::hash::MessageDigest;
use openssl::sign::Signer;

use super::c14n::{escape_attr, escape_text, namespace_declarations};
use super::p12::SigningIdentity;
use super::verify;
use crate::sri::libxml::Doc;
use crate::sri::validate::ECUADOR;
use crate::sri::xml::XML_DECLARATION;

/// XML-DSig namespace (`ds:`).
pub const DS_NS: &str = "http://www.w3.org/2000/09/xmldsig#";
/// XAdES 1.3.2 namespace (`etsi:`).
pub const ETSI_NS: &str = "http://uri.etsi.org/01903/v1.3.2#";
/// Inclusive C14N 1.0 without comments.
pub const C14N_ALG: &str = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
/// RSA with SHA1.
pub const RSA_SHA1_ALG: &str = "http://www.w3.org/2000/09/xmldsig#rsa-sha1";
/// SHA1 digest.
pub const SHA1_ALG: &str = "http://www.w3.org/2000/09/xmldsig#sha1";
/// Enveloped-signature transform.
pub const ENVELOPED_ALG: &str = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
/// Type of the SignedProperties reference.
pub const SIGNED_PROPERTIES_TYPE: &str = "http://uri.etsi.org/01903#SignedProperties";

/// Why a document could not be signed, in Spanish.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignError {
    /// Input is not well-formed XML or not an SRI document.
    #[error("el XML a firmar no es válido: {0}")]
    Input(String),
    /// The document already carries a signature.
    #[error("el comprobante ya está firmado")]
    AlreadySigned,
    /// The certificate cannot be used now.
    #[error("{0}")]
    Certificate(String),
    /// OpenSSL failure.
    #[error("error criptográfico al firmar: {0}")]
    Crypto(String),
    /// The produced signature did not verify (a bug, never expected).
    #[error("la firma generada no se pudo verificar: {0}")]
    SelfCheck(String),
}

/// Inputs of a signature that are not the document or the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignOptions {
    /// `SigningTime`; the SRI rejects times after its own clock.
    pub signing_time: DateTime<FixedOffset>,
    /// Seed for the `Id` numbers; `None` = random. Fixed only for reproducible tests.
    pub id_seed: Option<u32>,
}

impl SignOptions {
    /// Signing now, Ecuador time, random ids.
    pub fn now() -> SignOptions {
        SignOptions {
            signing_time: Utc::now().with_timezone(&ECUADOR),
            id_seed: None,
        }
    }
}

struct Ids {
    signature: u32,
    signed_info: u32,
    signed_props: u32,
    signed_props_ref: u32,
    certificate: u32,
    reference: u32,
    signature_value: u32,
    object: u32,
}

impl Ids {
    fn new(seed: Option<u32>) -> Ids {
        let mut next = {
            let mut state = seed.unwrap_or(0);
            move || -> u32 {
                if seed.is_some() {
                    state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    100_000 + (state >> 8) % 900_000
                } else {
                    let mut b = [0u8; 4];
                    // Ids only need to be distinct within one document; if the CSPRNG
                    // fails the clock still gives distinct values.
                    let n = if openssl::rand::rand_bytes(&mut b).is_ok() {
                        u32::from_le_bytes(b)
                    } else {
                        state = state.wrapping_add(Utc::now().timestamp_subsec_nanos() | 1);
                        state
                    };
                    100_000 + n % 900_000
                }
            }
        };
        Ids {
            signature: next(),
            signed_info: next(),
            signed_props: next(),
            signed_props_ref: next(),
            certificate: next(),
            reference: next(),
            signature_value: next(),
            object: next(),
        }
    }
}

fn sha1_b64(data: &[u8]) -> String {
    B64.encode(openssl::sha::sha1(data))
}

fn crypto(e: impl std::fmt::Display) -> SignError {
    SignError::Crypto(e.to_string())
}

/// Signs an SRI document (factura, nota de crédito, guía…) and returns the signed XML
/// with its XML declaration, UTF-8.
pub fn sign(
    xml: &[u8],
    identity: &SigningIdentity,
    opts: &SignOptions,
) -> Result<String, SignError> {
    ensure_can_sign(identity, opts)?;
    let Canonical {
        xml: canonical,
        close_at,
        ns_context,
    } = canonical_input(xml)?;

    let ns_apex = namespace_declarations(&ns_context);
    let ids = Ids::new(opts.id_seed);
    let cert_der = identity.cert.to_der().map_err(crypto)?;
    let rsa = identity
        .key
        .rsa()
        .map_err(|_| SignError::Certificate("la clave del certificado no es RSA".into()))?;
    let mut issuer = String::new();
    escape_text(&mut issuer, &identity.info.issuer);
    let parts = SignatureParts {
        signed_props_id: format!(
            "Signature{}-SignedProperties{}",
            ids.signature, ids.signed_props
        ),
        ids,
        cert_b64: B64.encode(&cert_der),
        cert_digest: sha1_b64(&cert_der),
        modulus: B64.encode(rsa.n().to_vec()),
        exponent: B64.encode(rsa.e().to_vec()),
        issuer,
        serial: &identity.info.serial,
        signing_time: opts.signing_time.format("%Y-%m-%dT%H:%M:%S%:z").to_string(),
    };
    let digests = Digests {
        document: sha1_b64(canonical.as_bytes()),
        key_info: sha1_b64(parts.key_info(&ns_apex).as_bytes()),
        signed_props: sha1_b64(parts.signed_props(&ns_apex).as_bytes()),
    };
    let mut signer = Signer::new(MessageDigest::sha1(), &identity.key).map_err(crypto)?;
    signer
        .update(parts.signed_info(&ns_apex, &digests).as_bytes())
        .map_err(crypto)?;
    let signature_value = B64.encode(signer.sign_to_vec().map_err(crypto)?);

    let signature = parts.signature(&digests, &signature_value);
    let mut out = String::with_capacity(XML_DECLARATION.len() + canonical.len() + signature.len());
    out.push_str(XML_DECLARATION);
    out.push_str(&canonical[..close_at]);
    out.push_str(&signature);
    out.push_str(&canonical[close_at..]);

    verify::verify_at(out.as_bytes(), opts.signing_time.with_timezone(&Utc))
        .map_err(|e| SignError::SelfCheck(e.to_string()))?;
    Ok(out)
}

/// The certificate must be valid at the signing time and meant for digital signatures, or the
/// SRI rejects the signature.
fn ensure_can_sign(identity: &SigningIdentity, opts: &SignOptions) -> Result<(), SignError> {
    identity
        .info
        .ensure_valid_at(opts.signing_time.with_timezone(&Utc))
        .map_err(|e| SignError::Certificate(e.to_string()))?;
    if !identity.info.can_sign() {
        return Err(SignError::Certificate(
            "el certificado no tiene el uso «digitalSignature» exigido por el SRI".into(),
        ));
    }
    Ok(())
}

/// The document to sign in canonical form: the bytes that are signed are the bytes written.
struct Canonical {
    /// The root element canonicalized by libxml2.
    xml: String,
    /// Where the root's closing tag starts: the signature goes right before it.
    close_at: usize,
    /// The namespaces in scope at the signature (`ds`, `etsi` and the root's), which its
    /// elements' digests must include.
    ns_context: Vec<(String, String)>,
}

/// Parses and canonicalizes the document, refusing what cannot carry the SRI's signature: a root
/// without `id="comprobante"`, with `xml:*` or prefixed attributes, already signed, or reusing the
/// `ds`/`etsi` prefixes for other namespaces.
fn canonical_input(xml: &[u8]) -> Result<Canonical, SignError> {
    let doc = Doc::parse(xml).map_err(|e| SignError::Input(e.to_string()))?;
    let root = doc
        .root()
        .ok_or_else(|| SignError::Input("no hay elemento raíz".into()))?;
    if root.attr("id").as_deref() != Some("comprobante") {
        return Err(SignError::Input(
            "el elemento raíz debe tener id=\"comprobante\"".into(),
        ));
    }
    if root.has_namespaced_attributes() {
        return Err(SignError::Input(
            "el elemento raíz no debe tener atributos xml:* ni con prefijo".into(),
        ));
    }
    if root
        .elements()
        .iter()
        .any(|n| n.name() == "Signature" && n.namespace() == DS_NS)
    {
        return Err(SignError::AlreadySigned);
    }
    let ns_context = namespace_context(root.namespace_declarations())?;
    let canonical = doc
        .c14n(root.id(), None)
        .map_err(|e| SignError::Input(e.to_string()))?;
    let canonical =
        String::from_utf8(canonical).map_err(|_| SignError::Input("el XML no es UTF-8".into()))?;
    let close_at = canonical
        .rfind("</")
        .ok_or_else(|| SignError::Input("el elemento raíz está vacío".into()))?;
    Ok(Canonical {
        xml: canonical,
        close_at,
        ns_context,
    })
}

/// The namespaces in scope at the signature: `ds` and `etsi`, then the root's own declarations;
/// a root that binds `ds` or `etsi` to another namespace is refused.
fn namespace_context(
    root_declarations: Vec<(&str, &str)>,
) -> Result<Vec<(String, String)>, SignError> {
    let mut ns_context = vec![
        ("ds".to_string(), DS_NS.to_string()),
        ("etsi".to_string(), ETSI_NS.to_string()),
    ];
    for (prefix, uri) in root_declarations {
        match ns_context.iter().find(|(p, _)| p == prefix) {
            Some((_, existing)) if existing != uri => {
                return Err(SignError::Input(format!(
                    "el prefijo «{prefix}» ya se usa con otro espacio de nombres"
                )));
            }
            Some(_) => {}
            None => ns_context.push((prefix.to_string(), uri.to_string())),
        }
    }
    Ok(ns_context)
}

/// The SHA1 digests (base64) of the three signed references.
struct Digests {
    /// The canonical document (`#comprobante`).
    document: String,
    /// KeyInfo, canonical with the in-scope namespaces.
    key_info: String,
    /// SignedProperties, canonical with the in-scope namespaces.
    signed_props: String,
}

/// What the signature elements are written from. Each element is written in canonical form;
/// `ns` is the namespace declarations it carries: the in-scope ones when it is digested or
/// signed on its own, none when it is written inside `ds:Signature`.
struct SignatureParts<'a> {
    ids: Ids,
    signed_props_id: String,
    /// The certificate, DER in base64.
    cert_b64: String,
    /// SHA1 of the certificate's DER, base64.
    cert_digest: String,
    /// The RSA key's modulus and exponent, base64.
    modulus: String,
    exponent: String,
    /// The certificate's issuer DN, escaped as text.
    issuer: String,
    /// The certificate's decimal serial.
    serial: &'a str,
    /// `SigningTime`, `%Y-%m-%dT%H:%M:%S%:z`.
    signing_time: String,
}

impl SignatureParts<'_> {
    /// `ds:KeyInfo`: the certificate and its RSA public key.
    fn key_info(&self, ns: &str) -> String {
        format!(
            "<ds:KeyInfo{ns} Id=\"Certificate{}\"><ds:X509Data><ds:X509Certificate>{}</ds:X509Certificate></ds:X509Data><ds:KeyValue><ds:RSAKeyValue><ds:Modulus>{}</ds:Modulus><ds:Exponent>{}</ds:Exponent></ds:RSAKeyValue></ds:KeyValue></ds:KeyInfo>",
            self.ids.certificate, self.cert_b64, self.modulus, self.exponent,
        )
    }

    /// `etsi:SignedProperties`: the signing time, the signing certificate and the format of the
    /// signed document.
    fn signed_props(&self, ns: &str) -> String {
        format!(
            "<etsi:SignedProperties{ns} Id=\"{}\"><etsi:SignedSignatureProperties><etsi:SigningTime>{}</etsi:SigningTime><etsi:SigningCertificate><etsi:Cert><etsi:CertDigest><ds:DigestMethod Algorithm=\"{SHA1_ALG}\"></ds:DigestMethod><ds:DigestValue>{}</ds:DigestValue></etsi:CertDigest><etsi:IssuerSerial><ds:X509IssuerName>{}</ds:X509IssuerName><ds:X509SerialNumber>{}</ds:X509SerialNumber></etsi:IssuerSerial></etsi:Cert></etsi:SigningCertificate></etsi:SignedSignatureProperties><etsi:SignedDataObjectProperties><etsi:DataObjectFormat ObjectReference=\"#Reference-ID-{}\"><etsi:Description>contenido comprobante</etsi:Description><etsi:MimeType>text/xml</etsi:MimeType></etsi:DataObjectFormat></etsi:SignedDataObjectProperties></etsi:SignedProperties>",
            self.signed_props_id,
            self.signing_time,
            self.cert_digest,
            self.issuer,
            self.serial,
            self.ids.reference,
        )
    }

    /// `ds:SignedInfo`: the three references with their digests.
    fn signed_info(&self, ns: &str, digests: &Digests) -> String {
        let mut uri_props = String::new();
        escape_attr(&mut uri_props, &format!("#{}", self.signed_props_id));
        format!(
            "<ds:SignedInfo{ns} Id=\"Signature-SignedInfo{}\"><ds:CanonicalizationMethod Algorithm=\"{C14N_ALG}\"></ds:CanonicalizationMethod><ds:SignatureMethod Algorithm=\"{RSA_SHA1_ALG}\"></ds:SignatureMethod><ds:Reference Id=\"SignedPropertiesID{}\" Type=\"{SIGNED_PROPERTIES_TYPE}\" URI=\"{uri_props}\"><ds:DigestMethod Algorithm=\"{SHA1_ALG}\"></ds:DigestMethod><ds:DigestValue>{}</ds:DigestValue></ds:Reference><ds:Reference URI=\"#Certificate{}\"><ds:DigestMethod Algorithm=\"{SHA1_ALG}\"></ds:DigestMethod><ds:DigestValue>{}</ds:DigestValue></ds:Reference><ds:Reference Id=\"Reference-ID-{}\" URI=\"#comprobante\"><ds:Transforms><ds:Transform Algorithm=\"{ENVELOPED_ALG}\"></ds:Transform></ds:Transforms><ds:DigestMethod Algorithm=\"{SHA1_ALG}\"></ds:DigestMethod><ds:DigestValue>{}</ds:DigestValue></ds:Reference></ds:SignedInfo>",
            self.ids.signed_info,
            self.ids.signed_props_ref,
            digests.signed_props,
            self.ids.certificate,
            digests.key_info,
            self.ids.reference,
            digests.document,
        )
    }

    /// The whole `ds:Signature`, its elements without their own namespace declarations (the
    /// signature element declares `ds` and `etsi`).
    fn signature(&self, digests: &Digests, signature_value: &str) -> String {
        format!(
            "<ds:Signature xmlns:ds=\"{DS_NS}\" xmlns:etsi=\"{ETSI_NS}\" Id=\"Signature{sig}\">{si}<ds:SignatureValue Id=\"SignatureValue{sv}\">{signature_value}</ds:SignatureValue>{ki}<ds:Object Id=\"Signature{sig}-Object{obj}\"><etsi:QualifyingProperties Target=\"#Signature{sig}\">{sp}</etsi:QualifyingProperties></ds:Object></ds:Signature>",
            sig = self.ids.signature,
            si = self.signed_info("", digests),
            sv = self.ids.signature_value,
            ki = self.key_info(""),
            obj = self.ids.object,
            sp = self.signed_props(""),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sri::document::build;
    use crate::sri::fixtures::{self, context};
    use crate::sri::sign::verify::{SignatureError, verify_at};
    use crate::sri::testpki::TestPki;
    use std::process::Command;

    /// A fixed signing time inside the test certificate's validity.
    fn options() -> SignOptions {
        let t = TestPki::get().identity().info.not_before + chrono::Duration::hours(1);
        SignOptions {
            signing_time: t.with_timezone(&ECUADOR),
            id_seed: Some(7),
        }
    }

    fn signing_time_text() -> String {
        options()
            .signing_time
            .format("%Y-%m-%dT%H:%M:%S-05:00")
            .to_string()
    }

    fn signed(doc: &crate::sri::model::Comprobante) -> String {
        let built = build(doc, &context()).unwrap();
        sign(built.xml.as_bytes(), &TestPki::get().identity(), &options()).unwrap()
    }

    /// Runs `xmlsec1 --verify` trusting the signing certificate's key; returns
    /// (success, stderr).
    fn xmlsec1(xml: &str, root: &str) -> (bool, String) {
        xmlsec1_with(
            xml,
            root,
            "--pubkey-cert-pem",
            &TestPki::get().signing_cert_pem,
        )
    }

    /// `xmlsec1 --verify` with `trust` (the key's certificate, or `--trusted-pem` with
    /// the CA so that the certificate inside KeyInfo is used and its chain checked).
    fn xmlsec1_with(xml: &str, root: &str, mode: &str, trust: &[u8]) -> (bool, String) {
        let dir = tempfile::tempdir().unwrap();
        let xml_path = dir.path().join("doc.xml");
        let cert_path = dir.path().join("cert.pem");
        std::fs::write(&xml_path, xml).unwrap();
        std::fs::write(&cert_path, trust).unwrap();
        let out = Command::new("xmlsec1")
            .arg("--verify")
            .arg(mode)
            .arg(&cert_path)
            .arg("--id-attr:id")
            .arg(root)
            .arg(&xml_path)
            .output()
            .expect("xmlsec1 must be installed (Debian package xmlsec1)");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    #[test]
    fn every_document_type_verifies_with_xmlsec1() {
        for (doc, root) in [
            (fixtures::invoice(), "factura"),
            (fixtures::credit_note(), "notaCredito"),
            (fixtures::guide(), "guiaRemision"),
            (fixtures::withholding(), "comprobanteRetencion"),
        ] {
            let xml = signed(&doc);
            let (ok, err) = xmlsec1(&xml, root);
            assert!(ok, "{root}: {err}\n{xml}");
            let (ok, err) = xmlsec1_with(&xml, root, "--trusted-pem", &TestPki::get().ca_pem);
            assert!(ok, "{root} (cadena de confianza): {err}");
            assert!(verify_at(xml.as_bytes(), Utc::now()).is_ok());
            assert!(crate::sri::xsd::validate_any(xml.as_bytes()).is_ok());
        }
    }

    #[test]
    fn factura_1_1_0_verifies_with_xmlsec1() {
        let mut inv = fixtures::invoice_struct();
        inv.version = crate::sri::model::InvoiceVersion::V1_1_0;
        let xml = signed(&crate::sri::model::Comprobante::Invoice(inv));
        let (ok, err) = xmlsec1(&xml, "factura");
        assert!(ok, "{err}");
    }

    #[test]
    fn tampered_documents_fail_both_verifiers() {
        let xml = signed(&fixtures::invoice());
        assert!(xmlsec1(&xml, "factura").0, "baseline must verify");
        let tampered = xml.replacen(
            "<importeTotal>12.80</importeTotal>",
            "<importeTotal>1.80</importeTotal>",
            1,
        );
        assert_ne!(tampered, xml);
        let (ok, _) = xmlsec1(&tampered, "factura");
        assert!(!ok, "xmlsec1 must reject a modified amount");
        let err = verify_at(tampered.as_bytes(), Utc::now()).unwrap_err();
        assert!(matches!(err, SignatureError::Digest(_)), "{err}");

        let later = (options().signing_time + chrono::Duration::minutes(1))
            .format("%Y-%m-%dT%H:%M:%S-05:00")
            .to_string();
        let time_changed = xml.replacen(&signing_time_text(), &later, 1);
        assert_ne!(time_changed, xml);
        let (ok, _) = xmlsec1(&time_changed, "factura");
        assert!(!ok, "SignedProperties are signed");
        assert!(matches!(
            verify_at(time_changed.as_bytes(), Utc::now()),
            Err(SignatureError::Digest(_))
        ));

        let value_start = xml.find("<ds:SignatureValue").unwrap();
        let pos = xml[value_start..].find('>').unwrap() + value_start + 5;
        let mut bytes = xml.clone().into_bytes();
        bytes[pos] = if bytes[pos] == b'A' { b'B' } else { b'A' };
        let bad_value = String::from_utf8(bytes).unwrap();
        assert_eq!(
            verify_at(bad_value.as_bytes(), Utc::now()).unwrap_err(),
            SignatureError::Value
        );
        let (ok, _) = xmlsec1(&bad_value, "factura");
        assert!(!ok);
    }

    #[test]
    fn signature_structure_follows_anexo_14() {
        let xml = signed(&fixtures::invoice());
        let sig_at = xml.find("<ds:Signature ").unwrap();
        assert!(
            xml[sig_at..].ends_with("</ds:Signature></factura>"),
            "last child of the root"
        );
        let sig = &xml[sig_at..];
        let refs: Vec<usize> = [
            "Type=\"http://uri.etsi.org/01903#SignedProperties\"",
            "URI=\"#Certificate",
            "URI=\"#comprobante\"",
        ]
        .iter()
        .map(|s| sig.find(s).unwrap_or_else(|| panic!("{s}")))
        .collect();
        assert!(
            refs[0] < refs[1] && refs[1] < refs[2],
            "reference order of Anexo 14"
        );
        for needle in [
            "<ds:CanonicalizationMethod Algorithm=\"http://www.w3.org/TR/2001/REC-xml-c14n-20010315\">",
            "<ds:SignatureMethod Algorithm=\"http://www.w3.org/2000/09/xmldsig#rsa-sha1\">",
            "<ds:Transform Algorithm=\"http://www.w3.org/2000/09/xmldsig#enveloped-signature\">",
            &format!(
                "<etsi:SigningTime>{}</etsi:SigningTime>",
                signing_time_text()
            ),
            "<ds:X509IssuerName>EMAILADDRESS=ac@pruebas.ec,CN=AC PRUEBAS MOSTRADOR,L=QUITO,OU=ECIBCE,O=ENTIDAD DE CERTIFICACION DE PRUEBA,C=EC</ds:X509IssuerName>",
            "<ds:X509SerialNumber>123456789012345678</ds:X509SerialNumber>",
            "<etsi:MimeType>text/xml</etsi:MimeType>",
            "<ds:RSAKeyValue><ds:Modulus>",
        ] {
            assert!(sig.contains(needle), "{needle}");
        }
        assert!(
            !xml[..sig_at].contains("xmlns"),
            "the comprobante declares no namespaces"
        );
    }

    #[test]
    fn signing_is_deterministic_with_fixed_inputs() {
        let a = signed(&fixtures::guide());
        let b = signed(&fixtures::guide());
        assert_eq!(
            a, b,
            "RSA PKCS#1 v1.5 and fixed ids/time give identical output"
        );
        let mut random = options();
        random.id_seed = None;
        let built = build(&fixtures::guide(), &context()).unwrap();
        let c = sign(built.xml.as_bytes(), &TestPki::get().identity(), &random).unwrap();
        assert_ne!(a, c);
    }

    #[test]
    fn hand_written_input_is_canonicalized_before_signing() {
        let built = build(&fixtures::credit_note(), &context()).unwrap();
        let pretty = fixtures::pretty(&built.xml).replace(
            "<notaCredito id=\"comprobante\" version=\"1.1.0\">",
            "<notaCredito version='1.1.0'   id='comprobante'>",
        );
        let xml = sign(pretty.as_bytes(), &TestPki::get().identity(), &options()).unwrap();
        assert!(xml.contains("<notaCredito id=\"comprobante\" version=\"1.1.0\">"));
        let (ok, err) = xmlsec1(&xml, "notaCredito");
        assert!(ok, "{err}");
    }

    #[test]
    fn refuses_double_signing_expired_and_foreign_documents() {
        let xml = signed(&fixtures::invoice());
        let identity = TestPki::get().identity();
        assert_eq!(
            sign(xml.as_bytes(), &identity, &options()),
            Err(SignError::AlreadySigned)
        );
        let expired = crate::sri::sign::SigningIdentity::from_p12(
            &TestPki::get().p12_expired,
            crate::sri::testpki::PASSWORD,
        )
        .unwrap();
        let built = build(&fixtures::invoice(), &context()).unwrap();
        let err = sign(built.xml.as_bytes(), &expired, &options()).unwrap_err();
        assert!(err.to_string().contains("caducó"), "{err}");
        assert!(matches!(
            sign(b"<factura/>", &identity, &options()),
            Err(SignError::Input(_))
        ));
        assert!(matches!(
            sign(b"<factura", &identity, &options()),
            Err(SignError::Input(_))
        ));
    }
}
