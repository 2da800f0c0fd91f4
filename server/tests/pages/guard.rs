//! The page guard on the server, the JavaScript-free sign-in, and safe hydration data.

use diesel::prelude::*;
use mostrador::models::auth::user::Role;

use crate::util::{Backend, PASSWORD, TestApp, on_both_backends};

on_both_backends!(
    admin_pages_need_a_session,
    locked_users_are_sent_to_login,
    form_login_without_javascript,
    hydration_data_cannot_break_out_of_its_script,
    printables_need_a_session,
);

const RUC: &str = "1790011224001";

async fn admin_pages_need_a_session(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    app.user(RUC, "admin@empresa.ec", Role::Admin, None).await;
    for path in ["/admin", "/admin/", "/admin/no-existe", "/otra/admin/ruta"] {
        let r = app.client().get(path).await;
        assert_eq!(r.status, 302, "{path}");
        assert_eq!(
            r.header("location").as_deref(),
            Some("/login?motivo=sesion"),
            "{path}"
        );
    }
    let mut c = app.signed_in("admin@empresa.ec").await;
    let home = c.get("/admin").await;
    assert_eq!(home.status, 200);
    let html = home.text();
    assert!(
        html.contains("Usuario admin@empresa.ec"),
        "the page shows who is signed in"
    );
    assert!(
        html.contains("data-testid=\"sidebar\""),
        "the back office frame is rendered"
    );
    assert!(
        html.contains("Configuración"),
        "an admin's menu has the configuration group"
    );
    let unknown = c.get("/admin/no-existe").await;
    assert_eq!(unknown.status, 404);
    assert!(unknown.text().contains("Página no encontrada"));
}

async fn locked_users_are_sent_to_login(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    let user = app
        .user(RUC, "bloqueado@empresa.ec", Role::User, None)
        .await;
    let mut c = app.signed_in("bloqueado@empresa.ec").await;
    app.db(move |conn| {
        use mostrador::db::schema::users::dsl::*;
        diesel::update(users.find(user.id))
            .set(locked.eq(true))
            .execute(conn)
            .unwrap();
    })
    .await;
    let r = c.get("/admin").await;
    assert_eq!(r.status, 302);
    assert_eq!(
        r.header("location").as_deref(),
        Some("/login?motivo=bloqueado")
    );
    let login = c.get("/login?motivo=bloqueado").await;
    assert_eq!(login.status, 200);
    assert!(login.text().contains("bloqueado"));
}

async fn form_login_without_javascript(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    app.user(RUC, "sinjs@empresa.ec", Role::User, None).await;
    let mut c = app.client();
    let page = c.get("/login").await;
    let token = c.cookies.get("mostrador_csrf").cloned().unwrap();
    assert!(
        page.text()
            .contains(&format!("name=\"_csrf\" value=\"{token}\"")),
        "the form carries the token"
    );
    assert!(page.text().contains("action=\"/login\"") && page.text().contains("method=\"post\""));

    let failed = c
        .post_form(
            "/login",
            &[
                ("email", "sinjs@empresa.ec"),
                ("password", "equivocada"),
                ("_csrf", &token),
            ],
        )
        .await;
    assert_eq!(failed.status, 401);
    let html = failed.text();
    assert!(html.contains("Credenciales inválidas"));
    assert!(
        html.contains("value=\"sinjs@empresa.ec\""),
        "the e-mail typed is kept"
    );

    let ok = c
        .post_form(
            "/login",
            &[
                ("email", "sinjs@empresa.ec"),
                ("password", PASSWORD),
                ("_csrf", &token),
            ],
        )
        .await;
    assert_eq!(ok.status, 303);
    assert_eq!(ok.header("location").as_deref(), Some("/admin"));
    assert_eq!(c.get("/admin").await.status, 200);
}

async fn hydration_data_cannot_break_out_of_its_script(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    let user = app.user(RUC, "xss@empresa.ec", Role::User, None).await;
    let evil = "</script><script>alert('xss')</script>";
    app.db(move |conn| {
        use mostrador::db::schema::users::dsl::*;
        diesel::update(users.find(user.id))
            .set(name.eq(evil))
            .execute(conn)
            .unwrap();
    })
    .await;
    let mut c = app.signed_in("xss@empresa.ec").await;
    let html = c.get("/admin").await.text();
    assert!(
        !html.contains("<script>alert"),
        "no injected script element"
    );
    assert!(
        html.contains("&lt;/script&gt;&lt;script&gt;alert"),
        "shown as text in the page"
    );
    let json = html
        .split("<script id=\"__hydration\" type=\"application/json\">")
        .nth(1)
        .unwrap()
        .split("</script>")
        .next()
        .unwrap();
    let data: serde_json::Value = serde_json::from_str(json).expect("hydration data parses");
    assert_eq!(data["loaderData"]["root"]["user"]["name"], evil);
}

/// A printable opened signed out (a shared link) shows the 403 screen whose 'Iniciar Session'
/// leads to the sign-in page and back to the document; the document itself is not shown.
async fn printables_need_a_session(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.company(RUC, "Empresa", 0).await;
    app.user(RUC, "admin@empresa.ec", Role::Admin, None).await;
    let mut visitor = app.client();
    let r = visitor.get("/tickets/prueba/A4?copia=1").await;
    assert_eq!(r.status, 403);
    let html = r.text();
    assert!(html.contains("RECURSO LIMITADO_ACCESO CON USUARIO"));
    assert!(html.contains("Debes iniciar sesión para acceder a esta página"));
    assert!(
        html.contains(r#"href="/login?volver=%2Ftickets%2Fprueba%2FA4%3Fcopia%3D1""#),
        "the sign-in button comes back to the document"
    );
    assert!(
        !html.contains("DOCUMENTO DE PRUEBA"),
        "nothing of the document"
    );
    assert!(
        !html.contains("<script type=\"module\""),
        "a printable has no client scripts"
    );
    // Signing in with the form (no JavaScript) returns to the document.
    let csrf = visitor.csrf().await;
    let signed = visitor
        .post_form(
            "/login",
            &[
                ("email", "admin@empresa.ec"),
                ("password", PASSWORD),
                ("_csrf", &csrf),
                ("volver", "/tickets/prueba/A4?copia=1"),
            ],
        )
        .await;
    assert_eq!(signed.status, 303);
    assert_eq!(
        signed.header("location").as_deref(),
        Some("/tickets/prueba/A4?copia=1")
    );
    let document = visitor.get("/tickets/prueba/A4?copia=1").await;
    assert_eq!(document.status, 200);
    assert!(document.text().contains("DOCUMENTO DE PRUEBA"));
    // Only paths of this site are followed.
    for outside in [
        "https://evil.example/",
        "//evil.example/x",
        "/\\evil.example",
    ] {
        let mut other = app.client();
        let csrf = other.csrf().await;
        let r = other
            .post_form(
                "/login",
                &[
                    ("email", "admin@empresa.ec"),
                    ("password", PASSWORD),
                    ("_csrf", &csrf),
                    ("volver", outside),
                ],
            )
            .await;
        assert_eq!(r.header("location").as_deref(), Some("/admin"), "{outside}");
    }
}
