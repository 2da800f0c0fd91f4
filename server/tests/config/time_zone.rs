//! The company's clock (issue 24, «Two clocks»): times are stored in UTC and shown in the company's
//! zone (`America/Guayaquil` unless configured) — the API with the zone's offset, CSV and printouts
//! as `dd/mm/aaaa HH:MM` —, a "day" is the company's day, and printouts read like paper: dates
//! `dd/mm/aaaa`, prices to the cent, quantities with their unit in singular or plural.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde_json::json;

use crate::sales::support::{Shop, cash_sale};
use crate::util::{Backend, Client, TestApp, on_both_backends};
use mostrador::db::schema::{kardex, quotes, sales, turn_movements, turns};

on_both_backends!(
    kardex_in_company_time,
    a_day_is_the_company_day,
    quote_printout_reads_like_paper,
    cash_sales_and_dashboard_in_another_zone,
    quote_printout_in_another_zone
);

fn utc(text: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
}

/// Sets the company's time zone as the admin does on the company screen.
async fn set_zone(admin: &mut Client, zone: &str) {
    let mut company = admin.get("/api/company").await.json();
    company["timeZone"] = json!(zone);
    let r = admin.post_json("/api/company/update", company).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["timeZone"], zone);
}

/// Moves sale `sale` (the sale and its kardex rows) to the UTC time `at`, as if made then.
async fn sold_at(app: &TestApp, sale: i64, at: &'static str) {
    app.db(move |conn| {
        diesel::update(sales::table.find(sale))
            .set(sales::created_at.eq(utc(at)))
            .execute(conn)
            .unwrap();
        let rows = kardex::table
            .filter(kardex::movement_type.eq("sale"))
            .filter(kardex::document_id.eq(sale));
        diesel::update(rows)
            .set(kardex::created_at.eq(utc(at)))
            .execute(conn)
            .unwrap()
    })
    .await;
}

/// A cash sale of one unit of `product`; its id.
async fn sell(shop: &mut Shop, key: &str, product: i64, total: &str) -> i64 {
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            cash_sale(key, &[(product, "1")], total, total),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["_id"].as_i64().unwrap()
}

async fn kardex_in_company_time(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cola = shop.product("C1", "Cola", "1.00", "0", "10", "0.60").await;
    let sale = sell(&mut shop, "tz-1", cola, "1.00").await;
    // The sale happened at 15:24 UTC: 10:24 in Guayaquil.
    sold_at(&app, sale, "2026-11-26 15:24").await;

    let sold = shop.kardex_rows(cola, "sale").await;
    assert_eq!(sold[0]["date"], "2026-11-26T10:24:00-05:00", "{sold:?}");

    let csv = shop
        .user
        .get(&format!("/api/inventory/kardex/export?productId={cola}"))
        .await;
    assert_eq!(csv.status, 200, "{}", csv.text());
    let text = csv.text();
    let row = text
        .split("\r\n")
        .find(|l| l.contains(";Venta;"))
        .unwrap_or_else(|| panic!("sin venta: {text}"));
    assert_eq!(row.split(';').nth(2), Some("26/11/2026 10:24"), "{text}");

    let page = shop
        .user
        .get(&format!("/admin/inventario/kardex?productId={cola}"))
        .await;
    assert_eq!(page.status, 200);
    let html = page.text();
    assert!(html.contains("26/11/2026 10:24"), "{html}");
    assert!(!html.contains("26/11/2026 15:24"), "{html}");

    // The inventory hub's last movements and the adjustment list read the same clock.
    let hub = shop.user.get("/admin/inventario").await.text();
    assert!(hub.contains("26/11/2026 10:24"), "{hub}");
    let adjustments = shop.user.get("/api/inventory/adjustment").await.json();
    let date = adjustments["results"][0]["date"].as_str().unwrap();
    assert!(date.ends_with("-05:00"), "{adjustments}");

    // In Galápagos the same sale was at 09:24, and the API says so with that zone's offset.
    set_zone(&mut shop.admin, "Pacific/Galapagos").await;
    let sold = shop.kardex_rows(cola, "sale").await;
    assert_eq!(sold[0]["date"], "2026-11-26T09:24:00-06:00", "{sold:?}");

    // Only the admin sets it, only to a zone that exists.
    let mut company = shop.admin.get("/api/company").await.json();
    company["timeZone"] = json!("America/Quito2");
    let r = shop.admin.post_json("/api/company/update", company).await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert_eq!(
        r.json()["errors"]["timeZone"],
        "Seleccione una zona horaria válida"
    );
    let r = shop
        .user
        .post_json("/api/company/update", json!({ "timeZone": "UTC" }))
        .await;
    assert_eq!(r.status, 403, "{}", r.text());
}

async fn a_day_is_the_company_day(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cola = shop.product("C1", "Cola", "1.00", "0", "10", "0.60").await;
    let sale = sell(&mut shop, "tz-2", cola, "1.00").await;
    // 03:00 UTC on the 27th is 22:00 on the 26th in Guayaquil.
    sold_at(&app, sale, "2026-11-27 03:00").await;
    let count = |day: &str| format!("/api/sales/note?from={day}&to={day}");
    let on_26 = shop.user.get(&count("2026-11-26")).await.json();
    assert_eq!(on_26["total"], 1, "{on_26}");
    let on_27 = shop.user.get(&count("2026-11-27")).await.json();
    assert_eq!(on_27["total"], 0, "{on_27}");
    assert_eq!(on_26["results"][0]["date"], "2026-11-26T22:00:00-05:00");

    // 05:30 UTC on the 26th is still the 25th in Galápagos (UTC−6), the 26th on the mainland.
    sold_at(&app, sale, "2026-11-26 05:30").await;
    let on_26 = shop.user.get(&count("2026-11-26")).await.json();
    assert_eq!(on_26["total"], 1, "{on_26}");
    set_zone(&mut shop.admin, "Pacific/Galapagos").await;
    let on_26 = shop.user.get(&count("2026-11-26")).await.json();
    assert_eq!(on_26["total"], 0, "{on_26}");
    let on_25 = shop.user.get(&count("2026-11-25")).await.json();
    assert_eq!(on_25["total"], 1, "{on_25}");
    assert_eq!(on_25["results"][0]["date"], "2026-11-25T23:30:00-06:00");
}

async fn quote_printout_reads_like_paper(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let box_ = shop
        .product("B1", "Caja de té", "35.5", "0", "10", "20")
        .await;
    let cola = shop.product("C1", "Cola", "1.00", "0", "10", "0.60").await;
    let r = shop
        .user
        .post_json(
            "/api/sales/quoter/register",
            json!({ "validUntil": "2099-12-11", "lines": [
                { "productId": box_, "quantity": "2" },
                { "productId": cola, "quantity": "1" },
            ] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let id = r.json()["_id"].as_i64().unwrap();
    let html = shop
        .user
        .get(&format!("/tickets/quoter/A4PDF?id={id}"))
        .await
        .text();
    assert!(html.contains("11/12/2099"), "{html}");
    assert!(!html.contains("2099-12-11"), "{html}");
    assert!(html.contains("2 unidades"), "{html}");
    assert!(html.contains("1 unidad<"), "{html}");
    assert!(html.contains("$ 35.50"), "{html}");
    assert!(!html.contains(">35.5<"), "{html}");
}

/// Moves shift `turn` (its opening and every line) to the UTC time `at`.
async fn shift_at(app: &TestApp, turn: i64, at: &'static str) {
    app.db(move |conn| {
        diesel::update(turns::table.find(turn))
            .set(turns::opened_at.eq(utc(at)))
            .execute(conn)
            .unwrap();
        diesel::update(turn_movements::table.filter(turn_movements::turn_id.eq(turn)))
            .set(turn_movements::created_at.eq(utc(at)))
            .execute(conn)
            .unwrap()
    })
    .await;
}

/// `path` as `client` sees it, which must answer 200.
async fn html(client: &mut Client, path: &str) -> String {
    let page = client.get(path).await;
    assert_eq!(page.status, 200, "{path}: {}", page.text());
    page.text()
}

/// In Galápagos (UTC−6) the shift, the sale, their printouts and the owner's dashboard read the
/// company's clock, not Ecuador's mainland one: 05:30 UTC on the 27th is still 23:30 on the 26th.
async fn cash_sales_and_dashboard_in_another_zone(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cola = shop.product("C1", "Cola", "1.00", "0", "10", "0.60").await;
    let sale = sell(&mut shop, "tz-3", cola, "1.00").await;
    set_zone(&mut shop.admin, "Pacific/Galapagos").await;
    sold_at(&app, sale, "2026-11-27 05:30").await;
    shift_at(&app, shop.turn, "2026-11-26 15:24").await;
    let turn = shop.turn;

    // The shift: the API with the company's offset, the arqueo printout in its clock.
    let view = shop.shift().await;
    assert_eq!(view["openedAt"], "2026-11-26T09:24:00-06:00", "{view}");
    for m in view["movements"].as_array().unwrap() {
        assert_eq!(m["createdAt"], "2026-11-26T09:24:00-06:00", "{view}");
    }
    let arqueo = html(
        &mut shop.user,
        &format!("/admin/caja/turno/{turn}/ticketArqueo"),
    )
    .await;
    assert!(arqueo.contains("26/11/2026 09:24"), "{arqueo}");
    assert!(!arqueo.contains("26/11/2026 10:24"), "{arqueo}");

    // The sale: its detail, its ticket and its A4.
    let detail = shop
        .user
        .get(&format!("/api/sales/note/{sale}"))
        .await
        .json();
    assert_eq!(detail["date"], "2026-11-26T23:30:00-06:00", "{detail}");
    for path in [
        format!("/admin/ventas/notaventa/{sale}/ticket"),
        format!("/admin/ventas/notaventa/{sale}/pdf"),
    ] {
        let page = html(&mut shop.user, &path).await;
        assert!(page.contains("26/11/2026 23:30"), "{path}: {page}");
        assert!(!page.contains("27/11/2026 00:30"), "{path}: {page}");
    }

    // The home dashboard: who holds a shift since when.
    let dashboard = shop.user.get("/api/reports/dashboard").await.json();
    assert_eq!(
        dashboard["shifts"][0]["openedAt"], "2026-11-26T09:24:00-06:00",
        "{dashboard}"
    );
    let home = html(&mut shop.user, "/admin").await;
    assert!(home.contains("desde 26/11/2026 09:24"), "{home}");

    // The kardex CSV export writes the same clock.
    let csv = shop
        .user
        .get(&format!("/api/inventory/kardex/export?productId={cola}"))
        .await
        .text();
    let row = csv
        .split("\r\n")
        .find(|l| l.contains(";Venta;"))
        .unwrap_or_else(|| panic!("sin venta: {csv}"));
    assert_eq!(row.split(';').nth(2), Some("26/11/2026 23:30"), "{csv}");
}

async fn quote_printout_in_another_zone(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cola = shop.product("C1", "Cola", "1.00", "0", "10", "0.60").await;
    let r = shop
        .user
        .post_json(
            "/api/sales/quoter/register",
            json!({ "validUntil": "2099-12-11", "lines": [{ "productId": cola, "quantity": "1" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let id = r.json()["_id"].as_i64().unwrap();
    set_zone(&mut shop.admin, "Europe/Madrid").await;
    app.db(move |conn| {
        diesel::update(quotes::table.find(id))
            .set(quotes::created_at.eq(utc("2026-11-26 15:24")))
            .execute(conn)
            .unwrap()
    })
    .await;
    let quote = shop
        .user
        .get(&format!("/api/sales/quoter/{id}"))
        .await
        .json();
    assert_eq!(quote["date"], "2026-11-26T16:24:00+01:00", "{quote}");
    let list = shop.user.get("/api/sales/quoter").await.json();
    assert_eq!(
        list["results"][0]["date"], "2026-11-26T16:24:00+01:00",
        "{list}"
    );
    let page = html(&mut shop.user, &format!("/tickets/quoter/A4PDF?id={id}")).await;
    assert!(page.contains("26/11/2026 16:24"), "{page}");
    assert!(!page.contains("26/11/2026 10:24"), "{page}");
}
