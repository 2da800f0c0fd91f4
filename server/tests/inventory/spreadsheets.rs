//! Issue 24, points 4, 6 and 7: spreadsheets as Excel and LibreOffice write them (a CSV in
//! Windows-1252 with `;`, `.xls`, `.ods`), decimals with a comma in the import and in the forms,
//! the IVA as a percentage, and the kardex across warehouses — a warehouse column, the balance
//! of the selection beside each warehouse's, kinds and documents in Spanish, a product found by
//! name — exported as CSV and as a real XLSX (read back with `calamine`).

use mostrador::util::spreadsheet::Limits;
use std::io::Cursor;

use calamine::{Data, Reader, open_workbook_auto_from_rs};
use serde_json::{Value, json};

use super::stock::default_cellar;
use super::upload::import;
use crate::util::fixtures::Tenants;
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    excel_csv_xls_and_ods_are_imported,
    kardex_across_warehouses_in_spanish,
    decimal_comma_in_forms
);

/// The product with `code` as the list shows it.
async fn by_code(c: &mut Client, code: &str) -> Value {
    let found = c.get(&format!("/api/item?search={code}")).await.json();
    assert_eq!(found["total"], 1, "{code}: {found}");
    found["results"][0].clone()
}

/// The errors of a job as `(row, column)`.
fn errors(job: &Value) -> Vec<(i64, String)> {
    job["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["row"].as_i64().unwrap(),
                e["column"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

async fn excel_csv_xls_and_ods_are_imported(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;

    // «CSV (delimitado por comas)» of Excel on a Spanish Windows: Windows-1252, `;`, decimal
    // comma; the IVA as a percentage. Before: «El archivo CSV debe estar en UTF-8».
    let mut csv: Vec<u8> = b"codigo;nombre;precio;iva;stock_inicial;costo\r\n".to_vec();
    csv.extend_from_slice(b"W1;Az\xFAcar morena;1,10;15;10;0,80\r\n");
    csv.extend_from_slice(b"W2;Ca\xF1a de az\xFAcar;2,50;0;;\r\n");
    csv.extend_from_slice(b"W3;Malo;1.234,56;12;;\r\n");
    let job = import(&mut admin, "productos.csv", &csv).await;
    assert_eq!(job["status"], "done", "{job}");
    assert_eq!(job["created"], 2, "{job}");
    assert_eq!(
        errors(&job),
        [(4, "iva".to_string()), (4, "precio".to_string())],
        "{job}"
    );
    let messages: Vec<&str> = job["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["message"].as_str().unwrap())
        .collect();
    assert!(
        messages.contains(
            &"El precio no puede llevar separador de miles: escríbalo como 1234,56 o 1234.56"
        ),
        "{job}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("El IVA «12» no es válido")),
        "{job}"
    );
    let w1 = by_code(&mut admin, "W1").await;
    assert_eq!(
        (&w1["name"], &w1["price"], &w1["ivaCode"]),
        (&json!("Azúcar morena"), &json!("1.10"), &json!("4"))
    );
    let w2 = by_code(&mut admin, "W2").await;
    assert_eq!(
        (&w2["name"], &w2["price"], &w2["ivaCode"]),
        (&json!("Caña de azúcar"), &json!("2.50"), &json!("0"))
    );

    // Excel 97–2003 and OpenDocument (fixtures/README.md): numbers stored as numbers and as
    // text with a comma, IVA as `15`, `15%`, `0`, `5`. Before: read as CSV and refused.
    let xls = include_bytes!("../fixtures/productos.xls");
    let job = import(&mut admin, "productos.xls", xls).await;
    assert_eq!(
        (job["created"].as_i64(), errors(&job)),
        (Some(2), vec![]),
        "{job}"
    );
    let ods = include_bytes!("../fixtures/productos.ods");
    let job = import(&mut admin, "productos.ods", ods).await;
    assert_eq!(
        (job["created"].as_i64(), errors(&job)),
        (Some(2), vec![]),
        "{job}"
    );
    for (code, name, price, iva) in [
        ("XL1", "Café molido 250 g", "3.50", "4"),
        ("XL2", "Ñame", "1.25", "0"),
        ("OD1", "Azúcar morena 1 kg", "1.80", "4"),
        ("OD2", "Té de hierbas", "0.95", "5"),
    ] {
        let p = by_code(&mut admin, code).await;
        assert_eq!(
            (&p["name"], &p["price"], &p["ivaCode"]),
            (&json!(name), &json!(price), &json!(iva)),
            "{code}"
        );
    }
    // The opening stock of the XLS row (12 at «2,10»).
    let stock = admin.get("/api/inventory/stock?search=XL1").await.json();
    assert_eq!(stock["results"][0]["quantity"], "12", "{stock}");
    assert_eq!(stock["results"][0]["averageCost"], "2.10", "{stock}");

    // A damaged workbook is refused in Spanish, before any job starts.
    let bad = super::upload::upload(&mut admin, "roto.xlsx", b"PK\x03\x04roto").await;
    assert_eq!(bad.status, 400, "{}", bad.text());
    assert!(bad.text().contains("no se pudo leer"), "{}", bad.text());
}

/// The values of `field` of the kardex rows of `path`.
async fn column(c: &mut Client, path: &str, field: &str) -> Vec<Value> {
    let k = c.get(path).await;
    assert_eq!(k.status, 200, "{path}: {}", k.text());
    k.json()["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r[field].clone())
        .collect()
}

async fn kardex_across_warehouses_in_spanish(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let mut company = admin.get("/api/company").await.json();
    company["allowNegativeStock"] = json!(true);
    let saved = admin.post_json("/api/company/update", company).await;
    assert_eq!(saved.status, 200, "{}", saved.text());
    // A name a spreadsheet would run, imported with its opening stock (the «Importación»).
    let file = "codigo;codigo_barras;nombre;precio;stock_inicial;costo\r\nAR-9;7861234599990;=SUMA(1) Arroz 1 kg;1,00;30;0,50\r\nAR-10;;Arroz integral;1,20;;\r\n";
    let job = import(&mut admin, "arroz.csv", file.as_bytes()).await;
    assert_eq!(job["created"], 2, "{job}");
    let id = by_code(&mut admin, "AR-9").await["_id"].as_i64().unwrap();
    let main = default_cellar(&mut admin).await;
    let back = admin
        .post_json(
            "/api/inventory/cellar/register",
            json!({ "name": "Bodega trasera" }),
        )
        .await;
    assert_eq!(back.status, 201, "{}", back.text());
    let back = back.json()["_id"].as_i64().unwrap();
    let adjustment = admin
        .post_json(
            "/api/inventory/adjustment/register",
            json!({ "cellarId": main, "reason": "Compra", "lines": [
                { "productId": id, "quantity": "12", "unitCost": "0,50" }] }),
        )
        .await;
    assert_eq!(adjustment.status, 201, "{}", adjustment.text());
    let transfer = admin
        .post_json(
            "/api/inventory/transfer/register",
            json!({ "fromCellarId": main, "toCellarId": back, "carrierName": "Juan Pérez",
                    "plate": "PBC-1234", "startDate": "2026-11-22", "endDate": "2026-11-23",
                    "lines": [{ "productId": id, "quantity": "18" }] }),
        )
        .await;
    assert_eq!(transfer.status, 201, "{}", transfer.text());
    let out = admin
        .post_json(
            "/api/inventory/adjustment/register",
            json!({ "cellarId": main, "reason": "Merma", "lines": [
                { "productId": id, "quantity": "-2" }] }),
        )
        .await;
    assert_eq!(out.status, 201, "{}", out.text());

    // All the branch's warehouses: each row names its warehouse; `balanceQuantity` is that
    // warehouse's (30 → 42 → 24 | 18 → 22), `branchBalance` the branch's after each row (the
    // transfer's exit row leaves 24 until its entry row adds the 18 to the other warehouse).
    let mut user = app.signed_in(t.user_a).await;
    let all = format!("/api/inventory/kardex?productId={id}");
    assert_eq!(
        column(&mut user, &all, "cellarName").await,
        json!([
            "Bodega principal",
            "Bodega principal",
            "Bodega principal",
            "Bodega trasera",
            "Bodega principal"
        ])
        .as_array()
        .unwrap()
        .clone()
    );
    assert_eq!(
        column(&mut user, &all, "balanceQuantity").await,
        ["30", "42", "24", "18", "22"].map(|v| json!(v))
    );
    assert_eq!(
        column(&mut user, &all, "branchBalance").await,
        ["30", "42", "24", "42", "40"].map(|v| json!(v))
    );
    // A later page starts from the balances before it.
    assert_eq!(
        column(&mut user, &format!("{all}&limit=2&page=2"), "branchBalance").await,
        ["24", "42"].map(|v| json!(v))
    );
    // One warehouse: its own balance.
    assert_eq!(
        column(
            &mut user,
            &format!("{all}&cellarId={back}"),
            "branchBalance"
        )
        .await,
        ["18"].map(|v| json!(v))
    );

    // Found by code, barcode or name; several or none are refused naming the search.
    for search in ["AR-9", "7861234599990", "suma", "ARROZ%201"] {
        let found = user
            .get(&format!("/api/inventory/kardex?search={search}"))
            .await;
        assert_eq!(found.status, 200, "{search}: {}", found.text());
        assert_eq!(found.json()["total"], 5, "{search}");
    }
    let several = user.get("/api/inventory/kardex?search=arroz").await;
    assert_eq!(several.status, 400, "{}", several.text());
    assert_eq!(
        several.json()["errors"]["search"],
        "Varios productos coinciden con «arroz»: elija uno"
    );
    let none = user.get("/api/inventory/kardex?search=fideos").await;
    assert_eq!(
        none.json()["errors"]["search"],
        "Ningún producto tiene el código o el nombre «fideos»"
    );
    // The screen lists the candidates, and opens the one a name picks.
    let page = user
        .get("/admin/inventario/kardex?search=arroz")
        .await
        .text();
    assert!(
        page.contains("Arroz integral") && page.contains("AR-10"),
        "{page}"
    );
    let page = user
        .get("/admin/inventario/kardex?search=integral")
        .await
        .text();
    assert!(page.contains("Saldo anterior"), "the kardex of AR-10 opens");
    // Another company's user finds nothing.
    let mut other = app.signed_in(t.admin_b).await;
    let foreign = other.get("/api/inventory/kardex?search=AR-9").await;
    assert_eq!(foreign.status, 400, "{}", foreign.text());

    // The CSV: in Spanish, with the warehouse and both balances.
    let csv = user
        .get(&format!("/api/inventory/kardex/export?productId={id}"))
        .await
        .text();
    let lines: Vec<Vec<&str>> = csv
        .trim_start_matches('\u{feff}')
        .split("\r\n")
        .filter(|l| !l.is_empty())
        .map(|l| l.split(';').collect())
        .collect();
    // The header is `exports.rs`'s to check; here the columns this issue added.
    assert_eq!(lines[0][5], "Bodega");
    assert_eq!(lines[0][10..12], ["Saldo bodega", "Saldo total"]);
    let kinds: Vec<(&str, &str, &str, &str)> = lines[1..]
        .iter()
        .map(|l| (l[3], l[4].split(' ').next().unwrap(), l[5], l[11]))
        .collect();
    assert_eq!(
        kinds,
        [
            ("Saldo inicial", "Importación", "Bodega principal", "30"),
            ("Ajuste (entrada)", "Ajuste", "Bodega principal", "42"),
            (
                "Transferencia (salida)",
                "Transferencia",
                "Bodega principal",
                "24"
            ),
            (
                "Transferencia (entrada)",
                "Transferencia",
                "Bodega trasera",
                "42"
            ),
            ("Ajuste (salida)", "Ajuste", "Bodega principal", "40"),
        ]
    );

    // The XLSX: a real workbook; text neutralised like the CSV, quantities as numbers.
    let xlsx = user
        .get(&format!(
            "/api/inventory/kardex/export?productId={id}&format=xlsx"
        ))
        .await;
    assert_eq!(xlsx.status, 200, "{}", xlsx.text());
    assert_eq!(
        xlsx.header("content-type").as_deref(),
        Some("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    );
    assert_eq!(
        xlsx.header("content-disposition").as_deref(),
        Some("attachment; filename=\"kardex-AR-9.xlsx\"")
    );
    let mut book = open_workbook_auto_from_rs(Cursor::new(xlsx.body.to_vec())).unwrap();
    let sheet = book.worksheet_range_at(0).unwrap().unwrap();
    assert_eq!(sheet.get_size(), (6, 16));
    assert_eq!(sheet.get((0, 5)), Some(&Data::String("Bodega".into())));
    assert_eq!(
        sheet.get((1, 1)),
        Some(&Data::String("'=SUMA(1) Arroz 1 kg".into()))
    );
    assert_eq!(sheet.get((1, 4)), Some(&Data::String("Importación".into())));
    assert_eq!(
        sheet.get((4, 5)),
        Some(&Data::String("Bodega trasera".into()))
    );
    assert_eq!(sheet.get((5, 7)), Some(&Data::Float(2.0)));
    assert_eq!(sheet.get((5, 10)), Some(&Data::Float(22.0)));
    assert_eq!(sheet.get((5, 11)), Some(&Data::Float(40.0)));
    let unknown = user
        .get(&format!(
            "/api/inventory/kardex/export?productId={id}&format=pdf"
        ))
        .await;
    assert_eq!(unknown.status, 400, "{}", unknown.text());

    // The import template comes as XLSX too.
    let template = admin
        .get("/api/inventory/upload/template?format=xlsx")
        .await;
    assert_eq!(template.status, 200);
    let rows = mostrador::util::spreadsheet::read_rows(&template.body, &Limits::PRODUCTS).unwrap();
    assert_eq!(rows[0].get(0).unwrap(), "codigo");
    assert_eq!(rows[1].get(1).unwrap(), "7861234500017|7861234500024");
}

async fn decimal_comma_in_forms(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.admin_a).await;
    let created = c
        .post_json(
            "/api/item/register",
            json!({ "code": "DC-1", "name": "Detergente 1 kg", "price": "20,00",
                    "price2": "18,5", "ivaCode": "4", "unit": "unidad", "minStock": "2,5" }),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.text());
    let item = created.json();
    assert_eq!(
        (&item["price"], &item["price2"]),
        (&json!("20.00"), &json!("18.50"))
    );
    let id = item["_id"].as_i64().unwrap();
    let main = default_cellar(&mut c).await;
    let adjust = |quantity: &str, cost: &str| {
        json!({ "cellarId": main, "reason": "Ingreso", "lines": [
            { "productId": id, "quantity": quantity, "unitCost": cost }] })
    };
    let r = c
        .post_json("/api/inventory/adjustment/register", adjust("1,5", "0,80"))
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let stock = c.get("/api/inventory/stock?search=DC-1").await.json();
    assert_eq!(
        (
            &stock["results"][0]["quantity"],
            &stock["results"][0]["averageCost"]
        ),
        (&json!("1.5"), &json!("0.80"))
    );
    // A thousands separator is refused, not guessed.
    let r = c
        .post_json(
            "/api/inventory/adjustment/register",
            adjust("1.000,5", "0,80"),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(
        r.text().contains("no puede llevar separador de miles"),
        "{}",
        r.text()
    );
}
