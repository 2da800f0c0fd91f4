//! A demonstration signing certificate: a .p12 shaped like the ones Ecuadorian CAs issue (a leaf
//! for `digitalSignature, nonRepudiation` with the holder's RUC in the CA's private extension,
//! signed by its own small CA), so a newcomer can try electronic billing end to end against the
//! local SRI simulator (`mostrador sri simulator`) without a real certificate. The real SRI
//! refuses it: its CA is not one of the accredited ones.
//!
//! Built with the `openssl` crate (already the engine's crypto library); nothing is hand-rolled
//! but the DER of one UTF8String extension value.

use anyhow::Context;
use openssl::asn1::{Asn1Integer, Asn1Object, Asn1OctetString, Asn1Time};
use openssl::bn::{BigNum, MsbOption};
use openssl::hash::MessageDigest;
use openssl::pkcs12::Pkcs12;
use openssl::pkey::{PKey, Private};
use openssl::rsa::Rsa;
use openssl::stack::Stack;
use openssl::x509::extension::{BasicConstraints, KeyUsage};
use openssl::x509::{X509, X509Extension, X509Name, X509NameBuilder};

/// RUC of the demo company (a valid sociedad RUC: check digit 4): `mostrador demo` creates it and
/// `sri demo-cert` issues its certificate by default.
pub const DEMO_RUC: &str = "1790011224001";

/// Arc of the RUC extension written into the demo certificate (Banco Central del Ecuador's
/// profile; see `p12::RUC_EXTENSION_OIDS`).
const RUC_OID: &str = "1.3.6.1.4.1.37947.3.11";

/// Days the demo certificate is valid.
const DAYS: u32 = 730;

/// Builds a PKCS#12 file for `holder` with `ruc`, protected by `password`.
pub fn demo_p12(holder: &str, ruc: &str, password: &str) -> anyhow::Result<Vec<u8>> {
    let ca_key = rsa_key()?;
    let ca_name = name(&[
        ("C", "EC"),
        ("O", "ENTIDAD DE CERTIFICACION DE DEMOSTRACION"),
        ("CN", "AC DEMOSTRACION MOSTRADOR"),
    ])?;
    let mut ca = certificate(&ca_name, &ca_name, &ca_key)?;
    ca.append_extension(BasicConstraints::new().critical().ca().build()?)?;
    ca.append_extension(
        KeyUsage::new()
            .critical()
            .key_cert_sign()
            .crl_sign()
            .build()?,
    )?;
    ca.sign(&ca_key, MessageDigest::sha256())?;
    let ca = ca.build();

    let key = rsa_key()?;
    let subject = name(&[("C", "EC"), ("O", holder), ("CN", holder)])?;
    let mut leaf = certificate(&subject, &ca_name, &key)?;
    leaf.append_extension(
        KeyUsage::new()
            .critical()
            .digital_signature()
            .non_repudiation()
            .build()?,
    )?;
    let oid: Asn1Object = Asn1Object::from_str(RUC_OID)?;
    let value: Asn1OctetString = Asn1OctetString::new_from_bytes(&utf8_string_der(ruc)?)?;
    leaf.append_extension(X509Extension::new_from_der(&oid, false, &value)?)?;
    leaf.sign(&ca_key, MessageDigest::sha256())?;
    let leaf = leaf.build();

    let mut chain = Stack::new()?;
    chain.push(ca)?;
    let p12 = Pkcs12::builder()
        .name(holder)
        .pkey(&key)
        .cert(&leaf)
        .ca(chain)
        .build2(password)
        .context("no se pudo armar el archivo .p12")?;
    Ok(p12.to_der()?)
}

fn rsa_key() -> anyhow::Result<PKey<Private>> {
    Ok(PKey::from_rsa(Rsa::generate(2048)?)?)
}

fn name(entries: &[(&str, &str)]) -> anyhow::Result<X509Name> {
    let mut builder = X509NameBuilder::new()?;
    for (field, value) in entries {
        builder.append_entry_by_text(field, value)?;
    }
    Ok(builder.build())
}

/// A certificate builder valid from now for [`DAYS`], with a random serial.
fn certificate(
    subject: &X509Name,
    issuer: &X509Name,
    key: &PKey<Private>,
) -> anyhow::Result<openssl::x509::X509Builder> {
    let mut builder = X509::builder()?;
    builder.set_version(2)?;
    let mut serial = BigNum::new()?;
    serial.rand(64, MsbOption::MAYBE_ZERO, false)?;
    let serial: Asn1Integer = Asn1Integer::from_bn(&serial)?;
    builder.set_serial_number(&serial)?;
    builder.set_subject_name(subject)?;
    builder.set_issuer_name(issuer)?;
    builder.set_pubkey(key)?;
    let (from, to): (Asn1Time, Asn1Time) =
        (Asn1Time::days_from_now(0)?, Asn1Time::days_from_now(DAYS)?);
    builder.set_not_before(&from)?;
    builder.set_not_after(&to)?;
    Ok(builder)
}

/// DER of an ASN.1 UTF8String (tag 12) holding `text` (short form length: the RUC is 13 bytes).
fn utf8_string_der(text: &str) -> anyhow::Result<Vec<u8>> {
    let len = u8::try_from(text.len())
        .ok()
        .filter(|l| *l < 128)
        .context("texto demasiado largo para la extensión")?;
    let mut der = vec![0x0c, len];
    der.extend_from_slice(text.as_bytes());
    Ok(der)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sri::sign::SigningIdentity;

    #[test]
    fn the_demo_certificate_opens_and_names_its_ruc() {
        let der = demo_p12("EMPRESA DEMO S.A.", "1790011001001", "clave-demo").unwrap();
        let id = SigningIdentity::from_p12(&der, "clave-demo").unwrap();
        assert_eq!(id.info.ruc.as_deref(), Some("1790011001001"));
        assert!(
            id.info.subject.contains("EMPRESA DEMO S.A."),
            "{}",
            id.info.subject
        );
        assert!(id.info.not_after > chrono::Utc::now() + chrono::Duration::days(700));
        assert!(SigningIdentity::from_p12(&der, "otra").is_err());
    }
}
