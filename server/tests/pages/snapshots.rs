//! insta snapshots of the documents the server returns. Hashed asset names and CSRF tokens are
//! redacted (after checking their shape); dates are fixed by the data.

use mostrador::models::user::Role;

use crate::util::{Backend, TestApp, TestResponse};

const RUC: &str = "1790011224001";

/// Redacts what changes between builds and requests, asserting each redacted value's shape.
fn normalized(response: &TestResponse) -> String {
    let html = response.text();
    let asset =
        regex::Regex::new(r#"/assets/(entry\.client|chunk|app)-[A-Z0-9]{8,10}\.(js|css)"#).unwrap();
    let token = regex::Regex::new(r#"("csrf":"|name="_csrf" value=")[A-Za-z0-9_-]{43}""#).unwrap();
    let today = regex::Regex::new(r#"\d{2}/\d{2}/\d{4}|\d{4}-\d{2}-\d{2}"#).unwrap();
    // Which chunks a page preloads changes with every UI change; the snapshot keeps how many
    // there are out of it (the tests check the entry script separately).
    let preload =
        regex::Regex::new(r#"<link rel="modulepreload" href="/assets/chunk-[A-Z0-9]{8,10}\.js">"#)
            .unwrap();
    let html = preload.replace_all(&html, "");
    let html = asset.replace_all(&html, "/assets/$1-[hash].$2");
    let html = token.replace_all(&html, "$1[csrf]\"");
    today.replace_all(&html, "[fecha]").replace("><", ">\n<")
}

async fn page(app: &TestApp, path: &str) -> TestResponse {
    let response = app.client().get(path).await;
    assert_eq!(
        response.header("content-type").as_deref(),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(
        response.header("cache-control").as_deref(),
        Some("no-store")
    );
    response
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_pages() {
    let app = TestApp::new(Backend::Sqlite).await;
    for (name, path, status) in [
        ("landing", "/", 200),
        ("login", "/login", 200),
        ("login_required", "/login?motivo=sesion", 200),
        ("register", "/register", 200),
        (
            "verify_email_bad_token",
            "/verify-email?token=desconocido",
            200,
        ),
        ("reset_bad_token", "/login/desconocido", 200),
        ("not_found", "/no/existe", 404),
    ] {
        let response = page(&app, path).await;
        assert_eq!(response.status, status, "{path}");
        let html = normalized(&response);
        assert!(
            html.contains("<script type=\"module\" src=\"/assets/entry.client-[hash].js\">"),
            "{path} hydrates"
        );
        insta::assert_snapshot!(name, html);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn printable_sample_document() {
    let app = TestApp::new(Backend::Sqlite).await;
    app.company(RUC, "COMERCIAL DEMO S.A.", 0).await;
    app.user(RUC, "imprime@demo.ec", Role::Cashier, None).await;
    let mut c = app.signed_in("imprime@demo.ec").await;
    let response = c.get("/tickets/prueba/A4").await;
    assert_eq!(response.status, 200);
    let html = response.text();
    assert!(
        !html.contains("<script"),
        "a printable works without JavaScript"
    );
    assert!(html.contains("/assets/app-"), "but keeps its stylesheet");
    let body_rows = html
        .split("<tbody>")
        .nth(1)
        .unwrap()
        .split("</tbody>")
        .next()
        .unwrap()
        .matches("<tr")
        .count();
    assert_eq!(body_rows, mostrador::controllers::pages::SAMPLE_LINES);
    assert!(html.contains("RUC 1790011224001"));
    let thousands = regex::Regex::new(r"\$ \d{1,3}(,\d{3})+\.\d{2}<").unwrap();
    assert!(
        thousands.is_match(&html),
        "money is formatted as $ 1,234.56"
    );
    insta::assert_snapshot!("printable_sample_a4", normalized(&response));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn error_screens() {
    let app = TestApp::new(Backend::Sqlite).await;
    app.company(RUC, "COMERCIAL DEMO S.A.", 0).await;
    app.user(RUC, "cajero@demo.ec", Role::Cashier, None).await;
    let mut cashier = app.signed_in("cajero@demo.ec").await;
    let forbidden = cashier.get("/admin/configAdmin/usuarios").await;
    assert_eq!(forbidden.status, 403);
    let html = normalized(&forbidden);
    assert!(html.contains("RECURSO LIMITADO_ACCESO CON USUARIO<!-- --> <!-- -->403"));
    assert!(
        !html.contains("Iniciar Session"),
        "signed-in users do not get the sign-in button"
    );
    insta::assert_snapshot!("error_403_signed_in", html);

    let missing = cashier.get("/admin/no-existe").await;
    assert_eq!(missing.status, 404);
    let html = normalized(&missing);
    assert!(html.contains("Page Not Found /admin/no-existe"));
    insta::assert_snapshot!("error_404_admin", html);
}
