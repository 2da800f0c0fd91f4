//! The printouts of an internal credit note (issue 24, defect 3): A4 and 80 mm ticket, complete
//! HTML without scripts, built from the sales note's own printouts; the sale's printout links
//! them; another company's credit note is 404.

use serde_json::json;

use super::support::{Shop, cash_sale};
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(credit_note_printouts);

async fn credit_note_printouts(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let cola = shop
        .product("C1", "Cola 1 l", "1.00", "4", "10", "0.60")
        .await;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.20", "0", "10", "0.70")
        .await;
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            cash_sale("nc-print", &[(cola, "3"), (rice, "1")], "4.65", "5.00"),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let sale = r.json();
    let sale_id = sale["_id"].as_i64().unwrap();
    // Two of the three colas come back, refunded from the drawer.
    let returned = json!({ "saleId": sale_id, "reason": "Botella rota", "refund": "cash",
                           "lines": [{ "productId": cola, "quantity": "2" }] });
    let r = shop
        .cashier
        .post_json("/api/sales/creditNote/register", returned)
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let note = r.json();
    let id = note["_id"].as_i64().unwrap();
    assert_eq!(note["total"], "2.30");

    for (path, title) in [
        (
            format!("/admin/ventas/notaCredito/{id}/ticket"),
            "NOTA DE CRÉDITO 001-001-000000001",
        ),
        (
            format!("/admin/ventas/notaCredito/{id}/pdf"),
            "No. 001-001-000000001",
        ),
    ] {
        let r = shop.cashier.get(&path).await;
        assert_eq!(r.status, 200, "{path}: {}", r.text());
        let html = r.text();
        assert!(
            html.contains("<html") && html.contains("</html>"),
            "{path}: documento completo"
        );
        assert!(html.contains(title), "{path}: {html}");
        assert!(html.contains("Cola 1 l"), "{path}: la línea devuelta");
        assert!(!html.contains("Arroz 1 kg"), "{path}: solo lo devuelto");
        assert!(html.contains("Botella rota"), "{path}: el motivo");
        assert!(
            html.contains(sale["number"].as_str().unwrap()),
            "{path}: la venta"
        );
        assert!(html.contains("$ 2.30"), "{path}: el total");
        assert!(crate::util::only_print_script(&html), "{path}: sin scripts");
        // Issue 24, defect 9: the «Imprimir» button, with the one script that makes it print.
        assert!(html.contains("data-print-button"), "{path}: botón Imprimir");
        assert!(
            html.contains(r#"<script type="module" src="/assets/print-"#),
            "{path}: el script del botón"
        );
    }

    // The sale's printouts link the credit note's.
    let html = shop
        .cashier
        .get(&format!("/admin/ventas/notaventa/{sale_id}/pdf"))
        .await
        .text();
    assert!(
        html.contains(&format!("/admin/ventas/notaCredito/{id}/pdf")),
        "{html}"
    );

    // Unknown, malformed, and another company's: 404.
    for path in [
        "/admin/ventas/notaCredito/999999/pdf".to_string(),
        "/admin/ventas/notaCredito/abc/ticket".to_string(),
    ] {
        assert_eq!(shop.cashier.get(&path).await.status, 404, "{path}");
    }
    let mut b = app.signed_in(shop.tenants.admin_b).await;
    for path in [
        format!("/admin/ventas/notaCredito/{id}/pdf"),
        format!("/admin/ventas/notaCredito/{id}/ticket"),
    ] {
        assert_eq!(b.get(&path).await.status, 404, "{path}");
    }
}
