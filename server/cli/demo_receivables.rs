//! Demo receivables (issue 25): three clients with credit sales of the last months — some due,
//! some overdue in different aging buckets — and one collection by transfer, so the receivables
//! hub, list, statement and aging show something on a fresh `serve --demo`. Everything goes
//! through the sales service and the collection service. Runs once: only when the demo company
//! has no receivables.

use chrono::TimeDelta;
use diesel::prelude::*;
use serde_json::json;

use crate::auth::roles::Tenant;
use crate::cli::demo_support::{demo_tenant, well_stocked};
use crate::db::schema::{receivables, sales};
use crate::db::{DbConnection, write_transaction};
use crate::domain::amount::UNIT;
use crate::domain::money::money_text;
use crate::error::AppError;
use crate::models::CompanyId;
use crate::models::auth::user::User;
use crate::models::cash::bank::{BankAccount, BankAccountFields};
use crate::models::config::company::Company;
use crate::models::sales::client::{Client, ClientFields};
use crate::services::receivables::collection::{self, Collect, Method};
use crate::services::sales::note::{NoteBody, SaleKind, commit, prepare};
use crate::util::time::Zone;

/// Demo clients: cédula, name, e-mail.
const CLIENTS: [(&str, &str, &str); 3] = [
    ("0926687856", "Ana Pérez", "ana.perez@demo.ec"),
    ("1713175071", "Luis Mora", "luis.mora@demo.ec"),
    ("1104680135", "Tienda La Esquina", "esquina@demo.ec"),
];

fn credit_body(
    key: &str,
    client: i64,
    product: i64,
    quantity: i64,
    amount: &str,
    due: chrono::NaiveDate,
) -> Result<NoteBody, AppError> {
    serde_json::from_value(json!({
        "idempotencyKey": key,
        "clientId": client,
        "lines": [{ "productId": product, "quantity": quantity.to_string() }],
        "payments": [{ "method": "credit", "amount": amount, "dueDate": due.to_string() }],
    }))
    .map_err(|e| AppError::Internal(e.into()))
}

/// Loads the receivables when the demo company has none.
pub fn load(conn: &mut DbConnection, company: CompanyId, branch: i64) -> anyhow::Result<()> {
    let existing: i64 = receivables::table
        .filter(receivables::company_id.eq(company.get()))
        .count()
        .get_result(conn)?;
    if existing > 0 {
        return Ok(());
    }
    let Some(user) = User::find_by_email(conn, "vendedor@demo.ec")? else {
        return Ok(());
    };
    let zone = Company::zone(conn, company)?;
    let today = zone.today();
    let tenant = demo_tenant(user, zone, company);
    let products = well_stocked(conn, company, branch, 200, 20 * UNIT, 6)?;
    if products.is_empty() {
        return Ok(());
    }
    let clients = insert_clients(conn, company)?;
    let demo = Demo {
        tenant: &tenant,
        company,
        zone,
        today,
        clients: &clients,
        products: &products,
    };
    // (client, product, quantity, days ago): due 30 days after the sale.
    let sales: [(usize, usize, i64, i64); 7] = [
        (0, 0, 3, 130),
        (0, 1, 2, 75),
        (0, 2, 4, 10),
        (1, 3, 5, 50),
        (1, 4, 2, 20),
        (2, 5, 6, 95),
        (2, 0, 2, 3),
    ];
    for (n, sale) in sales.into_iter().enumerate() {
        credit_sale(conn, &demo, n, sale)?;
    }
    // One collection by transfer into a demo bank account: Ana pays part of what she owes.
    let account = bank_account(conn, company)?;
    write_transaction(conn, |c| {
        collection::collect(
            c,
            &tenant,
            &Collect {
                key: "demo-cxc-cobro-1".into(),
                client_id: clients[0],
                method: Method::Transfer,
                amount: 5 * UNIT,
                bank_account_id: Some(account),
                reference: Some("TRF-0001".into()),
                allocations: None,
            },
        )
        .map(|_| ())
    })
    .map_err(fail)?;
    Ok(())
}

/// A refusal of the sales or collection service, as the CLI reports it.
fn fail(e: AppError) -> anyhow::Error {
    anyhow::anyhow!(e.public_message())
}

/// What the demo's credit sales are made with.
struct Demo<'a> {
    tenant: &'a Tenant,
    company: CompanyId,
    zone: Zone,
    today: chrono::NaiveDate,
    /// The ids of [`CLIENTS`], in order.
    clients: &'a [i64],
    /// Well-stocked products of the branch.
    products: &'a [i64],
}

/// Inserts the [`CLIENTS`] (30 days of credit up to 500) and answers their ids, in order.
fn insert_clients(conn: &mut DbConnection, company: CompanyId) -> anyhow::Result<Vec<i64>> {
    let mut clients = Vec::new();
    for (identification, name, email) in CLIENTS {
        let id = Client::insert(
            conn,
            company,
            &ClientFields {
                id_type: "cedula".into(),
                identification: identification.into(),
                name: name.into(),
                email: Some(email.into()),
                phone: None,
                address: None,
                price_level: 1,
                credit_limit: 500 * UNIT,
                credit_days: 30,
                active: true,
            },
        )?;
        clients.push(id);
    }
    Ok(clients)
}

/// Sale `n` of the demo, `(client, product, quantity, days ago)`: a note on credit dated its day,
/// due 30 days after it. A sale the sales service refuses is left out (logged).
fn credit_sale(
    conn: &mut DbConnection,
    demo: &Demo,
    n: usize,
    (client, product, quantity, back): (usize, usize, i64, i64),
) -> anyhow::Result<()> {
    let (tenant, company, today) = (demo.tenant, demo.company, demo.today);
    let product = demo.products[product % demo.products.len()];
    let client = demo.clients[client];
    let day = today - TimeDelta::days(back);
    let due = day + TimeDelta::days(30);
    // The sales service takes no due date before today; an older sale's due date is set
    // once it is written, as if it had been sold on its day.
    let due_now = due.max(today);
    let key = format!("demo-cxc-{n}");
    let draft = prepare(
        conn,
        tenant,
        &credit_body(&key, client, product, quantity, "0.01", due_now)?,
        SaleKind::Note,
    )
    .map_err(fail)?;
    let total = money_text(draft.total().map_err(fail)?);
    let prepared = prepare(
        conn,
        tenant,
        &credit_body(&key, client, product, quantity, &total, due_now)?,
        SaleKind::Note,
    )
    .map_err(fail)?
    .dated(demo.zone.start_of(day) + TimeDelta::hours(10));
    let written: Result<(), AppError> = write_transaction(conn, |c| {
        commit(c, tenant, prepared)?;
        if due < due_now {
            let sale: i64 = sales::table
                .filter(sales::company_id.eq(company.get()))
                .filter(sales::idempotency_key.eq(&key))
                .select(sales::id)
                .first(c)?;
            diesel::update(receivables::table.filter(receivables::sale_id.eq(sale)))
                .set(receivables::due_date.eq(due))
                .execute(c)?;
        }
        Ok(())
    });
    if let Err(e) = written {
        tracing::debug!(
            "venta a crédito de demostración omitida: {}",
            e.public_message()
        );
    }
    Ok(())
}

/// The company's first active bank account, or a demo one.
fn bank_account(conn: &mut DbConnection, company: CompanyId) -> anyhow::Result<i64> {
    Ok(
        match BankAccount::all(conn, company, true)?.into_iter().next() {
            Some(a) => a.id,
            None => BankAccount::insert(
                conn,
                company,
                &BankAccountFields {
                    bank: "Banco Pichincha".into(),
                    account_type: "corriente".into(),
                    number: "2100123456".into(),
                    holder: "COMERCIAL DEMO S.A.".into(),
                    opening_balance: 0,
                    active: true,
                },
            )?,
        },
    )
}
