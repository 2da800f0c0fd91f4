//! The report's summary (kept by the sale and credit-note transactions) answers what the
//! documents themselves answer: after sales notes, a factura, a sale paid with two methods and
//! credit notes of both kinds of sale, every grouping read from the summary equals the one
//! computed from lines, headers, kardex and payments; and summing the documents again (the
//! migration's backfill) writes the same rows the transactions wrote.

use diesel::prelude::*;
use mostrador::auth::roles::Tenant;
use mostrador::auth::signed_in::AuthUser;
use mostrador::db::DbConnection;
use mostrador::db::schema::{report_methods, report_products, report_sales};
use mostrador::models::auth::user::User;
use mostrador::models::config::company::Company;
use mostrador::services::reports::sales::{GroupBy, Report, report, report_from_detail};
use mostrador::services::reports::summary;
use serde_json::{Value, json};

use super::sales::today;
use crate::ebilling::support::upload_certificate;
use crate::sales::support::{Shop, cash_sale};
use crate::util::{Backend, TestApp, on_both_backends};

on_both_backends!(summary_matches_the_documents);

/// The user's tenant, as the API builds it.
fn tenant_of(conn: &mut DbConnection, email: &str) -> Tenant {
    let user = User::find_by_email(conn, email).unwrap().unwrap();
    let company = mostrador::models::CompanyId::trusted(user.company_id.unwrap());
    Tenant {
        auth: AuthUser {
            user,
            session_id: 0,
            zone: Company::zone(conn, company).unwrap(),
        },
        company,
    }
}

type Ten = (
    i64,
    i64,
    chrono::NaiveDate,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
);
type Eight = (i64, i64, chrono::NaiveDate, String, i64, i64, i64, i64);
/// A `report_products` row: the columns of `Ten` and the units.
type Eleven = (
    i64,
    i64,
    chrono::NaiveDate,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
);

/// Every summary row of every table, in key order, as text.
fn rows(conn: &mut DbConnection) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let headers: Vec<Ten> = report_sales::table
        .order((
            report_sales::company_id,
            report_sales::branch_office_id,
            report_sales::day,
            report_sales::user_id,
            report_sales::register_id,
            report_sales::client_id,
        ))
        .load(conn)
        .unwrap();
    out.extend(headers.iter().map(|r| format!("sales {r:?}")));
    let products: Vec<Eleven> = report_products::table
        .order((
            report_products::company_id,
            report_products::branch_office_id,
            report_products::day,
            report_products::product_id,
            report_products::category_id,
        ))
        .load(conn)
        .unwrap();
    out.extend(products.iter().map(|r| format!("product {r:?}")));
    let methods: Vec<Eight> = report_methods::table
        .order((
            report_methods::company_id,
            report_methods::branch_office_id,
            report_methods::day,
            report_methods::method,
        ))
        .load(conn)
        .unwrap();
    out.extend(methods.iter().map(|r| format!("method {r:?}")));
    out
}

fn lines(r: &Report) -> Vec<String> {
    r.rows
        .iter()
        .chain(std::iter::once(&r.totals))
        .map(|l| {
            format!(
                "{} {} {} {} {} {}",
                l.key, l.label, l.count, l.base, l.iva, l.cost
            )
        })
        .collect()
}

async fn summary_matches_the_documents(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut shop = Shop::open(&app).await;
    upload_certificate(&app, shop.tenants.admin_a).await;
    let rice = shop
        .product("A1", "Arroz 1 kg", "1.00", "0", "50", "0.70")
        .await;
    let cola = shop
        .product("C1", "Cola 1 l", "1.00", "4", "20", "0.60")
        .await;
    let mut sold = Vec::new();
    // A sales note in cash; one paid by card and cash (5.45: 3.45 + 2.00); a factura.
    let mixed = {
        let mut body = cash_sale("m-1", &[(cola, "3"), (rice, "2")], "2.00", "2.00");
        body["payments"] = json!([
            { "method": "cash", "amount": "2.00", "received": "2.00" },
            { "method": "card", "amount": "3.45", "reference": "VISA 1234" },
        ]);
        body
    };
    for (path, body) in [
        (
            "/api/sales/note/register",
            cash_sale("n-1", &[(rice, "10")], "10.00", "10.00"),
        ),
        ("/api/sales/note/register", mixed),
        ("/api/sales/invoice/register", {
            let mut body = cash_sale("f-1", &[(cola, "2"), (rice, "1")], "3.30", "3.30");
            body["additionalInfo"] = json!([{ "name": "Email", "value": "juan@example.com" }]);
            body
        }),
    ] {
        let r = shop.cashier.post_json(path, body).await;
        assert_eq!(r.status, 201, "{path}: {}", r.text());
        sold.push(r.json()["_id"].as_i64().unwrap());
    }
    // Credit notes: 4 rice of the cash note, 1 cola of the mixed one.
    for (sale, product) in [(sold[0], rice), (sold[1], cola)] {
        let qty = if product == rice { "4" } else { "1" };
        let r = shop
            .cashier
            .post_json(
                "/api/sales/creditNote/register",
                json!({ "saleId": sale, "reason": "Devolución", "refund": "cash",
                        "lines": [{ "productId": product, "quantity": qty }] }),
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
    }

    // Every grouping: the summary's answer is the documents'.
    let user = shop.tenants.user_a;
    let today = today();
    let (from_summary, from_detail) = app
        .db(move |conn| {
            let tenant = tenant_of(conn, user);
            let mut a = Vec::new();
            let mut b = Vec::new();
            for group in GroupBy::ALL {
                a.push(lines(&report(conn, &tenant, today, today, group).unwrap()));
                b.push(lines(
                    &report_from_detail(conn, &tenant, today, today, group).unwrap(),
                ));
            }
            (a, b)
        })
        .await;
    for (i, group) in GroupBy::ALL.iter().enumerate() {
        assert_eq!(from_summary[i], from_detail[i], "{}", group.as_str());
    }

    // The numbers themselves, through the API. Rice: 13 sold − 4 returned; cola 5 − 1; each
    // product counted once per sale (3 and 2 sales); the category once per sale (3).
    let get = |group: &str| format!("/api/reports/sales?groupBy={group}");
    let r: Value = shop.user.get(&get("product")).await.json();
    let by_label = |r: &Value, label: &str| -> Vec<String> {
        let row = r["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["label"].as_str().unwrap().contains(label))
            .unwrap_or_else(|| panic!("{label}: {r}"));
        ["count", "base", "iva", "total", "cost"]
            .iter()
            .map(|k| row[k].to_string().trim_matches('"').to_string())
            .collect()
    };
    assert_eq!(by_label(&r, "Arroz"), ["3", "9.00", "0.00", "9.00", "6.30"]);
    assert_eq!(by_label(&r, "Cola"), ["2", "4.00", "0.60", "4.60", "2.40"]);
    assert_eq!(r["totals"]["count"], 3, "{r}");
    let r: Value = shop.user.get(&get("category")).await.json();
    assert_eq!(
        by_label(&r, "Sin categoría"),
        ["3", "13.00", "0.60", "13.60", "8.70"]
    );
    // Methods: the mixed sale's base 5.00 split 3.17 (card: 3.45 of 5.45) and 1.83, IVA 0.45 as
    // 0.28 and 0.17, cost 3.20 as 2.03 and 1.17; both credit notes were refunded in cash, so they
    // come off cash alone (4.00 and 1.00 of base, 0.15 of IVA, 2.80 and 0.60 of cost).
    let r: Value = shop.user.get(&get("method")).await.json();
    assert_eq!(
        by_label(&r, "Tarjeta"),
        ["1", "3.17", "0.28", "3.45", "2.03"]
    );
    assert_eq!(
        by_label(&r, "Efectivo"),
        ["3", "9.83", "0.32", "10.15", "6.67"]
    );

    // A database whose sales predate the summary: migrating sums them (the backfill) into the
    // same rows the transactions wrote; and summing one company again changes nothing.
    let (live, backfilled, rebuilt) = app
        .db(move |conn| {
            let live = rows(conn);
            diesel::delete(report_sales::table).execute(conn).unwrap();
            diesel::delete(report_products::table)
                .execute(conn)
                .unwrap();
            diesel::delete(report_methods::table).execute(conn).unwrap();
            mostrador::services::upgrade::run(conn).unwrap();
            let backfilled = rows(conn);
            let tenant = tenant_of(conn, user);
            mostrador::db::write_transaction(conn, |c| summary::rebuild(c, tenant.company))
                .unwrap();
            (live, backfilled, rows(conn))
        })
        .await;
    // One cashier-register-client row, two products, two methods.
    assert_eq!(live.len(), 5, "{live:?}");
    assert_eq!(live, backfilled);
    assert_eq!(live, rebuilt);
}
