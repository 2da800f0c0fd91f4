//! The RIDE of facturas and notas de crédito: documents taken to AUTORIZADO by the queue against
//! the SRI stand-in, then their printable pages (A4 and 80 mm), the RIDE inside the back office,
//! who may see them, the cache of authorized pages, insta snapshots of a fixed document, and a
//! Chromium without JavaScript whose screenshot's Code 128 `zbarimg` decodes to the clave.

use std::path::Path;
use std::time::Duration;

use chrono::NaiveDate;
use diesel::prelude::*;
use mostrador::db::schema::ride_cache;
use mostrador::domain::document_status::DocumentStatus;
use mostrador::models::auth::user::Role;
use mostrador::models::sri::document::{DocumentChanges, NewSriDocument, SriDocument};
use mostrador::sri::model::Comprobante;
use mostrador::sri::queue::DocumentId;
use mostrador::sri::validate::ecuador_today;
use mostrador::ssr::EngineKind;
use mostrador::util::time::now;

use super::support::{RUC, SriTest, invoice};
use crate::util::app::on_each_engine;
use crate::util::{Backend, Client, TestApp, TestResponse, on_both_backends};

on_both_backends!(
    printable_rides_show_the_authorized_document,
    rides_are_only_for_the_company_and_the_type,
    a_ride_before_authorization_says_so_and_is_not_cached,
    authorized_rides_are_served_from_the_cache,
    without_javascript_chromium_shows_the_ride_and_its_barcode_decodes,
    the_guide_ride_is_only_for_the_company,
    without_javascript_chromium_shows_the_guide_ride_and_its_barcode_decodes,
);
on_each_engine!(ride_snapshots);

const OTHER_RUC: &str = "1790011224001";

/// The example nota de crédito, dated today, with its own secuencial.
fn credit_note(sequential: u32) -> Comprobante {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("server/sri/examples/nota-credito.json");
    let json = std::fs::read_to_string(path).expect("ejemplo de nota de crédito");
    let mut doc = Comprobante::from_json_dated(&json, ecuador_today()).expect("nota de crédito");
    let header = doc.header_mut();
    header.sequential = sequential;
    header.numeric_code = None;
    doc
}

/// The example guía de remisión (server/sri/examples/guia-remision.json), dated today, with its
/// own secuencial.
fn guide(sequential: u32) -> Comprobante {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("server/sri/examples/guia-remision.json");
    let json = std::fs::read_to_string(path).expect("ejemplo de guía de remisión");
    let mut doc = Comprobante::from_json_dated(&json, ecuador_today()).expect("guía de remisión");
    let header = doc.header_mut();
    header.sequential = sequential;
    header.numeric_code = None;
    doc
}

/// What the RIDE of the example guía shows (sri.md §6): transportista, placa, punto de partida,
/// fechas del transporte, and its destinatario with motive, address, sustento and lines.
const GUIDE_CONTENT: [&str; 14] = [
    "GUÍA DE REMISIÓN",
    "TRANSPORTES ANDINOS CIA. LTDA.",
    "1790016919001",
    "PBA-1234",
    "BODEGA CENTRAL, PANAMERICANA NORTE KM 5, QUITO",
    "Fecha Inicio Transporte",
    "JUAN PÉREZ",
    "1710034065",
    "AV. 9 DE OCTUBRE 100, GUAYAQUIL",
    "VENTA",
    "QUITO - GUAYAQUIL",
    "FACTURA 001-002-000000123",
    "Arroz «Flor» 2 kg",
    "Pan integral",
];

/// Submits `doc` and lets a worker take it to AUTORIZADO.
async fn authorized(t: &SriTest, doc: Comprobante) -> SriDocument {
    let _worker = t.worker();
    let id = t.submit(doc).await.expect("submit");
    t.wait_for(id, DocumentStatus::Authorized).await.0
}

/// A signed-in cashier of the SRI test company.
async fn cashier(app: &TestApp) -> Client {
    app.user(RUC, "cajero@ride.ec", Role::Cashier, None).await;
    app.signed_in("cajero@ride.ec").await
}

async fn cache_rows(app: &TestApp) -> Vec<(String, String, String)> {
    app.db(|conn| {
        ride_cache::table
            .select((
                ride_cache::access_key,
                ride_cache::format,
                ride_cache::template_version,
            ))
            .order((ride_cache::format, ride_cache::template_version))
            .load(conn)
            .expect("caché")
    })
    .await
}

fn assert_complete(html: &str, doc: &SriDocument) {
    assert!(
        crate::util::only_print_script(html),
        "a RIDE works without JavaScript"
    );
    let number = doc
        .authorization_number
        .as_deref()
        .expect("número de autorización");
    assert!(html.contains(number), "authorization number");
    assert!(html.contains("NÚMERO DE AUTORIZACIÓN"));
    assert!(html.contains(&format!(
        "Código de barras de la clave de acceso {}",
        doc.access_key
    )));
    assert!(html.contains("data-testid=\"barcode\""));
    assert!(html.contains("AMBIENTE") || html.contains("Ambiente"));
    assert!(html.contains("PRUEBAS"));
    assert!(html.contains("NORMAL"));
    assert!(html.contains("EMPRESA DE PRUEBA S.A."));
    assert!(html.contains("1790011001001"));
    assert!(html.contains("CONTRIBUYENTE RÉGIMEN RIMPE"), "RIMPE legend");
    assert!(!html.contains("SIN AUTORIZACIÓN"));
}

/// The first word of text after the element whose whole text is `label`, markup left out: the
/// amount of a totals row.
fn amount_after(html: &str, label: &str) -> String {
    let marker = format!(">{label}<");
    let rest = html
        .find(&marker)
        .map_or("", |at| &html[at + marker.len() - 1..]);
    let (mut text, mut in_tag) = (String::new(), false);
    for c in rest.chars() {
        match c {
            // A tag separates words.
            '<' => {
                in_tag = true;
                text.push(' ');
            }
            '>' => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The totals of server/sri/examples/factura.json: the subtotals per IVA rate leave the ICE out
/// (the nets of the two 15 % lines, 8.59, and 1.72 at 0 % add up to the SUBTOTAL SIN IMPUESTOS),
/// while the IVA is charged on the base with the ICE ((8.59 + 0.40) × 15 % = 1.35).
fn assert_subtotals(html: &str) {
    for (label, amount) in [
        ("SUBTOTAL 15 %", "8.59"),
        ("SUBTOTAL 0 %", "1.72"),
        ("SUBTOTAL SIN IMPUESTOS", "10.31"),
        ("ICE", "0.40"),
        ("IVA 15 %", "1.35"),
        ("VALOR TOTAL", "12.80"),
    ] {
        assert_eq!(amount_after(html, label), amount, "{label}");
    }
}

/// Gives the test company a logo (an SVG, shown inline on the RIDE), then waits until the server
/// reads the company's stamp again (it trusts a read for `STAMP_FRESH`).
async fn set_logo(t: &SriTest) {
    let company = t.company_id;
    t.app
        .db(move |conn| {
            mostrador::models::config::company::Company::set_logo(
                conn,
                company,
                Some((
                    b"<svg xmlns='http://www.w3.org/2000/svg'/>",
                    "image/svg+xml",
                )),
            )
            .expect("logo")
        })
        .await;
    tokio::time::sleep(mostrador::ssr::ride_memory::STAMP_FRESH).await;
}

async fn printable_rides_show_the_authorized_document(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    let doc = authorized(&t, invoice(501)).await;
    let mut c = cashier(&t.app).await;
    let a4 = c.get(&format!("/tickets/factura/{}/A4SRI", doc.id)).await;
    assert_eq!(a4.status, 200, "{}", a4.text());
    let html = a4.text();
    assert_complete(&html, &doc);
    assert!(html.contains(&doc.access_key), "the clave in digits");
    assert!(html.contains("FACTURA"));
    assert!(html.contains("No. 001-002-000000501"));
    assert!(html.contains("JUAN PÉREZ &amp; HIJOS"), "buyer");
    assert!(html.contains("1710034065"));
    // Totals of the engine (server/sri/examples/factura.json: 12.80 with ICE, IRBPNR, tip).
    for label in [
        "SUBTOTAL 15 %",
        "SUBTOTAL 0 %",
        "SUBTOTAL SIN IMPUESTOS",
        "TOTAL DESCUENTO",
        "ICE",
        "IVA 15 %",
        "IRBPNR",
        "PROPINA",
        "VALOR TOTAL",
    ] {
        assert!(html.contains(label), "{label}");
    }
    assert!(html.contains("12.80"), "total");
    assert_subtotals(&html);
    assert!(
        html.contains("Sin utilización del sistema financiero"),
        "forma de pago"
    );
    assert!(html.contains("juan@example.com"), "información adicional");
    assert!(html.contains("Arroz «Flor» 2 kg"), "lines");

    assert!(
        !html.contains("alt=\"Logo\""),
        "no logo until the company has one"
    );

    // With a logo, both formats carry it inline (the printable loads nothing else).
    set_logo(&t).await;
    let with_logo = c.get(&format!("/tickets/factura/{}/A4SRI", doc.id)).await;
    assert!(
        with_logo
            .text()
            .contains("src=\"data:image/svg+xml;base64,")
    );

    let ticket = c
        .get(&format!("/tickets/factura/{}/Ticket80", doc.id))
        .await;
    assert_eq!(ticket.status, 200);
    let html = ticket.text();
    assert_complete(&html, &doc);
    assert!(html.contains("src=\"data:image/svg+xml;base64,"));
    assert!(html.contains("data-testid=\"ride-ticket\""));
    assert!(html.contains("JUAN PÉREZ &amp; HIJOS"));
    assert!(html.contains("VALOR TOTAL"));
    assert!(html.contains("12.80"));
    assert_subtotals(&html);

    // The nota de crédito, on both formats.
    let nc = authorized(&t, credit_note(502)).await;
    for format in ["A4SRI", "Ticket80"] {
        let r = c
            .get(&format!("/tickets/notaCredito/{}/{format}", nc.id))
            .await;
        assert_eq!(r.status, 200, "{format}");
        let html = r.text();
        assert_complete(&html, &nc);
        assert!(html.contains("NOTA DE CRÉDITO"));
        assert!(html.contains("FERRETERÍA EL TORNILLO"));
        assert!(html.contains("001-002-000000123"), "the modified factura");
        assert!(html.contains("Devolución de mercadería en mal estado"));
    }

    // Inside the back office, by clave, with the links to both printables.
    let r = c
        .get(&format!("/admin/ebilling/RIDE/{}", doc.access_key))
        .await;
    assert_eq!(r.status, 200);
    let html = r.text();
    assert!(html.contains(doc.authorization_number.as_deref().unwrap()));
    assert!(html.contains(&format!("href=\"/tickets/factura/{}/A4SRI\"", doc.id)));
    assert!(html.contains(&format!("href=\"/tickets/factura/{}/Ticket80\"", doc.id)));
    let r = c
        .get(&format!("/admin/ebilling/RIDE/{}", nc.access_key))
        .await;
    assert!(
        r.text()
            .contains(&format!("href=\"/tickets/notaCredito/{}/A4SRI\"", nc.id))
    );
}

async fn rides_are_only_for_the_company_and_the_type(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    let doc = authorized(&t, invoice(511)).await;
    let mut c = cashier(&t.app).await;
    // The wrong type, an unknown id, a non-numeric id.
    for path in [
        format!("/tickets/notaCredito/{}/A4SRI", doc.id),
        format!("/tickets/notaCredito/{}/Ticket80", doc.id),
        format!("/tickets/factura/{}/A4SRI", doc.id + 1000),
        "/tickets/factura/abc/A4SRI".to_string(),
        "/admin/ebilling/RIDE/0000000000000000000000000000000000000000000000000".to_string(),
    ] {
        let r = c.get(&path).await;
        assert_eq!(r.status, 404, "{path}");
        assert!(!r.text().contains(&doc.access_key), "{path}");
    }
    // Another company's user: 404 for every route (even once the page is cached).
    let warm = c.get(&format!("/tickets/factura/{}/A4SRI", doc.id)).await;
    assert_eq!(warm.status, 200);
    t.app.company(OTHER_RUC, "OTRA EMPRESA S.A.", 0).await;
    t.app
        .user(OTHER_RUC, "otro@otra.ec", Role::Admin, None)
        .await;
    let mut other = t.app.signed_in("otro@otra.ec").await;
    for path in [
        format!("/tickets/factura/{}/A4SRI", doc.id),
        format!("/tickets/factura/{}/Ticket80", doc.id),
        format!("/admin/ebilling/RIDE/{}", doc.access_key),
    ] {
        let r = other.get(&path).await;
        assert_eq!(r.status, 404, "{path}");
        let html = r.text();
        assert!(
            html.contains("No se encontró el comprobante electrónico"),
            "{path}"
        );
        assert!(!html.contains(&doc.access_key), "{path}");
    }
    // Signed out: the 403 screen of printables (sign in and come back), nothing of the document.
    let mut visitor = t.app.client();
    let r = visitor
        .get(&format!("/tickets/factura/{}/A4SRI", doc.id))
        .await;
    assert_eq!(r.status, 403);
    let html = r.text();
    assert!(html.contains("Debes iniciar sesión para acceder a esta página"));
    assert!(!html.contains(&doc.access_key));
    let r = visitor
        .get(&format!("/admin/ebilling/RIDE/{}", doc.access_key))
        .await;
    assert_eq!(r.status, 302);
}

async fn a_ride_before_authorization_says_so_and_is_not_cached(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    // No worker: the document stays signed.
    let id: DocumentId = t.submit(invoice(521)).await.expect("submit");
    let doc = t.doc(id).await;
    assert_eq!(doc.status, "signed");
    let mut c = cashier(&t.app).await;
    for format in ["A4SRI", "Ticket80"] {
        let r = c
            .get(&format!("/tickets/factura/{}/{format}", doc.id))
            .await;
        assert_eq!(r.status, 200);
        let html = r.text();
        assert!(
            html.contains("DOCUMENTO SIN AUTORIZACIÓN DEL SRI (FIRMADO)"),
            "{format}"
        );
        assert!(html.contains("PENDIENTE"), "no number or date yet");
        assert!(
            html.contains(&doc.access_key),
            "the clave is known from the start"
        );
    }
    assert!(
        cache_rows(&t.app).await.is_empty(),
        "nothing cached before AUTORIZADO"
    );
    // Once authorized, the same page shows the number and is cached.
    let _worker = t.worker();
    let (doc, _) = t.wait_for(id, DocumentStatus::Authorized).await;
    let r = c.get(&format!("/tickets/factura/{}/A4SRI", doc.id)).await;
    assert!(!r.text().contains("SIN AUTORIZACIÓN"));
    assert_eq!(cache_rows(&t.app).await.len(), 1);
}

async fn authorized_rides_are_served_from_the_cache(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    let doc = authorized(&t, invoice(531)).await;
    let mut c = cashier(&t.app).await;
    let path = format!("/tickets/factura/{}/A4SRI", doc.id);
    let first = c.get(&path).await;
    assert_eq!(first.status, 200);
    let version = mostrador::controllers::ebilling::ride::cache::template_version().to_string();
    let rows = cache_rows(&t.app).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0].0.as_str(), rows[0].1.as_str()),
        (doc.access_key.as_str(), "A4SRI")
    );
    assert!(rows[0].2.starts_with(&format!("{version}+")), "{rows:?}");
    // The same bytes for the next request, and for another user of the company.
    let second = c.get(&path).await;
    assert_eq!(second.body, first.body);
    t.app.user(RUC, "admin@ride.ec", Role::Admin, None).await;
    let mut admin = t.app.signed_in("admin@ride.ec").await;
    assert_eq!(admin.get(&path).await.body, first.body);
    assert_eq!(cache_rows(&t.app).await.len(), 1, "rendered once");
    // Served from this server's memory: a marker written into the shared row is not read…
    let key = doc.access_key.clone();
    t.app
        .db(move |conn| {
            diesel::update(ride_cache::table.filter(ride_cache::access_key.eq(key)))
                .set(ride_cache::html.eq("<p>DESDE LA CACHÉ</p>"))
                .execute(conn)
                .expect("update")
        })
        .await;
    assert_eq!(c.get(&path).await.body, first.body, "from memory");
    // …until a server without the copy (here: the copy forgotten) reads the shared row.
    t.app.state.rides.clear();
    let cached = c.get(&path).await;
    assert_eq!(cached.status, 200);
    assert_eq!(cached.text(), "<p>DESDE LA CACHÉ</p>");
    // The browser may keep the page but asks again; with its ETag the answer is 304, empty.
    assert_eq!(
        cached.header("cache-control").as_deref(),
        Some("private, no-cache")
    );
    let etag = cached.header("etag").expect("ETag");
    assert_eq!(first.header("etag").as_deref(), Some(etag.as_str()));
    let again = c.send(revalidation(&path, &etag)).await;
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    // The ETag does not open the page to another company's user: still 404.
    t.app.company(OTHER_RUC, "OTRA EMPRESA S.A.", 0).await;
    t.app
        .user(OTHER_RUC, "otro@otra.ec", Role::Admin, None)
        .await;
    let mut other = t.app.signed_in("otro@otra.ec").await;
    let refused = other.send(revalidation(&path, &etag)).await;
    assert_eq!(refused.status, 404);
    // A new logo changes the company's stamp: once this server reads it again (at most a second
    // later), the copy in memory is no longer served.
    set_logo(&t).await;
    let with_logo = c.get(&path).await;
    assert!(
        with_logo
            .text()
            .contains("src=\"data:image/svg+xml;base64,")
    );
    assert_ne!(with_logo.header("etag"), Some(etag));
    assert_eq!(cache_rows(&t.app).await.len(), 2, "rendered again");
    // A page stored under another template version is never served, e.g. under the key of the
    // previous RIDE data version (before the subtotals left the ICE out): this build renders again.
    let before_logo = rows[0].2.clone();
    let version_now = cache_rows(&t.app)
        .await
        .into_iter()
        .map(|r| r.2)
        .find(|v| *v != before_logo)
        .expect("la versión con el logo");
    let previous = version_now.replacen(
        &format!(
            ".ride{}",
            mostrador::controllers::ebilling::ride::cache::RIDE_DATA_VERSION
        ),
        "",
        1,
    );
    assert_ne!(previous, version_now);
    let (key, company_id) = (doc.access_key.clone(), t.company_id.get());
    t.app
        .db(move |conn| {
            diesel::delete(ride_cache::table.filter(ride_cache::access_key.eq(&key)))
                .execute(conn)
                .expect("delete");
            diesel::insert_into(ride_cache::table)
                .values((
                    ride_cache::company_id.eq(company_id),
                    ride_cache::access_key.eq(&key),
                    ride_cache::format.eq("A4SRI"),
                    ride_cache::template_version.eq(previous),
                    ride_cache::html.eq("<p>VERSIÓN ANTERIOR</p>"),
                    ride_cache::created_at.eq(now()),
                ))
                .execute(conn)
                .expect("insert")
        })
        .await;
    t.app.state.rides.clear();
    let fresh = c.get(&path).await;
    assert_eq!(fresh.body, with_logo.body, "rendered again by this build");
    let rows = cache_rows(&t.app).await;
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().any(|r| r.2 == version_now));
    // The 80 mm page has its own entry.
    c.get(&format!("/tickets/factura/{}/Ticket80", doc.id))
        .await;
    assert!(cache_rows(&t.app).await.iter().any(|r| r.1 == "Ticket80"));
}

/// `GET path` naming `etag` in `If-None-Match`, as a browser revalidates a page it kept.
async fn the_guide_ride_is_only_for_the_company(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    let doc = authorized(&t, guide(561)).await;
    let mut c = cashier(&t.app).await;
    let printable = format!("/tickets/guiaRemision/{}/A4SRI", doc.id);
    let inside = format!("/admin/ebilling/RIDE/{}", doc.access_key);
    for path in [&printable, &inside] {
        let r = c.get(path).await;
        assert_eq!(r.status, 200, "{path}");
        let html = r.text();
        assert!(html.contains(doc.authorization_number.as_deref().unwrap()));
        for expected in GUIDE_CONTENT {
            assert!(html.contains(expected), "{path}: {expected}");
        }
    }
    // The back office's RIDE offers the A4 printable only (a guía has no 80 mm ticket).
    let html = c.get(&inside).await.text();
    assert!(html.contains(&format!("href=\"{printable}\"")));
    assert!(!html.contains("ride-open-ticket"));
    // The wrong type and routes a guía does not have.
    for path in [
        format!("/tickets/factura/{}/A4SRI", doc.id),
        format!("/tickets/notaCredito/{}/A4SRI", doc.id),
        format!("/tickets/guiaRemision/{}/Ticket80", doc.id),
        format!("/tickets/guiaRemision/{}/A4SRI", doc.id + 1000),
    ] {
        let r = c.get(&path).await;
        assert_eq!(r.status, 404, "{path}");
        assert!(!r.text().contains(&doc.access_key), "{path}");
    }
    // Another company's user: 404 for both routes, also once the page is cached.
    assert_eq!(
        cache_rows(&t.app).await.len(),
        1,
        "the authorized guía's A4 is cached"
    );
    t.app.company(OTHER_RUC, "OTRA EMPRESA S.A.", 0).await;
    t.app
        .user(OTHER_RUC, "otro@otra.ec", Role::Admin, None)
        .await;
    let mut other = t.app.signed_in("otro@otra.ec").await;
    for path in [&printable, &inside] {
        let r = other.get(path).await;
        assert_eq!(r.status, 404, "{path}");
        let html = r.text();
        assert!(
            html.contains("No se encontró el comprobante electrónico"),
            "{path}"
        );
        assert!(!html.contains(&doc.access_key), "{path}");
        assert!(!html.contains("TRANSPORTES ANDINOS"), "{path}");
    }
    // Signed out: the printable's 403 screen.
    let r = t.app.client().get(&printable).await;
    assert_eq!(r.status, 403);
    assert!(!r.text().contains(&doc.access_key));
}

async fn without_javascript_chromium_shows_the_guide_ride_and_its_barcode_decodes(
    backend: Backend,
) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    let doc = authorized(&t, guide(571)).await;
    let mut c = cashier(&t.app).await;
    let path = format!("/tickets/guiaRemision/{}/A4SRI", doc.id);
    let html = c.get(&path).await.text();
    let (base, server) = serve_as(&t.app, &c).await;
    let dir = tempfile::tempdir().expect("carpeta");
    assert!(
        crate::util::only_print_script(&html),
        "a RIDE works without JavaScript: {html}"
    );
    let url = format!("{base}{path}");
    let png = dir.path().join("guide.png");
    let (status, text) =
        tokio::task::block_in_place(|| browser_without_javascript(&url, &png, 820));
    assert_eq!(status, 200, "{path}");
    for expected in [
        doc.authorization_number.as_deref().unwrap(),
        "NÚMERO DE AUTORIZACIÓN",
        "EMPRESA DE PRUEBA S.A.",
        "CONTRIBUYENTE RÉGIMEN RIMPE",
        "PRUEBAS",
        "NORMAL",
    ]
    .into_iter()
    .chain(GUIDE_CONTENT)
    {
        assert!(text.contains(expected), "{path}: {expected} en\n{text}");
    }
    assert!(!text.contains("VALOR TOTAL"), "a guía has no amounts");
    let decoded = std::process::Command::new("zbarimg")
        .args(["--raw", "-q", "-Sdisable", "-Scode128.enable"])
        .arg(&png)
        .output()
        .expect("zbarimg (paquete Debian zbar-tools)");
    assert_eq!(
        String::from_utf8_lossy(&decoded.stdout).trim(),
        doc.access_key,
        "the Code 128 decodes to the 49-digit clave ({})",
        String::from_utf8_lossy(&decoded.stderr)
    );
    server.abort();
}

fn revalidation(path: &str, etag: &str) -> axum::http::Request<axum::body::Body> {
    axum::http::Request::get(path)
        .header("if-none-match", etag)
        .body(axum::body::Body::empty())
        .expect("petición")
}

/// Serves the app on a local port for a browser, as the signed-in client `c` (the proxy in front
/// adds its cookies: Chromium's command line has no way to sign in).
async fn serve_as(app: &TestApp, c: &Client) -> (String, tokio::task::JoinHandle<()>) {
    use axum::http::HeaderValue;
    let cookie = HeaderValue::from_str(&c.cookie_header()).expect("cookie");
    let router = app.router.clone().layer(axum::middleware::map_request(
        move |mut request: axum::extract::Request| {
            let cookie = cookie.clone();
            async move {
                request.headers_mut().insert("cookie", cookie);
                request
                    .headers_mut()
                    .insert("x-forwarded-for", HeaderValue::from_static("10.254.0.1"));
                request
            }
        },
    ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("puerto");
    let address = listener.local_addr().expect("dirección");
    let server = tokio::spawn(async move {
        axum::serve(listener, router).await.expect("servidor");
    });
    (format!("http://{address}"), server)
}

/// Opens `url` in Chromium with JavaScript disabled (Playwright, as the end-to-end specs do),
/// saves a screenshot of the whole page to `png` and returns the status and the visible text.
fn browser_without_javascript(url: &str, png: &Path, width: u32) -> (u16, String) {
    const SCRIPT: &str = r#"
const { chromium } = require('@playwright/test');
(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: Number(process.env.RIDE_WIDTH), height: 900 },
    deviceScaleFactor: 4,
  });
  const page = await context.newPage();
  const response = await page.goto(process.env.RIDE_URL);
  const text = await page.locator('body').innerText();
  await page.screenshot({ path: process.env.RIDE_PNG, fullPage: true });
  console.log(JSON.stringify({ status: response.status(), text }));
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
"#;
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    let output = std::process::Command::new("node")
        .args(["-e", SCRIPT])
        .current_dir(ui)
        .env("RIDE_URL", url)
        .env("RIDE_PNG", png)
        .env("RIDE_WIDTH", width.to_string())
        .output()
        .expect("node (Playwright de ui/node_modules)");
    assert!(
        output.status.success(),
        "{url}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let answer: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("respuesta del navegador");
    (
        answer["status"].as_u64().unwrap_or_default() as u16,
        answer["text"].as_str().unwrap_or_default().to_string(),
    )
}

async fn without_javascript_chromium_shows_the_ride_and_its_barcode_decodes(backend: Backend) {
    let t = SriTest::new(backend, Duration::ZERO).await;
    let doc = authorized(&t, invoice(541)).await;
    let nc = authorized(&t, credit_note(542)).await;
    let c = cashier(&t.app).await;
    let (base, server) = serve_as(&t.app, &c).await;
    let dir = tempfile::tempdir().expect("carpeta");
    let routes = [
        (
            format!("/tickets/factura/{}/A4SRI", doc.id),
            &doc,
            820,
            "JUAN PÉREZ & HIJOS",
        ),
        (
            format!("/tickets/factura/{}/Ticket80", doc.id),
            &doc,
            400,
            "JUAN PÉREZ & HIJOS",
        ),
        (
            format!("/tickets/notaCredito/{}/A4SRI", nc.id),
            &nc,
            820,
            "FERRETERÍA EL TORNILLO",
        ),
        (
            format!("/tickets/notaCredito/{}/Ticket80", nc.id),
            &nc,
            400,
            "FERRETERÍA EL TORNILLO",
        ),
    ];
    for (i, (path, document, width, buyer)) in routes.iter().enumerate() {
        let url = format!("{base}{path}");
        let png = dir.path().join(format!("ride-{i}.png"));
        let (status, text) =
            tokio::task::block_in_place(|| browser_without_javascript(&url, &png, *width));
        assert_eq!(status, 200, "{path}");
        // The complete document, as the browser shows it without scripts.
        for expected in [
            document.authorization_number.as_deref().unwrap(),
            "NÚMERO DE AUTORIZACIÓN",
            "EMPRESA DE PRUEBA S.A.",
            "CONTRIBUYENTE RÉGIMEN RIMPE",
            buyer,
            "VALOR TOTAL",
            "PRUEBAS",
            "NORMAL",
        ] {
            assert!(text.contains(expected), "{path}: {expected} en\n{text}");
        }
        let decoded = std::process::Command::new("zbarimg")
            .args(["--raw", "-q", "-Sdisable", "-Scode128.enable"])
            .arg(&png)
            .output()
            .expect("zbarimg (paquete Debian zbar-tools)");
        assert_eq!(
            String::from_utf8_lossy(&decoded.stdout).trim(),
            document.access_key,
            "{path}: the Code 128 decodes to the 49-digit clave ({})",
            String::from_utf8_lossy(&decoded.stderr)
        );
    }
    server.abort();
}

/// A fixed factura (clave, dates, numbers), stored as authorized, for the snapshots.
async fn fixed_document(app: &TestApp) -> SriDocument {
    let company = app.company(RUC, "EMPRESA DE PRUEBA S.A.", 0).await.scope();
    fixed(
        app,
        company,
        "factura.json",
        "01",
        "2.1.0",
        123,
        Some("12.80"),
    )
    .await
}

/// The example `file` (server/sri/examples) dated 20/11/2026, stored as authorized on
/// 20/11/2026 10:15:30 for `company`, with a clave made of its fixed data.
async fn fixed(
    app: &TestApp,
    company: mostrador::models::CompanyId,
    file: &str,
    doc_type: &'static str,
    version: &'static str,
    sequential: i64,
    total: Option<&str>,
) -> SriDocument {
    let total = total.map(str::to_string);
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("server/sri/examples")
        .join(file);
    let json = std::fs::read_to_string(path).expect("ejemplo");
    let issued = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
    let mut doc = Comprobante::from_json_dated(&json, issued).expect("comprobante");
    let key = mostrador::sri::document::access_key(&doc).expect("clave");
    doc.header_mut().access_key = Some(key.as_str().to_string());
    let key = key.as_str().to_string();
    let document_json = serde_json::to_string(&doc).expect("json");
    app.db(move |conn| {
        let branch = mostrador::models::config::branch_office::BranchOffice::find_by_code(
            conn, company, "001",
        )
        .expect("consulta")
        .expect("sucursal");
        let id = SriDocument::insert(
            conn,
            &NewSriDocument {
                company_id: company.get(),
                branch_office_id: branch.id,
                doc_type,
                version,
                environment: "1",
                access_key: &key,
                establishment: "001",
                emission_point: "002",
                sequential,
                issue_date: issued,
                total,
                document_json: &document_json,
                signed_xml: "<factura/>",
                status: "signed",
                next_attempt_at: now(),
                created_at: now(),
                updated_at: now(),
            },
        )
        .expect("insert");
        SriDocument::update_if_status(
            conn,
            id,
            &["signed"],
            &DocumentChanges {
                status: Some("authorized".into()),
                authorization_number: Some(Some(key.clone())),
                authorization_date: Some(Some("2026-11-20T10:15:30-05:00".into())),
                ..DocumentChanges::default()
            },
        )
        .expect("autorizar");
        SriDocument::find(conn, id).expect("documento")
    })
    .await
}

/// Redacts what changes between builds (asset hashes, build id), after checking their shape.
fn normalized(response: &TestResponse) -> String {
    let html = response.text();
    let asset = regex::Regex::new(r#"/assets/(app|print)-[A-Z0-9]{8,10}\.(css|js)"#).unwrap();
    let build =
        regex::Regex::new(r#"<meta name="mostrador-build" content="[A-Za-z0-9._-]{1,64}">"#)
            .unwrap();
    assert!(build.is_match(&html));
    let html = build.replace_all(&html, r#"<meta name="mostrador-build" content="[build]">"#);
    asset
        .replace_all(&html, "/assets/$1-[hash].$2")
        .replace("><", ">\n<")
}

async fn ride_snapshots(engine: EngineKind) {
    let app = TestApp::with_engine(Backend::Sqlite, engine).await;
    let doc = fixed_document(&app).await;
    // fecha, codDoc, RUC, ambiente, serie, secuencial, código numérico, tipo de emisión, dígito.
    assert!(
        doc.access_key
            .starts_with("201120260117900110010011001002000000123123456781"),
        "fixed clave: {}",
        doc.access_key
    );
    let mut c = cashier(&app).await;
    let a4 = c.get(&format!("/tickets/factura/{}/A4SRI", doc.id)).await;
    assert_eq!(a4.status, 200);
    insta::assert_snapshot!("ride_a4", normalized(&a4));
    let ticket = c
        .get(&format!("/tickets/factura/{}/Ticket80", doc.id))
        .await;
    assert_eq!(ticket.status, 200);
    insta::assert_snapshot!("ride_ticket80", normalized(&ticket));

    // The guía de remisión of the same company, fixed the same way.
    let company = mostrador::models::CompanyId::trusted(doc.company_id);
    let guide = fixed(&app, company, "guia-remision.json", "06", "1.1.0", 45, None).await;
    assert!(
        guide
            .access_key
            .starts_with("201120260617900110010011001002000000045123456781"),
        "fixed clave: {}",
        guide.access_key
    );
    let a4 = c
        .get(&format!("/tickets/guiaRemision/{}/A4SRI", guide.id))
        .await;
    assert_eq!(a4.status, 200);
    insta::assert_snapshot!("ride_guide_a4", normalized(&a4));
}
