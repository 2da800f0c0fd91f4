//! Test-only PKI: a CA, an SRI-style signing certificate (RUC in the Banco Central
//! extension 1.3.6.1.4.1.37947.3.11, digitalSignature), an encryption-only certificate
//! and an expired one, all generated with the `openssl` CLI into a temporary directory
//! at test time (no key or certificate is ever committed), then packed as .p12 files:
//! modern (AES), legacy (RC2-40/3DES, `-legacy`), multi-key like Banco Central's.
//! `openssl pkcs12 -export` takes a single key, so the multi-key file is assembled
//! in-process from the CLI-generated keys with OpenSSL's PKCS#12 API.

use std::ffi::{CString, c_char, c_int, c_uchar, c_void};
use std::path::Path;
use std::process::Command;
use std::ptr;
use std::sync::OnceLock;

use foreign_types::ForeignType;
use openssl::pkey::PKey;
use openssl::x509::X509;

use super::sign::SigningIdentity;

/// Password of every generated .p12.
pub const PASSWORD: &str = "Clave-Secreta_2024";
/// RUC written in the signing certificate.
pub const RUC: &str = "1790011001001";

pub struct TestPki {
    pub ca_pem: Vec<u8>,
    pub signing_cert_pem: Vec<u8>,
    pub p12_modern: Vec<u8>,
    pub p12_legacy: Vec<u8>,
    pub p12_multi_key: Vec<u8>,
    pub p12_encryption_only: Vec<u8>,
    pub p12_expired: Vec<u8>,
}

fn openssl(dir: &Path, args: &[&str]) {
    let out = Command::new("openssl")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("no se pudo ejecutar openssl: {e}"));
    assert!(
        out.status.success(),
        "openssl {args:?} falló: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn read(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

impl TestPki {
    /// The shared PKI of the test binary (generated once, ~1 s).
    pub fn get() -> &'static TestPki {
        static PKI: OnceLock<TestPki> = OnceLock::new();
        PKI.get_or_init(TestPki::generate)
    }

    fn generate() -> TestPki {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
        let dir = tmp.path();
        make_ca(dir);
        write_extensions(dir);
        issue_certificates(dir);
        issue_expired(dir);
        export_p12s(dir);
        let p12_multi_key = multi_key_p12(
            &[
                (read(dir, "enc.key"), read(dir, "enc.crt"), "Decryption Key"),
                (read(dir, "sign.key"), read(dir, "sign.crt"), "Signing Key"),
            ],
            &read(dir, "ca.crt"),
        );
        TestPki {
            ca_pem: read(dir, "ca.crt"),
            signing_cert_pem: read(dir, "sign.crt"),
            p12_modern: read(dir, "modern.p12"),
            p12_legacy: read(dir, "legacy.p12"),
            p12_multi_key,
            p12_encryption_only: read(dir, "enc.p12"),
            p12_expired: read(dir, "expired.p12"),
        }
    }

    /// The signing identity of the modern .p12.
    pub fn identity(&self) -> SigningIdentity {
        SigningIdentity::from_p12(&self.p12_modern, PASSWORD).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// The test CA (self-signed, ten years), `ca.key` and `ca.crt`, named like an Ecuadorian
/// certification entity.
fn make_ca(dir: &Path) {
    openssl(
        dir,
        &[
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            "ca.key",
            "-out",
            "ca.crt",
            "-days",
            "3650",
            "-subj",
            "/C=EC/O=ENTIDAD DE CERTIFICACION DE PRUEBA/OU=ECIBCE/L=QUITO/CN=AC PRUEBAS MOSTRADOR/emailAddress=ac@pruebas.ec",
            "-addext",
            "basicConstraints=critical,CA:TRUE",
            "-addext",
            "keyUsage=critical,keyCertSign,cRLSign",
        ],
    );
}

/// The extension files of the two certificates, `sign.ext` (digitalSignature) and `enc.ext`
/// (encryption only), both carrying the RUC in Banco Central's extensions.
fn write_extensions(dir: &Path) {
    let ext = |name: &str, usage: &str| {
        let text = format!(
            "keyUsage=critical,{usage}\n1.3.6.1.4.1.37947.3.11=ASN1:UTF8String:{RUC}\n1.3.6.1.4.1.37947.3.1=ASN1:UTF8String:1710034065\n"
        );
        std::fs::write(dir.join(name), text).unwrap_or_else(|e| panic!("{name}: {e}"));
    };
    ext("sign.ext", "digitalSignature,nonRepudiation");
    ext("enc.ext", "keyEncipherment,dataEncipherment");
}

/// The signing and the encryption-only certificates (`sign.*`, `enc.*`), each with its own key,
/// issued by the test CA for two years.
fn issue_certificates(dir: &Path) {
    for (name, serial) in [("sign", "123456789012345678"), ("enc", "987654321")] {
        openssl(
            dir,
            &[
                "req",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-keyout",
                &format!("{name}.key"),
                "-out",
                &format!("{name}.csr"),
                "-subj",
                "/C=EC/O=EMPRESA DE PRUEBA S.A./serialNumber=1710034065/CN=JUAN PEREZ, GERENTE",
            ],
        );
        openssl(
            dir,
            &[
                "x509",
                "-req",
                "-in",
                &format!("{name}.csr"),
                "-CA",
                "ca.crt",
                "-CAkey",
                "ca.key",
                "-set_serial",
                serial,
                "-days",
                "730",
                "-extfile",
                &format!("{name}.ext"),
                "-out",
                &format!("{name}.crt"),
            ],
        );
    }
}

/// `expired.crt`: a certificate of the signing key valid only during 2020, issued with
/// `openssl ca`, which takes explicit start and end dates.
fn issue_expired(dir: &Path) {
    std::fs::write(dir.join("index.txt"), "").unwrap_or_default();
    std::fs::write(dir.join("serial"), "1001\n").unwrap_or_default();
    std::fs::write(
            dir.join("ca.cnf"),
            "[ca]\ndefault_ca=d\n[d]\ndatabase=index.txt\nnew_certs_dir=.\nserial=serial\ndefault_md=sha256\npolicy=p\nunique_subject=no\n[p]\ncommonName=supplied\n",
        )
        .unwrap_or_default();
    openssl(
        dir,
        &[
            "ca",
            "-batch",
            "-config",
            "ca.cnf",
            "-cert",
            "ca.crt",
            "-keyfile",
            "ca.key",
            "-in",
            "sign.csr",
            "-out",
            "expired.crt",
            "-preserveDN",
            "-notext",
            "-startdate",
            "20200101000000Z",
            "-enddate",
            "20210101000000Z",
            "-extfile",
            "sign.ext",
        ],
    );
}

/// The .p12 files: modern and legacy of the signing certificate, the encryption-only one and the
/// expired one.
fn export_p12s(dir: &Path) {
    let pass = format!("pass:{PASSWORD}");
    // The same certificate in both encodings: OpenSSL 3's default and its `-legacy` one
    // (RC2/3DES).
    for (name, legacy) in [("modern.p12", None), ("legacy.p12", Some("-legacy"))] {
        let mut args = vec!["pkcs12", "-export"];
        args.extend(legacy);
        args.extend([
            "-inkey",
            "sign.key",
            "-in",
            "sign.crt",
            "-certfile",
            "ca.crt",
            "-passout",
            &pass,
            "-out",
            name,
        ]);
        openssl(dir, &args);
    }
    openssl(
        dir,
        &[
            "pkcs12", "-export", "-legacy", "-inkey", "enc.key", "-in", "enc.crt", "-passout",
            &pass, "-out", "enc.p12",
        ],
    );
    openssl(
        dir,
        &[
            "pkcs12",
            "-export",
            "-inkey",
            "sign.key",
            "-in",
            "expired.crt",
            "-passout",
            &pass,
            "-out",
            "expired.p12",
        ],
    );
}

unsafe extern "C" {
    fn PKCS12_add_cert(pbags: *mut *mut c_void, cert: *mut openssl_sys::X509) -> *mut c_void;
    fn PKCS12_add_key(
        pbags: *mut *mut c_void,
        key: *mut openssl_sys::EVP_PKEY,
        key_usage: c_int,
        iter: c_int,
        key_nid: c_int,
        pass: *const c_char,
    ) -> *mut c_void;
    fn PKCS12_add_localkeyid(bag: *mut c_void, name: *const c_uchar, namelen: c_int) -> c_int;
    fn PKCS12_add_friendlyname_asc(bag: *mut c_void, name: *const c_char, namelen: c_int) -> c_int;
    fn PKCS12_add_safe(
        psafes: *mut *mut c_void,
        bags: *mut c_void,
        safe_nid: c_int,
        iter: c_int,
        pass: *const c_char,
    ) -> *mut c_void;
    fn PKCS12_add_safes(safes: *mut c_void, p7_nid: c_int) -> *mut openssl_sys::PKCS12;
    fn PKCS12_set_mac(
        p12: *mut openssl_sys::PKCS12,
        pass: *const c_char,
        passlen: c_int,
        salt: *const c_uchar,
        saltlen: c_int,
        iter: c_int,
        md: *const openssl_sys::EVP_MD,
    ) -> c_int;
    fn i2d_PKCS12(p12: *mut openssl_sys::PKCS12, out: *mut *mut c_uchar) -> c_int;
}

/// A .p12 with several key/certificate pairs (in the given order) plus a CA
/// certificate, 3DES-encrypted keys and certificates, SHA1 MAC — like Banco Central's.
fn multi_key_p12(pairs: &[(Vec<u8>, Vec<u8>, &str)], ca_pem: &[u8]) -> Vec<u8> {
    const NID_PBE_3DES: c_int = 146; // pbeWithSHA1And3-KeyTripleDES-CBC
    let pass = CString::new(PASSWORD).unwrap_or_default();
    unsafe {
        let mut cert_bags: *mut c_void = ptr::null_mut();
        let mut key_bags: *mut c_void = ptr::null_mut();
        for (i, (key_pem, cert_pem, name)) in pairs.iter().enumerate() {
            let key = PKey::private_key_from_pem(key_pem).unwrap_or_else(|e| panic!("{e}"));
            let cert = X509::from_pem(cert_pem).unwrap_or_else(|e| panic!("{e}"));
            let id = [i as u8 + 1];
            let cname = CString::new(*name).unwrap_or_default();
            let cb = PKCS12_add_cert(&mut cert_bags, cert.as_ptr());
            assert!(!cb.is_null());
            PKCS12_add_localkeyid(cb, id.as_ptr(), 1);
            PKCS12_add_friendlyname_asc(cb, cname.as_ptr(), -1);
            let kb = PKCS12_add_key(
                &mut key_bags,
                key.as_ptr(),
                0,
                2048,
                NID_PBE_3DES,
                pass.as_ptr(),
            );
            assert!(!kb.is_null());
            PKCS12_add_localkeyid(kb, id.as_ptr(), 1);
            PKCS12_add_friendlyname_asc(kb, cname.as_ptr(), -1);
        }
        let ca = X509::from_pem(ca_pem).unwrap_or_else(|e| panic!("{e}"));
        assert!(!PKCS12_add_cert(&mut cert_bags, ca.as_ptr()).is_null());
        let mut safes: *mut c_void = ptr::null_mut();
        assert!(
            !PKCS12_add_safe(&mut safes, cert_bags, NID_PBE_3DES, 2048, pass.as_ptr()).is_null()
        );
        assert!(!PKCS12_add_safe(&mut safes, key_bags, -1, 0, ptr::null()).is_null());
        let p12 = PKCS12_add_safes(safes, 0);
        assert!(!p12.is_null());
        let rc = PKCS12_set_mac(
            p12,
            pass.as_ptr(),
            -1,
            ptr::null(),
            0,
            2048,
            openssl_sys::EVP_sha1(),
        );
        assert_eq!(rc, 1);
        let len = i2d_PKCS12(p12, ptr::null_mut());
        let mut out = vec![0u8; len as usize];
        let mut cursor = out.as_mut_ptr();
        i2d_PKCS12(p12, &mut cursor);
        openssl_sys::PKCS12_free(p12);
        out
    }
}
