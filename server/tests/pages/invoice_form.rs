//! `/admin/ebilling/factura` (issue 23's full invoice form): rendered on the server for every
//! role, with the factura express POS's data (the same loader) under its own route id.

use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(the_invoice_form_renders_for_every_role);

async fn the_invoice_form_renders_for_every_role(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    for email in [tenants.admin_a, tenants.user_a, tenants.cashier_a] {
        let mut client = app.signed_in(email).await;
        let page = client.get("/admin/ebilling/factura").await;
        assert_eq!(page.status, 200, "{email}");
        let html = page.text();
        assert!(html.contains("Factura electrónica"), "{email}: {html}");
        assert!(html.contains("Información adicional"), "{email}: {html}");
        assert!(html.contains("Cobrar (F9)"), "{email}: {html}");
        let data = client
            .get("/api/page-data/admin/ebilling/factura")
            .await
            .json();
        assert_eq!(
            data["ebilling-invoice"]["finalConsumer"]["identification"], "9999999999999",
            "{email}: {data}"
        );
    }
    // Signed out: the sign-in, no data.
    let anonymous = app
        .client()
        .get("/api/page-data/admin/ebilling/factura")
        .await;
    assert_eq!(anonymous.status, 401);
}
