//! insta snapshots of the documents the server returns. Hashed asset names and CSRF tokens are
//! redacted (after checking their shape); dates are fixed by the data.
//!
//! Every snapshot test runs on each render engine against the same snapshot files, and
//! `engines_render_identical_html` asserts that QuickJS and V8 return byte-identical documents
//! for every snapshotted page, unredacted.

use mostrador::models::auth::user::Role;
use mostrador::ssr::EngineKind;

use crate::util::app::on_each_engine;
use crate::util::{Backend, TestApp, TestResponse};

const RUC: &str = "1790011224001";

/// The public pages snapshotted: (snapshot name, path, status).
const PUBLIC_PAGES: [(&str, &str, u16); 7] = [
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
];

on_each_engine!(public_pages, printable_sample_document, error_screens);

/// Redacts what changes between builds and requests, asserting each redacted value's shape.
fn normalized(response: &TestResponse) -> String {
    let html = response.text();
    let asset =
        regex::Regex::new(r#"/assets/(entry\.client|chunk|app)-[A-Z0-9]{8,10}\.(js|css)"#).unwrap();
    let token = regex::Regex::new(
        r#"("csrf":"|name="_csrf" value=")[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}""#,
    )
    .unwrap();
    let today = regex::Regex::new(r#"\d{2}/\d{2}/\d{4}|\d{4}-\d{2}-\d{2}"#).unwrap();
    // Which chunks a page preloads changes with every UI change; the snapshot keeps how many
    // there are out of it (the tests check the entry script separately).
    let preload =
        regex::Regex::new(r#"<link rel="modulepreload" href="/assets/chunk-[A-Z0-9]{8,10}\.js">"#)
            .unwrap();
    let html = preload.replace_all(&html, "");
    let build =
        regex::Regex::new(r#"<meta name="mostrador-build" content="[A-Za-z0-9._-]{1,64}">"#)
            .unwrap();
    assert!(build.is_match(&html), "every page names its build");
    let html = build.replace_all(&html, r#"<meta name="mostrador-build" content="[build]">"#);
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

async fn public_pages(engine: EngineKind) {
    let app = TestApp::with_engine(Backend::Sqlite, engine).await;
    for (name, path, status) in PUBLIC_PAGES {
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

async fn printable_sample_document(engine: EngineKind) {
    let app = TestApp::with_engine(Backend::Sqlite, engine).await;
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

async fn error_screens(engine: EngineKind) {
    let app = TestApp::with_engine(Backend::Sqlite, engine).await;
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

/// Every snapshotted page, requested by the same client (same session and CSRF cookie) from
/// the same app rendering with QuickJS and with V8: the documents must be byte-identical.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engines_render_identical_html() {
    let Some(v8) = crate::util::app::v8_engine() else {
        return;
    };
    let app = TestApp::with_engine(Backend::Sqlite, EngineKind::QuickJs).await;
    app.company(RUC, "COMERCIAL DEMO S.A.", 0).await;
    app.user(RUC, "cajero@demo.ec", Role::Cashier, None).await;
    let v8_router = app.router_with_engine(v8).await;

    let mut anonymous = app.client();
    // A first request sets the CSRF cookie, so both engines then embed the same token.
    anonymous.get("/login").await;
    let mut signed_in = app.signed_in("cajero@demo.ec").await;
    let mut compared = 0;
    for (_, path, _) in PUBLIC_PAGES {
        compare(&app, &v8_router, &mut anonymous, path).await;
        compared += 1;
    }
    for path in [
        "/tickets/prueba/A4",
        "/admin/configAdmin/usuarios",
        "/admin/no-existe",
    ] {
        compare(&app, &v8_router, &mut signed_in, path).await;
        compared += 1;
    }
    assert_eq!(compared, PUBLIC_PAGES.len() + 3);
}

async fn compare(
    app: &TestApp,
    v8_router: &axum::Router,
    client: &mut crate::util::Client,
    path: &str,
) {
    let quickjs = client.get(path).await;
    let mut on_v8 = app.client_on(v8_router.clone(), client);
    let v8 = on_v8.get(path).await;
    assert_eq!(quickjs.status, v8.status, "{path}");
    assert!(
        quickjs.text().contains("<div id=\"root\">") || quickjs.text().contains("<tbody>"),
        "{path} was rendered by the engine: {}",
        quickjs.text()
    );
    if quickjs.body != v8.body {
        let (a, b) = (quickjs.text(), v8.text());
        let at = a
            .bytes()
            .zip(b.bytes())
            .position(|(x, y)| x != y)
            .unwrap_or(a.len().min(b.len()));
        let around = |t: &str| {
            t.get(at.saturating_sub(120)..(at + 120).min(t.len()))
                .unwrap_or("")
                .to_string()
        };
        panic!(
            "{path}: QuickJS y V8 difieren en el byte {at}\nQuickJS: …{}…\nV8:      …{}…",
            around(&a),
            around(&b)
        );
    }
}
