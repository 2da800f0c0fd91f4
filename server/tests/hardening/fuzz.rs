//! Malformed input on every API route the router serves (`router::api_routes()`, so a new route
//! is probed without anyone listing it), signed out and as each role, on both backends: control
//! characters in paths, queries and bodies, wrong types, bodies that are not JSON, deeply nested
//! and over-sized bodies, odd path ids. Nothing may answer 5xx, and every refusal must be the
//! app's JSON with a Spanish `message` free of the parsers' English.
//!
//! One app and one set of clients per backend; each route gets a bounded set of probes, so the
//! whole walk takes seconds.

use axum::body::{Body, Bytes};
use axum::http::{Method, Request};
use mostrador::router::{ApiRoute, api_routes};
use regex::Regex;
use serde_json::{Map, Value, json};

use crate::util::fixtures::Tenants;
use crate::util::{Backend, Client, TestApp, TestResponse, on_both_backends};

on_both_backends!(every_route_refuses_malformed_input_in_spanish);

/// Field names the API's bodies use; each probe fills all of them.
const FIELDS: &[&str] = &[
    "email",
    "password",
    "name",
    "username",
    "token",
    "_id",
    "code",
    "address",
    "date",
    "theme",
    "primaryColor",
    "branchOffice",
    "branchOfficesAccess",
    "role",
    "ruc",
    "businessName",
    "tradeName",
    "phone",
    "description",
    "active",
    "emissionPoints",
    "regimen",
    "search",
    "year",
];

/// Values for a path parameter: control characters, signs, decimals, overflow, bad UTF-8.
const PATH_VALUES: &[&str] = &[
    "%00",
    "1%0A",
    "%1B",
    "+1",
    "%2B1",
    "-1",
    "1.5",
    "1e3",
    "99999999999999999999999",
    "%FF%FE",
    "%C2%85",
];

/// Query strings for GET routes.
fn queries() -> Vec<String> {
    vec![
        "search=%00".into(),
        "%00=1".into(),
        "page=abc&limit=-5&sort=%00x&order=%0A".into(),
        "page=99999999999999999999&limit=1e9&startDate=no-es-fecha&year=%FF".into(),
        "token=%00&motivo=%1B&tokenReset=%0D".into(),
        format!("search={}", "a".repeat(9 * 1024)),
    ]
}

/// A JSON object with every field set by `value(index)`.
fn object(value: impl Fn(usize) -> Value) -> Value {
    Value::Object(
        FIELDS
            .iter()
            .enumerate()
            .map(|(i, f)| (f.to_string(), value(i)))
            .collect::<Map<_, _>>(),
    )
}

/// Bodies for POST routes: (content type, bytes).
fn bodies() -> Vec<(&'static str, Bytes)> {
    let json = |v: Value| Bytes::from(v.to_string());
    let controls = [
        "\u{0}",
        "a\u{0}@demo.ec",
        "\u{1}\u{2}\u{7}",
        "x\u{1b}[31m",
        "\u{7f}",
        "\u{85}",
    ];
    let wrong = [
        json!(1),
        json!(true),
        json!([1, "a", null]),
        json!({ "a": { "b": [] } }),
        json!(-1.5e300),
        json!(null),
        json!("texto"),
    ];
    let nested = format!("{{\"name\": {}1{}}}", "[".repeat(5000), "]".repeat(5000));
    let huge = format!("{{\"name\": \"{}\"}}", "a".repeat(2 * 1024 * 1024 + 10));
    vec![
        (
            "application/json",
            json(object(|i| Value::from(controls[i % controls.len()]))),
        ),
        (
            "application/json",
            json(object(|i| {
                Value::from(format!("ok{}", "\u{0}".repeat(i % 3 + 1)))
            })),
        ),
        ("application/json", json(json!({ "\u{0}": "clave nula" }))),
        (
            "application/json",
            json(object(|i| wrong[i % wrong.len()].clone())),
        ),
        (
            "application/json",
            json(object(|i| wrong[(i + 3) % wrong.len()].clone())),
        ),
        ("application/json", json(json!([1, 2, 3]))),
        ("application/json", json(json!("solo texto"))),
        (
            "application/json",
            Bytes::from_static(b"{\"name\": \"sin cerrar"),
        ),
        ("application/json", Bytes::from_static(b"")),
        ("application/json", Bytes::from(nested)),
        ("application/json", Bytes::from(huge)),
        ("text/plain", Bytes::from_static(b"hola")),
        (
            "multipart/form-data; boundary=xyz",
            Bytes::from_static(
                b"--xyz\r\nContent-Disposition: form-data; name=\"logo\"\r\n\r\n\x00\x01",
            ),
        ),
        (
            "application/x-www-form-urlencoded",
            Bytes::from_static(b"email=a%00&password=%1B"),
        ),
    ]
}

/// Concrete paths for a registered path: each parameter replaced by each odd value (other
/// parameters get a plausible value).
fn paths(route: &ApiRoute) -> Vec<String> {
    let plain = route
        .path
        .replace("{id}", "999999")
        .replace("{action}", "setVerifyEmail")
        .replace("{token}", "token-inexistente")
        .replace("{*path}", "admin/configAdmin");
    let mut out = vec![plain];
    for param in ["{id}", "{action}", "{token}", "{*path}"] {
        if route.path.contains(param) {
            for value in PATH_VALUES {
                let path = route
                    .path
                    .replace(param, value)
                    .replace("{id}", "999999")
                    .replace("{action}", "setVerifyEmail")
                    .replace("{token}", "token-inexistente")
                    .replace("{*path}", "admin/configAdmin");
                out.push(path);
            }
        }
    }
    out
}

/// Words of the parsers' and frameworks' English that must never reach a user.
fn internals() -> Regex {
    Regex::new(
        r"(?i)\b(failed|invalid type|invalid value|expected|deserializ\w*|missing field|unknown (field|variant)|length limit|boundary|syntax|at line|column|eof|utf-8|panicked|diesel|sqlite|postgres)\b",
    )
    .unwrap()
}

fn check(response: &TestResponse, what: &str, internals: &Regex) {
    assert!(
        !response.status.is_server_error(),
        "{what}: {} {}",
        response.status,
        response.text()
    );
    let is_logo = what.contains("/api/company/logo ") && response.status.is_success();
    if !is_logo {
        assert!(
            response
                .header("cache-control")
                .is_some_and(|v| v.contains("no-store")),
            "{what}: sin Cache-Control: no-store ({:?})",
            response.header("cache-control")
        );
    }
    if response.status.as_u16() < 400 {
        return;
    }
    assert!(
        response
            .header("content-type")
            .is_some_and(|t| t.starts_with("application/json")),
        "{what}: {} no es JSON: {}",
        response.status,
        response.text()
    );
    let body = response.json();
    assert_eq!(body["statusCode"], response.status.as_u16(), "{what}");
    let message = body["message"].as_str().unwrap_or_default();
    assert!(!message.trim().is_empty(), "{what}: sin mensaje");
    assert!(
        !internals.is_match(message),
        "{what}: {} con detalles internos: {message}",
        response.status
    );
}

async fn send(
    client: &mut Client,
    method: &Method,
    uri: &str,
    body: Option<(&'static str, Bytes)>,
) -> TestResponse {
    let token = client.csrf().await;
    let mut request = Request::builder()
        .method(method.clone())
        .uri(uri)
        .header("x-csrf-token", token);
    let body = match body {
        Some((content_type, bytes)) => {
            request = request.header("content-type", content_type);
            Body::from(bytes)
        }
        None => Body::empty(),
    };
    client.send(request.body(body).expect("petición")).await
}

async fn every_route_refuses_malformed_input_in_spanish(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut clients: Vec<(String, Client)> = vec![("sin sesión".into(), app.client())];
    for (role, client) in tenants.clients_a(&app).await {
        clients.push((format!("{role:?}"), client));
    }
    let mut routes = api_routes();
    // Signing out ends the clients' sessions: last.
    routes.sort_by_key(|r| r.path == "/api/auth/logout");
    assert!(routes.len() > 40, "the router lists its routes");
    let internals = internals();
    let bodies = bodies();
    let queries = queries();
    let mut requests = 0usize;
    let started = std::time::Instant::now();
    for route in &routes {
        if route.path == "/api/auth/logout" {
            // Every probe so far left the sessions alone: the walk really ran signed in.
            for (who, client) in clients.iter_mut().skip(1) {
                assert_eq!(client.get("/api/user").await.status, 200, "{who}");
            }
        }
        let method = Method::from_bytes(route.method.as_bytes()).unwrap();
        for (who, client) in clients.iter_mut() {
            for path in paths(route) {
                let probes: Vec<(String, Option<(&'static str, Bytes)>)> = if method == Method::GET
                {
                    std::iter::once(path.clone())
                        .chain(queries.iter().map(|q| format!("{path}?{q}")))
                        .map(|uri| (uri, None))
                        .collect()
                } else if path.contains('%') || path.contains('+') {
                    // Odd paths with one harmless body; the bodies go to the plain path.
                    vec![(path.clone(), Some(("application/json", Bytes::from("{}"))))]
                } else {
                    bodies
                        .iter()
                        .map(|b| (path.clone(), Some(b.clone())))
                        .chain(std::iter::once((
                            format!("{path}?search=%00"),
                            Some(("application/json", Bytes::from("{}"))),
                        )))
                        .collect()
                };
                for (uri, body) in probes {
                    let response = send(client, &method, &uri, body.clone()).await;
                    requests += 1;
                    let shown: String = uri.chars().take(120).collect();
                    let kind = body.as_ref().map_or("", |b| b.0);
                    check(
                        &response,
                        &format!("{method} {} as {who}: {shown} [{kind}]", route.path),
                        &internals,
                    );
                }
            }
        }
    }
    eprintln!(
        "{requests} solicitudes malformadas en {} rutas, {:.1} s",
        routes.len(),
        started.elapsed().as_secs_f64()
    );
}
