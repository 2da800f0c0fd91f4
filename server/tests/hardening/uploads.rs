//! Hostile files sent to every upload on both backends (the real router in this process: a file
//! that aborted the server would abort these tests too), and what answers: a Spanish 4xx that
//! names the problem, never the parsers' English. The SOAP reader gets an SRI whose answers are
//! nested 60 000 levels deep. The same files go to the real binary in `process`, which also
//! watches its memory.

use axum::Router;
use axum::routing::post;

use super::hostile::*;
use crate::lector::support::{REPORT_HEADER, report_row, upload as lector_upload};
use crate::util::fixtures::{RUC_A, Tenants};
use crate::util::{Backend, Client, TestApp, TestResponse, on_both_backends};

on_both_backends!(
    lector_refuses_deep_and_huge_files,
    a_deep_answer_of_the_sri_is_a_problem_of_its_row,
    spreadsheets_are_measured_before_they_are_read,
    every_upload_over_its_size_is_a_spanish_413
);

/// `POST` of `file` as the multipart field `field` of `path`.
async fn send_file(client: &mut Client, path: &str, field: &str, file: &[u8]) -> TestResponse {
    let token = client.csrf().await;
    client
        .send(crate::util::client::multipart(
            path,
            field,
            &token,
            file,
            "application/octet-stream",
        ))
        .await
}

/// A Spanish refusal with this status whose message has `words`.
fn refused(r: &TestResponse, status: u16, words: &str) {
    assert_eq!(r.status, status, "{}", r.text());
    let message = r.message();
    assert!(message.contains(words), "«{message}» sin «{words}»");
}

async fn lector_refuses_deep_and_huge_files(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut user = app.signed_in(tenants.user_a).await;

    // What aborted the process: 50 000 levels (350 KB), and a ZIP holding 100 000 levels.
    let r = lector_upload(&mut user, &deep_xml(50_000)).await;
    refused(&r, 400, "más de 100 niveles");
    let r = lector_upload(&mut user, &zip_of(&[("factura.xml", &deep_xml(100_000))])).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let message = r.json()["errors"][0]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(message.starts_with("factura.xml: "), "{message}");
    assert!(message.contains("más de 100 niveles"), "{message}");
    // A ZIP bomb, a truncated ZIP, and a report of a million one-letter lines (its problems are
    // counted, the first thousand kept).
    refused(
        &lector_upload(&mut user, &zip_bomb(64)).await,
        400,
        "demasiado grande",
    );
    refused(
        &lector_upload(&mut user, &truncated(&zip_of(&[("a.xml", &deep_xml(10))]))).await,
        400,
        "ZIP está dañado",
    );
    let r = lector_upload(&mut user, &report_lines(1_000_000)).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let body = r.json();
    assert_eq!(body["errorsTotal"], 1_000_000);
    assert_eq!(body["errors"].as_array().unwrap().len(), 1_000);
    // A report of more rows than an upload reads.
    let keys: Vec<String> = (1..=200_001u32).map(valid_key).collect();
    let many = format!("CLAVE_ACCESO\n{}\n", keys.join("\n"));
    refused(
        &lector_upload(&mut user, many.as_bytes()).await,
        400,
        "más de 200000 comprobantes",
    );
}

/// A valid access key of company A's supplier.
fn valid_key(sequential: u32) -> String {
    use mostrador::sri::catalog::{DocType, Environment};
    use mostrador::sri::clave::{ClaveAcceso, ClaveParts};
    ClaveAcceso::build(&ClaveParts {
        issue_date: chrono::NaiveDate::from_ymd_opt(2026, 1, 15).unwrap(),
        doc_type: DocType::Factura,
        ruc: crate::lector::support::ISSUER.into(),
        environment: Environment::Pruebas,
        establishment: "001".into(),
        emission_point: "001".into(),
        sequential,
        numeric_code: "12345678".into(),
    })
    .unwrap()
    .as_str()
    .to_string()
}

/// A stand-in SRI that answers every request with a body 60 000 levels deep.
async fn deep_sri() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = Router::new().fallback(post(|| async {
        (
            [("content-type", "text/xml; charset=utf-8")],
            deep_soap(60_000),
        )
    }));
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{address}")
}

async fn a_deep_answer_of_the_sri_is_a_problem_of_its_row(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let base = deep_sri().await;
    let router = app.router_with(move |c| c.sri.base_url = Some(base)).await;
    let signed = app.signed_in(tenants.user_a).await;
    let mut user = app.client_on(router, &signed);
    let (key, _) = crate::lector::support::factura("2.1.0", 1, RUC_A, 1);
    let report = format!("{REPORT_HEADER}\n{}\n", report_row(&key, "Factura", RUC_A));
    let r = lector_upload(&mut user, report.as_bytes()).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let body = r.json();
    assert_eq!(body["status"], "done", "{body}");
    let message = body["errors"][0]["message"].as_str().unwrap();
    assert!(message.contains(&key), "{message}");
    assert!(message.contains("más de 100 niveles"), "{message}");
    // The server still answers.
    assert_eq!(user.get("/api/tools/lector/mappings").await.status, 200);
}

async fn spreadsheets_are_measured_before_they_are_read(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut admin = app.signed_in(tenants.admin_a).await;
    let upload = "/api/inventory/upload";
    // The probe's 1.5 KB XLSX that asked for 512 GB.
    let r = send_file(&mut admin, upload, "file", &xlsx_far_cell()).await;
    refused(&r, 400, "La hoja ocupa 1048576 filas y 16384 columnas");
    assert_eq!(r.json()["errors"]["file"], r.message().as_str());
    refused(
        &send_file(&mut admin, upload, "file", &xlsx_shared_strings_claim()).await,
        400,
        "textos distintos",
    );
    refused(
        &send_file(&mut admin, upload, "file", &xlsx_shared_strings_flood(60)).await,
        400,
        "sharedStrings.xml",
    );
    refused(
        &send_file(&mut admin, upload, "file", &ods_repeated()).await,
        400,
        "se leen hasta",
    );
    refused(
        &send_file(&mut admin, upload, "file", &xls_dimensions()).await,
        400,
        "se leen hasta",
    );
    // Ten million rows stop at the limit; truncated files are damaged.
    refused(
        &send_file(&mut admin, upload, "file", &csv_rows(10_000_000)).await,
        400,
        "Un archivo admite hasta 200000 filas",
    );
    // A cell of 30 MB is no product's.
    refused(
        &send_file(&mut admin, upload, "file", &long_line(30)).await,
        400,
        "un texto de más de 128 KB",
    );
    refused(
        &send_file(&mut admin, upload, "file", &truncated(&xlsx_products())).await,
        400,
        "no se pudo leer",
    );
    // And a real sheet still imports.
    let r = send_file(&mut admin, upload, "file", &xlsx_products()).await;
    assert_eq!(r.status, 202, "{}", r.text());
}

async fn every_upload_over_its_size_is_a_spanish_413(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut admin = app.signed_in(tenants.admin_a).await;
    let big = vec![b'a'; 33 * 1024 * 1024];
    for path in ["/api/tools/lector/upload", "/api/inventory/upload"] {
        let r = send_file(&mut admin, path, "file", &big).await;
        refused(&r, 413, "32 MB");
        assert!(!r.message().contains("payload"), "{}", r.message());
    }
    let three = vec![b'a'; 3 * 1024 * 1024];
    for (path, field) in [
        ("/api/ebilling/certificate", "file"),
        ("/api/company/logo", "logo"),
    ] {
        let r = send_file(&mut admin, path, field, &three).await;
        refused(&r, 413, "2 MB");
    }
}
