//! What the receivables area reports, computed once for the API, the screens and the printouts:
//! a receivable's view, a client's account statement and the aging of open balances.

use std::collections::BTreeMap;

use chrono::{NaiveDate, NaiveDateTime};

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::domain::money::money_text;
use crate::error::{AppError, AppResult};
use crate::models::config::company::Company;
use crate::models::receivables::ledger::{self, ReceivableRow, status};
use crate::models::sales::client::Client;
use crate::views::receivables::{
    AgingBucketsView, AgingClientView, AgingView, ReceivableView, StatementLineView, StatementView,
};

use super::receipts::client_ref;

/// The view of a receivable on `today`.
pub fn receivable_view(tenant: &Tenant, row: &ReceivableRow, today: NaiveDate) -> ReceivableView {
    let r = &row.receivable;
    ReceivableView {
        id: r.id,
        client_id: r.client_id,
        client_name: row.client_name.clone(),
        sale_id: r.sale_id,
        document: row.document.clone(),
        issue_date: iso_date(tenant.zone().date_of(row.issued_at)),
        due_date: iso_date(r.due_date),
        amount: money_text(r.amount),
        paid: money_text(r.amount - r.balance),
        balance: money_text(r.balance),
        status: status(r, today),
        days_overdue: if r.balance > 0 {
            (today - r.due_date).num_days().max(0)
        } else {
            0
        },
    }
}

/// One movement of a client's account before its running balance.
struct Movement {
    at: NaiveDateTime,
    /// Charges before payments of the same instant.
    order: u8,
    document: String,
    charge: i64,
    payment: i64,
}

/// The statement of client `client_id` from `from` to `to` (company days, both included):
/// opening balance (everything before `from`), each charge (credit sale), payment (collection,
/// credit note on credit) and reversal of a collection (a charge) with the running balance, and
/// the closing balance. A negative balance is the client's credit (saldo a favor).
pub fn statement(
    conn: &mut DbConnection,
    tenant: &Tenant,
    client_id: i64,
    from: NaiveDate,
    to: NaiveDate,
) -> AppResult<StatementView> {
    let company = tenant.company;
    let client = Client::find(conn, company, client_id)?
        .ok_or_else(|| AppError::NotFound("No se encontró el cliente".into()))?;
    let zone = tenant.zone();
    let (start, end) = zone.days(from, to);
    let mut movements = Vec::new();
    for r in ledger::charges(conn, company, client.id, end)? {
        movements.push(Movement {
            at: r.issued_at,
            order: 0,
            document: format!("Venta a crédito {}", r.document),
            charge: r.receivable.amount,
            payment: 0,
        });
    }
    for (number, total, at) in ledger::credit_notes(conn, company, client.id, end)? {
        movements.push(Movement {
            at,
            order: 1,
            document: format!("Nota de crédito {number}"),
            charge: 0,
            payment: total,
        });
    }
    for (number, amount, at, reversed) in ledger::receipts(conn, company, client.id, end)? {
        movements.push(Movement {
            at,
            order: 1,
            document: format!("Cobro recibo {number}"),
            charge: 0,
            payment: amount,
        });
        if let Some(reversed) = reversed.filter(|r| *r < end) {
            movements.push(Movement {
                at: reversed,
                order: 2,
                document: format!("Anulación del cobro recibo {number}"),
                charge: amount,
                payment: 0,
            });
        }
    }
    movements.sort_by_key(|m| (m.at, m.order));
    let mut opening = 0i64;
    let mut balance = 0i64;
    let (mut charges, mut payments) = (0i64, 0i64);
    let mut lines = Vec::new();
    for m in movements {
        if m.at < start {
            opening += m.charge - m.payment;
            balance = opening;
            continue;
        }
        balance += m.charge - m.payment;
        charges += m.charge;
        payments += m.payment;
        lines.push(StatementLineView {
            date: iso_date(zone.date_of(m.at)),
            document: m.document,
            charge: money_text(m.charge),
            payment: money_text(m.payment),
            balance: money_text(balance),
        });
    }
    let company_row = Company::find(conn, company)?;
    Ok(StatementView {
        client: client_ref(&client),
        from: iso_date(from),
        to: iso_date(to),
        opening_balance: money_text(opening),
        lines,
        total_charges: money_text(charges),
        total_payments: money_text(payments),
        closing_balance: money_text(opening + charges - payments),
        company: company_row
            .trade_name
            .filter(|t| !t.trim().is_empty())
            .unwrap_or(company_row.business_name),
    })
}

/// Balances by age: `[not due, 1–30, 31–60, 61–90, > 90]` days past due on `today`.
#[derive(Debug, Clone, Copy, Default)]
struct Buckets([i64; 5]);

impl Buckets {
    fn add(&mut self, due: NaiveDate, today: NaiveDate, balance: i64) {
        let days = (today - due).num_days();
        let i = match days {
            i64::MIN..=0 => 0,
            1..=30 => 1,
            31..=60 => 2,
            61..=90 => 3,
            _ => 4,
        };
        self.0[i] += balance;
    }

    fn total(&self) -> i64 {
        self.0.iter().sum()
    }

    fn view(&self) -> AgingBucketsView {
        AgingBucketsView {
            not_due: money_text(self.0[0]),
            days1_to30: money_text(self.0[1]),
            days31_to60: money_text(self.0[2]),
            days61_to90: money_text(self.0[3]),
            over90: money_text(self.0[4]),
            total: money_text(self.total()),
        }
    }
}

/// The aging of the company's open balances on `today`: per client (largest total first) and in
/// total.
pub fn aging(conn: &mut DbConnection, tenant: &Tenant, today: NaiveDate) -> AppResult<AgingView> {
    let mut per_client: BTreeMap<i64, (String, Buckets)> = BTreeMap::new();
    let mut total = Buckets::default();
    for row in ledger::open(conn, tenant.company, None)? {
        let r = &row.receivable;
        let entry = per_client
            .entry(r.client_id)
            .or_insert_with(|| (row.client_name.clone(), Buckets::default()));
        entry.1.add(r.due_date, today, r.balance);
        total.add(r.due_date, today, r.balance);
    }
    let mut clients: Vec<(i64, String, Buckets)> = per_client
        .into_iter()
        .map(|(id, (name, b))| (id, name, b))
        .collect();
    clients.sort_by(|a, b| b.2.total().cmp(&a.2.total()).then(a.1.cmp(&b.1)));
    Ok(AgingView {
        date: iso_date(today),
        clients: clients
            .into_iter()
            .map(|(client_id, name, b)| AgingClientView {
                client_id,
                name,
                buckets: b.view(),
            })
            .collect(),
        overdue: money_text(total.total() - total.0[0]),
        total: total.view(),
    })
}

/// A day as the API writes it (`AAAA-MM-DD`).
pub fn iso_date(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}
