//! The dated tax table: the rows in force on a day, the national table as its sources give it, and
//! a company's own rows (a later rate ends the previous one; other companies never see it).

use mostrador::domain::taxes::IVA_RATES;
use mostrador::models::CompanyId;
use mostrador::models::taxes::rate::TaxRate;
use serde_json::{Value, json};

use crate::util::fixtures::Tenants;
use crate::util::{Backend, Client, TestApp, on_both_backends};

on_both_backends!(
    the_rate_of_a_day_is_the_one_in_force_on_it,
    the_national_table_is_the_sourced_one,
    an_admins_new_rate_ends_the_previous_one_for_its_company_only,
    new_rates_are_validated_and_only_admins_add_them
);

/// The rows in force on `date` (of `kind`, or the withholding concepts), by code.
async fn on(c: &mut Client, date: &str, kind: Option<&str>) -> Vec<Value> {
    let kind = kind.map(|k| format!("&kind={k}")).unwrap_or_default();
    let answer = c
        .get(&format!("/api/taxes/withholding?date={date}{kind}"))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.text());
    answer.json().as_array().expect("a list").clone()
}

fn find<'a>(rows: &'a [Value], kind: &str, code: &str) -> Option<&'a Value> {
    rows.iter().find(|r| r["kind"] == kind && r["code"] == code)
}

async fn the_rate_of_a_day_is_the_one_in_force_on_it(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    // Every role reads the table (a cashier records retenciones received).
    let mut c = app.signed_in(t.cashier_a).await;

    let before = on(&mut c, "2026-02-28", None).await;
    let goods = find(&before, "renta", "312").expect("312 en febrero de 2026");
    assert_eq!(goods["percent"], "1.75");
    assert_eq!(goods["validFrom"], "2024-03-01");
    assert_eq!(goods["validTo"], "2026-02-28");
    assert_eq!(goods["national"], true);
    assert_eq!(find(&before, "renta", "3440").unwrap()["percent"], "2.75");

    // Res. NAC-DGERCGC26-00000009: from 2026-03-01 goods are withheld 2 %, the residual 3 %.
    let after = on(&mut c, "2026-03-01", None).await;
    let goods = find(&after, "renta", "312").expect("312 en marzo de 2026");
    assert_eq!(goods["percent"], "2.00");
    assert_eq!(goods["validFrom"], "2026-03-01");
    assert_eq!(goods["validTo"], Value::Null);
    assert_eq!(find(&after, "renta", "3440").unwrap()["percent"], "3.00");
    // The IVA withholding codes of the SRI, with the answer's fields.
    let iva = find(&after, "iva", "9").expect("retención de IVA 10 %");
    assert_eq!(iva["percent"], "10.00");
    for field in [
        "_id",
        "code",
        "kind",
        "description",
        "percent",
        "validFrom",
        "validTo",
    ] {
        assert!(iva.get(field).is_some(), "falta {field}: {iva}");
    }
    assert_eq!(find(&after, "iva", "3").unwrap()["percent"], "100.00");
    assert!(find(&after, "iva", "7").is_some() && find(&after, "iva", "8").is_some());
    assert!(
        after
            .iter()
            .all(|r| r["kind"] == "renta" || r["kind"] == "iva"),
        "sin ?kind= solo las retenciones"
    );
    // Before the 2024 table nothing of it was in force.
    assert!(find(&on(&mut c, "2024-02-29", None).await, "renta", "312").is_none());

    // The IVA rates of sales: 12 % until 2024-03-31, 15 % from 2024-04-01.
    let rates = on(&mut c, "2024-03-31", Some("tarifa_iva")).await;
    assert_eq!(find(&rates, "tarifa_iva", "2").unwrap()["percent"], "12.00");
    assert!(find(&rates, "tarifa_iva", "4").is_none());
    let rates = on(&mut c, "2024-04-01", Some("tarifa_iva")).await;
    assert!(find(&rates, "tarifa_iva", "2").is_none(), "12 % retirado");
    assert_eq!(find(&rates, "tarifa_iva", "4").unwrap()["percent"], "15.00");
    assert!(rates.iter().all(|r| r["kind"] == "tarifa_iva"));

    // Today's table without a date.
    let today = c.get("/api/taxes/withholding").await;
    assert_eq!(today.status, 200);
    assert!(!today.json().as_array().unwrap().is_empty());

    let bad = c
        .get("/api/taxes/withholding?date=07/12/2026&kind=isd")
        .await;
    assert_eq!(bad.status, 400);
    assert_eq!(
        bad.json()["errors"]["date"],
        "La fecha debe ser AAAA-MM-DD, entre los años 2000 y 2100"
    );
    assert_eq!(
        bad.json()["errors"]["kind"],
        "El tipo debe ser renta, iva o tarifa_iva"
    );
}

/// Each row of `server/sri/tables/retenciones.csv` (the sources) is a national row, and the
/// national IVA rates in force today are the ones the totals calculation uses.
async fn the_national_table_is_the_sourced_one(backend: Backend) {
    let app = TestApp::new(backend).await;
    // No company has id 0: only the national rows.
    let national = app
        .db(|conn| TaxRate::visible(conn, CompanyId::trusted(0)).expect("tabla"))
        .await;
    let csv = include_str!("../../sri/tables/retenciones.csv");
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let mut sourced = 0;
    for record in reader.records() {
        let record = record.expect("fila del CSV");
        let kind = match &record[0] {
            "iva_rate" => "tarifa_iva",
            other => other,
        };
        let since = match (&record[4], kind) {
            ("", "renta") => "2024-03-01",
            ("", _) => "2000-01-01",
            (date, _) => date,
        };
        let percent: rust_decimal::Decimal = record[3].parse().expect("porcentaje");
        let found = national.iter().map(|r| &r.fields).find(|r| {
            r.kind == kind && r.code == record[1].trim() && r.valid_from.to_string() == since
        });
        let found = found.unwrap_or_else(|| panic!("falta {kind} {} desde {since}", &record[1]));
        assert_eq!(
            rust_decimal::Decimal::new(found.percent_bp, 2),
            percent,
            "{kind} {}",
            &record[1]
        );
        assert!(national.iter().all(|r| r.company_id.is_none()));
        sourced += 1;
    }
    // The sourced rows, and the ends of the 12 % (2024-04-01) and of the 14 % (2017-06-01).
    assert_eq!(national.len(), sourced + 2);
    assert_eq!(national.iter().filter(|r| r.fields.retired).count(), 2);

    let t = Tenants::create(&app).await;
    let mut c = app.signed_in(t.admin_a).await;
    let today = chrono::Utc::now().date_naive().to_string();
    let rates = on(&mut c, &today, Some("tarifa_iva")).await;
    for rate in IVA_RATES {
        let row = find(&rates, "tarifa_iva", rate.code);
        assert_eq!(row.is_some(), rate.current, "tarifa {}", rate.code);
        if let Some(row) = row {
            assert_eq!(
                row["percent"],
                format!("{}.00", rate.percent),
                "{}",
                rate.code
            );
        }
    }
    assert_eq!(rates.len(), IVA_RATES.iter().filter(|r| r.current).count());
}

async fn register(c: &mut Client, body: Value) -> crate::util::TestResponse {
    c.post_json("/api/taxes/withholding/register", body).await
}

async fn an_admins_new_rate_ends_the_previous_one_for_its_company_only(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut a = app.signed_in(t.admin_a).await;
    let mut b = app.signed_in(t.admin_b).await;

    let added = register(
        &mut a,
        json!({ "kind": "renta", "code": "312", "percent": "2,5", "validFrom": "2027-01-01" }),
    )
    .await;
    assert_eq!(added.status, 201, "{}", added.text());
    let added = added.json();
    assert_eq!(added["percent"], "2.50");
    assert_eq!(added["validFrom"], "2027-01-01");
    assert_eq!(added["validTo"], Value::Null);
    assert_eq!(added["national"], false);
    assert!(
        added["description"]
            .as_str()
            .unwrap()
            .starts_with("Adquisición de todo tipo de bienes muebles"),
        "the code's description is kept: {added}"
    );

    let eve = on(&mut a, "2026-12-31", None).await;
    let goods = find(&eve, "renta", "312").unwrap();
    assert_eq!(goods["percent"], "2.00");
    assert_eq!(goods["validTo"], "2026-12-31", "closed the day before");
    assert_eq!(
        find(&on(&mut a, "2027-01-01", None).await, "renta", "312").unwrap()["percent"],
        "2.50"
    );
    // Another company keeps the national rate.
    let other = on(&mut b, "2027-01-01", None).await;
    assert_eq!(find(&other, "renta", "312").unwrap()["percent"], "2.00");
    assert_eq!(
        find(&other, "renta", "312").unwrap()["validTo"],
        Value::Null
    );

    // A second row of the company on the same day is a duplicate; an earlier day is refused.
    let duplicate = register(
        &mut a,
        json!({ "kind": "renta", "code": "312", "percent": "3", "validFrom": "2027-01-01" }),
    )
    .await;
    assert_eq!(duplicate.status, 409);
    assert_eq!(
        duplicate.json()["errors"]["validFrom"],
        "Ya hay una tarifa de la empresa para ese código desde esa fecha"
    );
    let earlier = register(
        &mut a,
        json!({ "kind": "renta", "code": "312", "percent": "3", "validFrom": "2026-06-01" }),
    )
    .await;
    assert_eq!(earlier.status, 400);
    assert_eq!(
        earlier.json()["errors"]["validFrom"],
        "La fecha debe ser igual o posterior al 01/01/2027, inicio de la última tarifa del código 312"
    );

    // On the day a national row starts the company may give its own figure (a correction).
    let corrected = register(
        &mut a,
        json!({ "kind": "renta", "code": "343b", "percent": "1.75", "validFrom": "2026-03-01",
                "description": "Construcción de obra material inmueble" }),
    )
    .await;
    assert_eq!(corrected.status, 201, "{}", corrected.text());
    let june = on(&mut a, "2026-06-01", None).await;
    let construction = find(&june, "renta", "343B").unwrap();
    assert_eq!(construction["percent"], "1.75");
    assert_eq!(construction["national"], false);
    let june_b = on(&mut b, "2026-06-01", None).await;
    assert_eq!(find(&june_b, "renta", "343B").unwrap()["percent"], "2.00");

    // A code ends without a new rate; a new code needs its description.
    let retired = register(
        &mut a,
        json!({ "kind": "renta", "code": "332A", "validFrom": "2027-02-01", "retired": true }),
    )
    .await;
    assert_eq!(retired.status, 201, "{}", retired.text());
    assert_eq!(retired.json()["retired"], true);
    assert!(find(&on(&mut a, "2027-01-31", None).await, "renta", "332A").is_some());
    assert!(find(&on(&mut a, "2027-02-01", None).await, "renta", "332A").is_none());
    assert!(find(&on(&mut b, "2027-02-01", None).await, "renta", "332A").is_some());
    let nameless = register(
        &mut a,
        json!({ "kind": "renta", "code": "399", "percent": "1", "validFrom": "2027-01-01" }),
    )
    .await;
    assert_eq!(nameless.status, 400);
    assert_eq!(
        nameless.json()["errors"]["description"],
        "La descripción es obligatoria para un código nuevo"
    );
    let named = register(
        &mut a,
        json!({ "kind": "renta", "code": "399", "percent": "1", "validFrom": "2027-01-01",
                "description": "Otro concepto" }),
    )
    .await;
    assert_eq!(named.status, 201);
    assert!(find(&on(&mut b, "2027-01-01", None).await, "renta", "399").is_none());

    // The page shows the day's rows and the history, the company's own among them.
    let page = a.get("/admin/configAdmin/impuestos?date=2027-01-01").await;
    assert_eq!(page.status, 200);
    let html = page.text();
    assert!(html.contains("Otro concepto") && html.contains("Retención de IVA"));
}

async fn new_rates_are_validated_and_only_admins_add_them(backend: Backend) {
    let app = TestApp::new(backend).await;
    let t = Tenants::create(&app).await;
    let mut a = app.signed_in(t.admin_a).await;
    let bad = register(
        &mut a,
        json!({ "kind": "isd", "code": "3 1", "percent": "101", "validFrom": "mañana" }),
    )
    .await;
    assert_eq!(bad.status, 400);
    let errors = &bad.json()["errors"];
    assert_eq!(errors["kind"], "El tipo debe ser renta, iva o tarifa_iva");
    assert_eq!(
        errors["code"],
        "El código debe tener de 1 a 10 letras o números, como en la tabla del SRI"
    );
    assert_eq!(errors["percent"], "El porcentaje debe estar entre 0 y 100");
    assert_eq!(
        errors["validFrom"],
        "La fecha debe ser AAAA-MM-DD, entre los años 2000 y 2100"
    );
    let missing = register(&mut a, json!({ "kind": "iva", "code": "9" })).await;
    assert_eq!(missing.status, 400);
    assert_eq!(
        missing.json()["errors"]["percent"],
        "El porcentaje es obligatorio"
    );
    assert_eq!(
        missing.json()["errors"]["validFrom"],
        "La fecha desde la que rige es obligatoria"
    );
    let cents = register(
        &mut a,
        json!({ "kind": "iva", "code": "9", "percent": "10.005", "validFrom": "2027-01-01" }),
    )
    .await;
    assert_eq!(cents.status, 400);
    let never = register(
        &mut a,
        json!({ "kind": "iva", "code": "99", "validFrom": "2027-01-01", "retired": true,
                "description": "x" }),
    )
    .await;
    assert_eq!(never.status, 400);
    assert_eq!(
        never.json()["errors"]["code"],
        "El código 99 no tiene una tarifa vigente que retirar"
    );

    let valid = json!({ "kind": "iva", "code": "9", "percent": "12", "validFrom": "2027-01-01" });
    for email in [t.user_a, t.cashier_a] {
        let mut c = app.signed_in(email).await;
        assert_eq!(register(&mut c, valid.clone()).await.status, 403, "{email}");
    }
    // Nothing of the refusals was written.
    assert_eq!(
        find(&on(&mut a, "2027-01-01", None).await, "iva", "9").unwrap()["percent"],
        "10.00"
    );
}
