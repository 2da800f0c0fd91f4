//! What other e-billing tests share: storing a valid test certificate for a company through the
//! API, as a shop's admin would; counting the SQL statements a read runs.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::body::Body;
use axum::http::Request;
use diesel::connection::{Connection, InstrumentationEvent};
use mostrador::auth::roles::Tenant;
use mostrador::auth::signed_in::AuthUser;
use mostrador::db::DbConnection;
use mostrador::models::auth::user::User;
use serde_json::Value;

use crate::sri::testpki::{PASSWORD, TestPki};
use crate::util::{Client, TestApp, TestResponse};

/// RUC written in the test PKI's signing certificate: create the company with it
/// (`app.company(CERT_RUC, …)`) when the certificate must match the issuer's RUC.
pub const CERT_RUC: &str = crate::sri::testpki::RUC;

/// The multipart body of `POST /api/ebilling/certificate`: the fields `file` and `password`
/// (after an unrelated field, which the server must skip), with the CSRF header.
pub fn certificate_request(token: &str, file: &[u8], password: &str) -> Request<Body> {
    let boundary = "----mostrador-certificado";
    let mut body = Vec::new();
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"nota\"\r\n\r\nhola\r\n")
            .as_bytes(),
    );
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"firma.p12\"\r\nContent-Type: application/x-pkcs12\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(
        format!(
            "\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\n{password}\r\n--{boundary}--\r\n"
        )
        .as_bytes(),
    );
    Request::post("/api/ebilling/certificate")
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .header("x-csrf-token", token)
        .body(Body::from(body))
        .expect("petición")
}

/// Uploads `file` with `password` as `client` (any role; the answer is returned as is).
pub async fn post_certificate(client: &mut Client, file: &[u8], password: &str) -> TestResponse {
    let token = client.csrf().await;
    client
        .send(certificate_request(&token, file, password))
        .await
}

/// Stores the test PKI's valid signing certificate (RUC [`CERT_RUC`], password
/// `testpki::PASSWORD`) as the active certificate of the company of `admin_email` (an admin of
/// it, created with `app.user(…, Role::Admin, …)`), through `POST /api/ebilling/certificate`.
/// Returns the API's answer (`{holder, ruc, issuer, serial, validFrom, validTo, daysLeft,
/// warning}`); panics unless it is 200.
pub async fn upload_certificate(app: &TestApp, admin_email: &str) -> Value {
    let mut admin = app.signed_in(admin_email).await;
    let response = post_certificate(&mut admin, &TestPki::get().p12_modern, PASSWORD).await;
    assert_eq!(
        response.status.as_u16(),
        200,
        "subida del certificado: {}",
        response.text()
    );
    response.json()
}

/// Runs `read` for the user `email` (as its request would, with its company and branch) on one
/// connection, and counts the SQL statements it runs (diesel's instrumentation). The lists assert
/// with it that a page costs a fixed number of queries, whatever its length.
pub async fn statements<T: Send + 'static>(
    app: &TestApp,
    email: &'static str,
    read: impl FnOnce(&mut DbConnection, &Tenant) -> T + Send + 'static,
) -> (usize, T) {
    app.db(move |conn: &mut DbConnection| {
        let user = User::find_by_email(conn, email)
            .expect("usuario")
            .expect("usuario");
        let tenant = Tenant {
            company: user.company().expect("empresa"),
            auth: AuthUser {
                user,
                session_id: 0,
                zone: Default::default(),
            },
        };
        let counted = Arc::new(AtomicUsize::new(0));
        let counter = counted.clone();
        conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
            if matches!(event, InstrumentationEvent::StartQuery { .. }) {
                counter.fetch_add(1, Ordering::Relaxed);
            }
        });
        let out = read(conn, &tenant);
        conn.set_instrumentation(|_: InstrumentationEvent<'_>| {});
        (counted.load(Ordering::Relaxed), out)
    })
    .await
}
