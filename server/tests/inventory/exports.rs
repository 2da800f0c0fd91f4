//! The files the app produces (issue 22, point 3): names stored as imported (`=cmd|…`,
//! `+HYPERLINK(…)`) come out of the kardex CSV with a leading apostrophe, properly quoted, while
//! numbers such as `-5` keep their sign; the export follows the kardex's roles and company
//! boundary; the import template goes through the same writer.

use mostrador::util::spreadsheet::Limits;
use serde_json::json;

use super::upload::import;
use crate::util::fixtures::Tenants;
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    kardex_export_neutralises_formulas,
    template_is_written_like_every_export
);

const CALC: &str = "=cmd|' /C calc'!A0";
const LINK: &str = "+HYPERLINK(\"http://x\")";

/// The `_id` of the product with `code`.
async fn id_of(c: &mut Client, code: &str) -> (i64, String) {
    let found = c.get(&format!("/api/item?search={code}")).await.json();
    assert_eq!(found["total"], 1, "{found}");
    (
        found["results"][0]["_id"].as_i64().unwrap(),
        found["results"][0]["name"].as_str().unwrap().to_string(),
    )
}

async fn kardex_export_neutralises_formulas(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let mut company = admin.get("/api/company").await.json();
    company["allowNegativeStock"] = json!(true);
    let saved = admin.post_json("/api/company/update", company).await;
    assert_eq!(saved.status, 200, "{}", saved.text());

    let file = format!(
        "codigo;nombre;precio\r\nF1;{CALC};1.00\r\nF2;\"{}\";1.00\r\n",
        LINK.replace('"', "\"\"")
    );
    let job = import(&mut admin, "formulas.csv", file.as_bytes()).await;
    assert_eq!(job["created"], 2, "{job}");
    // The data is kept as written.
    let (calc, name) = id_of(&mut admin, "F1").await;
    assert_eq!(name, CALC);
    let (link, name) = id_of(&mut admin, "F2").await;
    assert_eq!(name, LINK);

    let cellar = crate::inventory::stock::default_cellar(&mut admin).await;
    let out = admin
        .post_json(
            "/api/inventory/adjustment/register",
            json!({ "cellarId": cellar, "reason": "Prueba", "lines": [
                { "productId": calc, "quantity": "-5" },
                { "productId": link, "quantity": "-1.5" },
            ] }),
        )
        .await;
    assert_eq!(out.status, 201, "{}", out.text());

    let mut user = app.signed_in(t.user_a).await;
    let csv = user
        .get(&format!(
            "/api/inventory/kardex/export?productId={calc}&cellarId={cellar}&page=3&limit=1"
        ))
        .await;
    assert_eq!(csv.status, 200, "{}", csv.text());
    assert_eq!(
        csv.header("content-type").as_deref(),
        Some("text/csv; charset=utf-8")
    );
    assert_eq!(
        csv.header("content-disposition").as_deref(),
        Some("attachment; filename=\"kardex-F1.csv\"")
    );
    let text = csv.text();
    let mut lines = text.split("\r\n");
    assert_eq!(
        lines.next(),
        Some(
            "\u{feff}Código;Producto;Fecha;Tipo;Documento;Bodega;Entrada;Salida;Costo unitario;Costo total;Saldo bodega;Saldo total;Costo promedio;Valor;Usuario;Fecha del documento"
        )
    );
    let row: Vec<&str> = lines.next().unwrap().split(';').collect();
    assert_eq!(row[..2], ["F1", "'=cmd|' /C calc'!A0"]);
    assert_eq!(
        row[3..8],
        [
            "Ajuste (salida)",
            "Ajuste 000001",
            "Bodega principal",
            "0",
            "5"
        ]
    );
    assert_eq!(row[10..12], ["-5", "-5"], "{text}");
    assert_eq!(row[14], "Usuario admin@a.ec");
    assert_eq!(
        lines.collect::<Vec<_>>(),
        [""],
        "one movement, page and limit ignored"
    );

    let csv = user
        .get(&format!("/api/inventory/kardex/export?productId={link}"))
        .await;
    assert_eq!(csv.status, 200, "{}", csv.text());
    let text = csv.text();
    assert!(
        text.contains("\r\nF2;\"'+HYPERLINK(\"\"http://x\"\")\";"),
        "{text}"
    );
    assert!(text.contains(";-1.5;"), "{text}");
    // Read back by a CSV reader, the cell is the text with its apostrophe.
    let rows = mostrador::util::spreadsheet::read_rows(text.as_bytes(), &Limits::PRODUCTS).unwrap();
    assert_eq!(rows[1].get(1), Some(format!("'{LINK}").as_str()));

    // The kardex's rules: another company's product is not found, a cashier may not read it.
    let mut other = app.signed_in(t.admin_b).await;
    let foreign = other
        .get(&format!("/api/inventory/kardex/export?productId={calc}"))
        .await;
    assert_eq!(foreign.status, 404, "{}", foreign.text());
    let mut cashier = app.signed_in(t.cashier_a).await;
    let refused = cashier
        .get(&format!("/api/inventory/kardex/export?productId={calc}"))
        .await;
    assert_eq!(refused.status, 403, "{}", refused.text());
    let missing = user.get("/api/inventory/kardex/export").await;
    assert_eq!(missing.status, 400, "{}", missing.text());
}

async fn template_is_written_like_every_export(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let template = admin.get("/api/inventory/upload/template").await;
    assert_eq!(template.status, 200);
    assert_eq!(
        template.header("content-disposition").as_deref(),
        Some("attachment; filename=\"plantilla-productos.csv\"")
    );
    let text = template.text();
    assert!(
        text.starts_with("\u{feff}codigo;codigo_barras;nombre;"),
        "{text}"
    );
    assert!(
        text.ends_with("\r\nP0001;7861234500017|7861234500024;Azúcar blanca 1 kg;;Abarrotes;unidad;0;1.10;1.05;1.00;10;producto;Bodega principal;24;0.88\r\n"),
        "{text}"
    );
    // The template reads back as a valid import header.
    let rows = mostrador::util::spreadsheet::read_rows(text.as_bytes(), &Limits::PRODUCTS).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1].len(), rows[0].len());
}
