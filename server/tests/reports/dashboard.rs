//! The dashboard: admin and user see the branch's sales against last month, every open shift
//! with its expected cash and the stock alerts; the cashier only their own shift, without the
//! expected cash (blind count).

use serde_json::json;

use super::sales::sold;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(dashboard_per_role, stock_reports);

async fn dashboard_per_role(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (mut shop, _, _) = sold(&app).await;
    let cashier = shop.cashier.get("/api/user").await.json()["name"].clone();
    for client in [&mut shop.admin, &mut shop.user] {
        let r = client.get("/api/reports/dashboard").await;
        assert_eq!(r.status, 200, "{}", r.text());
        let d = r.json();
        assert_eq!(d["full"], true);
        assert_eq!(d["today"]["current"]["total"], "11.30", "{d}");
        assert_eq!(d["today"]["current"]["count"], 2);
        assert_eq!(d["today"]["previous"]["total"], "0.00");
        assert_eq!(d["month"]["current"]["total"], "11.30");
        assert_eq!(d["shifts"].as_array().unwrap().len(), 1);
        assert_eq!(d["shifts"][0]["user"], cashier);
        assert_eq!(d["shifts"][0]["register"], "Caja C1");
        // 50.00 opening + 10.00 + 5.30 in cash − 4.00 refunded.
        assert_eq!(d["shifts"][0]["expected"], "61.30");
    }
    let r = shop.cashier.get("/api/reports/dashboard").await;
    assert_eq!(r.status, 200, "{}", r.text());
    let d = r.json();
    assert_eq!(d["full"], false);
    assert_eq!(d["today"], json!(null));
    assert_eq!(d["month"], json!(null));
    assert_eq!(d["lowStock"], json!([]));
    assert_eq!(d["shifts"].as_array().unwrap().len(), 1);
    assert_eq!(d["shifts"][0]["turnId"], shop.turn);
    assert_eq!(d["shifts"][0]["expected"], json!(null));
    // The back-office home (`/admin`) carries the same figures.
    let home = shop.admin.get("/api/dashboard").await.json();
    assert_eq!(
        home["reports"]["today"]["current"]["total"], "11.30",
        "{home}"
    );
    // Both «today» totals say which they are: the dashboard's is net of the credit note (11.30),
    // the sales page's is what was sold (15.30), gross.
    let page = shop.admin.get("/admin").await.text();
    assert!(page.contains("Ventas netas de hoy"), "{page}");
    assert!(page.contains("descontadas las notas de crédito"), "{page}");
    let page = shop.admin.get("/admin/ventas").await.text();
    assert!(page.contains("Total vendido (bruto)"), "{page}");
    assert!(page.contains("15.30"), "{page}");
    let home = shop.cashier.get("/api/dashboard").await.json();
    assert_eq!(home["reports"]["full"], false, "{home}");
    assert_eq!(home["reports"]["shifts"][0]["expected"], json!(null));
    // A second cashier's shift is not on the first cashier's dashboard, but is on the admin's.
    let register = crate::cash::turns::new_register(&mut shop.admin, "C2").await;
    crate::cash::turns::open(&mut shop.user, register, "20.00").await;
    let d = shop.cashier.get("/api/reports/dashboard").await.json();
    assert_eq!(d["shifts"].as_array().unwrap().len(), 1);
    let d = shop.admin.get("/api/reports/dashboard").await.json();
    assert_eq!(d["shifts"].as_array().unwrap().len(), 2);
}

async fn stock_reports(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (mut shop, _, _) = sold(&app).await;
    let never = shop
        .product("Z1", "Producto quieto", "3.00", "0", "5", "2.00")
        .await;
    let slow = shop.user.get("/api/reports/slow?days=30").await.json();
    let rows = slow["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{slow}");
    assert_eq!(rows[0]["productId"], never);
    assert_eq!(rows[0]["lastSold"], json!(null));
    assert_eq!(rows[0]["stock"], "5");
    let r = shop.user.get("/api/reports/slow?days=0").await;
    assert_eq!(r.status, 400);
    let stock = shop.user.get("/api/reports/stock").await.json();
    // Rice 41 × 0.70 + cola 8 × 0.60 + 5 × 2.00.
    assert_eq!(stock["totalValue"], "43.50", "{stock}");
    assert_eq!(stock["byCellar"].as_array().unwrap().len(), 1);
    assert_eq!(stock["low"], json!([]));
}
