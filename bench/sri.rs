//! Throughput of the document pipeline and latency against the SRI stand-in.
//!
//! `cargo bench --bench sri` prints:
//! - documents/s on one core for build (validation + totals + XML) + XSD validation +
//!   XAdES-BES signature (with its self-verification) of a 20-line factura;
//! - the same split into build+XSD and signing alone;
//! - documents/s on one core for the same pipeline on a comprobante de retención 2.0.0 with
//!   three withheld documents (goal ≥ 800/s);
//! - milliseconds from `validarComprobante` to `AUTORIZADO` against the stand-in
//!   (authorization delay 0), over HTTP on 127.0.0.1, with the bare SOAP client;
//! - milliseconds from `queue::submit` to `AUTORIZADO` in the database through the real
//!   background worker (SQLite file, stand-in with authorization delay 0), one document at a
//!   time, and documents/s with 200 submitted at once.

use std::str::FromStr;
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use mostrador::cli::CompanyAddArgs;
use mostrador::config::SriConfig;
use mostrador::db::Database;
use mostrador::domain::document_status::DocumentStatus;
use mostrador::sri::catalog::{Environment, IdType, Regime};
use mostrador::sri::document::{build, build_and_sign};
use mostrador::sri::model::*;
use mostrador::sri::queue::worker::Worker;
use mostrador::sri::queue::{self};
use mostrador::sri::sign::{CertificateInfo, SignOptions, SigningIdentity, sign};
use mostrador::sri::simulator::{self, SimulatorConfig};
use mostrador::sri::soap::{AuthorizationOutcome, ClientConfig, Endpoints, SriClient};
use mostrador::sri::validate::ValidationContext;
use openssl::asn1::Asn1Time;
use openssl::bn::BigNum;
use openssl::hash::MessageDigest;
use openssl::pkey::PKey;
use openssl::rsa::Rsa;
use openssl::x509::extension::KeyUsage;
use openssl::x509::{X509, X509NameBuilder};
use rust_decimal::Decimal;

fn identity() -> SigningIdentity {
    let key = PKey::from_rsa(Rsa::generate(2048).expect("rsa")).expect("pkey");
    let mut name = X509NameBuilder::new().expect("name");
    name.append_entry_by_text("C", "EC").expect("C");
    name.append_entry_by_text("CN", "BENCH").expect("CN");
    let name = name.build();
    let mut b = X509::builder().expect("builder");
    b.set_version(2).expect("version");
    b.set_serial_number(
        &BigNum::from_u32(7)
            .expect("bn")
            .to_asn1_integer()
            .expect("serial"),
    )
    .expect("serial");
    b.set_subject_name(&name).expect("subject");
    b.set_issuer_name(&name).expect("issuer");
    b.set_pubkey(&key).expect("pubkey");
    b.set_not_before(&Asn1Time::days_from_now(0).expect("t"))
        .expect("nb");
    b.set_not_after(&Asn1Time::days_from_now(30).expect("t"))
        .expect("na");
    b.append_extension(
        KeyUsage::new()
            .critical()
            .digital_signature()
            .build()
            .expect("ku"),
    )
    .expect("ext");
    b.sign(&key, MessageDigest::sha256()).expect("sign");
    let cert = b.build();
    let info = CertificateInfo::of(&cert).expect("info");
    SigningIdentity {
        key,
        cert,
        others: vec![],
        info,
    }
}

fn invoice(sequential: u32, today: NaiveDate) -> Comprobante {
    let d = |s: &str| Decimal::from_str(s).unwrap_or_default();
    let items = (0..20)
        .map(|i| Item {
            main_code: Some(format!("P{i:04}")),
            aux_code: Some(format!("786000000{i:04}")),
            description: format!("Producto de prueba número {i} «especial» & más"),
            unit: Some("unidad".into()),
            quantity: d(&format!("{}.125", i + 1)),
            unit_price: d(&format!("{}.456789", i % 7 + 1)),
            discount: d("0.05"),
            iva: if i % 4 == 0 { "0".into() } else { "4".into() },
            ice: None,
            irbpnr_bottles: None,
            details: vec![NameValue {
                name: "Lote".into(),
                value: format!("L-{i}"),
            }],
        })
        .collect::<Vec<_>>();
    let total = mostrador::domain::totals::compute(&items, d("1.00"), Decimal::ZERO)
        .map(|t| t.total)
        .unwrap_or_default();
    Comprobante::Invoice(Invoice {
        version: InvoiceVersion::V2_1_0,
        header: Header {
            environment: Environment::Pruebas,
            issuer: Issuer {
                ruc: "1790011001001".into(),
                legal_name: "EMPRESA DE PRUEBA S.A.".into(),
                trade_name: Some("MINIMARKET".into()),
                head_office_address: "AV. AMAZONAS N1-1, QUITO".into(),
                branch_address: Some("CALLE SUCRE 12, QUITO".into()),
                special_taxpayer: None,
                keeps_accounts: true,
                withholding_agent: None,
                regime: Regime::General,
            },
            establishment: "001".into(),
            emission_point: "001".into(),
            sequential,
            issue_date: today,
            numeric_code: None,
            access_key: None,
        },
        buyer: Buyer {
            id_type: IdType::Cedula,
            id: "1710034065".into(),
            name: "JUAN PÉREZ".into(),
            address: None,
        },
        remission_guide: None,
        items,
        global_discount: d("1.00"),
        tip: Decimal::ZERO,
        currency: "DOLAR".into(),
        payments: vec![Payment {
            method: "19".into(),
            amount: total,
            term: None,
            time_unit: None,
        }],
        additional_info: vec![NameValue {
            name: "Email".into(),
            value: "juan@example.com".into(),
        }],
        expected_total: None,
    })
}

/// A retención on three supplier facturas, each withheld renta (312, 1.75 %) and 30 % of its IVA.
fn withholding(sequential: u32, today: NaiveDate) -> Comprobante {
    let d = |s: &str| Decimal::from_str(s).unwrap_or_default();
    let Comprobante::Invoice(invoice) = invoice(sequential, today) else {
        unreachable!("invoice() builds a factura")
    };
    let mut header = invoice.header;
    header.issuer.withholding_agent = Some("1".into());
    let documents = (0..3)
        .map(|i| WithheldDocument {
            sustento: "01".into(),
            doc_type: "01".into(),
            number: format!("001-002-{:09}", 1000 + i),
            issue_date: today,
            authorization: Some(format!("{:049}", 1000 + i)),
            paid_abroad: false,
            total_without_taxes: d("200.00"),
            total: d("230.00"),
            taxes: vec![SupportTax {
                iva: "4".into(),
                base: d("200.00"),
                value: d("30.00"),
            }],
            withholdings: vec![
                WithheldTax {
                    kind: WithheldTaxKind::Renta,
                    code: "312".into(),
                    base: d("200.00"),
                    percent: d("1.75"),
                },
                WithheldTax {
                    kind: WithheldTaxKind::Iva,
                    code: "1".into(),
                    base: d("30.00"),
                    percent: d("30"),
                },
            ],
            payments: vec![Payment {
                method: "20".into(),
                amount: d("230.00"),
                term: None,
                time_unit: None,
            }],
        })
        .collect();
    Comprobante::Withholding(Withholding {
        header,
        subject: Buyer {
            id_type: IdType::Ruc,
            id: "1790016919001".into(),
            name: "PROVEEDOR DE PRUEBA S.A.".into(),
            address: None,
        },
        related_party: false,
        documents,
        additional_info: Vec::new(),
    })
}

fn rate(label: &str, n: u32, elapsed: Duration) {
    let per_sec = f64::from(n) / elapsed.as_secs_f64();
    let us = elapsed.as_secs_f64() * 1e6 / f64::from(n);
    println!("{label:<48} {per_sec:>9.0} documentos/s  ({us:.0} µs/documento, {n} documentos)");
}

fn main() {
    let ctx = ValidationContext::now();
    let today = ctx.today;
    let id = identity();
    let opts = SignOptions::now();

    // Warm-up: compiles the XSD once, loads OpenSSL.
    for i in 1..20 {
        build_and_sign(&invoice(i, today), &ctx, &id, &opts).expect("warm-up");
    }
    let xml_size = build(&invoice(1, today), &ctx).expect("build").xml.len();
    println!("factura de 20 líneas: {xml_size} bytes sin firmar");

    let run_for = Duration::from_secs(3);
    let (mut n, start) = (0u32, Instant::now());
    while start.elapsed() < run_for {
        n += 1;
        build_and_sign(&invoice(n, today), &ctx, &id, &opts).expect("build+sign");
    }
    rate(
        "construir + validar + XSD + firmar (1 núcleo)",
        n,
        start.elapsed(),
    );

    let (mut n, start) = (0u32, Instant::now());
    while start.elapsed() < run_for {
        n += 1;
        build(&invoice(n, today), &ctx).expect("build");
    }
    rate("  de ello: construir + validar + XSD", n, start.elapsed());

    let xml = build(&invoice(1, today), &ctx).expect("build").xml;
    let (mut n, start) = (0u32, Instant::now());
    while start.elapsed() < run_for {
        n += 1;
        sign(xml.as_bytes(), &id, &opts).expect("sign");
    }
    rate(
        "  de ello: firmar (incluye autoverificación)",
        n,
        start.elapsed(),
    );

    let (mut n, start) = (0u32, Instant::now());
    while start.elapsed() < run_for {
        n += 1;
        build_and_sign(&withholding(n, today), &ctx, &id, &opts).expect("retención");
    }
    rate(
        "retención de 3 documentos: construir + XSD + firmar (meta ≥ 800/s)",
        n,
        start.elapsed(),
    );

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio");
    runtime.block_on(async {
        let sim = simulator::spawn(SimulatorConfig { authorization_delay: Duration::ZERO, ..SimulatorConfig::default() })
            .await
            .expect("simulator");
        let client = SriClient::new(ClientConfig::new(Endpoints::from_base(&sim.base_url()))).expect("client");
        let docs: Vec<_> = (0..200u32)
            .map(|i| build_and_sign(&invoice(100_000 + i, today), &ctx, &id, &opts).expect("doc"))
            .collect();
        let mut latencies = Vec::with_capacity(docs.len());
        let all = Instant::now();
        for doc in &docs {
            let t = Instant::now();
            let r = client.send(doc.signed_xml.as_bytes()).await.expect("send");
            assert!(r.documents.is_empty(), "{r:?}");
            loop {
                let a = client.authorize(doc.access_key.as_str()).await.expect("authorize");
                match a.outcome() {
                    AuthorizationOutcome::Authorized(_) => break,
                    AuthorizationOutcome::Pending | AuthorizationOutcome::NotFound => continue,
                    AuthorizationOutcome::NotAuthorized(x) => panic!("{x:?}"),
                }
            }
            latencies.push(t.elapsed());
        }
        let total = all.elapsed();
        latencies.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "envío → AUTORIZADO contra el simulador (demora 0): media {:.2} ms, p50 {:.2} ms, p99 {:.2} ms ({} documentos, {:.0} documentos/s en serie)",
            ms(total) / latencies.len() as f64,
            ms(latencies[latencies.len() / 2]),
            ms(latencies[latencies.len() * 99 / 100]),
            latencies.len(),
            latencies.len() as f64 / total.as_secs_f64()
        );
    });
    runtime.block_on(queue_latency(&ctx, &id));
}

/// `queue::submit` → AUTORIZADO through the worker and a SQLite database.
async fn queue_latency(ctx: &ValidationContext, id: &SigningIdentity) {
    let sim = simulator::spawn(SimulatorConfig {
        authorization_delay: Duration::ZERO,
        ..SimulatorConfig::default()
    })
    .await
    .expect("simulator");
    let dir = tempfile::tempdir().expect("tempdir");
    let db = Database::connect(
        &format!("sqlite://{}", dir.path().join("bench.db").display()),
        8,
    )
    .expect("database");
    let (company, branch) = db
        .run(|conn| {
            mostrador::services::upgrade::run(conn)
                .map_err(mostrador::error::AppError::Internal)?;
            let args = CompanyAddArgs {
                ruc: "1790011001001".into(),
                name: "EMPRESA DE PRUEBA S.A.".into(),
                trade_name: None,
                address: "Quito".into(),
                regimen: "1".into(),
            };
            let company = mostrador::cli::admin::create_company(conn, &args)
                .map_err(mostrador::error::AppError::Internal)?;
            let branch = mostrador::models::config::branch_office::BranchOffice::find_by_code(
                conn,
                company.scope(),
                "001",
            )?
            .map(|b| b.id)
            .unwrap_or_default();
            Ok((company.scope(), branch))
        })
        .await
        .expect("company");
    let config = SriConfig {
        base_url: Some(sim.base_url()),
        timeout: Duration::from_secs(10),
        connect_timeout: Duration::from_secs(10),
        authorization_delay: Duration::ZERO,
        retry_delay: Duration::from_millis(100),
        max_backoff: Duration::from_millis(100),
        poll_interval: Duration::from_millis(100),
        lease: Duration::from_secs(60),
        concurrency: 4,
        demo_stand_in: false,
    };
    let _worker = Worker::new(
        db.clone(),
        config,
        mostrador::services::ebilling::mail::on_authorized,
    )
    .expect("worker")
    .spawn();
    let submit = |sequential: u32| {
        let (doc, id) = (invoice(sequential, ctx.today), id.clone());
        db.run(move |conn| queue::submit(conn, company, branch, &doc, &id).map_err(Into::into))
    };
    let authorized = |doc_id: i64| {
        db.run(move |conn| {
            Ok(queue::find(conn, company, doc_id)?
                .is_some_and(|d| d.status == DocumentStatus::Authorized.as_str()))
        })
    };
    let mut latencies = Vec::new();
    for n in 0..50u32 {
        let t = Instant::now();
        let doc_id = submit(200_000 + n).await.expect("submit");
        while !authorized(doc_id).await.expect("status") {
            tokio::time::sleep(Duration::from_micros(500)).await;
        }
        latencies.push(t.elapsed());
    }
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "submit → AUTORIZADO con el trabajador y SQLite (uno a la vez): p50 {:.1} ms, p99 {:.1} ms ({} documentos)",
        ms(latencies[latencies.len() / 2]),
        ms(latencies[latencies.len() * 99 / 100]),
        latencies.len()
    );
    let start = Instant::now();
    let mut ids = Vec::new();
    for n in 0..200u32 {
        ids.push(submit(300_000 + n).await.expect("submit"));
    }
    for doc_id in ids {
        while !authorized(doc_id).await.expect("status") {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
    let elapsed = start.elapsed();
    println!(
        "200 comprobantes de una vez, de submit (firma incluida) a AUTORIZADO: {:.2} s ({:.0} documentos/s)",
        elapsed.as_secs_f64(),
        200.0 / elapsed.as_secs_f64()
    );
}
