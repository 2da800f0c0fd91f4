//! `mostrador sri …` end to end, as the real binary: exit codes, Spanish errors, stdout
//! contents, and a full round trip against the simulator started as a child process.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

use mostrador::sri::xsd;

use super::testpki::{PASSWORD, TestPki};

const BIN: &str = env!("CARGO_BIN_EXE_mostrador");

/// The test PKI's valid and expired .p12 files and its signing certificate (PEM), written into
/// `dir` as the command line reads them.
fn pki(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let pki = TestPki::get();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    (
        write("ok.p12", &pki.p12_modern),
        write("old.p12", &pki.p12_expired),
        write("firmante.crt", &pki.signing_cert_pem),
    )
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("server/sri/examples")
        .join(name)
}

fn sri(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("sri")
        .args(args)
        .env("LOG", "error")
        .env("SRI_P12_PASSWORD", PASSWORD)
        .env("WRONG_PASSWORD", "otra")
        .output()
        .expect("ejecutar mostrador sri")
}

/// `sri xml` of an example, with the examples' "today", written to `dir/name`.
fn xml_file(dir: &Path, example_name: &str, name: &str) -> PathBuf {
    let o = sri(&[
        "xml",
        example(example_name).to_str().unwrap(),
        "--today",
        "2024-05-12",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let path = dir.join(name);
    std::fs::write(&path, &o.stdout).unwrap();
    path
}

/// `sri sign` of `xml` with `p12` and the password in the variable `password_env`.
fn sign(p12: &Path, password_env: &str, xml: &Path) -> Output {
    sri(&[
        "sign",
        "--p12",
        p12.to_str().unwrap(),
        "--password-env",
        password_env,
        xml.to_str().unwrap(),
    ])
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn xml_for_every_example() {
    for (file, root, needle) in [
        (
            "factura.json",
            "factura",
            "<importeTotal>12.80</importeTotal>",
        ),
        (
            "nota-credito.json",
            "notaCredito",
            "<valorModificacion>2.83</valorModificacion>",
        ),
        (
            "guia-remision.json",
            "guiaRemision",
            "<placa>PBA-1234</placa>",
        ),
        (
            "retencion.json",
            "comprobanteRetencion",
            "<valorRetenido>4.50</valorRetenido>",
        ),
    ] {
        let o = sri(&[
            "xml",
            example(file).to_str().unwrap(),
            "--today",
            "2024-05-12",
        ]);
        assert!(o.status.success(), "{file}: {}", stderr(&o));
        let xml = stdout(&o);
        assert!(
            xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<"),
            "{file}"
        );
        assert!(xml.contains(needle), "{file}");
        let schema = xsd::validate_any(xml.as_bytes()).unwrap();
        assert_eq!(schema.root(), root);
        // Valid for libxml2's own validator too, against the SRI's file as shipped.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("doc.xml");
        std::fs::write(&path, &xml).unwrap();
        let xsd_file = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("server/sri/xsd")
            .join(schema.file_name());
        let lint = Command::new("xmllint")
            .args(["--noout", "--schema"])
            .arg(&xsd_file)
            .arg(&path)
            .output()
            .expect("xmllint (libxml2-utils)");
        assert!(lint.status.success(), "{file}: {}", stderr(&lint));
    }
}

#[test]
fn bad_input_gives_spanish_errors_and_failure() {
    let dir = tempfile::tempdir().unwrap();
    let malformed = dir.path().join("malo.json");
    std::fs::write(&malformed, "{\"type\": \"factura\", ").unwrap();
    let o = sri(&["xml", malformed.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("JSON inválido"), "{}", stderr(&o));

    let json = std::fs::read_to_string(example("factura.json")).unwrap();
    let wrong_total = dir.path().join("total.json");
    std::fs::write(
        &wrong_total,
        json.replace(
            "\"expectedTotal\": \"12.80\"",
            "\"expectedTotal\": \"12.90\"",
        ),
    )
    .unwrap();
    let o = sri(&[
        "xml",
        wrong_total.to_str().unwrap(),
        "--today",
        "2024-05-12",
    ]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains(
            "expectedTotal: el total indicado (12.90) no coincide con el calculado (12.80)"
        ),
        "{err}"
    );

    // A document issued long before "today" is refused.
    let old = dir.path().join("antigua.json");
    std::fs::write(
        &old,
        json.replace(
            "\"numericCode\": \"12345678\"",
            "\"numericCode\": \"12345678\", \"issueDate\": \"2024-05-10\"",
        ),
    )
    .unwrap();
    let o = sri(&["xml", old.to_str().unwrap(), "--today", "2024-09-30"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("extemporánea"), "{}", stderr(&o));

    let o = sri(&["xml", "/no/existe.json"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no se pudo leer"));
}

#[test]
fn sign_check_cert_and_password_errors() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, old, cert) = pki(dir.path());
    let xml = xml_file(dir.path(), "factura.json", "factura.xml");

    let o = sign(&ok, "SRI_P12_PASSWORD", &xml);
    assert!(o.status.success(), "{}", stderr(&o));
    let signed = dir.path().join("firmado.xml");
    std::fs::write(&signed, &o.stdout).unwrap();
    let v = Command::new("xmlsec1")
        .args([
            "--verify",
            "--pubkey-cert-pem",
            cert.to_str().unwrap(),
            "--id-attr:id",
            "factura",
            signed.to_str().unwrap(),
        ])
        .output()
        .expect("xmlsec1");
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));

    let o = sign(&ok, "WRONG_PASSWORD", &xml);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("la contraseña del certificado .p12 es incorrecta"),
        "{}",
        stderr(&o)
    );
    let o = sign(&ok, "NO_DEFINIDA", &xml);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("NO_DEFINIDA"));

    let o = sign(&ok, "SRI_P12_PASSWORD", &signed);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("ya está firmado"), "{}", stderr(&o));

    let o = sri(&[
        "check-cert",
        "--p12",
        ok.to_str().unwrap(),
        "--password-env",
        "SRI_P12_PASSWORD",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("RUC:              1790011001001"), "{text}");
    assert!(
        text.contains(
            "Emisor:           EMAILADDRESS=ac@pruebas.ec,CN=AC PRUEBAS MOSTRADOR,L=QUITO,OU=ECIBCE,O=ENTIDAD DE CERTIFICACION DE PRUEBA,C=EC"
        ),
        "{text}"
    );
    assert!(text.contains("digitalSignature"));

    let o = sri(&[
        "check-cert",
        "--p12",
        old.to_str().unwrap(),
        "--password-env",
        "SRI_P12_PASSWORD",
    ]);
    assert!(!o.status.success());
    assert!(stdout(&o).contains("caducado"));
    assert!(
        stderr(&o).contains("caducó el 31/12/2020"),
        "{}",
        stderr(&o)
    );

    for out in [stdout(&o), stderr(&o)] {
        assert!(
            !out.contains(PASSWORD),
            "the password must never be printed"
        );
    }
}

struct Simulator(
    Child,
    String,
    #[allow(dead_code)] BufReader<std::process::ChildStdout>,
);

impl Drop for Simulator {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_simulator() -> Simulator {
    let mut child = Command::new(BIN)
        .args(["sri", "simulator", "--port", "0", "--delay-ms", "0"])
        .env("LOG", "error")
        .stdout(Stdio::piped())
        .spawn()
        .expect("start simulator");
    let stdout = child.stdout.take().expect("stdout");
    let mut reader = BufReader::new(stdout);
    let mut line = String::new();
    reader.read_line(&mut line).expect("first line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .expect("URL in the first line")
        .to_string();
    Simulator(child, url, reader)
}

#[test]
fn send_and_authorize_against_the_simulator() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, _, _) = pki(dir.path());
    let sim = start_simulator();
    let xml = xml_file(dir.path(), "guia-remision.json", "guia.xml");
    let o = sign(&ok, "SRI_P12_PASSWORD", &xml);
    assert!(o.status.success(), "{}", stderr(&o));
    let signed = dir.path().join("guia.firmada.xml");
    std::fs::write(&signed, &o.stdout).unwrap();

    let o = sri(&["send", signed.to_str().unwrap(), "--env", &sim.1]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("Estado: RECIBIDA"));

    // The guía is dated by the preview's "today" (2024-05-12): its clave says so.
    let clave = "1205202406179001100100110010020000000451234567818";
    let authorized = dir.path().join("autorizado.xml");
    // `authorize` also takes the comprobante's XML and reads its clave.
    let o = sri(&[
        "authorize",
        signed.to_str().unwrap(),
        "--env",
        &sim.1,
        "--output",
        authorized.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("Estado: AUTORIZADO"), "{text}");
    assert!(text.contains(&format!("Número de autorización: {clave}")));
    assert!(text.contains("[INFORMATIVO 60]"));
    assert_eq!(
        std::fs::read(&authorized).unwrap(),
        std::fs::read(&signed).unwrap()
    );

    let o = sri(&["send", signed.to_str().unwrap(), "--env", &sim.1]);
    assert!(!o.status.success());
    assert!(
        stdout(&o).contains("[ERROR 43] CLAVE ACCESO REGISTRADA"),
        "{}",
        stdout(&o)
    );

    let unsigned = xml_file(dir.path(), "factura.json", "factura.xml");
    let o = sri(&["send", unsigned.to_str().unwrap(), "--env", &sim.1]);
    assert!(!o.status.success());
    assert!(
        stdout(&o).contains("[ERROR 39] FIRMA INVALIDA — el nodo comprobante no está firmado"),
        "{}",
        stdout(&o)
    );

    let o = sri(&["send", signed.to_str().unwrap(), "--env", "staging"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no es un ambiente"));
}

/// `sri demo-cert` writes a .p12 that `sri check-cert` opens (with the demo company's RUC) and
/// `sri sign` signs with; it never overwrites a file.
#[test]
fn demo_cert_is_a_usable_certificate_and_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let p12 = dir.path().join("demo.p12");
    let p12_arg = p12.to_str().unwrap();
    let o = sri(&[
        "demo-cert",
        "--out",
        p12_arg,
        "--password-env",
        "SRI_P12_PASSWORD",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("1790011224001"), "{}", stdout(&o));
    assert!(
        !stdout(&o).contains(PASSWORD),
        "la contraseña no se imprime"
    );

    let o = sri(&[
        "check-cert",
        "--p12",
        p12_arg,
        "--password-env",
        "SRI_P12_PASSWORD",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("1790011224001"), "{}", stdout(&o));
    assert!(stdout(&o).contains("MINIMARKET DEMO"), "{}", stdout(&o));
    let o = sri(&[
        "check-cert",
        "--p12",
        p12_arg,
        "--password-env",
        "WRONG_PASSWORD",
    ]);
    assert!(!o.status.success());

    let xml = xml_file(dir.path(), "factura.json", "factura.xml");
    let signed = sign(&p12, "SRI_P12_PASSWORD", &xml);
    assert!(signed.status.success(), "{}", stderr(&signed));
    assert!(stdout(&signed).contains("<ds:Signature"));

    let before = std::fs::read(&p12).unwrap();
    let o = sri(&[
        "demo-cert",
        "--out",
        p12_arg,
        "--password-env",
        "SRI_P12_PASSWORD",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("¿ya existe?"), "{}", stderr(&o));
    assert_eq!(std::fs::read(&p12).unwrap(), before);
}
