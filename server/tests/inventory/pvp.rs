//! Prices with IVA (issue 24, defect 5): a product entered with its PVP (`priceIncludesIva: true`)
//! stores the base to 6 decimals at its IVA rate (the one rounding rule of `domain::amount`), every
//! product view shows the PVP a shopper pays, and the POS charges exactly that PVP. A PVP no base
//! reaches is saved with a warning naming the PVP that results; a negocio popular charges no IVA,
//! so its PVP is the price itself.

use serde_json::{Value, json};

use crate::sales::support::Shop;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(a_product_entered_with_its_pvp_stores_the_base);

async fn register(shop: &mut Shop, code: &str, body: Value) -> Value {
    let mut body = body;
    body["code"] = json!(code);
    body["name"] = json!(format!("Producto {code}"));
    body["unit"] = json!("unidad");
    let r = shop.user.post_json("/api/item/register", body).await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()
}

async fn a_product_entered_with_its_pvp_stores_the_base(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;

    // PVP 23.00 at 15 %: base 20.000000, shown back as PVP 23.00; the other levels too.
    let p = register(
        &mut shop,
        "P1",
        json!({ "price": "23.00", "price2": "11,50", "ivaCode": "4", "priceIncludesIva": true }),
    )
    .await;
    assert_eq!(p["price"], "20.00", "{p}");
    assert_eq!(p["price2"], "10.00", "{p}");
    assert_eq!(p["pvp"], "23.00", "{p}");
    assert_eq!(p["warnings"], json!([]), "{p}");
    let exact = p["_id"].as_i64().unwrap();

    // PVP 1.00: base 0.869565 (to the micro), PVP 1.00 again.
    let p = register(
        &mut shop,
        "P2",
        json!({ "price": "1.00", "ivaCode": "4", "priceIncludesIva": true }),
    )
    .await;
    assert_eq!(p["price"], "0.869565", "{p}");
    assert_eq!(p["pvp"], "1.00", "{p}");
    let odd = p["_id"].as_i64().unwrap();

    // No base in cents gives 1.11 at 15 %: saved, with the PVP that results.
    let p = register(
        &mut shop,
        "P3",
        json!({ "price": "1.11", "ivaCode": "4", "priceIncludesIva": true }),
    )
    .await;
    assert_eq!(p["price"], "0.965217", "{p}");
    assert_eq!(p["pvp"], "1.12", "{p}");
    assert_eq!(p["warnings"][0]["field"], "price", "{p}");
    assert!(
        p["warnings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("1.12"),
        "{p}"
    );

    // IVA 5 % and 0 %; without the flag the price is the base, as before.
    let p = register(
        &mut shop,
        "P4",
        json!({ "price": "10.50", "ivaCode": "5", "priceIncludesIva": true }),
    )
    .await;
    assert_eq!(p["price"], "10.00", "{p}");
    let p = register(
        &mut shop,
        "P5",
        json!({ "price": "4.50", "ivaCode": "0", "priceIncludesIva": true }),
    )
    .await;
    assert_eq!(
        (p["price"].as_str(), p["pvp"].as_str()),
        (Some("4.50"), Some("4.50"))
    );
    let p = register(&mut shop, "P6", json!({ "price": "20", "ivaCode": "4" })).await;
    assert_eq!(
        (p["price"].as_str(), p["pvp"].as_str()),
        (Some("20.00"), Some("23.00"))
    );

    // An update with the flag, and the PVP in the list and at the POS's scan.
    let r = shop
        .user
        .post_json(
            &format!("/api/item/{odd}/update"),
            json!({ "code": "P2", "name": "Producto P2", "unit": "unidad", "ivaCode": "4",
                    "price": "2.30", "priceIncludesIva": true }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["price"], "2.00");
    let list = shop.cashier.get("/api/item?search=P2").await.json();
    assert_eq!(list["results"][0]["pvp"], "2.30", "{list}");
    let scanned = shop
        .cashier
        .post_json("/api/item/getByBarcode", json!({ "barcode": "P1" }))
        .await
        .json();
    assert_eq!(scanned["pvp"], "23.00", "{scanned}");

    // The POS charges the PVP: one unit of each is 23.00 + 2.30.
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/preview",
            json!({ "lines": [{ "productId": exact, "quantity": "1" }, { "productId": odd, "quantity": "1" }] }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["total"], "25.30", "{}", r.text());

    // The stored base is exact in the database (millionths), not a rounded text.
    let stored = shop.cashier.get(&format!("/api/item/{exact}")).await.json();
    assert_eq!(stored["price"], "20.00", "{stored}");

    // A negocio popular charges no IVA: the PVP is the price as entered.
    let company = shop.admin.get("/api/company").await.json();
    let mut body = company.clone();
    body["typeRegimen"] = json!("3");
    let r = shop.admin.post_json("/api/company/update", body).await;
    assert!(r.status.is_success(), "{}", r.text());
    let p = register(
        &mut shop,
        "P7",
        json!({ "price": "23.00", "ivaCode": "4", "priceIncludesIva": true }),
    )
    .await;
    assert_eq!(
        (p["price"].as_str(), p["pvp"].as_str()),
        (Some("23.00"), Some("23.00"))
    );
}
