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
    a_refund_comes_off_the_method_that_paid_it_out,
    the_totals_do_not_depend_on_the_grouping,
    a_dish_carries_its_ingredients_cost_and_units,
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
        body.contains("Producto;Ventas;Base;IVA;Total;Costo;Margen;Unidades\r\n"),
        "{body}"
    );
    assert!(
        body.contains("A1 · Arroz 1 kg;2;9.00;0.00;9.00;6.30;2.70;9\r\n"),
        "{body}"
    );
    assert!(
        body.contains("Total;2;11.00;0.30;11.30;7.50;3.50;\r\n"),
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

/// A sale paid by card and cash, and a credit note of it refunded in cash: the card row keeps
/// what the cards were charged; the cash row loses the refund.
async fn a_refund_comes_off_the_method_that_paid_it_out(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.00", "0", "50", "0.70")
        .await;
    let mut body = cash_sale("m-1", &[(rice, "10")], "10.00", "10.00");
    body["payments"] = json!([
        { "method": "card", "amount": "7.00", "reference": "VISA 1234" },
        { "method": "cash", "amount": "3.00", "received": "3.00" },
    ]);
    let r = shop
        .cashier
        .post_json("/api/sales/note/register", body)
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let sale = r.json()["_id"].as_i64().unwrap();
    let r = shop
        .cashier
        .post_json(
            "/api/sales/creditNote/register",
            json!({ "saleId": sale, "reason": "Devolución", "refund": "cash",
                    "lines": [{ "productId": rice, "quantity": "2" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let r = report(&mut shop, "groupBy=method").await;
    let rows: Vec<Vec<String>> = r["rows"].as_array().unwrap().iter().map(row).collect();
    // Card: 7.00 charged (cost 4.90 of it); cash: 3.00 in, 2.00 out (cost 2.10 − 1.40 back).
    assert_eq!(
        rows,
        [
            [
                "Tarjeta de crédito",
                "1",
                "7.00",
                "0.00",
                "7.00",
                "4.90",
                "2.10"
            ],
            ["Efectivo", "1", "1.00", "0.00", "1.00", "0.70", "0.30"],
        ]
    );
    assert_eq!(
        row(&r["totals"]),
        ["Total", "1", "8.00", "0.00", "8.00", "5.60", "2.40"]
    );
}

/// Three lines of 0.10 at 15 %: each line's IVA rounds to 0.02, the document's to 0.05. Every
/// grouping has the document's totals, and the product rows add up to them.
async fn the_totals_do_not_depend_on_the_grouping(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let mut lines = Vec::new();
    for code in ["P1", "P2", "P3"] {
        lines.push((
            shop.product(code, code, "0.10", "4", "10", "0.05").await,
            "1",
        ));
    }
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            cash_sale("t-1", &lines, "0.35", "0.35"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    for group in [
        "product", "category", "day", "method", "cashier", "client", "register",
    ] {
        let r = report(&mut shop, &format!("groupBy={group}")).await;
        assert_eq!(
            row(&r["totals"])[2..5],
            ["0.30", "0.05", "0.35"],
            "{group}: {r}"
        );
        let cents = |k: &str| -> i64 {
            r["rows"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| {
                    x[k].as_str()
                        .unwrap()
                        .replace('.', "")
                        .parse::<i64>()
                        .unwrap()
                })
                .sum()
        };
        assert_eq!((cents("base"), cents("iva")), (30, 5), "{group}: {r}");
    }
}

/// Two dishes (a recipe of rice 0.25 kg at 0.80 and beans 0.10 kg at 1.50: 0.35 each) sold in
/// one sale: the dish's row carries 0.70 of cost and 2 units; the ingredients have no row.
async fn a_dish_carries_its_ingredients_cost_and_units(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let menu = crate::restaurant::orders::menu(&app, &mut shop.admin).await;
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            cash_sale("d-1", &[(menu.dish, "2"), (menu.beer, "1")], "9.00", "9.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let r = report(&mut shop, "groupBy=product").await;
    let rows: Vec<(Vec<String>, String)> = r["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (row(x), x["units"].as_str().unwrap_or_default().to_string()))
        .collect();
    assert_eq!(
        rows,
        [
            (
                [
                    "MEN · Arroz con menestra",
                    "1",
                    "7.00",
                    "0.00",
                    "7.00",
                    "0.70",
                    "6.30"
                ]
                .map(String::from)
                .to_vec(),
                "2".to_string()
            ),
            (
                ["CRV · Cerveza", "1", "2.00", "0.00", "2.00", "1.00", "1.00"]
                    .map(String::from)
                    .to_vec(),
                "1".to_string()
            ),
        ]
    );
    assert_eq!(row(&r["totals"])[5], "1.70");
    // By category too: the dish's category holds its cost (the beer's is «Bar»).
    let r = report(&mut shop, "groupBy=category").await;
    let total_cost: i64 = r["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            x["cost"]
                .as_str()
                .unwrap()
                .replace('.', "")
                .parse::<i64>()
                .unwrap()
        })
        .sum();
    assert_eq!(total_cost, 170, "{r}");
}
