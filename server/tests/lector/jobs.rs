//! A large report's SRI look-ups run as a job: the upload answers 202 at once, its progress is
//! read while it runs, a second upload of the company waits its turn (409), another company
//! cannot see it, the documents read are kept and never asked for again, and a job whose server
//! stopped is continued from where it stopped.

use std::time::{Duration, Instant};

use chrono::{NaiveDate, TimeDelta};
use mostrador::models::purchases::lector_job::{LectorJob, Progress};
use mostrador::services::lector::job;
use mostrador::sri::catalog::{DocType, Environment};
use mostrador::sri::clave::{ClaveAcceso, ClaveParts};
use mostrador::sri::simulator::{self, SimulatorConfig};

use super::support::*;
use crate::util::fixtures::{RUC_A, Tenants};
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(a_large_report_is_read_by_a_job, a_stopped_job_is_continued);

/// A valid access key of the test issuer that the SRI stand-in does not know.
fn unknown_key(sequential: u32) -> String {
    ClaveAcceso::build(&ClaveParts {
        issue_date: NaiveDate::from_ymd_opt(2026, 1, 15).unwrap(),
        doc_type: DocType::Factura,
        ruc: ISSUER.into(),
        environment: Environment::Pruebas,
        establishment: "002".into(),
        emission_point: "009".into(),
        sequential,
        numeric_code: "12345678".into(),
    })
    .unwrap()
    .as_str()
    .to_string()
}

async fn a_large_report_is_read_by_a_job(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    // Every answer of the stand-in takes 40 ms, as a slow SRI: 400 keys, 8 at a time, outlast
    // the request.
    let sim = simulator::spawn(SimulatorConfig {
        latency: Duration::from_millis(40),
        ..SimulatorConfig::default()
    })
    .await
    .expect("simulador");
    let base = sim.base_url();
    let router = app.router_with(move |c| c.sri.base_url = Some(base)).await;
    let signed = app.signed_in(tenants.user_a).await;
    let mut user = app.client_on(router.clone(), &signed);

    let mut rows = Vec::new();
    for i in 1..=20u32 {
        let (key, xml) = factura("2.1.0", i, RUC_A, 1);
        sim.handle.register_authorized(&xml).expect("registrado");
        rows.push(report_row(&key, "Factura", RUC_A));
    }
    for i in 1..=380u32 {
        rows.push(report_row(&unknown_key(i), "Factura", RUC_A));
    }
    let report = format!("{REPORT_HEADER}\n{}\n", rows.join("\n"));

    let asked = Instant::now();
    let started = upload_once(&mut user, report.as_bytes()).await;
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "la subida tardó {:?}",
        asked.elapsed()
    );
    assert_eq!(started.status, 202, "{}", started.text());
    let body = started.json();
    let id = body["_id"].as_i64().expect("_id");
    assert_eq!(body["status"], "running");
    assert_eq!(body["total"], 400);
    assert!(body["processed"].as_i64().unwrap() < 400, "{body}");
    assert_eq!(body["documents"].as_array().unwrap().len(), 0);

    // While it runs: the company's next upload waits its turn; another company sees nothing.
    let second = upload_once(&mut user, report.as_bytes()).await;
    assert_eq!(second.status, 409, "{}", second.text());
    assert!(
        second
            .message()
            .contains("Ya se están consultando en el SRI"),
        "{}",
        second.message()
    );
    let mut other = app.signed_in(tenants.admin_b).await;
    let foreign = other.get(&format!("/api/tools/lector/upload/{id}")).await;
    assert_eq!(foreign.status, 404, "{}", foreign.text());

    let done = follow(&mut user, id).await.json();
    assert_eq!(done["status"], "done", "{done}");
    assert_eq!(done["processed"], 400);
    assert_eq!(done["documentsTotal"], 20);
    assert_eq!(done["documents"].as_array().unwrap().len(), 20);
    assert_eq!(done["errorsTotal"], 380);
    let errors = done["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 380);
    // Each problem names its line of the report (the 21st row is line 22).
    assert_eq!(errors[0]["line"], 22, "{}", errors[0]);
    assert!(
        errors[0]["message"]
            .as_str()
            .unwrap()
            .contains("El SRI no tiene un comprobante autorizado"),
        "{}",
        errors[0]
    );
    assert_eq!(sim.handle.state().authorization_requests, 400);

    // The same report again: the 20 documents read are not asked for again.
    let again = upload(&mut user, report.as_bytes()).await;
    assert_eq!(again.status, 200, "{}", again.text());
    assert_eq!(again.json()["documentsTotal"], 20);
    assert_eq!(sim.handle.state().authorization_requests, 400 + 380);
}

async fn a_stopped_job_is_continued(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let sim = simulator::spawn(SimulatorConfig::default())
        .await
        .expect("simulador");
    let keys: Vec<(usize, String)> = (1..=100u32)
        .map(|i| (i as usize + 1, unknown_key(i)))
        .collect();
    let (_, factura_xml) = factura("1.1.0", 500, RUC_A, 2);
    let known = sim
        .handle
        .register_authorized(&factura_xml)
        .expect("registrado");
    let mut all = keys.clone();
    all.push((102, known.clone()));
    let json = job::keys_json(&all);
    let email = tenants.user_a;
    // A job whose server stopped after 60 of its 101 keys: its lease ran out a second ago.
    let (id, company) = app
        .db(move |conn| {
            let user = mostrador::models::auth::user::User::find_by_email(conn, email)
                .unwrap()
                .unwrap();
            let company = user.company().unwrap();
            let id = LectorJob::start(
                conn,
                company,
                user.id,
                "reporte.txt",
                101,
                &json,
                "[]",
                0,
                TimeDelta::seconds(-1),
            )
            .unwrap();
            let moved = LectorJob::advance(
                conn,
                company,
                id,
                0,
                &Progress {
                    processed: 60,
                    found: 0,
                    errors: "[]",
                    error_count: 60,
                    status: "running",
                },
                TimeDelta::seconds(-1),
            )
            .unwrap();
            assert!(moved);
            (id, company)
        })
        .await;
    let mut config = app.state.config.sri.clone();
    config.base_url = Some(sim.base_url());
    let running = job::take_over_stale(&app.state.db, &config).await;
    assert_eq!(running.len(), 1);
    for handle in running {
        handle.await.unwrap();
    }
    // Only the 41 keys after where it stopped were asked; a second pass finds nothing to take.
    assert_eq!(sim.handle.state().authorization_requests, 41);
    assert!(
        job::take_over_stale(&app.state.db, &config)
            .await
            .is_empty()
    );
    let job = app
        .db(move |conn| LectorJob::find(conn, company, id).unwrap().unwrap())
        .await;
    assert_eq!(job.status, "done");
    assert_eq!(job.processed, 101);
    assert_eq!(job.found, 1);
    assert_eq!(job.error_count, 60 + 40);
}
