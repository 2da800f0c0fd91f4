//! The sample A4 document (150 lines) that stands in for the real printables until they exist, so
//! the engine's speed on a long document is measured from the start. Amounts are integer cents.

use serde_json::{Value, json};

use crate::app::AppState;
use crate::auth::signed_in::AuthUser;
use crate::error::AppError;
use crate::models::config::company::Company;
use crate::util::time::Zone;

/// Lines of the sample.
pub const LINES: usize = 150;

fn money(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// The sample, issued by the user's company when it has one.
pub async fn document(state: &AppState, user: Option<&AuthUser>) -> Result<Value, AppError> {
    let company_id = user.and_then(|u| u.user.company());
    let company = match company_id {
        Some(id) => Some(
            state
                .db
                .read_quick(move |conn| Ok(Company::find(conn, id)?))
                .await?,
        ),
        None => None,
    };
    // Dated today in the company's zone (the default one for an account without a company).
    let today = user.map_or_else(Zone::default, |u| u.zone).today();
    Ok(build(
        company.as_ref(),
        &today.format("%Y-%m-%d").to_string(),
    ))
}

/// Builds the sample for `company` dated `date`.
pub fn build(company: Option<&Company>, date: &str) -> Value {
    let mut subtotal = 0i64;
    let lines: Vec<Value> = (1..=LINES as i64)
        .map(|i| {
            let quantity = 1 + i % 5;
            let unit_cents = 125 + (i * 37) % 2_000;
            let discount_cents = if i % 10 == 0 {
                quantity * unit_cents / 10
            } else {
                0
            };
            let total = quantity * unit_cents - discount_cents;
            subtotal += total;
            json!({
                "code": format!("PRD-{i:04}"),
                "description": format!("Producto de muestra número {i} con descripción larga"),
                "quantity": quantity.to_string(),
                "unitPrice": money(unit_cents),
                "discount": money(discount_cents),
                "total": money(total),
            })
        })
        .collect();
    // 15 % VAT, rounded half up to the cent.
    let vat = (subtotal * 15 + 50) / 100;
    json!({
        "company": {
            "ruc": company.map_or("1790000000001", |c| c.ruc.as_str()),
            "name": company.map_or("Empresa de muestra", |c| c.business_name.as_str()),
            "address": company.map_or("Quito, Ecuador", |c| c.main_address.as_str()),
        },
        "number": "001-001-000000001",
        "date": date,
        "client": { "id": "9999999999999", "name": "CONSUMIDOR FINAL", "address": "Quito" },
        "lines": lines,
        "subtotal": money(subtotal),
        "vat": money(vat),
        "total": money(subtotal + vat),
    })
}
