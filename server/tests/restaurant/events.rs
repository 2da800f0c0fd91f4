//! The restaurant's live events between real server processes. On PostgreSQL two servers share
//! the database: an order sent through server A reaches a kitchen screen (an SSE client) of
//! server B in under a second (measured and printed), carried by `LISTEN/NOTIFY`. On SQLite the
//! same with one server (in-process wake after commit). A screen that disconnects and reconnects
//! with its last sequence (`Last-Event-ID` or `?after=`) receives exactly the events it missed,
//! and another company's screen receives none.

use std::time::{Duration, Instant};

use mostrador::cli::admin::{create_company, create_user};
use mostrador::cli::{CompanyAddArgs, UserAddArgs};
use mostrador::models::auth::user::Role;
use serde_json::{Value, json};

use super::orders::insert_tables;
use crate::util::db::TestDb;
use crate::util::fixtures::{RUC_A, RUC_B};
use crate::util::process::Server;
use crate::util::{Backend, PASSWORD};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    live(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres() {
    if let Some(backend) = Backend::postgres() {
        live(backend).await;
    }
}

/// Starts `mostrador serve` on `url` (one render thread) on a free port; its base URL.
pub(crate) async fn start(url: &str) -> (Server, String) {
    crate::util::process::start(
        url,
        &[("SSR_WORKERS", "1")],
        std::path::Path::new("."),
        "/api/build",
    )
    .await
}

/// A signed-in session against a server process.
#[derive(Clone)]
pub(crate) struct Api {
    http: reqwest::Client,
    pub base: String,
    cookie: String,
    csrf: String,
}

impl Api {
    pub(crate) async fn sign_in(base: &str, email: &str) -> Api {
        let (http, cookie, csrf) = crate::util::process::sign_in(base, email, PASSWORD).await;
        Api {
            http,
            base: base.into(),
            cookie,
            csrf,
        }
    }

    /// The same session against another server of the same database.
    pub(crate) fn on(&self, base: &str) -> Api {
        Api {
            base: base.into(),
            ..self.clone()
        }
    }

    /// `POST path` with a JSON body: status and JSON answer.
    pub(crate) async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("Content-Type", "application/json")
            .header("Cookie", &self.cookie)
            .header("X-CSRF-Token", &self.csrf)
            .body(body.to_string())
            .send()
            .await
            .expect("POST");
        let status = r.status().as_u16();
        let text = r.text().await.unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// Opens the event stream (`query`: e.g. `?after=3`; `last`: the `Last-Event-ID` header).
    pub(crate) async fn events(&self, query: &str, last: Option<i64>) -> Stream {
        let mut request = self
            .http
            .get(format!("{}/api/restaurant/events{query}", self.base))
            .header("Cookie", &self.cookie)
            .header("Accept", "text/event-stream");
        if let Some(seq) = last {
            request = request.header("Last-Event-ID", seq.to_string());
        }
        let response = request.send().await.expect("flujo de eventos");
        assert_eq!(response.status(), 200);
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/event-stream")
        );
        Stream {
            response,
            buffer: String::new(),
        }
    }
}

/// An SSE client reading `id:`/`data:` events (comments and keep-alives skipped).
pub(crate) struct Stream {
    response: reqwest::Response,
    buffer: String,
}

impl Stream {
    /// The next event within `wait`: `(id, data)`; `None` when none came.
    pub(crate) async fn next(&mut self, wait: Duration) -> Option<(i64, Value)> {
        let deadline = Instant::now() + wait;
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut id = None;
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("id:") {
                        id = v.trim().parse::<i64>().ok();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.strip_prefix(' ').unwrap_or(v));
                    }
                }
                if let Some(id) = id {
                    let value: Value = serde_json::from_str(&data).expect("data JSON");
                    return Some((id, value));
                }
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            match tokio::time::timeout(left, self.response.chunk()).await {
                Ok(Ok(Some(bytes))) => self.buffer.push_str(&String::from_utf8_lossy(&bytes)),
                Ok(Ok(None)) => panic!("el flujo de eventos terminó"),
                Ok(Err(err)) => panic!("flujo de eventos: {err}"),
                Err(_) => return None,
            }
        }
    }
}

/// Company A with a user, company B with an admin, a table and a product of A; `(product, table)`.
async fn shop(url: &str, base: &str) -> (i64, i64) {
    let url = url.to_string();
    let table = tokio::task::spawn_blocking(move || {
        let db = mostrador::db::Database::connect(&url, 1).expect("base");
        let mut conn = db.get().expect("conexión");
        for (ruc, name) in [(RUC_A, "EMPRESA A S.A."), (RUC_B, "EMPRESA B S.A.")] {
            create_company(
                &mut conn,
                &CompanyAddArgs {
                    ruc: ruc.into(),
                    name: name.into(),
                    trade_name: None,
                    address: "Quito".into(),
                    regimen: "1".into(),
                },
            )
            .expect("empresa");
        }
        for (email, role, ruc) in [
            ("usuario@a.ec", Role::User, RUC_A),
            ("admin@b.ec", Role::Admin, RUC_B),
        ] {
            create_user(
                &mut conn,
                &UserAddArgs {
                    email: email.into(),
                    password: PASSWORD.into(),
                    name: format!("Usuario {email}"),
                    role,
                    company: ruc.into(),
                    branch: None,
                },
            )
            .expect("usuario");
        }
        insert_tables(&mut conn, RUC_A, &["Mesa 1"])[0]
    })
    .await
    .unwrap();
    let user = Api::sign_in(base, "usuario@a.ec").await;
    let (status, product) = user
        .post(
            "/api/item/register",
            json!({ "code": "SEC", "name": "Seco de pollo", "price": "4.50", "ivaCode": "0",
                    "unit": "unidad", "kind": "service" }),
        )
        .await;
    assert_eq!(status, 201, "{product}");
    (product["_id"].as_i64().unwrap(), table)
}

async fn live(backend: Backend) {
    let db = TestDb::create(&backend);
    let (_a, base_a) = start(&db.url).await;
    let (product, table) = shop(&db.url, &base_a).await;
    // PostgreSQL: a second server process on the same database; SQLite: the same server.
    let (_b, base_b) = match backend {
        Backend::Postgres(_) => {
            let (server, base) = start(&db.url).await;
            (Some(server), base)
        }
        Backend::Sqlite => (None, base_a.clone()),
    };
    let writer = Api::sign_in(&base_a, "usuario@a.ec").await;
    let reader = writer.on(&base_b);
    let other = Api::sign_in(&base_b, "admin@b.ec").await;
    // The server's first screen of the branch asks for a sequence that does not exist yet: it
    // gets nothing until then, and the screens after it miss nothing.
    let mut ahead = reader.events("?after=999999", None).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut kitchen = reader.events("", None).await;
    let mut spy = other.events("?after=0", None).await;
    let mut spy_a = other.on(&base_a).events("", None).await;

    let (status, order) = writer
        .post(
            "/api/restaurant/order/open",
            json!({ "kind": "table", "tableId": table }),
        )
        .await;
    assert_eq!(status, 201, "{order}");
    let id = order["_id"].as_i64().unwrap();
    let (seq, opened) = kitchen
        .next(Duration::from_secs(2))
        .await
        .expect("evento de apertura");
    assert_eq!(
        (&opened["type"], &opened["orderId"], &opened["seq"]),
        (&json!("opened"), &json!(id), &json!(seq))
    );
    assert_eq!(opened["order"]["tableName"], "Mesa 1");
    let first = seq;

    // Rounds sent through A, read on B: each within a second.
    let mut latencies = Vec::new();
    let mut last = seq;
    for round in 1..=5 {
        let sent = Instant::now();
        let (status, answer) = writer
            .post(
                &format!("/api/restaurant/order/{id}/items"),
                json!({ "items": [{ "productId": product, "quantity": "1", "notes": format!("ronda {round}") }] }),
            )
            .await;
        assert_eq!(status, 200, "{answer}");
        let (seq, event) = kitchen
            .next(Duration::from_secs(2))
            .await
            .expect("evento de la ronda");
        let latency = sent.elapsed();
        assert_eq!(seq, last + 1, "events come in sequence");
        last = seq;
        assert_eq!(event["type"], "items");
        assert_eq!(event["order"]["rounds"], round);
        assert_eq!(
            event["order"]["items"].as_array().unwrap().len(),
            round as usize
        );
        assert!(
            latency < Duration::from_secs(1),
            "round {round} took {latency:?}"
        );
        latencies.push(latency);
    }
    latencies.sort();
    println!(
        "restaurante ({}): orden enviada por el servidor A, recibida por SSE en el servidor {}: \
         mediana {:?}, máxima {:?} (5 rondas, desde el envío del POST hasta el evento)",
        if base_a == base_b {
            "SQLite"
        } else {
            "PostgreSQL"
        },
        if base_a == base_b { "A" } else { "B" },
        latencies[2],
        latencies[4]
    );

    // The screen drops; meanwhile four changes; it comes back with its last sequence and gets
    // exactly those four, in order.
    drop(kitchen);
    let items: Vec<i64> = {
        let (_, now) = writer
            .post(
                &format!("/api/restaurant/order/{id}/requestBill"),
                json!({}),
            )
            .await;
        now["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["_id"].as_i64().unwrap())
            .collect()
    };
    for (path, body) in [
        (
            format!("/api/restaurant/order/{id}/item/{}/state", items[0]),
            json!({ "state": "preparando" }),
        ),
        (
            format!("/api/restaurant/order/{id}/item/{}/state", items[1]),
            json!({ "state": "listo" }),
        ),
        (
            format!("/api/restaurant/order/{id}/item/{}/void", items[2]),
            json!({ "reason": "se acabó" }),
        ),
    ] {
        let (status, answer) = writer.post(&path, body).await;
        assert_eq!(status, 200, "{path}: {answer}");
    }
    let missed = [
        (last + 1, "billRequested"),
        (last + 2, "state"),
        (last + 3, "state"),
        (last + 4, "void"),
    ];
    for resumed in [
        reader.events("", Some(last)).await,
        writer.events(&format!("?after={last}"), None).await,
    ] {
        let mut resumed = resumed;
        for (seq, kind) in missed {
            let (got, event) = resumed
                .next(Duration::from_secs(2))
                .await
                .unwrap_or_else(|| panic!("evento {seq} perdido"));
            assert_eq!((got, event["type"].as_str().unwrap()), (seq, kind));
        }
        assert!(
            resumed.next(Duration::from_millis(700)).await.is_none(),
            "nothing beyond what was missed"
        );
    }
    // A new screen without a sequence starts from now.
    let mut fresh = reader.events("", None).await;
    assert!(fresh.next(Duration::from_millis(500)).await.is_none());
    let (status, _) = writer
        .post(
            &format!("/api/restaurant/order/{id}/item/{}/state", items[3]),
            json!({ "state": "entregado" }),
        )
        .await;
    assert_eq!(status, 200);
    let (seq, event) = fresh.next(Duration::from_secs(2)).await.expect("en vivo");
    assert_eq!((seq, &event["type"]), (last + 5, &json!("state")));

    // A screen that replays from the start gets every event of the branch once, in order: on
    // PostgreSQL's server A from before what that server keeps in memory (its first stream
    // started at `last`), so read from the table; on SQLite from the server's memory.
    let mut replay = writer.events(&format!("?after={}", first - 1), None).await;
    for seq in first..=last + 5 {
        let (got, _) = replay
            .next(Duration::from_secs(2))
            .await
            .unwrap_or_else(|| panic!("evento {seq} no repetido"));
        assert_eq!(got, seq, "replayed in order");
    }
    assert!(replay.next(Duration::from_millis(500)).await.is_none());

    assert!(ahead.next(Duration::from_millis(300)).await.is_none());

    // Company B's screens, on either server, saw nothing of A.
    assert!(spy.next(Duration::from_millis(300)).await.is_none());
    assert!(spy_a.next(Duration::from_millis(300)).await.is_none());
    let (status, _) = other
        .post("/api/restaurant/order/open", json!({ "kind": "express" }))
        .await;
    assert_eq!(status, 201);
    let (seq, event) = spy
        .next(Duration::from_secs(2))
        .await
        .expect("su propio evento");
    assert_eq!((seq, &event["type"]), (1, &json!("opened")));
}
