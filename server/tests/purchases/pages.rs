//! The purchases pages as the server renders them: merchandise purchases, expenses, manual
//! purchases, payables and a supplier's statement, each with its data, for its company only.

use serde_json::json;

use crate::sales::support::Shop;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(purchase_pages_render_with_their_data_for_their_company);

async fn purchase_pages_render_with_their_data_for_their_company(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let product = shop.product("P1", "Arroz", "2.00", "4", "0", "0").await;
    let r = shop
        .user
        .post_json(
            "/api/purchases/supplier/register",
            json!({ "idType": "ruc", "identification": "0990000001001", "name": "DISTRIBUIDORA EL SOL", "creditDays": 30 }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let supplier = r.json()["_id"].as_i64().unwrap();
    let bought = shop
        .user
        .post_json(
            "/api/purchases/merchandise/register",
            json!({ "idempotencyKey": "pg-1", "supplierId": supplier, "documentNumber": "001-002-000004521",
                    "date": "2026-01-15", "cellarId": shop.cellar,
                    "lines": [{ "productId": product, "quantity": "10", "unitCost": "1.50", "ivaCode": "4" }],
                    "payment": { "method": "credit" } }),
        )
        .await;
    assert_eq!(bought.status, 201, "{}", bought.text());
    let r = shop
        .cashier
        .post_json(
            "/api/purchases/expense/register",
            json!({ "idempotencyKey": "pg-2", "supplierId": supplier, "documentNumber": "002-001-000000456",
                    "date": "2026-01-16", "category": "arriendo", "amount": "20.00", "ivaCode": "4",
                    "payment": { "method": "cash" } }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let r = shop
        .user
        .post_json(
            "/api/purchases/manual/register",
            json!({ "idempotencyKey": "pg-3", "supplierId": supplier, "documentNumber": "003-001-000000789",
                    "date": "2026-01-17", "lines": [{ "description": "Fundas de papel", "quantity": "100", "unitCost": "0.05", "ivaCode": "4" }],
                    "payment": { "method": "credit" } }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());

    let pages = [
        (
            "/admin/compras/mercaderia".to_string(),
            "Compras de mercadería",
            "001-002-000004521",
        ),
        (
            "/admin/compras/gastos".to_string(),
            "Gastos registrados",
            "002-001-000000456",
        ),
        (
            "/admin/compras/manual".to_string(),
            "Compras manuales",
            "003-001-000000789",
        ),
        (
            "/admin/compras/cuentasPorPagar".to_string(),
            "Cuentas por pagar",
            "001-002-000004521",
        ),
        (
            format!("/admin/compras/estadoCuentaProveedor?supplierId={supplier}"),
            "Estado de cuenta de proveedor",
            "Compra 001-002-000004521",
        ),
    ];
    for (path, heading, row) in &pages {
        let page = shop.admin.get(path).await;
        assert_eq!(page.status, 200, "{path}");
        let html = page.text();
        assert!(html.contains(heading), "{path}: its heading");
        assert!(html.contains(row), "{path}: the registered row");
        assert!(
            html.contains("DISTRIBUIDORA EL SOL"),
            "{path}: the supplier"
        );
    }
    // The payables page: the purchase on credit with its balance (10 × 1.50 + 15 % IVA).
    let payables = shop
        .admin
        .get("/admin/compras/cuentasPorPagar")
        .await
        .text();
    assert!(payables.contains("$ 17.25"), "the balance on the page");
    // Admin and user cancel purchases; a cashier registers and pays them but gets no «Anular»
    // and no supplier's statement.
    assert!(
        shop.admin
            .get("/admin/compras/mercaderia")
            .await
            .text()
            .contains(">Anular</button>")
    );
    let cashier = shop.cashier.get("/admin/compras/mercaderia").await;
    assert_eq!(cashier.status, 200);
    let html = cashier.text();
    assert!(
        html.contains("001-002-000004521"),
        "the cashier sees the list"
    );
    assert!(!html.contains(">Anular</button>"), "but cannot cancel");
    assert_eq!(
        shop.cashier
            .get(&format!(
                "/admin/compras/estadoCuentaProveedor?supplierId={supplier}"
            ))
            .await
            .status,
        403
    );

    // Another company sees none of it: empty lists, and the supplier's statement is not found.
    let mut intruder = app.signed_in(shop.tenants.admin_b).await;
    for (path, heading, row) in &pages[..4] {
        let page = intruder.get(path).await;
        assert_eq!(page.status, 200, "{path}");
        let html = page.text();
        assert!(html.contains(heading), "{path}: its heading");
        assert!(!html.contains(row), "{path}: another company's row");
        assert!(!html.contains("DISTRIBUIDORA EL SOL"), "{path}");
    }
    assert!(
        intruder
            .get("/admin/compras/mercaderia")
            .await
            .text()
            .contains("Todavía no hay compras."),
        "the empty state"
    );
    let statement = intruder.get(&pages[4].0).await;
    assert_eq!(statement.status, 404);
    assert!(!statement.text().contains("001-002-000004521"));
}
