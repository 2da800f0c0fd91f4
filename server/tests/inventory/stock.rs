//! Products, warehouses, adjustments, transfers, the kardex and the stock list end to end: the
//! API contract, the weighted average cost, the refusal to go below zero, concurrent takes of the
//! last units and the company boundary.

use serde_json::{Value, json};

use crate::util::fixtures::Tenants;
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    products_contract_and_pos_reads,
    average_cost_adjustments_transfers_and_kardex,
    concurrent_takes_of_the_last_units,
    another_company_cannot_see_inventory,
    every_branch_has_a_default_warehouse,
    negative_stock_when_the_company_allows_it
);

async fn product(c: &mut Client, code: &str, name: &str, barcode: &str) -> Value {
    let r = c
        .post_json(
            "/api/item/register",
            json!({ "code": code, "name": name, "barcodes": [barcode], "price": "1.25",
                    "price2": "1.10", "ivaCode": "4", "unit": "unidad", "minStock": "5" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()
}

/// The company's default warehouse (exactly one is marked default).
pub(crate) async fn default_cellar(c: &mut Client) -> i64 {
    let options = c.get("/api/inventory/cellar/options").await.json();
    let options = options.as_array().unwrap();
    assert_eq!(options.iter().filter(|o| o["isDefault"] == true).count(), 1);
    options.iter().find(|o| o["isDefault"] == true).unwrap()["_id"]
        .as_i64()
        .unwrap()
}

async fn adjust(c: &mut Client, cellar: i64, lines: Value) -> crate::util::TestResponse {
    c.post_json(
        "/api/inventory/adjustment/register",
        json!({ "cellarId": cellar, "reason": "Prueba", "lines": lines }),
    )
    .await
}

async fn products_contract_and_pos_reads(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.user_a).await;
    let sugar = product(&mut c, "AZ-1", "Azúcar blanca 1 kg", "7861234500017").await;
    assert_eq!(sugar["price"], "1.25");
    assert_eq!(sugar["price2"], "1.10");
    assert_eq!(sugar["price3"], Value::Null);
    assert_eq!(sugar["barcodes"], json!(["7861234500017"]));
    assert_eq!(sugar["kind"], "product");
    assert_eq!(sugar["stock"], "0");
    assert_eq!(sugar["minStock"], "5");
    product(&mut c, "AG-1", "Agua Águila 500 ml", "7861234500024").await;
    // Holds every trigram of "azucar" ("azu", "zuc", "uca", "car") but not the word: the index
    // only proposes candidates, the list keeps those that hold the whole term.
    product(&mut c, "YU-1", "Yuca azul zucchini carbón", "7861234500048").await;

    for (search, expected) in [
        ("azucar", "AZ-1"),
        ("AGUILA", "AG-1"),
        ("7861234500024", "AG-1"),
    ] {
        let found = c.get(&format!("/api/item?search={search}")).await.json();
        assert_eq!(found["total"], 1, "{search}");
        assert_eq!(found["results"][0]["code"], expected, "{search}");
    }

    // Duplicates.
    let dup = c
        .post_json(
            "/api/item/register",
            json!({ "code": "AZ-1", "name": "Otro", "price": "1" }),
        )
        .await;
    assert_eq!(dup.status, 409);
    assert_eq!(dup.message(), "Ya existe un producto con ese código");
    let dup = c
        .post_json(
            "/api/item/register",
            json!({ "code": "X-1", "name": "Otro", "price": "1", "barcodes": ["7861234500017"] }),
        )
        .await;
    assert_eq!(dup.status, 409);
    assert!(dup.message().contains("7861234500017"), "{}", dup.message());
    let bad = c
        .post_json(
            "/api/item/register",
            json!({ "code": "", "name": "", "price": 1.5, "ivaCode": "2" }),
        )
        .await;
    assert_eq!(bad.status, 400);
    let errors = &bad.json()["errors"];
    for field in ["code", "name", "price", "ivaCode"] {
        assert!(errors[field].is_string(), "{field}: {errors}");
    }

    // The cashier reads what the POS needs, and cannot write.
    let mut cashier = app.signed_in(t.cashier_a).await;
    let by_barcode = cashier
        .post_json(
            "/api/item/getByBarcode",
            json!({ "barcode": "7861234500017" }),
        )
        .await;
    assert_eq!(by_barcode.status, 200, "{}", by_barcode.text());
    let by_barcode = by_barcode.json();
    assert_eq!(by_barcode["_id"], sugar["_id"]);
    assert_eq!(by_barcode["ivaCode"], "4");
    assert_eq!(by_barcode["stocks"][0]["quantity"], "0");
    let unknown = cashier
        .post_json("/api/item/getByBarcode", json!({ "barcode": "999" }))
        .await;
    assert_eq!(unknown.status, 404);
    assert_eq!(
        unknown.message(),
        "No existe un producto con ese código de barras"
    );
    let by_id = cashier
        .post_json("/api/item/getProductByID", json!({ "_id": sugar["_id"] }))
        .await;
    assert_eq!(by_id.json()["code"], "AZ-1");
    let none = cashier
        .post_json("/api/item/getStocks", json!({ "products": [999999] }))
        .await;
    assert_eq!(none.status, 404);
    assert_eq!(
        none.message(),
        "No se encontraron los stocks de los productos"
    );
    assert_eq!(
        cashier
            .post_json(
                "/api/item/register",
                json!({ "code": "C", "name": "C", "price": "1" })
            )
            .await
            .status,
        403
    );

    // Update, lock, delete.
    let id = sugar["_id"].as_i64().unwrap();
    let mut body = sugar.clone();
    body["name"] = json!("Azúcar morena 1 kg");
    body["barcodes"] = json!(["7861234500017", "7861234500031"]);
    let updated = c.post_json(&format!("/api/item/{id}/update"), body).await;
    assert_eq!(updated.status, 200, "{}", updated.text());
    assert_eq!(updated.json()["barcodes"].as_array().unwrap().len(), 2);
    assert_eq!(
        c.post_json(&format!("/api/item/{id}/lock"), json!({}))
            .await
            .json()["locked"],
        true
    );
    assert_eq!(
        c.post_json("/api/item/delete", json!({ "_id": id }))
            .await
            .status,
        409
    );
    c.post_json(&format!("/api/item/{id}/lock"), json!({}))
        .await;
    let deleted = c.post_json("/api/item/delete", json!({ "_id": id })).await;
    assert_eq!(deleted.status, 200, "{}", deleted.text());
    assert_eq!(c.get(&format!("/api/item/{id}")).await.status, 404);
}

async fn average_cost_adjustments_transfers_and_kardex(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.admin_a).await;
    let rice = product(&mut c, "AR-1", "Arroz 1 kg", "7861234500048").await;
    let id = rice["_id"].as_i64().unwrap();
    let main = default_cellar(&mut c).await;
    let second = c
        .post_json(
            "/api/inventory/cellar/register",
            json!({ "name": "Bodega trasera" }),
        )
        .await;
    assert_eq!(second.status, 201, "{}", second.text());
    let second = second.json()["_id"].as_i64().unwrap();

    // An entry without cost into empty stock is refused.
    let no_cost = adjust(&mut c, main, json!([{ "productId": id, "quantity": "10" }])).await;
    assert_eq!(no_cost.status, 400);
    assert!(
        no_cost.message().contains("costo unitario"),
        "{}",
        no_cost.message()
    );

    let first = adjust(
        &mut c,
        main,
        json!([{ "productId": id, "quantity": "10", "unitCost": "2" }]),
    )
    .await;
    assert_eq!(first.status, 201, "{}", first.text());
    assert_eq!(first.json()["number"], 1);
    adjust(
        &mut c,
        main,
        json!([{ "productId": id, "quantity": "10", "unitCost": "4" }]),
    )
    .await;
    let out = adjust(&mut c, main, json!([{ "productId": id, "quantity": "-5" }])).await;
    assert_eq!(out.status, 201, "{}", out.text());
    assert_eq!(out.json()["lines"][0]["unitCost"], "3.00");

    // Too much out: refused, naming the product and what is available; nothing changes.
    let too_much = adjust(
        &mut c,
        main,
        json!([{ "productId": id, "quantity": "-16" }]),
    )
    .await;
    assert_eq!(too_much.status, 409);
    assert_eq!(
        too_much.message(),
        "Stock insuficiente de «Arroz 1 kg»: disponible 15"
    );

    let transfer = c
        .post_json(
            "/api/inventory/transfer/register",
            json!({ "fromCellarId": main, "toCellarId": second, "carrierName": "Juan Pérez",
                    "plate": "pbc-1234", "startDate": "2026-11-22", "endDate": "2026-11-23",
                    "lines": [{ "productId": id, "quantity": "3" }] }),
        )
        .await;
    assert_eq!(transfer.status, 201, "{}", transfer.text());
    let transfer = transfer.json();
    assert_eq!(transfer["plate"], "PBC-1234");
    // The printable guía: complete HTML, no scripts; another company's user cannot open it.
    let print = c
        .get(&format!(
            "/admin/inventario/guiaDeRemision/{}/imprimir",
            transfer["_id"]
        ))
        .await;
    assert_eq!(print.status, 200);
    let html = print.text();
    assert!(
        html.contains("GUÍA DE REMISIÓN")
            && html.contains("PBC-1234")
            && html.contains("Arroz 1 kg")
    );
    assert!(
        crate::util::only_print_script(&html),
        "a printable has no scripts"
    );
    let mut b = app.signed_in(t.admin_b).await;
    let other = b
        .get(&format!(
            "/admin/inventario/guiaDeRemision/{}/imprimir",
            transfer["_id"]
        ))
        .await;
    assert_eq!(other.status, 404);

    // Count mode: 11 counted where 12 are → one out.
    let count = c
        .post_json(
            "/api/inventory/adjustment/register",
            json!({ "cellarId": main, "mode": "count", "lines": [{ "productId": id, "counted": "11" }] }),
        )
        .await;
    assert_eq!(count.status, 201, "{}", count.text());
    assert_eq!(count.json()["lines"][0]["quantity"], "-1");

    let stocks = c
        .post_json("/api/item/getStocks", json!({ "products": [id] }))
        .await
        .json();
    let of = |cellar: i64| {
        stocks
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["cellarId"] == cellar)
            .unwrap()
            .clone()
    };
    assert_eq!(of(main)["quantity"], "11");
    assert_eq!(of(main)["averageCost"], "3.00");
    assert_eq!(of(second)["quantity"], "3");
    assert_eq!(of(second)["averageCost"], "3.00");

    let kardex = c
        .get(&format!(
            "/api/inventory/kardex?productId={id}&cellarId={main}"
        ))
        .await;
    assert_eq!(kardex.status, 200, "{}", kardex.text());
    let kardex = kardex.json();
    let rows = kardex["results"].as_array().unwrap();
    let summary: Vec<(&str, &str, &str, &str, &str, &str)> = rows
        .iter()
        .map(|r| {
            (
                r["type"].as_str().unwrap(),
                r["quantityIn"].as_str().unwrap(),
                r["quantityOut"].as_str().unwrap(),
                r["balanceQuantity"].as_str().unwrap(),
                r["averageCost"].as_str().unwrap(),
                r["balanceValue"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("adjustment_in", "10", "0", "10", "2.00", "20.00"),
            ("adjustment_in", "10", "0", "20", "3.00", "60.00"),
            ("adjustment_out", "0", "5", "15", "3.00", "45.00"),
            ("transfer_out", "0", "3", "12", "3.00", "36.00"),
            ("adjustment_out", "0", "1", "11", "3.00", "33.00"),
        ]
    );
    assert_eq!(rows[0]["document"]["type"], "adjustment");
    assert_eq!(rows[0]["document"]["number"], "000001");
    assert_eq!(rows[0]["user"], "Usuario admin@a.ec");
    assert_eq!(kardex["opening"]["balanceQuantity"], "0");

    let stock = c
        .get(&format!("/api/inventory/stock?cellarId={main}"))
        .await
        .json();
    assert_eq!(stock["results"][0]["quantity"], "11");
    assert_eq!(stock["results"][0]["value"], "33.00");
    assert_eq!(stock["totalValue"], "33.00");
    let low = c.get("/api/inventory/stock?low=true").await.json();
    assert_eq!(
        low["results"].as_array().unwrap().len(),
        1,
        "3 < 5 in the second warehouse"
    );
    assert_eq!(low["results"][0]["cellarId"], second);
    // Issue 24, defect 9: the stock list pages like every list; the value is of all its rows.
    let all = c.get("/api/inventory/stock").await.json();
    assert!(all["total"].as_i64().unwrap() >= 2, "{all}");
    let page = c.get("/api/inventory/stock?limit=1&page=2").await.json();
    assert_eq!(
        (&page["total"], &page["page"], &page["limit"]),
        (&all["total"], &json!(2), &json!(1))
    );
    assert_eq!(page["results"].as_array().unwrap().len(), 1);
    assert_eq!(page["results"][0], all["results"][1]);
    assert_eq!(page["totalValue"], all["totalValue"]);

    // A recipe consumes its ingredients; a service moves nothing.
    let recipe = c
        .post_json(
            "/api/item/register",
            json!({ "code": "RC-1", "name": "Arroz con menestra", "price": "3.50", "kind": "recipe",
                    "recipe": [{ "ingredientId": id, "quantity": "0.25" }] }),
        )
        .await;
    assert_eq!(recipe.status, 201, "{}", recipe.text());
    let recipe_id = recipe.json()["_id"].clone();
    let needs = c
        .post_json("/api/item/getIngredientsStock", json!({ "_id": recipe_id }))
        .await
        .json();
    assert_eq!(needs[0]["quantity"], "0.25");
    assert_eq!(needs[0]["available"], "14");
    // Counted in one warehouse of the branch (the one a sale would take it from).
    for (cellar, available) in [(main, "11"), (second, "3")] {
        let needs = c
            .post_json(
                "/api/item/getIngredientsStock",
                json!({ "_id": recipe_id, "cellarId": cellar }),
            )
            .await
            .json();
        assert_eq!(needs[0]["available"], available, "bodega {cellar}");
    }
    let unknown = c
        .post_json(
            "/api/item/getIngredientsStock",
            json!({ "_id": recipe_id, "cellarId": 999_999 }),
        )
        .await;
    assert_eq!(unknown.status, 400);
    assert_eq!(
        unknown.json()["errors"]["cellarId"],
        "La bodega no existe en la sucursal seleccionada"
    );

    // The screens render the same data on the server.
    for (path, expected) in [
        ("/admin/inventario", "42.00"),
        ("/admin/inventario/productos", "Arroz 1 kg"),
        (
            &format!("/admin/inventario/kardex?productId={id}") as &str,
            "Ajuste (entrada)",
        ),
        ("/admin/inventario/stockList?low=true", "Bodega trasera"),
        ("/admin/inventario/guiaDeRemision", "Juan Pérez"),
    ] {
        let page = c.get(path).await;
        assert_eq!(page.status, 200, "{path}");
        assert!(page.text().contains(expected), "{path} shows {expected}");
    }

    // Adjustments and transfers are register-only, and their documents read back.
    let list = c.get("/api/inventory/adjustment").await.json();
    assert_eq!(list["total"], 4);
    let transfers = c.get("/api/inventory/transfer").await.json();
    assert_eq!(transfers["results"][0]["carrierName"], "Juan Pérez");
}

async fn concurrent_takes_of_the_last_units(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.user_a).await;
    let item = product(&mut c, "LT-1", "Leche entera 1 l", "7861234500055").await;
    let id = item["_id"].as_i64().unwrap();
    let main = default_cellar(&mut c).await;
    let r = adjust(
        &mut c,
        main,
        json!([{ "productId": id, "quantity": "10", "unitCost": "0.80" }]),
    )
    .await;
    assert_eq!(r.status, 201);
    c.csrf().await;

    let mut tasks = Vec::new();
    for _ in 0..20 {
        let mut client = app.client_on(app.router.clone(), &c);
        tasks.push(tokio::spawn(async move {
            let r = adjust(
                &mut client,
                main,
                json!([{ "productId": id, "quantity": "-1" }]),
            )
            .await;
            (r.status.as_u16(), r.message())
        }));
    }
    let mut ok = 0;
    for task in tasks {
        let (status, message) = task.await.unwrap();
        match status {
            201 => ok += 1,
            409 => assert_eq!(
                message,
                "Stock insuficiente de «Leche entera 1 l»: disponible 0"
            ),
            other => panic!("unexpected {other}: {message}"),
        }
    }
    assert_eq!(ok, 10);
    let stocks = c
        .post_json("/api/item/getStocks", json!({ "products": [id] }))
        .await
        .json();
    assert_eq!(stocks[0]["quantity"], "0");
    let kardex = c
        .get(&format!("/api/inventory/kardex?productId={id}&limit=100"))
        .await
        .json();
    let outs = kardex["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["type"] == "adjustment_out")
        .count();
    assert_eq!(outs, 10);
    let numbers: std::collections::BTreeSet<i64> =
        c.get("/api/inventory/adjustment?limit=100").await.json()["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["number"].as_i64().unwrap())
            .collect();
    assert_eq!(numbers.len(), 11, "each adjustment has its own number");
}

async fn another_company_cannot_see_inventory(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut a = app.signed_in(t.admin_a).await;
    let item = product(&mut a, "PR-1", "Pan de yuca", "7861234500062").await;
    let id = item["_id"].as_i64().unwrap();
    let main = default_cellar(&mut a).await;
    let adjustment = adjust(
        &mut a,
        main,
        json!([{ "productId": id, "quantity": "4", "unitCost": "0.25" }]),
    )
    .await
    .json();
    let adjustment_id = adjustment["_id"].as_i64().unwrap();

    let mut b = app.signed_in(t.admin_b).await;
    // Searches (through the trigram index, by LIKE for short terms, by barcode digits) find only
    // the company's own products.
    for term in ["yuca", "pan de", "pa", "786123", "PR-1"] {
        assert_eq!(
            a.get(&format!("/api/item?search={}", term.replace(' ', "%20")))
                .await
                .json()["total"],
            1,
            "{term}"
        );
        let found = b
            .get(&format!("/api/item?search={}", term.replace(' ', "%20")))
            .await
            .json();
        assert_eq!(found["total"], 0, "{term}");
    }
    for (base, record) in [("/api/item", id), ("/api/inventory/cellar", main)] {
        assert_eq!(
            b.get(&format!("{base}/{record}")).await.status,
            404,
            "{base}"
        );
        let update = b
            .post_json(
                &format!("{base}/{record}/update"),
                json!({ "code": "X", "name": "Robado", "price": "1" }),
            )
            .await;
        assert!(
            update.status == 404 || update.status == 400,
            "{base}: {}",
            update.status
        );
        assert_eq!(
            b.post_json(&format!("{base}/{record}/lock"), json!({}))
                .await
                .status,
            404
        );
        assert_eq!(
            b.post_json(&format!("{base}/delete"), json!({ "_id": record }))
                .await
                .status,
            404
        );
        let list = b.get(base).await.json();
        assert!(
            list["results"]
                .as_array()
                .unwrap()
                .iter()
                .all(|r| r["_id"] != record)
        );
    }
    assert_eq!(
        b.get(&format!("/api/inventory/adjustment/{adjustment_id}"))
            .await
            .status,
        404
    );
    assert_eq!(
        b.post_json("/api/item/getProductByID", json!({ "_id": id }))
            .await
            .status,
        404
    );
    assert_eq!(
        b.post_json(
            "/api/item/getByBarcode",
            json!({ "barcode": "7861234500062" })
        )
        .await
        .status,
        404
    );
    assert_eq!(
        b.post_json("/api/item/getStocks", json!({ "products": [id] }))
            .await
            .status,
        404
    );
    assert_eq!(
        b.get(&format!("/api/inventory/kardex?productId={id}"))
            .await
            .status,
        404
    );
    // B cannot move A's product through its own warehouse, nor A's warehouse.
    let b_main = default_cellar(&mut b).await;
    let stolen = adjust(
        &mut b,
        b_main,
        json!([{ "productId": id, "quantity": "-1" }]),
    )
    .await;
    assert_eq!(stolen.status, 400);
    let stolen = adjust(&mut b, main, json!([{ "productId": id, "quantity": "-1" }])).await;
    assert_eq!(stolen.status, 400);
    assert_eq!(
        a.post_json("/api/item/getStocks", json!({ "products": [id] }))
            .await
            .json()[0]["quantity"],
        "4"
    );
}

async fn every_branch_has_a_default_warehouse(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut a = app.signed_in(t.admin_a).await;
    let r = a
        .post_json(
            "/api/company/branchOffice/register",
            json!({ "code": "007", "name": "Sucursal norte", "address": "Quito norte", "emissionPoints": [{ "code": "001" }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let (mut branches, mut defaults) = app
        .db(|conn| {
            use diesel::prelude::*;
            use mostrador::db::schema::{branch_offices, warehouses};
            let branches: Vec<i64> = branch_offices::table
                .select(branch_offices::id)
                .load(conn)
                .unwrap();
            let defaults: Vec<i64> = warehouses::table
                .filter(warehouses::is_default.eq(true))
                .select(warehouses::branch_office_id)
                .load(conn)
                .unwrap();
            (branches, defaults)
        })
        .await;
    branches.sort_unstable();
    defaults.sort_unstable();
    assert_eq!(branches, defaults, "one default warehouse per branch");
    let default = default_cellar(&mut a).await;
    let refused = a
        .post_json("/api/inventory/cellar/delete", json!({ "_id": default }))
        .await;
    assert_eq!(refused.status, 409);
    // Deleting a branch with its empty default warehouse: server/tests/config/branch_offices.rs.
}

async fn negative_stock_when_the_company_allows_it(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    // The administrator turns it on in the company's data (off by default).
    let mut admin = app.signed_in(t.admin_a).await;
    let mut company = admin.get("/api/company").await.json();
    assert_eq!(company["allowNegativeStock"], false);
    company["allowNegativeStock"] = json!(true);
    let saved = admin.post_json("/api/company/update", company).await;
    assert_eq!(saved.status, 200, "{}", saved.text());
    assert_eq!(saved.json()["allowNegativeStock"], true);
    let mut c = app.signed_in(t.user_a).await;
    let item = product(&mut c, "NG-1", "Hielo en funda", "7861234500079").await;
    let id = item["_id"].as_i64().unwrap();
    let main = default_cellar(&mut c).await;
    let out = adjust(&mut c, main, json!([{ "productId": id, "quantity": "-3" }])).await;
    assert_eq!(out.status, 201, "{}", out.text());
    let entry = adjust(
        &mut c,
        main,
        json!([{ "productId": id, "quantity": "5", "unitCost": "2" }]),
    )
    .await;
    assert_eq!(entry.status, 201, "{}", entry.text());
    let kardex = c
        .get(&format!("/api/inventory/kardex?productId={id}"))
        .await
        .json();
    let balances: Vec<(&str, &str)> = kardex["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["balanceQuantity"].as_str().unwrap(),
                r["averageCost"].as_str().unwrap(),
            )
        })
        .collect();
    // From below zero, an entry takes its own cost as the average.
    assert_eq!(balances, [("-3", "0.00"), ("2", "2.00")]);
}
