//! Durability: the real server process takes sales from 8 terminals and is killed with SIGKILL in
//! the middle. After a restart on the same database every sale that got a 2xx is there with its
//! number; the numbers have no gap; stock and the shift's cash match the sales that exist; on
//! SQLite the file passes `PRAGMA integrity_check`.

use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde_json::{Value, json};

use crate::util::Backend;
use crate::util::db::TestDb;
use crate::util::process::{BIN, Server, sign_in};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    survives_kill_9(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres() {
    if let Some(backend) = Backend::postgres() {
        survives_kill_9(backend).await;
    }
}

/// A signed-in HTTP session against the server process.
#[derive(Clone)]
struct Api {
    http: reqwest::Client,
    base: String,
    cookie: String,
    csrf: String,
}

impl Api {
    async fn sign_in(base: &str, email: &str) -> Api {
        let (http, cookie, csrf) = sign_in(base, email, "demo12345").await;
        Api {
            http,
            base: base.into(),
            cookie,
            csrf,
        }
    }

    async fn call(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> Result<(u16, Value), reqwest::Error> {
        let url = format!("{}{path}", self.base);
        let request = match body {
            Some(b) => self
                .http
                .post(url)
                .header("Content-Type", "application/json")
                .body(b.to_string()),
            None if method == "GET" => self.http.get(url),
            None => self.http.post(url),
        };
        let r = request
            .header("Cookie", &self.cookie)
            .header("X-CSRF-Token", &self.csrf)
            .send()
            .await?;
        let status = r.status().as_u16();
        let text = r.text().await?;
        Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }

    async fn get(&self, path: &str) -> Value {
        self.call("GET", path, None).await.expect("GET").1
    }
}

/// The server on `url`, once it serves its login page.
async fn start(url: &str) -> (Server, String) {
    crate::util::process::start(url, &[], std::path::Path::new("."), "/login").await
}

/// The stock of each product in the default warehouse, as the API writes it.
async fn stocks(api: &Api, products: &[Value]) -> Vec<i64> {
    let (_, rows) = api
        .call(
            "POST",
            "/api/item/getStocks",
            Some(json!({ "products": products })),
        )
        .await
        .unwrap();
    products
        .iter()
        .map(|p| {
            rows.as_array()
                .unwrap()
                .iter()
                .find(|r| &r["productId"] == p)
                .unwrap()["quantity"]
                .as_str()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect()
}

async fn survives_kill_9(backend: Backend) {
    let db = TestDb::create(&backend);
    let demo = Command::new(BIN)
        .arg("demo")
        .env("DATABASE_URL", &db.url)
        .env("LOG", "error")
        .output()
        .unwrap();
    assert!(
        demo.status.success(),
        "demo: {}",
        String::from_utf8_lossy(&demo.stderr)
    );
    let (mut server, base) = start(&db.url).await;

    // Five products with plenty of stock, and the cashier's shift.
    let admin = Api::sign_in(&base, "admin@demo.ec").await;
    let cellars = admin.get("/api/inventory/cellar/options").await;
    let cellar = cellars
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["isDefault"] == true)
        .unwrap()["_id"]
        .clone();
    let items = admin.get("/api/item?limit=100").await;
    let products: Vec<Value> = items["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["kind"] == "product")
        .take(5)
        .map(|p| p["_id"].clone())
        .collect();
    let lines: Vec<Value> = products
        .iter()
        .map(|p| json!({ "productId": p, "quantity": "100000", "unitCost": "0.50" }))
        .collect();
    let (status, _) = admin
        .call(
            "POST",
            "/api/inventory/adjustment/register",
            Some(json!({ "cellarId": cellar, "reason": "Prueba", "lines": lines })),
        )
        .await
        .unwrap();
    assert_eq!(status, 201);
    let stock_before = stocks(&admin, &products).await;
    // The demo data already holds a few weeks of sales (the reports need them): only the sales
    // made from here on take these products' stock.
    let demo_sales = admin.get("/api/sales/note?limit=1").await["total"]
        .as_i64()
        .unwrap();
    let cashier = Api::sign_in(&base, "cajero@demo.ec").await;
    let registers = cashier.get("/api/cashRegister/getMyCash").await;
    let register = registers[0]["cashRegister"]["_id"].clone();
    let (status, turn) = cashier
        .call(
            "POST",
            "/api/Turn/open",
            Some(json!({ "cashRegisterId": register, "openingAmount": "0.00" })),
        )
        .await
        .unwrap();
    assert_eq!(status, 201, "{turn}");
    let turn = turn["_id"].as_i64().unwrap();
    let sale_lines: Vec<Value> = products
        .iter()
        .map(|p| json!({ "productId": p, "quantity": "1" }))
        .collect();
    let (_, preview) = cashier
        .call(
            "POST",
            "/api/sales/note/preview",
            Some(json!({ "lines": sale_lines })),
        )
        .await
        .unwrap();
    let total = preview["total"].as_str().unwrap().to_string();

    // 8 terminals sell until the server dies; every 2xx is remembered.
    let stop = Arc::new(AtomicBool::new(false));
    let mut terminals = Vec::new();
    for t in 0..8 {
        let (api, lines, total, stop) = (
            cashier.clone(),
            sale_lines.clone(),
            total.clone(),
            stop.clone(),
        );
        terminals.push(tokio::spawn(async move {
            let mut acknowledged = Vec::new();
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let body = json!({ "idempotencyKey": format!("t{t}-{n}"), "lines": lines,
                                   "payments": [{ "method": "cash", "amount": total }] });
                match api
                    .call("POST", "/api/sales/note/register", Some(body))
                    .await
                {
                    Ok((201, sale)) => acknowledged.push((
                        sale["_id"].as_i64().unwrap(),
                        sale["number"].as_str().unwrap().to_string(),
                    )),
                    Ok((status, body)) => panic!("venta rechazada {status}: {body}"),
                    Err(_) => break,
                }
            }
            acknowledged
        }));
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    server.0.kill().expect("kill -9");
    let _ = server.0.wait();
    stop.store(true, Ordering::Relaxed);
    let mut acknowledged = Vec::new();
    for t in terminals {
        acknowledged.extend(t.await.unwrap());
    }
    assert!(
        acknowledged.len() >= 20,
        "muy pocas ventas antes del corte: {}",
        acknowledged.len()
    );

    // Restart on the same database.
    let (_server, base) = start(&db.url).await;
    let admin = Api::sign_in(&base, "admin@demo.ec").await;
    for (id, number) in &acknowledged {
        let sale = admin.get(&format!("/api/sales/note/{id}")).await;
        assert_eq!(
            sale["number"].as_str(),
            Some(number.as_str()),
            "venta {id} confirmada y perdida"
        );
    }
    let mut numbers: Vec<i64> = Vec::new();
    let mut stored = 0;
    for page in 1.. {
        let list = admin
            .get(&format!("/api/sales/note?limit=100&page={page}"))
            .await;
        stored = list["total"].as_i64().unwrap();
        let results = list["results"].as_array().unwrap();
        numbers.extend(results.iter().map(|s| {
            s["number"]
                .as_str()
                .unwrap()
                .rsplit('-')
                .next()
                .unwrap()
                .parse::<i64>()
                .unwrap()
        }));
        if results.is_empty() || numbers.len() as i64 >= stored {
            break;
        }
    }
    assert!(stored >= acknowledged.len() as i64);
    numbers.sort_unstable();
    assert_eq!(
        numbers,
        (1..=stored).collect::<Vec<i64>>(),
        "números sin saltos"
    );
    let expected: Vec<i64> = stock_before
        .iter()
        .map(|q| q - (stored - demo_sales))
        .collect();
    assert_eq!(
        stocks(&admin, &products).await,
        expected,
        "stock de cada producto"
    );
    let shift = admin.get(&format!("/api/Turn/{turn}")).await;
    let cents = |s: &str| s.replace('.', "").parse::<i64>().unwrap();
    assert_eq!(
        cents(shift["summary"]["byMethod"]["efectivo"].as_str().unwrap()),
        cents(&total) * (stored - demo_sales),
        "efectivo del turno = ventas guardadas × total"
    );
    if let Backend::Sqlite = backend {
        use diesel::{Connection, RunQueryDsl, SqliteConnection, sql_query};
        #[derive(diesel::QueryableByName)]
        struct Check {
            #[diesel(sql_type = diesel::sql_types::Text)]
            integrity_check: String,
        }
        let path = db.url.trim_start_matches("sqlite://");
        let mut conn = SqliteConnection::establish(path).unwrap();
        let rows: Vec<Check> = sql_query("PRAGMA integrity_check").load(&mut conn).unwrap();
        assert_eq!(rows.first().map(|r| r.integrity_check.as_str()), Some("ok"));
    }
}
