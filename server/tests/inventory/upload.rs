//! Bulk import of products: a 10,000-row file with a few bad rows (errors name row and column,
//! the rest is imported), the same file again changes nothing, opening stock is posted once, and
//! CSV with `;` or `,`, with or without BOM, and XLSX are read alike.

use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};

use crate::util::fixtures::Tenants;
use crate::util::{Backend, Client, TestApp, TestResponse, on_both_backends};

on_both_backends!(
    ten_thousand_rows_bad_rows_and_reimport,
    separators_bom_and_xlsx
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
    let bytes = mostrador::util::export::write_xlsx(&rows);
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
