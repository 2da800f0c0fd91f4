//! The sales report over a known set of sales: two cash sales (one with a line at 15 % IVA) and a
//! credit note returning part of the first, every product with a known kardex cost.

use chrono::{NaiveDate, TimeDelta};
use diesel::prelude::*;
use mostrador::db::schema::sales;
use mostrador::util::spreadsheet::Limits;
use serde_json::{Value, json};

use crate::sales::support::{Shop, cash_sale};
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    numbers_per_product_with_a_credit_note,
    every_grouping_adds_up,
    local_day_boundaries,
    downloads_and_print,
    cashier_and_other_company
);

/// Ecuador's today.
pub(super) fn today() -> NaiveDate {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Guayaquil)
        .date_naive()
}

/// The shop with rice (1.00, IVA 0, cost 0.70) and cola (1.00, IVA 15 %, cost 0.60), two cash
/// sales by the cashier — 10 rice; 2 cola + 3 rice — and a credit note returning 4 rice of the
/// first. Returns the shop and the two sale ids.
pub(super) async fn sold(app: &TestApp) -> (Shop, i64, i64) {
    let mut shop = Shop::open(app).await;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.00", "0", "50", "0.70")
        .await;
    let cola = shop
        .product("C1", "Cola 1 l", "1.00", "4", "10", "0.60")
        .await;
    let mut ids = Vec::new();
    for (key, lines, total) in [
        ("r-1", vec![(rice, "10")], "10.00"),
        ("r-2", vec![(cola, "2"), (rice, "3")], "5.30"),
    ] {
        let r = shop
            .cashier
            .post_json(
                "/api/sales/note/register",
                cash_sale(key, &lines, total, total),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
        ids.push(r.json()["_id"].as_i64().unwrap());
    }
    let r = shop
        .cashier
        .post_json(
            "/api/sales/creditNote/register",
            json!({ "saleId": ids[0], "reason": "Devolución", "refund": "cash",
                    "lines": [{ "productId": rice, "quantity": "4" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    (shop, ids[0], ids[1])
}

/// Sums the company of sale `sale` into the report's summary again (after a test moved a sale in
/// time behind the service's back).
pub(super) fn resummarise(conn: &mut mostrador::db::DbConnection, sale: i64) {
    let company: i64 = sales::table
        .find(sale)
        .select(sales::company_id)
        .first(conn)
        .unwrap();
    mostrador::services::reports::summary::rebuild(
        conn,
        mostrador::models::CompanyId::trusted(company),
    )
    .unwrap();
}

async fn report(shop: &mut Shop, query: &str) -> Value {
    let r = shop.user.get(&format!("/api/reports/sales?{query}")).await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()
}

/// `[label, count, base, iva, total, cost, margin]` of a row.
fn row(r: &Value) -> Vec<String> {
    let mut out = vec![
        r["label"].as_str().unwrap().to_string(),
        r["count"].to_string(),
    ];
    for k in ["base", "iva", "total", "cost", "margin"] {
        out.push(r[k].as_str().unwrap().to_string());
    }
    out
}

const TOTALS: [&str; 7] = ["Total", "2", "11.00", "0.30", "11.30", "7.50", "3.50"];

async fn numbers_per_product_with_a_credit_note(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (mut shop, _, _) = sold(&app).await;
    let r = report(&mut shop, "groupBy=product").await;
    let rows: Vec<Vec<String>> = r["rows"].as_array().unwrap().iter().map(row).collect();
    // Rice: 13 sold − 4 returned at 1.00; cost 9 × 0.70 from the kardex. Cola: 2 at 1.00 + 15 %.
    assert_eq!(
        rows,
        [
            [
                "A1 · Arroz 1 kg",
                "2",
                "9.00",
                "0.00",
                "9.00",
                "6.30",
                "2.70"
            ],
            ["C1 · Cola 1 l", "1", "2.00", "0.30", "2.30", "1.20", "0.80"],
        ]
    );
    assert_eq!(row(&r["totals"]), TOTALS);
    assert_eq!(r["groupBy"], "product");
    assert_eq!(r["from"], today().with_day0(0).unwrap().to_string());
    assert_eq!(r["to"], today().to_string());
    // Top products: the same rows, at most `limit`.
    let top = shop.user.get("/api/reports/top?limit=1").await.json();
    assert_eq!(top["rows"].as_array().unwrap().len(), 1);
    assert_eq!(top["rows"][0]["label"], "A1 · Arroz 1 kg");
}

use chrono::Datelike;

async fn every_grouping_adds_up(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (mut shop, _, _) = sold(&app).await;
    let cashier = shop.cashier.get("/api/user").await.json()["name"]
        .as_str()
        .unwrap()
        .to_string();
    let today = today();
    for (group, label) in [
        ("day", today.format("%d/%m/%Y").to_string()),
        ("category", "Sin categoría".to_string()),
        ("cashier", cashier.clone()),
        ("register", "Caja C1".to_string()),
        ("method", "Efectivo".to_string()),
        ("client", "CONSUMIDOR FINAL".to_string()),
    ] {
        let r = report(&mut shop, &format!("groupBy={group}")).await;
        let rows: Vec<Vec<String>> = r["rows"].as_array().unwrap().iter().map(row).collect();
        let mut expected: Vec<String> = TOTALS.iter().map(|s| s.to_string()).collect();
        expected[0] = label;
        assert_eq!(rows, [expected], "{group}");
        assert_eq!(row(&r["totals"]), TOTALS, "{group}");
    }
    let r = shop.user.get("/api/reports/sales?groupBy=week").await;
    assert_eq!(r.status, 400, "{}", r.text());
    let r = shop
        .user
        .get("/api/reports/sales?from=2026-12-02&to=2026-12-01")
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
}

/// A sale at 23:59:59 local time belongs to that day, one at 00:00:00 to the next.
async fn local_day_boundaries(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (mut shop, first, second) = sold(&app).await;
    let today = today();
    let yesterday = today - TimeDelta::days(1);
    // Local midnight of today is 05:00 UTC.
    let midnight = today.and_hms_opt(5, 0, 0).unwrap();
    for (id, at) in [
        (second, midnight - TimeDelta::seconds(1)),
        (first, midnight),
    ] {
        app.db(move |conn| {
            diesel::update(sales::table.filter(sales::id.eq(id)))
                .set(sales::created_at.eq(at))
                .execute(conn)
                .unwrap();
            // The sale moved in time: its summary row moves with it.
            resummarise(conn, id);
        })
        .await;
    }
    let r = report(
        &mut shop,
        &format!("from={yesterday}&to={yesterday}&groupBy=day"),
    )
    .await;
    assert_eq!(
        r["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(row)
            .collect::<Vec<_>>(),
        [[
            yesterday.format("%d/%m/%Y").to_string(),
            "1".into(),
            "5.00".into(),
            "0.30".into(),
            "5.30".into(),
            "3.30".into(),
            "1.70".into()
        ]]
    );
    // Today: the first sale and the credit note (dated today).
    let r = report(&mut shop, &format!("from={today}&to={today}&groupBy=day")).await;
    assert_eq!(
        row(&r["totals"]),
        ["Total", "1", "6.00", "0.00", "6.00", "4.20", "1.80"]
    );
    // Both days: everything, one row per day.
    let r = report(
        &mut shop,
        &format!("from={yesterday}&to={today}&groupBy=day"),
    )
    .await;
    assert_eq!(r["rows"].as_array().unwrap().len(), 2);
    assert_eq!(row(&r["totals"]), TOTALS);
}

async fn downloads_and_print(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (mut shop, _, _) = sold(&app).await;
    let r = shop
        .admin
        .get("/api/reports/sales/export?groupBy=product&format=csv")
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.header("content-type").unwrap().starts_with("text/csv"));
    let body = r.text();
    assert!(
        body.contains("Producto;Ventas;Base;IVA;Total;Costo;Margen\r\n"),
        "{body}"
    );
    assert!(
        body.contains("A1 · Arroz 1 kg;2;9.00;0.00;9.00;6.30;2.70\r\n"),
        "{body}"
    );
    assert!(
        body.contains("Total;2;11.00;0.30;11.30;7.50;3.50\r\n"),
        "{body}"
    );
    let r = shop
        .admin
        .get("/api/reports/sales/export?groupBy=product&format=xlsx")
        .await;
    assert_eq!(r.status, 200);
    assert!(r.body.starts_with(b"PK"));
    let rows = mostrador::util::spreadsheet::read_rows(&r.body, &Limits::PRODUCTS).unwrap();
    assert_eq!(rows[1].get(0).unwrap(), "A1 · Arroz 1 kg");
    // Counts and amounts are number cells (a spreadsheet sums them), read back as numbers.
    assert_eq!(rows[1].get(1).unwrap(), "2");
    assert_eq!(rows[1].get(6).unwrap(), "2.7");
    // The printable A4, rendered on the server.
    let r = shop
        .user
        .get("/admin/reportes/imprimir?groupBy=product")
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let html = r.text();
    assert!(html.contains("REPORTE DE VENTAS POR PRODUCTO"), "{html}");
    assert!(html.contains("Arroz 1 kg"));
}

async fn cashier_and_other_company(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (mut shop, _, _) = sold(&app).await;
    for path in [
        "/api/reports/sales",
        "/api/reports/sales/export",
        "/api/reports/top",
        "/api/reports/slow",
        "/api/reports/stock",
    ] {
        let r = shop.cashier.get(path).await;
        assert_eq!(r.status, 403, "{path}: {}", r.text());
    }
    let r = shop.cashier.get("/admin/reportes").await;
    assert_eq!(r.status, 403);
    // Company B sees none of company A's sales.
    let mut b = app.signed_in(shop.tenants.admin_b).await;
    let r = b.get("/api/reports/sales?groupBy=product").await.json();
    assert_eq!(r["rows"], json!([]));
    assert_eq!(
        row(&r["totals"]),
        ["Total", "0", "0.00", "0.00", "0.00", "0.00", "0.00"]
    );
    let r = b.get("/api/reports/dashboard").await.json();
    assert_eq!(r["shifts"], json!([]));
    assert_eq!(r["today"]["current"]["total"], "0.00");
}
