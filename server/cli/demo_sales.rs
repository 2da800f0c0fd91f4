//! A few weeks of demo sales (issue 24), so the reports and the dashboard show something on a
//! fresh `serve --demo`: every sale goes through the sales service ([`prepare`] and [`commit`]),
//! so stock, kardex and the cashier's shift stay consistent. Past days are paid by card or
//! transfer (the open shift's cash is today's only), dated back with [`Prepared::dated`]; the
//! kardex and shift lines carry the time they were written. The shift is then closed with a count
//! equal to its expected cash and confirmed by the demo admin, so no register is left taken (the
//! browser tests open shifts with the demo users). Runs once: only when the demo company has no
//! sales. About 250 sales, a second or two.

use chrono::{NaiveDate, TimeDelta};
use serde_json::json;

use crate::auth::roles::Tenant;
use crate::cli::demo_support::{demo_tenant, well_stocked};
use crate::db::{DbConnection, write_transaction};
use crate::domain::amount::{CENT, UNIT};
use crate::domain::money::money_text;
use crate::error::AppError;
use crate::models::CompanyId;
use crate::models::auth::user::User;
use crate::models::cash::register::CashRegister;
use crate::models::cash::turn::Turn;
use crate::models::config::company::Company;
use crate::models::reports::sales::{Window, count_sales};
use crate::services::cash::{posting, shifts};
use crate::services::sales::note::{NoteBody, Prepared, SaleKind, commit, prepare};

/// Days of history before today.
const DAYS: i64 = 21;

/// A small deterministic generator (the same demo every time).
struct Dice(u64);

impl Dice {
    fn roll(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

fn body(key: &str, lines: &[(i64, i64)], method: &str, amount: &str) -> Result<NoteBody, AppError> {
    let lines: Vec<_> = lines
        .iter()
        .map(|(p, q)| json!({ "productId": p, "quantity": q.to_string() }))
        .collect();
    serde_json::from_value(json!({
        "idempotencyKey": key,
        "lines": lines,
        "payments": [{ "method": method, "amount": amount, "received": amount }],
    }))
    .map_err(|e| AppError::Internal(e.into()))
}

/// One sale: priced once to learn its total, then registered paid exactly.
fn sell(
    conn: &mut DbConnection,
    tenant: &Tenant,
    key: &str,
    lines: &[(i64, i64)],
    method: &str,
    at: Option<chrono::NaiveDateTime>,
) -> Result<(), AppError> {
    let draft = prepare(
        conn,
        tenant,
        &body(key, lines, method, "0.01")?,
        SaleKind::Note,
    )?;
    let total = money_text(draft.total()?);
    let mut prepared: Prepared = prepare(
        conn,
        tenant,
        &body(key, lines, method, &total)?,
        SaleKind::Note,
    )?;
    if let Some(at) = at {
        prepared = prepared.dated(at);
    }
    write_transaction(conn, |c| commit(c, tenant, prepared).map(|_| ()))
}

/// Loads the history when the demo company has none.
pub fn load(conn: &mut DbConnection, company: CompanyId, branch: i64) -> anyhow::Result<()> {
    let zone = Company::zone(conn, company)?;
    let today = zone.today();
    let all = Window {
        company,
        branch,
        // PostgreSQL refuses timestamps before 4713 BC: a date before any sale instead of MIN.
        from: zone.start_of(NaiveDate::from_ymd_opt(2000, 1, 1).unwrap_or_default()),
        to: zone.start_of(today + TimeDelta::days(1)),
    };
    if count_sales(conn, &all)? > 0 {
        return Ok(());
    }
    let Some(user) = User::find_by_email(conn, "cajero@demo.ec")? else {
        return Ok(());
    };
    let tenant = demo_tenant(user, zone, company);
    // Products with plenty of stock in the main warehouse.
    let products = well_stocked(conn, company, branch, 400, 40 * UNIT, 40)?;
    if products.is_empty() {
        return Ok(());
    }
    // The cashier's shift, open on the first register for the history, closed after it.
    let fail = |e: AppError| anyhow::anyhow!(e.public_message());
    let turn = match Turn::open_of_user(conn, company, tenant.user_id())? {
        Some(t) => t,
        None => {
            let Some(register) = CashRegister::of_branch(conn, company, branch)?
                .into_iter()
                .next()
            else {
                return Ok(());
            };
            write_transaction(conn, |c| shifts::open(c, &tenant, register.id, 50 * UNIT))
                .map_err(fail)?
        }
    };
    let mut dice = Dice(24);
    let mut n = 0;
    for back in (0..=DAYS).rev() {
        let day = today - TimeDelta::days(back);
        let sales = if back == 0 { 5 } else { 6 + dice.roll(9) };
        for s in 0..sales {
            n += 1;
            let lines: Vec<(i64, i64)> = (0..1 + dice.roll(4))
                .map(|_| {
                    (
                        products[dice.roll(products.len() as u64) as usize],
                        1 + dice.roll(3) as i64,
                    )
                })
                .collect();
            let mut unique = lines.clone();
            unique.sort_unstable();
            unique.dedup_by_key(|(p, _)| *p);
            let (method, at) = if back == 0 {
                (if s % 2 == 0 { "cash" } else { "card" }, None)
            } else {
                let minutes = 9 * 60 + dice.roll(10 * 60) as i64;
                (
                    if dice.roll(3) == 0 {
                        "transfer"
                    } else {
                        "card"
                    },
                    Some(zone.start_of(day) + TimeDelta::minutes(minutes)),
                )
            };
            // A product out of stock leaves that sale out; the rest of the history goes on.
            if let Err(e) = sell(conn, &tenant, &format!("demo-{n}"), &unique, method, at) {
                tracing::debug!("venta de demostración omitida: {}", e.public_message());
            }
        }
    }
    let expected = posting::summary(conn, company, &turn)
        .map_err(fail)?
        .expected;
    let counts = [(UNIT, expected / UNIT), (CENT, expected % UNIT / CENT)];
    let closed = write_transaction(conn, |c| shifts::close(c, &tenant, &turn, &counts, None))
        .map_err(fail)?;
    if let Some(admin) = User::find_by_email(conn, "admin@demo.ec")? {
        let admin = demo_tenant(admin, zone, company);
        write_transaction(conn, |c| shifts::confirm(c, &admin, &closed, None, None))
            .map_err(fail)?;
    }
    Ok(())
}
