//! Sales under concurrency on both backends: the last units go to exactly as many sales as there
//! are units and the numbers have no gap; 100 simultaneous sales get 100 consecutive numbers; the
//! same idempotency key posted 5 times at once makes one sale.

use std::collections::BTreeSet;

use serde_json::Value;

use super::support::{Shop, cash_sale};
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    fifty_sales_of_ten_units_sell_ten_without_gaps,
    a_hundred_sales_get_consecutive_numbers,
    one_key_posted_five_times_is_one_sale
);

/// Posts `bodies` at the same time from clients sharing the cashier's session.
async fn post_all(app: &TestApp, cashier: &Client, bodies: Vec<Value>) -> Vec<(u16, Value)> {
    let mut tasks = Vec::new();
    for body in bodies {
        let mut client = app.client_on(app.router.clone(), cashier);
        tasks.push(tokio::spawn(async move {
            let r = client.post_json("/api/sales/note/register", body).await;
            (r.status.as_u16(), r.json())
        }));
    }
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}

/// The sequential part of a sale number.
fn sequential(sale: &Value) -> i64 {
    sale["number"]
        .as_str()
        .unwrap()
        .rsplit('-')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

async fn fifty_sales_of_ten_units_sell_ten_without_gaps(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let milk = shop
        .product("L1", "Leche 1 l", "1.00", "0", "10", "0.70")
        .await;
    shop.cashier.csrf().await;
    let bodies = (0..50)
        .map(|i| cash_sale(&format!("m-{i}"), &[(milk, "1")], "1.00", "1.00"))
        .collect();
    let results = post_all(&app, &shop.cashier, bodies).await;
    let mut numbers = BTreeSet::new();
    let mut refused = 0;
    for (status, body) in &results {
        match status {
            201 => {
                numbers.insert(sequential(body));
            }
            409 => {
                assert_eq!(
                    body["message"],
                    "Stock insuficiente de «Leche 1 l»: disponible 0"
                );
                refused += 1;
            }
            other => panic!("respuesta inesperada {other}: {body}"),
        }
    }
    assert_eq!(numbers, (1..=10).collect::<BTreeSet<i64>>());
    assert_eq!(refused, 40);
    assert_eq!(shop.stock(milk).await, "0");
    let shift = shop.shift().await;
    assert_eq!(shift["summary"]["byMethod"]["efectivo"], "10.00", "{shift}");
}

async fn a_hundred_sales_get_consecutive_numbers(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let water = shop
        .product("W1", "Agua 500 ml", "0.50", "0", "1000", "0.20")
        .await;
    shop.cashier.csrf().await;
    let bodies = (0..100)
        .map(|i| cash_sale(&format!("w-{i}"), &[(water, "2")], "1.00", "5.00"))
        .collect();
    let results = post_all(&app, &shop.cashier, bodies).await;
    let numbers: BTreeSet<i64> = results
        .iter()
        .map(|(status, body)| {
            assert_eq!(*status, 201, "{body}");
            sequential(body)
        })
        .collect();
    assert_eq!(numbers, (1..=100).collect::<BTreeSet<i64>>());
    assert_eq!(shop.stock(water).await, "800");
    let list = shop.admin.get("/api/sales/note?limit=1").await.json();
    assert_eq!(list["total"], 100);
}

async fn one_key_posted_five_times_is_one_sale(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let bread = shop.product("P1", "Pan", "0.15", "0", "100", "0.08").await;
    shop.cashier.csrf().await;
    let body = cash_sale("same-key", &[(bread, "4")], "0.60", "1.00");
    let results = post_all(&app, &shop.cashier, vec![body; 5]).await;
    let ids: BTreeSet<i64> = results
        .iter()
        .map(|(status, sale)| {
            assert!(*status == 201 || *status == 200, "{status}: {sale}");
            sale["_id"].as_i64().unwrap()
        })
        .collect();
    assert_eq!(ids.len(), 1, "{results:?}");
    assert_eq!(results.iter().filter(|(s, _)| *s == 201).count(), 1);
    assert_eq!(shop.stock(bread).await, "96");
    let shift = shop.shift().await;
    assert_eq!(shift["summary"]["byMethod"]["efectivo"], "0.60", "{shift}");
    assert_eq!(shop.admin.get("/api/sales/note").await.json()["total"], 1);
    // A retry later still answers with the same sale.
    let again = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            cash_sale("same-key", &[(bread, "4")], "0.60", "1.00"),
        )
        .await;
    assert_eq!(again.status, 200);
    assert_eq!(again.json()["_id"].as_i64(), ids.iter().next().copied());
}
