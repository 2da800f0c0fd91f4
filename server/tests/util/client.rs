//! A browser-like client for the router: keeps cookies, echoes the CSRF token like the UI does,
//! and sends a fixed client address (the test config trusts `X-Forwarded-For`).

use std::collections::BTreeMap;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::header::{CONTENT_TYPE, COOKIE, SET_COOKIE};
use axum::http::{HeaderMap, Method, Request, StatusCode};
use serde_json::Value;
use tower::ServiceExt;

/// A response, fully read.
#[derive(Debug)]
pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl TestResponse {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("respuesta no es JSON ({e}): {}", self.text()))
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(String::from)
    }

    /// The API error message.
    pub fn message(&self) -> String {
        self.json()["message"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

/// A client.
pub struct Client {
    router: Router,
    pub cookies: BTreeMap<String, String>,
    ip: String,
}

impl Client {
    pub fn new(router: Router, ip: String) -> Client {
        Client {
            router,
            cookies: BTreeMap::new(),
            ip,
        }
    }

    pub fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn remember(&mut self, headers: &HeaderMap) {
        for value in headers
            .get_all(SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
        {
            let Some((pair, attributes)) = value.split_once(';').or(Some((value, ""))) else {
                continue;
            };
            let Some((name, val)) = pair.split_once('=') else {
                continue;
            };
            if attributes.contains("Max-Age=0") || val.is_empty() {
                self.cookies.remove(name.trim());
            } else {
                self.cookies
                    .insert(name.trim().to_string(), val.trim().to_string());
            }
        }
    }

    /// Sends a request built by the caller (cookies and address are added).
    pub async fn send(&mut self, mut request: Request<Body>) -> TestResponse {
        let headers = request.headers_mut();
        if !self.cookies.is_empty() {
            headers.insert(COOKIE, self.cookie_header().parse().expect("cookie"));
        }
        headers.insert("x-forwarded-for", self.ip.parse().expect("ip"));
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("respuesta");
        let (parts, body) = response.into_parts();
        // An event stream never ends: its head is the answer, and dropping the body closes it.
        let streams = parts
            .headers
            .get(CONTENT_TYPE)
            .is_some_and(|t| t.as_bytes().starts_with(b"text/event-stream"));
        let body = if streams {
            Bytes::new()
        } else {
            axum::body::to_bytes(body, usize::MAX)
                .await
                .expect("cuerpo")
        };
        self.remember(&parts.headers);
        TestResponse {
            status: parts.status,
            headers: parts.headers,
            body,
        }
    }

    /// `GET path`.
    pub async fn get(&mut self, path: &str) -> TestResponse {
        self.send(Request::get(path).body(Body::empty()).expect("petición"))
            .await
    }

    /// The CSRF token the server gave this client (asks for one if it has none yet).
    pub async fn csrf(&mut self) -> String {
        if !self.cookies.contains_key("mostrador_csrf") {
            self.get("/api/user").await;
        }
        self.cookies
            .get("mostrador_csrf")
            .cloned()
            .expect("la respuesta debe fijar la cookie CSRF")
    }

    /// `POST path` with a JSON body and the CSRF header, as the UI sends it.
    pub async fn post_json(&mut self, path: &str, body: Value) -> TestResponse {
        let token = self.csrf().await;
        let request = Request::builder()
            .method(Method::POST)
            .uri(path)
            .header(CONTENT_TYPE, "application/json")
            .header("x-csrf-token", token)
            .body(Body::from(body.to_string()))
            .expect("petición");
        self.send(request).await
    }

    /// `POST path` with a JSON body and no CSRF header (what another site could make a browser do).
    pub async fn post_json_without_csrf(&mut self, path: &str, body: Value) -> TestResponse {
        let request = Request::builder()
            .method(Method::POST)
            .uri(path)
            .header(CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .expect("petición");
        self.send(request).await
    }

    /// `POST path` as an HTML form (`application/x-www-form-urlencoded`).
    pub async fn post_form(&mut self, path: &str, fields: &[(&str, &str)]) -> TestResponse {
        let body = serde_urlencoded::to_string(fields).expect("formulario");
        let request = Request::builder()
            .method(Method::POST)
            .uri(path)
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .expect("petición");
        self.send(request).await
    }
}

/// A multipart `POST` of `file` in the field `field` (after an unrelated text field, which the
/// server must skip), with the CSRF header.
pub fn multipart(
    path: &str,
    field: &str,
    token: &str,
    file: &[u8],
    content_type: &str,
) -> Request<Body> {
    let boundary = "----mostrador";
    let mut body = Vec::new();
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"nota\"\r\n\r\nhola\r\n")
            .as_bytes(),
    );
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"imagen\"\r\nContent-Type: {content_type}\r\n\r\n").as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    Request::post(path)
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .header("x-csrf-token", token)
        .body(Body::from(body))
        .unwrap()
}

impl Client {
    /// Asks for the document at `path` until its SRI state (`statusCode`) is `code`, at most 20 s;
    /// returns its view.
    pub async fn wait_for_state(&mut self, path: &str, code: &str) -> serde_json::Value {
        let started = std::time::Instant::now();
        loop {
            let r = self.get(path).await;
            assert_eq!(r.status, 200, "{path}: {}", r.text());
            let view = r.json();
            if view["statusCode"] == code {
                return view;
            }
            assert!(
                started.elapsed() < std::time::Duration::from_secs(20),
                "{path} no llegó a {code}: {view}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
}
