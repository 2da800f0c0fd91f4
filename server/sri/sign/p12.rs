//! Reading the issuer's PKCS#12 (.p12) signing certificate.
//!
//! Ecuadorian CAs issue .p12 files encrypted with RC2-40/3DES, which OpenSSL 3 only
//! opens with its "legacy" provider: it is loaded once (with the default provider kept
//! as fallback) before any .p12 is read, so legacy and modern (AES) files both work.
//!
//! OpenSSL's `PKCS12_parse` returns only the first private key, but Banco Central
//! files hold two ("Signing Key" and "Decryption Key") and the SRI rejects documents
//! signed with the key-encipherment one (error 39, since January 2020). So the bags are
//! walked here, every key is paired with its certificate, and the pair whose
//! certificate has the digitalSignature key usage is chosen.

use std::ffi::{c_char, c_int, c_void};
use std::ptr;
use std::sync::OnceLock;

use chrono::{DateTime, Utc};
use foreign_types::ForeignType;
use openssl::asn1::{Asn1Object, Asn1TimeRef};
use openssl::nid::Nid;
use openssl::pkey::{PKey, Private};
use openssl::provider::Provider;
use openssl::x509::{X509, X509NameRef};

use super::der;

/// OIDs under which Ecuadorian CAs (Decreto 181 certificate profile) store the RUC in a
/// private, non-critical certificate extension.
pub const RUC_EXTENSION_OIDS: &[(&str, &str)] = &[
    ("1.3.6.1.4.1.37947.3.11", "Banco Central del Ecuador"),
    ("1.3.6.1.4.1.37746.3.11", "Security Data"),
    ("1.3.6.1.4.1.37746.222", "Security Data (perfil anterior)"),
    ("1.3.6.1.4.1.18332.3.11", "ANF AC Ecuador"),
    ("1.3.6.1.4.1.43745.1.3.11", "Consejo de la Judicatura"),
    ("1.3.6.1.4.1.47286.102.3.11", "Uanataca"),
];

/// OIDs with the holder's cédula in the same profile (`<arc>.3.1`).
pub const CEDULA_EXTENSION_OIDS: &[&str] = &[
    "1.3.6.1.4.1.37947.3.1",
    "1.3.6.1.4.1.37746.3.1",
    "1.3.6.1.4.1.18332.3.1",
    "1.3.6.1.4.1.43745.1.3.1",
    "1.3.6.1.4.1.47286.102.3.1",
];

const KEY_USAGE_NAMES: &[(u16, &str)] = &[
    (0x8000, "digitalSignature"),
    (0x4000, "nonRepudiation"),
    (0x2000, "keyEncipherment"),
    (0x1000, "dataEncipherment"),
    (0x0800, "keyAgreement"),
    (0x0400, "keyCertSign"),
    (0x0200, "cRLSign"),
    (0x0100, "encipherOnly"),
    (0x0080, "decipherOnly"),
];

/// Why a .p12 cannot be used, in Spanish.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CertError {
    /// The bytes are not a PKCS#12 structure.
    #[error("el archivo no es un certificado PKCS#12 (.p12) válido")]
    NotPkcs12,
    /// MAC check failed.
    #[error("la contraseña del certificado .p12 es incorrecta")]
    WrongPassword,
    /// Encrypted content that OpenSSL cannot decrypt even with the legacy provider.
    #[error("no se pudo descifrar el contenido del .p12 (algoritmo no soportado o archivo dañado)")]
    Undecryptable,
    /// No private key in the file.
    #[error("el .p12 no contiene ninguna clave privada")]
    NoKey,
    /// Keys exist but none belongs to a certificate with the digitalSignature usage.
    #[error(
        "el .p12 no contiene una clave de firma digital: ningún certificado tiene el uso «digitalSignature» (el SRI rechaza firmas hechas con la clave de cifrado)"
    )]
    NoSigningKey,
    /// The certificate expired.
    #[error("el certificado de firma caducó el {0} (renuévelo con su entidad certificadora)")]
    Expired(String),
    /// The certificate is not valid yet.
    #[error("el certificado de firma no es válido hasta el {0}")]
    NotYetValid(String),
    /// The file could not be read.
    #[error("{0}")]
    Io(String),
    /// Any other OpenSSL failure.
    #[error("error de OpenSSL al leer el certificado: {0}")]
    Crypto(String),
}

/// What the back office shows about a certificate (and checks before signing).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateInfo {
    /// Subject DN (RFC 2253 order, `EMAILADDRESS=` for e-mail).
    pub subject: String,
    /// Issuer DN, formatted as the signature's `X509IssuerName`.
    pub issuer: String,
    /// Serial number in decimal, as in `X509SerialNumber`.
    pub serial: String,
    /// Start of validity.
    pub not_before: DateTime<Utc>,
    /// End of validity (expiry).
    pub not_after: DateTime<Utc>,
    /// RUC found in the certificate (CA extension or organizationIdentifier).
    pub ruc: Option<String>,
    /// Holder's cédula, when present.
    pub cedula: Option<String>,
    /// Key usages (`digitalSignature`, `nonRepudiation`, …); empty = unrestricted.
    pub key_usage: Vec<String>,
}

impl CertificateInfo {
    /// Reads the facts of a certificate.
    pub fn of(cert: &X509) -> Result<CertificateInfo, CertError> {
        let der = cert.to_der().map_err(crypto)?;
        let exts = der::extensions(&der);
        let find_digits = |oids: &mut dyn Iterator<Item = &str>, len: usize| -> Option<String> {
            let wanted: Vec<&str> = oids.collect();
            exts.iter()
                .filter(|(oid, _)| wanted.contains(&oid.as_str()))
                .filter_map(|(_, v)| digits_of(&der::extension_text(v), len))
                .next()
        };
        let ruc = find_digits(&mut RUC_EXTENSION_OIDS.iter().map(|(o, _)| *o), 13)
            .or_else(|| generic_profile_value(&exts, ".3.11", 13))
            .or_else(|| subject_ruc(cert));
        let cedula = find_digits(&mut CEDULA_EXTENSION_OIDS.iter().copied(), 10)
            .or_else(|| generic_profile_value(&exts, ".3.1", 10));
        let key_usage = exts
            .iter()
            .find(|(oid, _)| oid == "2.5.29.15")
            .and_then(|(_, v)| der::key_usage_bits(v))
            .map(|bits| {
                KEY_USAGE_NAMES
                    .iter()
                    .filter(|(bit, _)| bits & bit != 0)
                    .map(|(_, name)| (*name).to_string())
                    .collect()
            })
            .unwrap_or_default();
        let serial = cert
            .serial_number()
            .to_bn()
            .and_then(|bn| bn.to_dec_str().map(|s| s.to_string()))
            .map_err(crypto)?;
        Ok(CertificateInfo {
            subject: dn_string(cert.subject_name()),
            issuer: dn_string(cert.issuer_name()),
            serial,
            not_before: asn1_to_utc(cert.not_before())?,
            not_after: asn1_to_utc(cert.not_after())?,
            ruc,
            cedula,
            key_usage,
        })
    }

    /// True when the key may sign documents for the SRI (digitalSignature, or no
    /// key-usage restriction at all).
    pub fn can_sign(&self) -> bool {
        self.key_usage.is_empty() || self.key_usage.iter().any(|u| u == "digitalSignature")
    }

    /// Checks the validity period at `now`.
    pub fn ensure_valid_at(&self, now: DateTime<Utc>) -> Result<(), CertError> {
        let local = |d: DateTime<Utc>| {
            d.with_timezone(&crate::sri::validate::ECUADOR)
                .format("%d/%m/%Y")
                .to_string()
        };
        if now > self.not_after {
            return Err(CertError::Expired(local(self.not_after)));
        }
        if now < self.not_before {
            return Err(CertError::NotYetValid(local(self.not_before)));
        }
        Ok(())
    }
}

/// A private key and its certificate, ready to sign.
#[derive(Clone)]
pub struct SigningIdentity {
    /// RSA private key.
    pub key: PKey<Private>,
    /// Its certificate (placed in `KeyInfo`).
    pub cert: X509,
    /// Other certificates of the file (CA chain, the encryption certificate…).
    pub others: Vec<X509>,
    /// Facts about `cert`.
    pub info: CertificateInfo,
}

impl std::fmt::Debug for SigningIdentity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SigningIdentity")
            .field("info", &self.info)
            .finish_non_exhaustive()
    }
}

impl SigningIdentity {
    /// Opens a .p12 with its password and selects the signing key.
    pub fn from_p12(der: &[u8], password: &str) -> Result<SigningIdentity, CertError> {
        ensure_legacy_provider();
        let bags = read_bags(der, password)?;
        if bags.keys.is_empty() {
            return Err(CertError::NoKey);
        }
        let mut pairs = Vec::new();
        for key in &bags.keys {
            for (i, cert) in bags.certs.iter().enumerate() {
                let matches = cert
                    .public_key()
                    .map(|pk| pk.public_eq(key))
                    .unwrap_or(false);
                if matches {
                    pairs.push((key.clone(), i, CertificateInfo::of(cert)?));
                }
            }
        }
        let now = Utc::now();
        let best = pairs
            .into_iter()
            .filter(|(_, _, info)| info.can_sign())
            .max_by_key(|(_, _, info)| (info.ensure_valid_at(now).is_ok(), info.not_after));
        let (key, index, info) = best.ok_or(CertError::NoSigningKey)?;
        let mut certs = bags.certs;
        let cert = certs.remove(index);
        Ok(SigningIdentity {
            key,
            cert,
            others: certs,
            info,
        })
    }

    /// Reads a .p12 file from disk.
    pub fn from_p12_file(
        path: &std::path::Path,
        password: &str,
    ) -> Result<SigningIdentity, CertError> {
        let der = std::fs::read(path).map_err(|e| {
            CertError::Io(format!(
                "no se pudo leer el certificado {}: {e}",
                path.display()
            ))
        })?;
        SigningIdentity::from_p12(&der, password)
    }
}

fn crypto(e: impl std::fmt::Display) -> CertError {
    CertError::Crypto(e.to_string())
}

fn digits_of(text: &str, len: usize) -> Option<String> {
    text.split(|c: char| !c.is_ascii_digit())
        .find(|run| run.len() == len)
        .map(str::to_string)
}

/// Any `<private arc>.3.11` (RUC) / `.3.1` (cédula) extension of an unknown CA that
/// follows the common Ecuadorian profile.
fn generic_profile_value(exts: &[(String, Vec<u8>)], suffix: &str, len: usize) -> Option<String> {
    exts.iter()
        .filter(|(oid, _)| oid.starts_with("1.3.6.1.4.1.") && oid.ends_with(suffix))
        .filter_map(|(_, v)| digits_of(&der::extension_text(v), len))
        .next()
}

/// RUC in the subject's organizationIdentifier (2.5.4.97, e.g. `VATEC-1790011001001`).
fn subject_ruc(cert: &X509) -> Option<String> {
    let org_id = Asn1Object::from_str("2.5.4.97").ok()?.nid();
    if org_id == Nid::UNDEF {
        return None;
    }
    cert.subject_name()
        .entries_by_nid(org_id)
        .find_map(|e| e.data().to_string().ok().and_then(|s| digits_of(&s, 13)))
}

/// Distinguished name as Java's `X500Principal.getName()` prints it (what the SRI's
/// MITyC validator compares): RDNs in reverse order, `,` separated, `EMAILADDRESS=` for
/// e-mail (the SRI fails on `E=`), RFC 2253 escaping.
pub fn dn_string(name: &X509NameRef) -> String {
    let mut parts: Vec<String> = Vec::new();
    for entry in name.entries() {
        let key = match entry.object().nid() {
            Nid::COMMONNAME => "CN".to_string(),
            Nid::COUNTRYNAME => "C".to_string(),
            Nid::LOCALITYNAME => "L".to_string(),
            Nid::STATEORPROVINCENAME => "ST".to_string(),
            Nid::ORGANIZATIONNAME => "O".to_string(),
            Nid::ORGANIZATIONALUNITNAME => "OU".to_string(),
            Nid::PKCS9_EMAILADDRESS => "EMAILADDRESS".to_string(),
            Nid::SERIALNUMBER => "SERIALNUMBER".to_string(),
            Nid::STREETADDRESS => "STREET".to_string(),
            Nid::DOMAINCOMPONENT => "DC".to_string(),
            Nid::USERID => "UID".to_string(),
            Nid::TITLE => "T".to_string(),
            Nid::GIVENNAME => "GIVENNAME".to_string(),
            Nid::SURNAME => "SURNAME".to_string(),
            _ => entry.object().to_string(),
        };
        let value = entry
            .data()
            .to_string()
            .unwrap_or_else(|_| String::from_utf8_lossy(entry.data().as_slice()).into_owned());
        parts.push(format!("{key}={}", escape_rdn(&value)));
    }
    parts.reverse();
    parts.join(",")
}

fn escape_rdn(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let last = value.chars().count().saturating_sub(1);
    for (i, c) in value.chars().enumerate() {
        let special = matches!(c, ',' | '+' | '"' | '\\' | '<' | '>' | ';')
            || (i == 0 && (c == '#' || c == ' '))
            || (i == last && c == ' ');
        if special {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn asn1_to_utc(t: &Asn1TimeRef) -> Result<DateTime<Utc>, CertError> {
    let epoch = openssl::asn1::Asn1Time::from_unix(0).map_err(crypto)?;
    let diff = epoch.diff(t).map_err(crypto)?;
    let secs = i64::from(diff.days) * 86_400 + i64::from(diff.secs);
    DateTime::from_timestamp(secs, 0)
        .ok_or_else(|| CertError::Crypto("fecha fuera de rango".into()))
}

/// Loads OpenSSL 3's legacy provider once (RC2/3DES .p12 files), keeping the default
/// provider available. Without it such files fail with "unsupported algorithm".
pub fn ensure_legacy_provider() {
    static LEGACY: OnceLock<Option<Provider>> = OnceLock::new();
    LEGACY.get_or_init(|| Provider::try_load(None, "legacy", true).ok());
}

// ---- PKCS#12 bag walking (functions openssl-sys does not bind) ----

#[allow(non_camel_case_types)]
type PKCS12_SAFEBAG = c_void;

const NID_KEY_BAG: c_int = 150;
const NID_PKCS8_SHROUDED_KEY_BAG: c_int = 151;
const NID_CERT_BAG: c_int = 152;
const NID_SAFE_CONTENTS_BAG: c_int = 155;

unsafe extern "C" {
    fn PKCS12_mac_present(p12: *const openssl_sys::PKCS12) -> c_int;
    fn PKCS12_verify_mac(
        p12: *mut openssl_sys::PKCS12,
        pass: *const c_char,
        passlen: c_int,
    ) -> c_int;
    fn PKCS12_unpack_authsafes(p12: *const openssl_sys::PKCS12) -> *mut openssl_sys::OPENSSL_STACK;
    fn PKCS12_unpack_p7data(p7: *mut openssl_sys::PKCS7) -> *mut openssl_sys::OPENSSL_STACK;
    fn PKCS12_unpack_p7encdata(
        p7: *mut openssl_sys::PKCS7,
        pass: *const c_char,
        passlen: c_int,
    ) -> *mut openssl_sys::OPENSSL_STACK;
    fn PKCS12_SAFEBAG_get_nid(bag: *const PKCS12_SAFEBAG) -> c_int;
    fn PKCS12_SAFEBAG_get0_p8inf(
        bag: *const PKCS12_SAFEBAG,
    ) -> *const openssl_sys::PKCS8_PRIV_KEY_INFO;
    fn PKCS12_SAFEBAG_get0_pkcs8(bag: *const PKCS12_SAFEBAG) -> *const c_void;
    fn PKCS12_SAFEBAG_get0_safes(bag: *const PKCS12_SAFEBAG) -> *const openssl_sys::OPENSSL_STACK;
    fn PKCS12_SAFEBAG_get1_cert(bag: *const PKCS12_SAFEBAG) -> *mut openssl_sys::X509;
    fn PKCS12_SAFEBAG_free(bag: *mut PKCS12_SAFEBAG);
    fn PKCS8_decrypt(
        p8: *const c_void,
        pass: *const c_char,
        passlen: c_int,
    ) -> *mut openssl_sys::PKCS8_PRIV_KEY_INFO;
}

unsafe extern "C" fn free_pkcs7(p: *mut c_void) {
    unsafe { openssl_sys::PKCS7_free(p.cast()) };
}

unsafe extern "C" fn free_safebag(p: *mut c_void) {
    unsafe { PKCS12_SAFEBAG_free(p) };
}

/// Frees an OpenSSL stack and its elements on drop.
struct Stack {
    raw: *mut openssl_sys::OPENSSL_STACK,
    free: unsafe extern "C" fn(*mut c_void),
}

impl Stack {
    fn items(&self) -> Vec<*mut c_void> {
        let n = unsafe { openssl_sys::OPENSSL_sk_num(self.raw) };
        (0..n)
            .map(|i| unsafe { openssl_sys::OPENSSL_sk_value(self.raw, i) })
            .collect()
    }
}

impl Drop for Stack {
    fn drop(&mut self) {
        unsafe { openssl_sys::OPENSSL_sk_pop_free(self.raw, Some(self.free)) };
    }
}

struct P12(*mut openssl_sys::PKCS12);

impl Drop for P12 {
    fn drop(&mut self) {
        unsafe { openssl_sys::PKCS12_free(self.0) };
    }
}

#[derive(Default)]
struct Bags {
    keys: Vec<PKey<Private>>,
    certs: Vec<X509>,
}

/// The password as OpenSSL wants it; an empty password may be encoded as NULL or as
/// an empty string depending on the tool that made the file, so both are tried.
struct Pass<'a> {
    ptr: *const c_char,
    len: c_int,
    _keep: Option<&'a std::ffi::CString>,
}

fn read_bags(der: &[u8], password: &str) -> Result<Bags, CertError> {
    let mut input = der.as_ptr();
    let len = std::ffi::c_long::try_from(der.len()).map_err(|_| CertError::NotPkcs12)?;
    let raw = unsafe { openssl_sys::d2i_PKCS12(ptr::null_mut(), &mut input, len) };
    unsafe { openssl_sys::ERR_clear_error() };
    if raw.is_null() {
        return Err(CertError::NotPkcs12);
    }
    let p12 = P12(raw);
    let cpass = std::ffi::CString::new(password).map_err(|_| CertError::WrongPassword)?;
    let candidates = if password.is_empty() {
        vec![
            Pass {
                ptr: ptr::null(),
                len: 0,
                _keep: None,
            },
            Pass {
                ptr: cpass.as_ptr(),
                len: 0,
                _keep: Some(&cpass),
            },
        ]
    } else {
        let n = c_int::try_from(password.len()).map_err(|_| CertError::WrongPassword)?;
        vec![Pass {
            ptr: cpass.as_ptr(),
            len: n,
            _keep: Some(&cpass),
        }]
    };
    let pass = if unsafe { PKCS12_mac_present(p12.0) } == 1 {
        let ok = candidates
            .into_iter()
            .find(|p| unsafe { PKCS12_verify_mac(p12.0, p.ptr, p.len) } == 1);
        unsafe { openssl_sys::ERR_clear_error() };
        ok.ok_or(CertError::WrongPassword)?
    } else {
        candidates
            .into_iter()
            .next_back()
            .ok_or(CertError::WrongPassword)?
    };

    let safes = unsafe { PKCS12_unpack_authsafes(p12.0) };
    if safes.is_null() {
        unsafe { openssl_sys::ERR_clear_error() };
        return Err(CertError::NotPkcs12);
    }
    let safes = Stack {
        raw: safes,
        free: free_pkcs7,
    };
    let mut bags = Bags::default();
    for p7 in safes.items() {
        let p7 = p7.cast::<openssl_sys::PKCS7>();
        let mut list = unsafe { PKCS12_unpack_p7data(p7) };
        if list.is_null() {
            list = unsafe { PKCS12_unpack_p7encdata(p7, pass.ptr, pass.len) };
        }
        unsafe { openssl_sys::ERR_clear_error() };
        if list.is_null() {
            return Err(CertError::Undecryptable);
        }
        let list = Stack {
            raw: list,
            free: free_safebag,
        };
        for bag in list.items() {
            collect_bag(bag, &pass, &mut bags, 0)?;
        }
    }
    Ok(bags)
}

fn collect_bag(
    bag: *mut c_void,
    pass: &Pass<'_>,
    out: &mut Bags,
    depth: u32,
) -> Result<(), CertError> {
    match unsafe { PKCS12_SAFEBAG_get_nid(bag) } {
        NID_KEY_BAG => {
            let p8 = unsafe { PKCS12_SAFEBAG_get0_p8inf(bag) };
            out.keys.push(pkey_from_p8(p8)?);
        }
        NID_PKCS8_SHROUDED_KEY_BAG => {
            let sig = unsafe { PKCS12_SAFEBAG_get0_pkcs8(bag) };
            let p8 = unsafe { PKCS8_decrypt(sig, pass.ptr, pass.len) };
            unsafe { openssl_sys::ERR_clear_error() };
            if p8.is_null() {
                return Err(CertError::Undecryptable);
            }
            let key = pkey_from_p8(p8);
            unsafe { openssl_sys::PKCS8_PRIV_KEY_INFO_free(p8) };
            out.keys.push(key?);
        }
        NID_CERT_BAG => {
            let x = unsafe { PKCS12_SAFEBAG_get1_cert(bag) };
            if !x.is_null() {
                out.certs.push(unsafe { X509::from_ptr(x) });
            }
            unsafe { openssl_sys::ERR_clear_error() };
        }
        NID_SAFE_CONTENTS_BAG if depth < 4 => {
            let inner = unsafe { PKCS12_SAFEBAG_get0_safes(bag) };
            if !inner.is_null() {
                let n = unsafe { openssl_sys::OPENSSL_sk_num(inner) };
                for i in 0..n {
                    let child = unsafe { openssl_sys::OPENSSL_sk_value(inner, i) };
                    collect_bag(child, pass, out, depth + 1)?;
                }
            }
        }
        _ => {}
    }
    Ok(())
}

fn pkey_from_p8(p8: *const openssl_sys::PKCS8_PRIV_KEY_INFO) -> Result<PKey<Private>, CertError> {
    if p8.is_null() {
        return Err(CertError::Undecryptable);
    }
    let pkey = unsafe { openssl_sys::EVP_PKCS82PKEY(p8) };
    if pkey.is_null() {
        unsafe { openssl_sys::ERR_clear_error() };
        return Err(CertError::Crypto("clave privada ilegible".into()));
    }
    Ok(unsafe { PKey::from_ptr(pkey) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rdn_escaping() {
        assert_eq!(escape_rdn("A, B"), "A\\, B");
        assert_eq!(escape_rdn("#x"), "\\#x");
        assert_eq!(escape_rdn("plain"), "plain");
    }

    #[test]
    fn digits_runs() {
        assert_eq!(
            digits_of("VATEC-1790011001001", 13).as_deref(),
            Some("1790011001001")
        );
        assert_eq!(digits_of("0102030405", 13), None);
    }

    #[test]
    fn garbage_is_not_pkcs12() {
        assert_eq!(
            SigningIdentity::from_p12(b"not a p12", "x").unwrap_err(),
            CertError::NotPkcs12
        );
    }
}

#[cfg(test)]
mod pki_tests {
    use super::*;
    use crate::sri::testpki::{PASSWORD, RUC, TestPki};

    fn signing_serial() -> String {
        let cert = X509::from_pem(&TestPki::get().signing_cert_pem).unwrap();
        cert.serial_number()
            .to_bn()
            .unwrap()
            .to_dec_str()
            .unwrap()
            .to_string()
    }

    #[test]
    fn modern_p12_reports_the_certificate() {
        let id = SigningIdentity::from_p12(&TestPki::get().p12_modern, PASSWORD).unwrap();
        let info = &id.info;
        assert_eq!(info.ruc.as_deref(), Some(RUC));
        assert_eq!(info.cedula.as_deref(), Some("1710034065"));
        assert_eq!(info.serial, "123456789012345678");
        assert_eq!(
            info.issuer,
            "EMAILADDRESS=ac@pruebas.ec,CN=AC PRUEBAS MOSTRADOR,L=QUITO,OU=ECIBCE,O=ENTIDAD DE CERTIFICACION DE PRUEBA,C=EC"
        );
        assert_eq!(
            info.subject,
            "CN=JUAN PEREZ\\, GERENTE,SERIALNUMBER=1710034065,O=EMPRESA DE PRUEBA S.A.,C=EC"
        );
        assert_eq!(info.key_usage, ["digitalSignature", "nonRepudiation"]);
        assert!(info.can_sign());
        assert!(info.not_after > Utc::now() + chrono::Duration::days(700));
        assert!(info.ensure_valid_at(Utc::now()).is_ok());
        assert_eq!(id.others.len(), 1, "the CA certificate is kept as chain");
    }

    #[test]
    fn legacy_rc2_3des_p12_opens() {
        let id = SigningIdentity::from_p12(&TestPki::get().p12_legacy, PASSWORD).unwrap();
        assert_eq!(id.info.serial, signing_serial());
    }

    #[test]
    fn multi_key_p12_picks_the_digital_signature_key() {
        let id = SigningIdentity::from_p12(&TestPki::get().p12_multi_key, PASSWORD).unwrap();
        assert_eq!(id.info.serial, signing_serial());
        assert!(id.info.key_usage.contains(&"digitalSignature".to_string()));
        let cert_key = id.cert.public_key().unwrap();
        assert!(cert_key.public_eq(&id.key));
        assert_eq!(id.others.len(), 2, "encryption certificate and CA");
    }

    #[test]
    fn wrong_password_is_reported() {
        for p12 in [
            &TestPki::get().p12_modern,
            &TestPki::get().p12_legacy,
            &TestPki::get().p12_multi_key,
        ] {
            let err = SigningIdentity::from_p12(p12, "otra").unwrap_err();
            assert_eq!(err, CertError::WrongPassword);
            assert_eq!(
                err.to_string(),
                "la contraseña del certificado .p12 es incorrecta"
            );
        }
    }

    #[test]
    fn encryption_only_p12_has_no_signing_key() {
        let err =
            SigningIdentity::from_p12(&TestPki::get().p12_encryption_only, PASSWORD).unwrap_err();
        assert_eq!(err, CertError::NoSigningKey);
        assert!(err.to_string().contains("digitalSignature"));
    }

    #[test]
    fn expired_certificate_is_reported() {
        let id = SigningIdentity::from_p12(&TestPki::get().p12_expired, PASSWORD).unwrap();
        let err = id.info.ensure_valid_at(Utc::now()).unwrap_err();
        assert_eq!(err, CertError::Expired("31/12/2020".into()));
        assert!(err.to_string().contains("caducó el 31/12/2020"));
    }
}
