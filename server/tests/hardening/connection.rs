//! Requests hyper refuses before the router sees them (an address over 64 KB, headers over its
//! buffer, a NUL byte in a header) get the app's Spanish JSON, over a real socket to the real
//! server loop (issue 8, point 6). Nothing here reaches the database, so one backend is enough.

use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::util::{Backend, TestApp};

/// Sends `request` as raw bytes and reads until the server closes the connection.
async fn raw(address: std::net::SocketAddr, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream.write_all(request).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
        .await
        .expect("el servidor no cerró la conexión")
        .unwrap();
    String::from_utf8(answer).unwrap()
}

/// The status and the message of a refusal, checking it is complete JSON.
fn refusal(answer: &str) -> (u16, String) {
    let (head, body) = answer.split_once("\r\n\r\n").expect(answer);
    let status = head[9..12].parse().unwrap();
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: application/json"),
        "{head}"
    );
    assert!(
        head.contains(&format!("content-length: {}", body.len())),
        "{head}"
    );
    let json: Value = serde_json::from_str(body).expect(body);
    assert_eq!(json["statusCode"], status);
    (status, json["message"].as_str().unwrap().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hyper_refusals_are_spanish_json() {
    let app = TestApp::new(Backend::Sqlite).await;
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(mostrador::server::listen(
        listener,
        app.router.clone(),
        std::future::pending(),
    ));

    // 100 KB address: was 414 with an empty body.
    let long = format!(
        "GET /api/users?search={} HTTP/1.1\r\nHost: x\r\n\r\n",
        "a".repeat(100 * 1024)
    );
    let (status, message) = refusal(&raw(address, long.as_bytes()).await);
    assert_eq!(status, 414);
    assert_eq!(message, "La dirección solicitada es demasiado larga.");

    // A NUL byte inside a header value: hyper's parser refuses the request line by line.
    let nul = b"GET /api/user HTTP/1.1\r\nHost: x\r\nX-Nombre: a\x00b\r\n\r\n";
    let (status, message) = refusal(&raw(address, nul).await);
    assert_eq!(status, 400);
    assert_eq!(message, "La solicitud no es válida.");

    // Headers larger than hyper's read buffer (~400 KB).
    let mut huge = String::from("GET /api/user HTTP/1.1\r\nHost: x\r\n");
    for i in 0..60 {
        huge.push_str(&format!("X-Relleno-{i}: {}\r\n", "b".repeat(8 * 1024)));
    }
    huge.push_str("\r\n");
    let (status, message) = refusal(&raw(address, huge.as_bytes()).await);
    assert_eq!(status, 431);
    assert_eq!(
        message,
        "Los encabezados de la solicitud son demasiado grandes."
    );

    // The wrapper leaves everything else alone: a request with 60 KB of headers, then a second
    // one on the same connection, both answered by the app itself.
    let pipelined = format!(
        "GET /api/user HTTP/1.1\r\nHost: x\r\nX-Relleno: {}\r\n\r\n\
         GET /api/user HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "c".repeat(60 * 1024)
    );
    let answer = raw(address, pipelined.as_bytes()).await;
    let statuses: Vec<&str> = answer
        .match_indices("HTTP/1.1 ")
        .map(|(at, _)| &answer[at + 9..at + 12])
        .collect();
    assert_eq!(statuses, ["401", "401"], "{answer}");
    assert!(answer.contains("Su sesión no está iniciada"), "{answer}");
}

/// The client's socket address still reaches the app through the wrapped connections: a failed
/// sign-in from this socket (no `X-Forwarded-For`) is counted against 127.0.0.1.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_peer_address_reaches_the_throttle() {
    use diesel::prelude::*;
    use mostrador::db::schema::login_failures;

    let app = TestApp::new(Backend::Sqlite).await;
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(mostrador::server::listen(
        listener,
        app.router.clone(),
        std::future::pending(),
    ));
    let http = reqwest::Client::new();
    let page = http.get(format!("{base}/login")).send().await.unwrap();
    let csrf = page
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok()?.strip_prefix("mostrador_csrf="))
        .map(|v| v.split(';').next().unwrap_or("").to_string())
        .next()
        .expect("cookie CSRF");
    let refused = http
        .post(format!("{base}/api/auth/login"))
        .header("Content-Type", "application/json")
        .header("Cookie", format!("mostrador_csrf={csrf}"))
        .header("X-CSRF-Token", &csrf)
        .body(r#"{"email":"nadie@demo.ec","password":"equivocada-1"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 401);
    let keys: Vec<String> = app
        .db(|conn| {
            login_failures::table
                .filter(login_failures::scope.eq("ip"))
                .select(login_failures::key)
                .load(conn)
                .unwrap()
        })
        .await;
    assert_eq!(keys, ["127.0.0.1"]);
}
