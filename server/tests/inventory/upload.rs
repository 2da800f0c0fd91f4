//! Bulk import of products: a 10,000-row file with a few bad rows (errors name row and column,
//! the rest is imported), the same file again changes nothing, opening stock is posted once, and
//! CSV with `;` or `,`, with or without BOM, and XLSX are read alike; a file mixing new
//! products, updates, repeated codes, moved barcodes and bad rows leaves the same catalogue on
//! both backends, and on PostgreSQL a batch of rows costs a handful of statements, not a few per
//! row.

use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};

use crate::util::fixtures::Tenants;
use crate::util::{Backend, Client, TestApp, TestResponse, on_both_backends};

on_both_backends!(
    ten_thousand_rows_bad_rows_and_reimport,
    separators_bom_and_xlsx,
    mixed_file_same_catalogue,
    statements_per_batch
);

/// `POST /api/inventory/upload` with `bytes` as the multipart field `file`.
pub async fn upload(c: &mut Client, name: &str, bytes: &[u8]) -> TestResponse {
    let token = c.csrf().await;
    let boundary = "----mostrador-prueba";
    let mut body = Vec::new();
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let request = Request::builder()
        .method(Method::POST)
        .uri("/api/inventory/upload")
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .header("x-csrf-token", token)
        .body(Body::from(body))
        .unwrap();
    c.send(request).await
}

/// Uploads and waits for the job to finish; returns the job.
pub async fn import(c: &mut Client, name: &str, bytes: &[u8]) -> Value {
    let started = upload(c, name, bytes).await;
    assert_eq!(started.status, 202, "{}", started.text());
    let id = started.json()["_id"].as_i64().unwrap();
    for _ in 0..1200 {
        let job = c.get(&format!("/api/inventory/upload/{id}")).await.json();
        if job["status"] != "running" {
            return job;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the import did not finish");
}

fn catalogue(rows: usize) -> String {
    let mut csv = String::from(
        "\u{feff}Código;Nombre;Código_Barras;CATEGORÍA;Precio;IVA;Stock_Inicial;Costo\r\n",
    );
    for n in 1..=rows {
        let (price, iva) = match n {
            17 => ("abc".to_string(), "4"),
            4242 => ("1.00".to_string(), "9"),
            _ => (
                format!("{}.{:02}", 1 + n % 20, n % 100),
                if n % 3 == 0 { "0" } else { "4" },
            ),
        };
        let name = if n == 9999 {
            String::new()
        } else {
            format!("Producto {n}")
        };
        let stock = if n <= 100 { "10" } else { "" };
        csv.push_str(&format!(
            "C{n:05};{name};78600{n:08};Categoría {};{price};{iva};{stock};0.50\r\n",
            n % 12
        ));
    }
    csv
}

async fn ten_thousand_rows_bad_rows_and_reimport(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let file = catalogue(10_000);
    let job = import(&mut admin, "catalogo.csv", file.as_bytes()).await;
    assert_eq!(job["status"], "done", "{job}");
    assert_eq!(
        (job["total"].as_i64(), job["processed"].as_i64()),
        (Some(10_000), Some(10_000))
    );
    assert_eq!(job["created"], 9_997);
    assert_eq!(job["updated"], 0);
    let errors: Vec<(i64, String)> = job["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["row"].as_i64().unwrap(),
                e["column"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // Row numbers count the header as row 1.
    assert_eq!(
        errors,
        [
            (18, "precio".to_string()),
            (4243, "iva".to_string()),
            (10_000, "nombre".to_string())
        ]
    );
    assert!(
        job["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("no es un número")
    );

    let products = admin.get("/api/item?search=C00042").await.json();
    assert_eq!(products["total"], 1);
    assert_eq!(products["results"][0]["stock"], "10");
    assert_eq!(
        admin
            .get("/api/item/category/all")
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        12
    );

    // The same file again: nothing created, nothing updated, no second opening.
    let again = import(&mut admin, "catalogo.csv", file.as_bytes()).await;
    assert_eq!(
        (again["created"].as_i64(), again["updated"].as_i64()),
        (Some(0), Some(0)),
        "{again}"
    );
    let id = products["results"][0]["_id"].as_i64().unwrap();
    let kardex = admin
        .get(&format!("/api/inventory/kardex?productId={id}"))
        .await
        .json();
    assert_eq!(kardex["results"].as_array().unwrap().len(), 1);
    assert_eq!(kardex["results"][0]["type"], "opening");

    // Others may not import.
    let mut user = app.signed_in(t.user_a).await;
    assert_eq!(
        upload(&mut user, "x.csv", b"codigo;nombre;precio\nA;B;1\n")
            .await
            .status,
        403
    );
    let mut other = app.signed_in(t.admin_b).await;
    let job_id = {
        let r = upload(&mut admin, "uno.csv", b"codigo;nombre;precio\nUNO;Uno;1\n").await;
        r.json()["_id"].as_i64().unwrap()
    };
    assert_eq!(
        other
            .get(&format!("/api/inventory/upload/{job_id}"))
            .await
            .status,
        404
    );
}

async fn separators_bom_and_xlsx(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let comma =
        "codigo,nombre,precio,unidad,codigo_barras\nK1,Queso fresco,\"3,10\",kg,2000011|2000012\n";
    let job = import(&mut admin, "coma.csv", comma.as_bytes()).await;
    assert_eq!(job["created"], 1, "{job}");
    let found = admin
        .post_json("/api/item/getByBarcode", json!({ "barcode": "2000012" }))
        .await
        .json();
    assert_eq!(found["price"], "3.10");
    assert_eq!(found["unit"], "kg");

    // An update through XLSX: the price changes, the rest stays.
    let rows: Vec<Vec<String>> = vec![
        vec!["CODIGO".into(), "Precio".into(), "Nombre".into()],
        vec!["K1".into(), "3.25".into(), "Queso fresco".into()],
        vec!["K2".into(), "0.40".into(), "Pan & queso".into()],
    ];
    let bytes = mostrador::util::export::write_xlsx(&rows, &[1]).unwrap();
    let job = import(&mut admin, "libro.xlsx", &bytes).await;
    assert_eq!(
        (job["created"].as_i64(), job["updated"].as_i64()),
        (Some(1), Some(1)),
        "{job}"
    );
    let found = admin
        .post_json("/api/item/getByBarcode", json!({ "barcode": "2000011" }))
        .await
        .json();
    assert_eq!(found["price"], "3.25");
    assert_eq!(found["barcodes"], json!(["2000011", "2000012"]));
    assert_eq!(
        admin.get("/api/item?search=pan%20%26").await.json()["total"],
        1
    );

    let template = admin.get("/api/inventory/upload/template").await;
    assert_eq!(template.status, 200);
    assert!(template.text().contains("codigo;codigo_barras;nombre"));
    let missing = import(&mut admin, "malo.csv", b"nombre;precio\nX;1\n").await;
    assert_eq!(missing["status"], "failed");
    assert_eq!(missing["errors"][0]["column"], "codigo");
}

/// The company's catalogue as `(code, name, price, barcodes, stock)`, by code.
async fn catalogue_of(c: &mut Client) -> Vec<(String, String, String, Value, String)> {
    let page = c
        .get("/api/item?limit=100&sort=code&order=asc")
        .await
        .json();
    page["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["code"].as_str().unwrap().to_string(),
                p["name"].as_str().unwrap().to_string(),
                p["price"].as_str().unwrap().to_string(),
                p["barcodes"].clone(),
                p["stock"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// One batch holding what a row must see of the rows before it: a barcode given up by an update
/// and taken by a new product, a barcode still held (refused), a code repeated (created, then
/// updated, its opening stock posted once), opening stock for a product that already has a
/// movement (not posted), unchanged rows and bad rows. The expected catalogue is spelt out, so
/// both backends must leave exactly it.
async fn mixed_file_same_catalogue(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut admin = app.signed_in(t.admin_a).await;
    let header = "codigo;nombre;precio;codigo_barras;stock_inicial;costo;categoria\n";
    let first = format!(
        "{header}A1;Arroz;1.00;111;;;Granos\nA2;Azúcar;2.00;222;;;Granos\nA3;Aceite;3.00;;5;1.50;\n"
    );
    let job = import(&mut admin, "uno.csv", first.as_bytes()).await;
    assert_eq!(job["created"], 3, "{job}");

    let mixed = format!(
        "{header}\
         A1;Arroz;1.10;333;;;Granos\n\
         N1;Nuevo uno;4.00;111;;;Lácteos\n\
         N2;Nuevo dos;4.00;222;;;\n\
         N3;Nuevo tres;abc;;;;\n\
         N4;Nuevo cuatro;5.00;444;7;1.00;\n\
         N4;Nuevo cuatro bis;5.50;;3;1.00;\n\
         A3;Aceite;3.00;;9;1.00;\n\
         A2;Azúcar;2.00;222;;;Granos\n\
         N5;Nuevo cinco;6.00;333;;;\n"
    );
    let job = import(&mut admin, "mezcla.csv", mixed.as_bytes()).await;
    assert_eq!(job["status"], "done", "{job}");
    assert_eq!(
        (job["created"].as_i64(), job["updated"].as_i64()),
        (Some(2), Some(2)),
        "{job}"
    );
    let errors: Vec<(i64, &str)> = job["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["row"].as_i64().unwrap(), e["column"].as_str().unwrap()))
        .collect();
    assert_eq!(
        errors,
        [(4, "codigo_barras"), (5, "precio"), (10, "codigo_barras")],
        "{job}"
    );
    let row = |code: &str, name: &str, price: &str, barcodes: Value, stock: &str| {
        (
            code.to_string(),
            name.to_string(),
            price.to_string(),
            barcodes,
            stock.to_string(),
        )
    };
    assert_eq!(
        catalogue_of(&mut admin).await,
        [
            row("A1", "Arroz", "1.10", json!(["333"]), "0"),
            row("A2", "Azúcar", "2.00", json!(["222"]), "0"),
            row("A3", "Aceite", "3.00", json!([]), "5"),
            row("N1", "Nuevo uno", "4.00", json!(["111"]), "0"),
            row("N4", "Nuevo cuatro bis", "5.50", json!(["444"]), "7"),
        ]
    );
    let found = admin
        .post_json("/api/item/getByBarcode", json!({ "barcode": "111" }))
        .await
        .json();
    assert_eq!(found["code"], "N1");
    let categories = admin.get("/api/item/category/all").await.json();
    assert_eq!(categories.as_array().unwrap().len(), 2, "{categories}");
    for (code, quantity) in [("A3", "5"), ("N4", "7")] {
        let id = admin.get(&format!("/api/item?search={code}")).await.json()["results"][0]["_id"]
            .as_i64()
            .unwrap();
        let kardex = admin
            .get(&format!("/api/inventory/kardex?productId={id}"))
            .await
            .json();
        let rows = kardex["results"].as_array().unwrap();
        assert_eq!(rows.len(), 1, "{code}: {kardex}");
        assert_eq!(rows[0]["type"], "opening");
        assert_eq!(rows[0]["quantityIn"], quantity, "{code}: {kardex}");
    }
}

/// The statements an import of 1,200 new products (barcodes, opening stock) and then of their
/// 1,200 updates runs, counted on the job's connection, and those on the stock rows. On PostgreSQL a batch of 500 rows runs a
/// handful of statements (a few per row took two minutes for 100,000 products); SQLite runs one
/// cached statement per row by design, so there only the outcome is checked.
async fn statements_per_batch(backend: Backend) {
    use diesel::connection::{Connection, InstrumentationEvent};
    use mostrador::auth::roles::Tenant;
    use mostrador::auth::signed_in::AuthUser;
    use mostrador::db::DbConnection;
    use mostrador::models::auth::user::User;
    use mostrador::models::inventory::import_job::ImportJob;
    use mostrador::services::inventory::import::run_job;
    use mostrador::util::spreadsheet::Row;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    let postgres = matches!(backend, Backend::Postgres(_));
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let email = t.admin_a;
    let rows = |price: &str| -> Vec<Vec<String>> {
        let mut rows = vec![
            [
                "codigo",
                "nombre",
                "precio",
                "codigo_barras",
                "stock_inicial",
                "costo",
            ]
            .map(String::from)
            .to_vec(),
        ];
        for n in 1..=1200 {
            rows.push(vec![
                format!("P{n:04}"),
                format!("Producto {n}"),
                price.to_string(),
                format!("99{n:08}"),
                "4".into(),
                "0.75".into(),
            ]);
        }
        rows
    };
    for (price, created, updated) in [("1.00", 1200, 0), ("1.25", 0, 1200)] {
        let file = rows(price);
        let (statements, job) = app
            .db(move |conn: &mut DbConnection| {
                let user = User::find_by_email(conn, email).unwrap().unwrap();
                let tenant = Tenant {
                    company: user.company().unwrap(),
                    auth: AuthUser {
                        user,
                        session_id: 0,
                        zone: Default::default(),
                    },
                };
                let branch = tenant.branch(conn).unwrap().id;
                let job = ImportJob::start(conn, tenant.company, tenant.user_id(), "n.csv", 1200)
                    .unwrap();
                let counted = Arc::new(AtomicUsize::new(0));
                let on_stocks = Arc::new(AtomicUsize::new(0));
                let (counter, stock_counter) = (counted.clone(), on_stocks.clone());
                conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
                    if let InstrumentationEvent::StartQuery { query, .. } = event {
                        counter.fetch_add(1, Ordering::Relaxed);
                        let sql = query.to_string();
                        // Reads and writes of stock rows; not the statistics refreshed between
                        // batches.
                        if sql.contains("stocks") && !sql.starts_with("ANALYZE") {
                            stock_counter.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
                run_job(
                    conn,
                    &tenant,
                    branch,
                    job,
                    file.iter().map(|r| Row::of(r)).collect(),
                );
                conn.set_instrumentation(|_: InstrumentationEvent<'_>| {});
                let job = ImportJob::find(conn, tenant.company, job).unwrap().unwrap();
                let counts = (
                    counted.load(Ordering::Relaxed),
                    on_stocks.load(Ordering::Relaxed),
                );
                (counts, job)
            })
            .await;
        let (statements, stock_statements) = statements;
        assert_eq!(
            (job.status.as_str(), job.created, job.updated),
            ("done", created, updated),
            "{}",
            job.errors
        );
        if postgres {
            // 3 batches; before, 5 or more statements per row (over 6,000 here).
            assert!(
                statements <= 100,
                "{statements} sentencias para 1.200 filas"
            );
        }
        // The opening stock of new products is written once per row: inserted with its balance,
        // not inserted empty, locked and updated (one statement per batch on PostgreSQL, one
        // per row on SQLite; before, 3 per batch and 4 per row). The second import posts none.
        let most = if postgres { 3 } else { 1200 };
        assert!(
            stock_statements <= if created > 0 { most } else { 0 },
            "{stock_statements} sentencias sobre stocks"
        );
    }
    let mut admin = app.signed_in(email).await;
    let found = admin
        .post_json("/api/item/getByBarcode", json!({ "barcode": "9900000777" }))
        .await
        .json();
    assert_eq!(
        (found["code"].as_str(), found["price"].as_str()),
        (Some("P0777"), Some("1.25"))
    );
    assert_eq!(found["stock"], "4");
    // The opening row and the stock it leaves, as any other entry of 4 at 0.75 would.
    let kardex = admin
        .get(&format!(
            "/api/inventory/kardex?productId={}",
            found["_id"].as_i64().unwrap()
        ))
        .await
        .json();
    let rows = kardex["results"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{kardex}");
    let figures = [
        "type",
        "quantityIn",
        "quantityOut",
        "unitCost",
        "totalCost",
        "balanceQuantity",
        "averageCost",
        "balanceValue",
    ]
    .map(|k| rows[0][k].as_str().unwrap_or_default().to_string());
    assert_eq!(
        figures,
        ["opening", "4", "0", "0.75", "3.00", "4", "0.75", "3.00"],
        "{kardex}"
    );
}
