//! Property: the totals of a sale (preview and stored) equal the SRI totals of the same lines —
//! the ones `domain::totals::compute` gives the electronic factura — for random carts of random
//! quantities (up to 3 decimals), prices, discounts and IVA rates.

use std::str::FromStr;

use mostrador::domain::money::fmt2;
use mostrador::domain::totals::{Line, compute};
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::support::Shop;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(sale_totals_are_the_sri_totals);

/// A small deterministic generator (the same carts on every run, so a failure reproduces).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

async fn sale_totals_are_the_sri_totals(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    // The cashier registers some of the carts: any discount up to the line's value.
    shop.cashier_max_discount("100").await;
    let codes = ["0", "4", "5", "8", "10"];
    let mut catalogue = Vec::new();
    let mut rng = Lcg(20261123);
    for (i, iva) in codes.iter().enumerate() {
        let price = format!("{}.{:04}", rng.below(30), rng.below(10_000));
        let id = shop
            .product(
                &format!("T{i}"),
                &format!("Producto {i}"),
                &price,
                iva,
                "100000",
                "0.10",
            )
            .await;
        catalogue.push((id, Decimal::from_str(&price).unwrap(), iva.to_string()));
    }
    for case in 0..30 {
        let count = 1 + rng.below(6) as usize;
        let mut body_lines = Vec::new();
        let mut sri_lines = Vec::new();
        for _ in 0..count {
            let (id, price, iva) = &catalogue[rng.below(catalogue.len() as u64) as usize];
            let quantity = Decimal::new(1 + rng.below(20_000) as i64, 3);
            let gross = (quantity * price).round_dp(2);
            let discount = (gross * Decimal::new(rng.below(30) as i64, 2)).round_dp(2);
            body_lines.push(json!({ "productId": id, "quantity": quantity.to_string(), "discount": discount.to_string() }));
            sri_lines.push(Line {
                quantity,
                unit_price: *price,
                discount,
                iva: iva.clone(),
                ice: None,
                irbpnr_bottles: None,
            });
        }
        let sri = compute(&sri_lines, Decimal::ZERO, Decimal::ZERO).expect("totales SRI");
        let preview = shop
            .user
            .post_json("/api/sales/note/preview", json!({ "lines": body_lines }))
            .await;
        assert_eq!(preview.status, 200, "{}", preview.text());
        let preview = preview.json();
        let check = |t: &Value, what: &str| {
            assert_eq!(
                t["subtotal"],
                fmt2(sri.total_without_taxes),
                "caso {case} {what}"
            );
            assert_eq!(
                t["discount"],
                fmt2(sri.total_discount),
                "caso {case} {what}"
            );
            assert_eq!(t["iva"], fmt2(sri.iva), "caso {case} {what}");
            assert_eq!(t["total"], fmt2(sri.total), "caso {case} {what}");
            let groups = t["groups"].as_array().unwrap();
            assert_eq!(groups.len(), sri.groups.len(), "caso {case} {what}");
            for (g, s) in groups.iter().zip(&sri.groups) {
                assert_eq!(g["code"], s.code.as_str());
                assert_eq!(g["base"], fmt2(s.base), "caso {case} {what}");
                assert_eq!(g["value"], fmt2(s.value), "caso {case} {what}");
            }
        };
        check(&preview["totals"], "vista previa");
        if case % 5 == 0 {
            let total = fmt2(sri.total);
            let r = shop
                .cashier
                .post_json(
                    "/api/sales/note/register",
                    json!({ "idempotencyKey": format!("p-{case}"), "lines": body_lines,
                            "payments": [{ "method": "cash", "amount": total }] }),
                )
                .await;
            assert_eq!(r.status, 201, "{}", r.text());
            let id = r.json()["_id"].as_i64().unwrap();
            let stored = shop
                .cashier
                .get(&format!("/api/sales/note/{id}"))
                .await
                .json();
            check(&stored["totals"], "venta guardada");
            assert_eq!(stored["total"], fmt2(sri.total));
        }
    }
}
