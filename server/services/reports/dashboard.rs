//! The numbers of the back-office home (`GET /api/reports/dashboard`): for admin and user, the
//! branch's sales today and this month against the same days of last month, every open shift
//! with who holds it and the cash expected in its drawer, the stock alerts and the charts'
//! figures ([`super::charts`]); for a cashier only
//! their own open shift — without the expected cash, which a cashier counts blind.

use chrono::{Datelike, Months, NaiveDate, NaiveDateTime};

use super::charts::ChartData;
use super::sales::{Line, totals};
use super::stock::{Low, low};
use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::AppResult;
use crate::models::auth::user::Role;
use crate::models::cash::turn::Turn;
use crate::models::reports::names;
use crate::services::cash::posting;
use crate::util::time::Zone;

/// Sales of a period and of the same period last month.
#[derive(Debug, Clone)]
pub struct Comparison {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub current: Line,
    pub previous: Line,
}

/// An open shift.
#[derive(Debug, Clone)]
pub struct OpenShift {
    pub turn_id: i64,
    pub register: String,
    pub user: String,
    pub opened_at: NaiveDateTime,
    /// Cash expected in the drawer (`None` for the cashier: blind count).
    pub expected: Option<i64>,
}

/// What the dashboard shows.
#[derive(Debug, Clone)]
pub struct Dashboard {
    /// `false` for a cashier: only their own shift.
    pub full: bool,
    pub today: Option<Comparison>,
    pub month: Option<Comparison>,
    pub shifts: Vec<OpenShift>,
    pub low_stock: Vec<Low>,
    /// The charts' figures (`None` for a cashier).
    pub charts: Option<ChartData>,
    /// The company's time zone, the shifts' times are shown in.
    pub zone: Zone,
}

/// The same local days one month earlier (the 31st falls on the month's last day).
fn month_before(day: NaiveDate) -> NaiveDate {
    day.checked_sub_months(Months::new(1)).unwrap_or(day)
}

fn compare(
    conn: &mut DbConnection,
    tenant: &Tenant,
    from: NaiveDate,
    to: NaiveDate,
) -> AppResult<Comparison> {
    Ok(Comparison {
        from,
        to,
        current: totals(conn, tenant, from, to)?,
        previous: totals(conn, tenant, month_before(from), month_before(to))?,
    })
}

/// The dashboard of the tenant (see the module comment for what each role sees).
pub fn load(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<Dashboard> {
    let full = tenant.role() != Role::Cashier;
    let turns = if full {
        let branch = tenant.branch(conn)?.id;
        Turn::open_of_branch(conn, tenant.company, branch)?
    } else {
        Turn::open_of_user(conn, tenant.company, tenant.user_id())?
            .into_iter()
            .collect()
    };
    let registers: Vec<i64> = turns.iter().map(|t| t.cash_register_id).collect();
    let users: Vec<i64> = turns.iter().map(|t| t.user_id).collect();
    let register_names = names::registers(conn, tenant.company, &registers)?;
    let user_names = names::users(conn, tenant.company, &users)?;
    let mut shifts = Vec::with_capacity(turns.len());
    for t in &turns {
        shifts.push(OpenShift {
            turn_id: t.id,
            register: register_names
                .get(&t.cash_register_id)
                .cloned()
                .unwrap_or_default(),
            user: user_names.get(&t.user_id).cloned().unwrap_or_default(),
            opened_at: t.opened_at,
            expected: if full {
                Some(posting::summary(conn, tenant.company, t)?.expected)
            } else {
                None
            },
        });
    }
    if !full {
        return Ok(Dashboard {
            full,
            today: None,
            month: None,
            shifts,
            low_stock: Vec::new(),
            charts: None,
            zone: tenant.zone(),
        });
    }
    let today = tenant.zone().today();
    let first = today.with_day(1).unwrap_or(today);
    Ok(Dashboard {
        full,
        today: Some(compare(conn, tenant, today, today)?),
        month: Some(compare(conn, tenant, first, today)?),
        shifts,
        low_stock: low(conn, tenant)?,
        charts: Some(super::charts::load(conn, tenant)?),
        zone: tenant.zone(),
    })
}
