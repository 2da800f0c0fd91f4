//! `/api/ebilling/certificate`: upload, facts, sealing at rest, roles and the company boundary;
//! `services::signing::certificate::identity`; start-up refused without `MOSTRADOR_SECRET`; the
//! certificate and its password never in an answer, a page or a log line.

use std::sync::{Arc, Mutex, OnceLock};

use base64::Engine;
use mostrador::models::CompanyId;
use mostrador::models::auth::user::Role;
use mostrador::models::ebilling::certificate::CompanyCertificate;
use mostrador::services::signing::certificate::{self, MISSING, NONE_STORED, WRONG_PASSWORD};
use serde_json::Value;

use super::support::{CERT_RUC, post_certificate, upload_certificate};
use crate::sri::testpki::{PASSWORD, TestPki};
use crate::util::app::{default_engine, shared_pool};
use crate::util::{Backend, TestApp, TestResponse, on_both_backends};

on_both_backends!(
    upload_returns_the_facts_and_get_shows_them,
    wrong_password_or_not_a_p12_is_refused_and_nothing_stored,
    the_certificate_and_password_never_come_back,
    only_admins_may_upload_or_read,
    another_company_sees_nothing_and_cannot_affect_it,
    stored_columns_are_sealed_and_identity_opens_them,
    replacing_keeps_the_old_certificate_inactive,
    identity_refuses_missing_and_expired_certificates,
    start_up_refused_without_the_secret_when_certificates_are_stored,
    the_certificate_never_reaches_a_log_line_or_a_page,
    a_certificate_the_sri_will_reject_is_stored_with_a_warning,
);

const ADMIN: &str = "admin@firma.ec";
const ADMIN_B: &str = "admin@otra.ec";
const OTHER_RUC: &str = "0990000001001";

/// An app with a company whose RUC is the test certificate's, and its admin.
async fn app_with_company(backend: Backend) -> (TestApp, CompanyId) {
    let app = TestApp::new(backend).await;
    let company = app
        .company(CERT_RUC, "EMPRESA FIRMANTE S.A.", 0)
        .await
        .scope();
    app.user(CERT_RUC, ADMIN, Role::Admin, None).await;
    (app, company)
}

async fn rows(app: &TestApp, company: CompanyId) -> Vec<CompanyCertificate> {
    app.db(move |conn| {
        use diesel::prelude::*;
        use mostrador::db::schema::company_certificates as c;
        c::table
            .filter(c::company_id.eq(company.get()))
            .order(c::id)
            .select(CompanyCertificate::as_select())
            .load(conn)
            .expect("certificados")
    })
    .await
}

async fn upload_returns_the_facts_and_get_shows_them(backend: Backend) {
    let (app, _) = app_with_company(backend).await;
    let facts = upload_certificate(&app, ADMIN).await;
    let info = TestPki::get().identity().info;
    assert_eq!(facts["ruc"], CERT_RUC);
    assert_eq!(facts["holder"], info.subject.as_str());
    assert_eq!(facts["issuer"], info.issuer.as_str());
    assert_eq!(facts["serial"], info.serial.as_str());
    assert!(
        facts["issuer"]
            .as_str()
            .unwrap()
            .contains("AC PRUEBAS MOSTRADOR")
    );
    // A date-time with the company's offset, like every API date-time (issue 24, defect 1).
    let valid_from = facts["validFrom"].as_str().unwrap();
    assert!(
        chrono::DateTime::parse_from_rfc3339(valid_from).is_ok() && valid_from.ends_with("-05:00"),
        "{valid_from}"
    );
    assert!(facts["daysLeft"].as_i64().unwrap() > 30, "{facts}");
    assert_eq!(facts["warning"], Value::Null);
    // The company's own RUC, issued by a certification authority: nothing to warn about.
    assert_eq!(facts["rucWarning"], Value::Null);
    let mut admin = app.signed_in(ADMIN).await;
    let got = admin.get("/api/ebilling/certificate").await;
    assert_eq!(got.status.as_u16(), 200, "{}", got.text());
    assert_eq!(got.json(), facts);
}

async fn wrong_password_or_not_a_p12_is_refused_and_nothing_stored(backend: Backend) {
    let (app, company) = app_with_company(backend).await;
    let mut admin = app.signed_in(ADMIN).await;
    let pki = TestPki::get();
    let wrong = post_certificate(&mut admin, &pki.p12_modern, "otra-clave").await;
    assert_eq!(wrong.status.as_u16(), 400, "{}", wrong.text());
    assert_eq!(wrong.message(), WRONG_PASSWORD);
    assert_eq!(wrong.json()["errors"]["password"], WRONG_PASSWORD);
    let junk = post_certificate(&mut admin, b"esto no es un certificado", PASSWORD).await;
    assert_eq!(junk.status.as_u16(), 400, "{}", junk.text());
    assert!(junk.message().contains(".p12"), "{}", junk.message());
    let expired = post_certificate(&mut admin, &pki.p12_expired, PASSWORD).await;
    assert_eq!(expired.status.as_u16(), 400, "{}", expired.text());
    assert!(
        expired.message().contains("caducó"),
        "{}",
        expired.message()
    );
    let no_password = post_certificate(&mut admin, &pki.p12_modern, "").await;
    assert_eq!(no_password.status.as_u16(), 400);
    assert!(rows(&app, company).await.is_empty());
    let got = admin.get("/api/ebilling/certificate").await;
    assert_eq!(got.status.as_u16(), 404);
    assert_eq!(got.message(), NONE_STORED);
}

/// Every answer body: neither the .p12 (raw or base64) nor its password.
fn assert_clean(response: &TestResponse, what: &str) {
    let pki = TestPki::get();
    let body = response.body.to_vec();
    let text = String::from_utf8_lossy(&body);
    assert!(!text.contains(PASSWORD), "{what}: contiene la contraseña");
    let b64 = base64::engine::general_purpose::STANDARD.encode(&pki.p12_modern);
    assert!(
        !text.contains(&b64[..64]),
        "{what}: contiene el .p12 en base64"
    );
    let b64url = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&pki.p12_modern);
    assert!(
        !text.contains(&b64url[..64]),
        "{what}: contiene el .p12 en base64url"
    );
    assert!(
        !body.windows(64).any(|w| w == &pki.p12_modern[100..164]),
        "{what}: contiene el .p12"
    );
}

async fn the_certificate_and_password_never_come_back(backend: Backend) {
    let (app, _) = app_with_company(backend).await;
    let mut admin = app.signed_in(ADMIN).await;
    let pki = TestPki::get();
    let wrong = post_certificate(&mut admin, &pki.p12_modern, &format!("{PASSWORD}x")).await;
    assert_clean(&wrong, "contraseña incorrecta");
    let ok = post_certificate(&mut admin, &pki.p12_modern, PASSWORD).await;
    assert_eq!(ok.status.as_u16(), 200);
    assert_clean(&ok, "subida");
    assert_clean(&admin.get("/api/ebilling/certificate").await, "consulta");
    assert_clean(&admin.get("/api/company").await, "empresa");
}

async fn only_admins_may_upload_or_read(backend: Backend) {
    let (app, company) = app_with_company(backend).await;
    app.user(CERT_RUC, "usuario@firma.ec", Role::User, None)
        .await;
    app.user(CERT_RUC, "cajero@firma.ec", Role::Cashier, Some("001"))
        .await;
    upload_certificate(&app, ADMIN).await;
    for email in ["usuario@firma.ec", "cajero@firma.ec"] {
        let mut client = app.signed_in(email).await;
        let posted = post_certificate(&mut client, &TestPki::get().p12_modern, PASSWORD).await;
        assert_eq!(posted.status.as_u16(), 403, "POST como {email}");
        let got = client.get("/api/ebilling/certificate").await;
        assert_eq!(got.status.as_u16(), 403, "GET como {email}");
        assert_clean(&got, email);
    }
    let mut anonymous = app.client();
    assert_eq!(
        anonymous
            .get("/api/ebilling/certificate")
            .await
            .status
            .as_u16(),
        401
    );
    assert_eq!(rows(&app, company).await.len(), 1);
}

async fn another_company_sees_nothing_and_cannot_affect_it(backend: Backend) {
    let (app, company) = app_with_company(backend).await;
    let other = app.company(OTHER_RUC, "OTRA EMPRESA S.A.", 0).await.scope();
    app.user(OTHER_RUC, ADMIN_B, Role::Admin, None).await;
    let facts = upload_certificate(&app, ADMIN).await;
    let mut admin_b = app.signed_in(ADMIN_B).await;
    let got = admin_b.get("/api/ebilling/certificate").await;
    assert_eq!(got.status.as_u16(), 404);
    assert_eq!(got.message(), NONE_STORED);
    // B's own upload (even a wrong one) touches only B's rows.
    let wrong = post_certificate(&mut admin_b, &TestPki::get().p12_modern, "mala").await;
    assert_eq!(wrong.status.as_u16(), 400);
    upload_certificate(&app, ADMIN_B).await;
    assert_eq!(rows(&app, other).await.len(), 1);
    let ours = rows(&app, company).await;
    assert_eq!(ours.len(), 1);
    assert!(ours[0].active);
    let mut admin = app.signed_in(ADMIN).await;
    assert_eq!(admin.get("/api/ebilling/certificate").await.json(), facts);
    // Each company's sealed values open only as that company's.
    let id = app
        .db(move |conn| certificate::identity(conn, company).map(|i| i.info.serial))
        .await
        .expect("identidad");
    assert_eq!(facts["serial"], id.as_str());
}

async fn stored_columns_are_sealed_and_identity_opens_them(backend: Backend) {
    let (app, company) = app_with_company(backend).await;
    upload_certificate(&app, ADMIN).await;
    let row = rows(&app, company).await.remove(0);
    let p12 = &TestPki::get().p12_modern;
    assert_ne!(&row.p12_ciphertext, p12);
    assert!(!row.p12_ciphertext.windows(32).any(|w| w == &p12[100..132]));
    assert!(
        !row.password_ciphertext
            .windows(PASSWORD.len())
            .any(|w| w == PASSWORD.as_bytes())
    );
    assert_eq!(row.p12_nonce.len(), 12);
    assert_eq!(row.password_nonce.len(), 12);
    assert_eq!(row.ruc.as_deref(), Some(CERT_RUC));
    let identity = app
        .db(move |conn| certificate::identity(conn, company))
        .await
        .expect("identidad");
    let expected = TestPki::get().identity();
    assert_eq!(identity.info, expected.info);
    assert_eq!(
        identity.key.public_key_to_der().unwrap(),
        expected.key.public_key_to_der().unwrap()
    );
    // Another company's ciphertext copied into this row does not open (it is bound to its
    // company), and neither does a changed byte.
    let id = row.id;
    let broken = app
        .db(move |conn| {
            use diesel::prelude::*;
            use mostrador::db::schema::company_certificates as c;
            let mut tampered = row.p12_ciphertext.clone();
            tampered[10] ^= 0x55;
            diesel::update(c::table.find(id))
                .set(c::p12_ciphertext.eq(tampered))
                .execute(conn)
                .expect("alterar");
            certificate::identity(conn, company).map(|_| ())
        })
        .await
        .expect_err("un certificado alterado no debe abrirse");
    assert_eq!(broken.status().as_u16(), 409);
    assert!(broken.to_string().contains("MOSTRADOR_SECRET"), "{broken}");
}

async fn replacing_keeps_the_old_certificate_inactive(backend: Backend) {
    let (app, company) = app_with_company(backend).await;
    upload_certificate(&app, ADMIN).await;
    upload_certificate(&app, ADMIN).await;
    let stored = rows(&app, company).await;
    assert_eq!(stored.len(), 2);
    assert!(!stored[0].active);
    assert!(stored[1].active);
    let first = stored[0].id;
    let kept = app
        .db(move |conn| CompanyCertificate::find(conn, company, first).expect("consulta"))
        .await;
    assert!(kept.is_some());
}

async fn identity_refuses_missing_and_expired_certificates(backend: Backend) {
    let (app, company) = app_with_company(backend).await;
    let missing = app
        .db(move |conn| certificate::identity(conn, company).map(|_| ()))
        .await
        .expect_err("sin certificado");
    assert_eq!(missing.status().as_u16(), 409);
    assert_eq!(missing.to_string(), MISSING);
    upload_certificate(&app, ADMIN).await;
    let expired = app
        .db(move |conn| {
            use diesel::prelude::*;
            use mostrador::db::schema::company_certificates as c;
            let past = chrono::NaiveDate::from_ymd_opt(2025, 3, 9)
                .unwrap()
                .and_hms_opt(17, 0, 0)
                .unwrap();
            diesel::update(c::table.filter(c::company_id.eq(company.get())))
                .set(c::valid_to.eq(past))
                .execute(conn)
                .expect("caducar");
            certificate::identity(conn, company).map(|_| ())
        })
        .await
        .expect_err("caducado");
    assert_eq!(expired.status().as_u16(), 409);
    assert!(
        expired.to_string().contains("caducó el 09/03/2025"),
        "{expired}"
    );
    let mut admin = app.signed_in(ADMIN).await;
    let facts = admin.get("/api/ebilling/certificate").await.json();
    assert!(facts["daysLeft"].as_i64().unwrap() < 0);
    assert!(
        facts["warning"]
            .as_str()
            .unwrap()
            .contains("caducó el 09/03/2025")
    );
}

async fn start_up_refused_without_the_secret_when_certificates_are_stored(backend: Backend) {
    let (app, _) = app_with_company(backend).await;
    let build = |secret: bool| {
        let mut config = app.state.config.clone();
        if !secret {
            config.secret = None;
        }
        let engine = default_engine();
        tokio::task::spawn_blocking(move || {
            mostrador::server::build_state_with(config, shared_pool(engine)).map(|_| ())
        })
    };
    // Nothing stored yet: the secret is optional.
    build(false)
        .await
        .unwrap()
        .expect("sin certificados arranca sin secreto");
    upload_certificate(&app, ADMIN).await;
    let refused = build(false)
        .await
        .unwrap()
        .expect_err("con certificados y sin MOSTRADOR_SECRET no debe arrancar");
    let message = refused.to_string();
    assert!(message.contains("MOSTRADOR_SECRET"), "{message}");
    assert!(
        message.contains("falta la variable de entorno"),
        "{message}"
    );
    build(true).await.unwrap().expect("con el secreto arranca");
}

/// Every log line of the test process from here on (the app's at every level, other crates'
/// warnings), captured by a global subscriber installed once.
fn captured_logs() -> Arc<Mutex<Vec<u8>>> {
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        struct Sink(Arc<Mutex<Vec<u8>>>);
        impl std::io::Write for Sink {
            fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(data);
                Ok(data.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let logs = Arc::new(Mutex::new(Vec::new()));
        let writer = logs.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new("mostrador=trace,warn"))
            .with_ansi(false)
            .with_writer(move || Sink(writer.clone()))
            .finish();
        tracing::subscriber::set_global_default(subscriber).expect("registro de trazas");
        logs
    })
    .clone()
}

async fn the_certificate_never_reaches_a_log_line_or_a_page(backend: Backend) {
    let logs = captured_logs();
    // Upload (EShop's admin), sign a factura, the worker sends it to AUTORIZADO.
    let mut e = crate::sales::invoices::EShop::open(backend).await;
    let pki = TestPki::get();
    let mut admin = e.app.signed_in(e.shop.tenants.admin_a).await;
    let wrong = post_certificate(&mut admin, &pki.p12_modern, &format!("{PASSWORD}x")).await;
    assert_eq!(wrong.status.as_u16(), 400, "{}", wrong.text());
    assert_clean(&wrong, "contraseña incorrecta");
    let bread = e.shop.product("P1", "Pan", "1.00", "0", "10", "0.50").await;
    let r = e
        .shop
        .cashier
        .post_json(
            "/api/sales/invoice/register",
            crate::sales::invoices::invoice_body("log-2", None, &[(bread, "1")], "1.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let sale = r.json()["_id"].as_i64().unwrap();
    crate::sales::invoices::wait_for(&mut e.shop.cashier, sale, "authorized").await;
    // The set-up page, its data and the certificate's facts.
    for path in [
        "/admin/ebilling/test",
        "/api/page-data/admin/ebilling/test",
        "/api/ebilling/certificate",
    ] {
        let r = admin.get(path).await;
        assert_eq!(r.status.as_u16(), 200, "{path}");
        assert_clean(&r, path);
    }
    let text = String::from_utf8_lossy(&logs.lock().unwrap()).to_string();
    // The capture works: the SRI worker announced itself.
    assert!(
        text.contains("trabajador de comprobantes electrónicos iniciado"),
        "{text}"
    );
    assert!(!text.contains(PASSWORD), "la contraseña en el registro");
    for encoded in [
        base64::engine::general_purpose::STANDARD.encode(&pki.p12_modern),
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&pki.p12_modern),
    ] {
        assert!(!text.contains(&encoded[..64]), "el .p12 en el registro");
    }
}

/// A self-signed .p12 whose subject names no RUC (what a shop makes by mistake): `(file, password)`.
fn self_signed_without_ruc() -> (Vec<u8>, &'static str) {
    use openssl::asn1::Asn1Time;
    use openssl::bn::BigNum;
    use openssl::hash::MessageDigest;
    use openssl::pkcs12::Pkcs12;
    use openssl::pkey::PKey;
    use openssl::rsa::Rsa;
    use openssl::x509::extension::KeyUsage;
    use openssl::x509::{X509, X509NameBuilder};
    let key = PKey::from_rsa(Rsa::generate(2048).unwrap()).unwrap();
    let mut name = X509NameBuilder::new().unwrap();
    name.append_entry_by_text("CN", "TIENDA SIN RUC").unwrap();
    let name = name.build();
    let mut cert = X509::builder().unwrap();
    cert.set_version(2).unwrap();
    cert.set_serial_number(&BigNum::from_u32(7).unwrap().to_asn1_integer().unwrap())
        .unwrap();
    cert.set_subject_name(&name).unwrap();
    cert.set_issuer_name(&name).unwrap();
    cert.set_pubkey(&key).unwrap();
    cert.set_not_before(&Asn1Time::days_from_now(0).unwrap())
        .unwrap();
    cert.set_not_after(&Asn1Time::days_from_now(365).unwrap())
        .unwrap();
    cert.append_extension(
        KeyUsage::new()
            .digital_signature()
            .non_repudiation()
            .build()
            .unwrap(),
    )
    .unwrap();
    cert.sign(&key, MessageDigest::sha256()).unwrap();
    let password = "clave-de-prueba";
    let p12 = Pkcs12::builder()
        .name("sin ruc")
        .pkey(&key)
        .cert(&cert.build())
        .build2(password)
        .unwrap();
    (p12.to_der().unwrap(), password)
}

async fn a_certificate_the_sri_will_reject_is_stored_with_a_warning(backend: Backend) {
    let (app, _) = app_with_company(backend).await;
    let mut admin = app.signed_in(ADMIN).await;
    let (file, password) = self_signed_without_ruc();
    let r = post_certificate(&mut admin, &file, password).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.text());
    let facts = r.json();
    assert_eq!(facts["ruc"], Value::Null);
    assert!(facts["issuer"].as_str().unwrap().contains("TIENDA SIN RUC"));
    let warning = facts["rucWarning"].as_str().unwrap_or_default();
    for words in [
        format!("no indica el RUC de la empresa ({CERT_RUC})"),
        "error 39".to_string(),
        "firmado por su mismo titular".to_string(),
    ] {
        assert!(warning.contains(&words), "«{warning}» sin «{words}»");
    }
    // The set-up page says it too, with the issuer.
    let page = admin.get("/admin/ebilling/test").await.text();
    assert!(page.contains("error 39"), "{page}");
    assert!(page.contains("TIENDA SIN RUC"), "{page}");
}
