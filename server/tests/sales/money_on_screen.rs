//! Money on screen adds up (issue 24, defect 5): what the POS, the quote and the printouts show
//! beside each line sums to the subtotal of its IVA rate, and the subtotals plus the IVA of each
//! rate are the total — the SRI's rule (base per line, IVA on the sum per rate). Three lines at
//! 1.10, 2.30 and 3.50 with IVA 15 % used to show line totals with IVA of 1.27 + 2.65 + 4.03 =
//! 7.95 beside a total of 7.94. The 80 mm ticket printed each line's net and then its discount
//! again; it prints quantity × price and the discount below, and both add up to the SUBTOTAL.

use std::str::FromStr;

use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::support::Shop;
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(line_amounts_add_up_to_the_subtotals_and_the_total);

fn dec(v: &Value) -> Decimal {
    Decimal::from_str(
        v.as_str()
            .unwrap_or_else(|| panic!("no es un importe: {v}")),
    )
    .unwrap_or_else(|_| panic!("no es un importe: {v}"))
}

/// Checks that a document view (preview, sale, quote) adds up as its screens show it.
fn adds_up(doc: &Value, what: &str) {
    let lines = doc["lines"].as_array().unwrap();
    let mut nets = Decimal::ZERO;
    for l in lines {
        // No per-line total with IVA: it would not add up to the total.
        assert!(l.get("total").is_none(), "{what}: {l}");
        let promo = l["promotion"].get("discount").map_or(Decimal::ZERO, dec);
        assert_eq!(
            dec(&l["gross"]) - dec(&l["discount"]) - promo,
            dec(&l["net"]),
            "{what}: {l}"
        );
        nets += dec(&l["net"]);
    }
    let totals = &doc["totals"];
    let groups = totals["groups"].as_array().unwrap();
    let bases: Decimal = groups.iter().map(|g| dec(&g["base"])).sum();
    let values: Decimal = groups.iter().map(|g| dec(&g["value"])).sum();
    assert_eq!(nets, bases, "{what}: Σ líneas = Σ subtotales por tarifa");
    assert_eq!(nets, dec(&totals["subtotal"]), "{what}");
    assert_eq!(
        bases + values,
        dec(&doc["total"]),
        "{what}: subtotales + IVA = total"
    );
}

/// The amounts printed as values of the ticket's rows (`<span class="text-right">$ 1.10</span>`,
/// `-$ 0.50`) in `html`, in order; the labels (`3 x $ 1.10`) are not values.
fn amounts(html: &str) -> Vec<Decimal> {
    let mark = "class=\"text-right\">";
    html.match_indices(mark)
        .filter_map(|(at, _)| {
            let text = &html[at + mark.len()..];
            let text = &text[..text.find('<').unwrap_or(text.len())];
            let negative = text.starts_with('-');
            let digits: String = text
                .chars()
                .filter(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            Decimal::from_str(&digits)
                .ok()
                .map(|v| if negative { -v } else { v })
        })
        .collect()
}

async fn line_amounts_add_up_to_the_subtotals_and_the_total(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    let a = shop.product("M1", "Lápiz", "1.10", "4", "50", "0.50").await;
    let b = shop
        .product("M2", "Cuaderno", "2.30", "4", "50", "1.00")
        .await;
    let c = shop
        .product("M3", "Carpeta", "3.50", "4", "50", "1.50")
        .await;
    let d = shop.product("M4", "Pan", "0.15", "0", "50", "0.05").await;

    let lines = json!([
        { "productId": a, "quantity": "1" },
        { "productId": b, "quantity": "1" },
        { "productId": c, "quantity": "1" },
    ]);
    let r = shop
        .cashier
        .post_json("/api/sales/note/preview", json!({ "lines": lines }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let preview = r.json();
    // 1.10 + 2.30 + 3.50 = 6.90 at 15 %: IVA 1.035 → 1.04, total 7.94 (not 7.95).
    assert_eq!(preview["totals"]["groups"][0]["base"], "6.90");
    assert_eq!(preview["totals"]["groups"][0]["value"], "1.04");
    assert_eq!(preview["total"], "7.94");
    adds_up(&preview, "vista previa");

    // Two rates and discounts (manual, by the user): still adds up, preview and stored sale.
    let lines = json!([
        { "productId": a, "quantity": "3" },
        { "productId": b, "quantity": "1.5", "discount": "0.45" },
        { "productId": c, "quantity": "1" },
        { "productId": d, "quantity": "7", "discount": "0.05" },
    ]);
    let r = shop
        .user
        .post_json("/api/sales/note/preview", json!({ "lines": lines }))
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let preview = r.json();
    adds_up(&preview, "vista previa con descuentos");
    let total = preview["total"].as_str().unwrap().to_string();
    shop.cashier_max_discount("100").await;
    let r = shop
        .cashier
        .post_json(
            "/api/sales/note/register",
            json!({ "idempotencyKey": "money-1", "lines": lines,
                    "payments": [{ "method": "cash", "amount": total }] }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let sale = r.json();
    adds_up(&sale, "venta");
    let id = sale["_id"].as_i64().unwrap();
    adds_up(
        &shop
            .cashier
            .get(&format!("/api/sales/note/{id}"))
            .await
            .json(),
        "venta leída",
    );

    // The 80 mm ticket: the lines' printed amounts (quantity × price, minus each discount) add
    // up to the SUBTOTAL, and SUBTOTAL + IVA = TOTAL.
    let html = shop
        .cashier
        .get(&format!("/admin/ventas/notaventa/{id}/ticket"))
        .await
        .text();
    let start = html
        .find("data-testid=\"ticket-lines\"")
        .expect("las líneas");
    let sub = html[start..].find("SUBTOTAL").expect("SUBTOTAL") + start;
    let total_at = html[sub..].find(">TOTAL<").expect("TOTAL") + sub;
    let printed_lines: Decimal = amounts(&html[start..sub]).into_iter().sum();
    let footer = amounts(&html[sub..total_at]);
    let subtotal = footer[0];
    let iva: Decimal = footer[1..].iter().copied().sum();
    let printed_total = amounts(&html[total_at..])[0];
    assert_eq!(subtotal, dec(&sale["totals"]["subtotal"]), "{html}");
    assert_eq!(
        printed_lines, subtotal,
        "las líneas del ticket suman el SUBTOTAL: {html}"
    );
    assert_eq!(subtotal + iva, printed_total, "{html}");
    assert_eq!(printed_total, dec(&sale["total"]));

    // The A4: each line's amount, and the subtotals per rate add up to the lines.
    let html = shop
        .cashier
        .get(&format!("/admin/ventas/notaventa/{id}/pdf"))
        .await
        .text();
    assert!(crate::util::only_print_script(&html), "{html}");
    for g in sale["totals"]["groups"].as_array().unwrap() {
        let row = format!("Subtotal {}", g["label"].as_str().unwrap());
        assert!(html.contains(&row), "{row}: {html}");
    }

    // The quote form's preview and the stored quote add up the same way.
    let r = shop
        .user
        .post_json(
            "/api/sales/quoter/register",
            json!({ "lines": lines, "validUntil": "2099-12-31" }),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text());
    adds_up(&r.json(), "cotización");
}
