//! The cash pages and the arqueo ticket as the server renders them.

use serde_json::json;

use super::turns::{new_register, open};
use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(arqueo_ticket_is_complete_html_for_who_may_see_the_shift);

async fn arqueo_ticket_is_complete_html_for_who_may_see_the_shift(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let [(_, mut admin), (_, mut user), (_, mut cashier)] = t.clients_a(&app).await;
    let register = new_register(&mut admin, "C1").await;
    let id = open(&mut cashier, register, "10.00").await;
    let r = cashier
        .post_json(
            &format!("/api/Turn/{id}/close"),
            json!({ "counts": [{ "denomination": "10", "quantity": 1 }, { "denomination": "0.05", "quantity": 1 }] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    for path in [
        format!("/admin/caja/turno/{id}/ticketArqueo"),
        format!("/tickets/caja/ticketArqueo?turno={id}"),
    ] {
        for client in [&mut cashier, &mut user] {
            let page = client.get(&path).await;
            assert_eq!(page.status, 200, "{path}");
            let html = page.text();
            assert!(html.contains("ARQUEO DE CAJA"), "{path}");
            assert!(html.contains("EMPRESA A S.A."), "{path}");
            assert!(html.contains("SOBRANTE"), "{path}");
            assert!(crate::util::only_print_script(&html), "{path}: no scripts");
        }
    }
    // Without a shift number: the user's last shift.
    assert!(
        cashier
            .get("/tickets/caja/ticketArqueo")
            .await
            .text()
            .contains(&format!("#{id}"))
    );
    // Another company: the error screen, not the ticket.
    let mut intruder = app.signed_in(t.admin_b).await;
    let page = intruder
        .get(&format!("/admin/caja/turno/{id}/ticketArqueo"))
        .await;
    assert_eq!(page.status, 404);
    assert!(!page.text().contains("ARQUEO DE CAJA"));
    // The cash pages render for the cashier.
    for path in [
        "/admin/caja",
        "/admin/caja/abrirCerrarCaja",
        "/admin/caja/Ingresar",
        "/admin/caja/misTurnos",
    ] {
        assert_eq!(cashier.get(path).await.status, 200, "{path}");
    }
    assert_eq!(
        cashier
            .get("/admin/caja/turno/confirmarCierre")
            .await
            .status,
        403
    );
    let confirm = user.get("/admin/caja/turno/confirmarCierre").await;
    assert_eq!(confirm.status, 200);
    assert!(
        confirm.text().contains(&format!("#{id}")),
        "the closed shift waits for confirmation"
    );
}
