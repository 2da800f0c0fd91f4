//! One loader per page: the browser's navigations get from `/api/page-data` exactly the data the
//! server render embeds, and the route table marks `data` exactly the routes the server loads.

use mostrador::controllers::pages::loaders::routes_with_data;
use mostrador::ssr::routes::RouteTable;
use mostrador::views::route_id::RouteId;
use serde_json::{Value, json};

use crate::util::fixtures::Tenants;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(
    page_data_is_what_the_server_render_embeds,
    page_data_applies_the_guard
);

#[test]
fn route_table_marks_the_routes_the_server_loads() {
    let mut server: Vec<String> = routes_with_data().iter().map(|s| s.to_string()).collect();
    server.sort();
    assert_eq!(
        RouteTable::embedded().data_routes(),
        server,
        "routes marked `data` in ui/src (features/*/routes.ts) must be the ones with a loader \
         in server/controllers/*/pages.rs"
    );
}

/// `RouteId` (exported to the UI's route table and menu, keying the loaders) names exactly the
/// routes of the built route table.
#[test]
fn route_ids_are_the_route_tables() {
    let mut ids: Vec<String> = RouteId::ALL
        .iter()
        .map(|r| r.as_str().to_string())
        .collect();
    ids.sort();
    assert_eq!(
        RouteTable::embedded().ids(),
        ids,
        "RouteId (written by build.rs from the UI build) must be every id of the embedded route table"
    );
}

/// The hydration data embedded in a server-rendered page.
fn hydration(html: &str) -> Value {
    let start = html
        .find(r#"<script id="__hydration" type="application/json">"#)
        .expect("hydration script");
    let rest = &html[start..];
    let json = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
    serde_json::from_str(json).expect("hydration JSON")
}

async fn page_data_is_what_the_server_render_embeds(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let mut admin = app.signed_in(tenants.admin_a).await;
    for name in ["Bebidas", "Lácteos", "Azúcar y endulzantes"] {
        admin
            .post_json("/api/item/category/register", json!({ "name": name }))
            .await;
    }
    admin
        .post_json(
            "/api/company/holiday/register",
            json!({ "date": "2027-01-01", "name": "Año nuevo" }),
        )
        .await;
    for (page, ids) in [
        ("/admin", vec!["admin", "admin-home"]),
        (
            "/admin/categorias?search=azucar",
            vec!["admin", "admin-categories"],
        ),
        (
            "/admin/categorias?page=2&limit=1&sort=name&order=desc",
            vec!["admin-categories"],
        ),
        ("/admin/configAdmin/usuarios", vec!["config-users"]),
        ("/admin/configAdmin/empresa", vec!["config-company"]),
        ("/admin/configAdmin/licencias", vec!["config-licences"]),
        (
            "/admin/configAdmin/feriados?year=2027",
            vec!["config-holidays"],
        ),
        ("/admin/configAdmin/feriados", vec!["config-holidays"]),
        (
            "/admin/configAdmin/impuestos?date=2026-03-01",
            vec!["config-taxes"],
        ),
        ("/login?motivo=sesion", vec!["login"]),
    ] {
        let rendered = admin.get(page).await;
        assert_eq!(rendered.status, 200, "{page}");
        let embedded = hydration(&rendered.text());
        let fetched = admin.get(&format!("/api/page-data{page}")).await;
        assert_eq!(fetched.status, 200, "/api/page-data{page}");
        let fetched = fetched.json();
        for id in ids {
            assert_eq!(
                fetched[id], embedded["loaderData"][id],
                "{page}: the data of route {id} differs between the render and the API"
            );
            assert!(!fetched[id].is_null(), "{page}: route {id} has data");
        }
    }
    // The accent-insensitive search reached the page's list.
    let found = admin
        .get("/api/page-data/admin/categorias?search=AZUCAR")
        .await
        .json();
    assert_eq!(
        found["admin-categories"]["list"]["results"][0]["name"],
        "Azúcar y endulzantes"
    );
    // The parent selector of the categories page shows the same names as `/all`.
    let all = admin.get("/api/item/category/all").await.json();
    assert_eq!(found["admin-categories"]["all"], all);
}

async fn page_data_applies_the_guard(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tenants = Tenants::create(&app).await;
    let anonymous = app.client().get("/api/page-data/admin/categorias").await;
    assert_eq!(anonymous.status, 401);
    assert_eq!(
        app.client().get("/api/page-data/login").await.status,
        200,
        "public pages need no session"
    );
    let mut cashier = app.signed_in(tenants.cashier_a).await;
    let denied = cashier
        .get("/api/page-data/admin/configAdmin/usuarios")
        .await
        .json();
    assert_eq!(denied["config-users"]["__error"]["status"], 403);
    assert!(denied["config-users"]["__error"]["message"].is_string());
    let missing = cashier.get("/api/page-data/no/existe").await.json();
    assert_eq!(missing["not-found"]["__error"]["status"], 404);
}

/// `GET /api/routes/rule?path=`: the server's rule for a page, or 404 for a path with no page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn route_rules_are_the_servers() {
    let app = TestApp::new(Backend::Sqlite).await;
    let mut anyone = app.client();
    let rule = |path: &str| {
        format!(
            "/api/routes/rule?path={}",
            &serde_urlencoded::to_string([("p", path)]).unwrap()[2..]
        )
    };
    let config = anyone.get(&rule("/admin/configAdmin/usuarios")).await;
    assert_eq!(config.status, 200);
    assert_eq!(
        config.json(),
        json!({ "roles": ["admin"], "auth": true, "printable": false })
    );
    assert_eq!(
        anyone.get(&rule("/admin/categorias?page=2")).await.json(),
        json!({ "roles": ["admin", "user"], "auth": true, "printable": false })
    );
    assert_eq!(
        anyone.get(&rule("/admin")).await.json(),
        json!({ "roles": null, "auth": true, "printable": false })
    );
    assert_eq!(
        anyone.get(&rule("/tickets/prueba/A4")).await.json(),
        json!({ "roles": null, "auth": true, "printable": true })
    );
    assert_eq!(
        anyone.get(&rule("/login")).await.json(),
        json!({ "roles": null, "auth": false, "printable": false })
    );
    let missing = anyone.get(&rule("/no/existe")).await;
    assert_eq!(missing.status, 404);
    assert_eq!(
        missing.message(),
        "No existe una página con la ruta /no/existe"
    );
    assert_eq!(anyone.get("/api/routes/rule?path=admin").await.status, 400);
}
