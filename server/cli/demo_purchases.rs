//! Demo suppliers and purchases, so the purchases screens have something to show on a fresh
//! `serve --demo`: three suppliers and three merchandise purchases of the last weeks, registered
//! through the purchase service (stock in at cost, average cost, kardex) on credit, so the
//! payables list has overdue and pending payables to pay. Runs once: only when the demo company
//! has no suppliers.

use chrono::TimeDelta;

use crate::cli::demo_support::{demo_tenant, main_stock};
use crate::db::list::ListParams;
use crate::db::{DbConnection, write_transaction};
use crate::domain::amount::{CENT, UNIT};
use crate::error::AppError;
use crate::models::CompanyId;
use crate::models::auth::user::User;
use crate::models::config::company::Company;
use crate::models::inventory::product::Product;
use crate::models::purchases::supplier::{Supplier, SupplierFields};
use crate::services::purchases::purchase::{self, Kind, LineInput, Payment, PurchaseInput};

/// The demo suppliers: RUC, name, trade name, credit days.
const SUPPLIERS: [(&str, &str, &str, i32); 3] = [
    (
        "0990000001001",
        "DISTRIBUIDORA DEL PACÍFICO S.A.",
        "Dipac",
        30,
    ),
    (
        "1792345677001",
        "ALIMENTOS ANDINOS CIA. LTDA.",
        "Andinos",
        15,
    ),
    ("1710034065001", "JUAN PÉREZ", "Bodega Don Juan", 0),
];

/// Loads the suppliers and purchases when the demo company has no suppliers.
pub fn load(conn: &mut DbConnection, company: CompanyId, branch: i64) -> anyhow::Result<()> {
    if Supplier::list(conn, company, &ListParams::default())?.total > 0 {
        return Ok(());
    }
    let Some(user) = User::find_by_email(conn, "admin@demo.ec")? else {
        return Ok(());
    };
    let zone = Company::zone(conn, company)?;
    let tenant = demo_tenant(user, zone, company);
    let Some((cellar, listing)) = main_stock(conn, company, branch, 12)? else {
        return Ok(());
    };
    let stocked: Vec<i64> = listing.into_iter().map(|(s, ..)| s.product_id).collect();
    let products = Product::find_many(conn, company, &stocked)?;
    let fail = |e: AppError| anyhow::anyhow!(e.public_message());
    let mut suppliers = Vec::new();
    for (ruc, name, trade, days) in SUPPLIERS {
        let fields = SupplierFields {
            id_type: "ruc".into(),
            identification: ruc.into(),
            name: name.into(),
            trade_name: Some(trade.into()),
            email: None,
            phone: None,
            credit_days: days,
            active: true,
        };
        suppliers.push(Supplier::insert(conn, company, &fields)?);
    }
    let today = zone.today();
    for (n, chunk) in products.chunks(4).take(3).enumerate() {
        let lines = chunk
            .iter()
            .enumerate()
            .map(|(i, p)| LineInput {
                product: Some(p.clone()),
                description: p.name.clone(),
                quantity: (12 + 6 * i as i64) * UNIT,
                unit_cost: (35 + 20 * (n + i) as i64) * CENT,
                discount: 0,
                iva_code: p.iva_code.clone(),
            })
            .collect();
        let input = PurchaseInput {
            kind: Kind::Merchandise,
            key: format!("demo-compra-{n}"),
            supplier_id: suppliers[n % suppliers.len()],
            document_number: Some(format!("001-001-{:09}", 1200 + n)),
            authorization: None,
            date: today - TimeDelta::days([40, 5, 2][n]),
            cellar: Some(cellar.clone()),
            category: None,
            lines,
            payment: Payment::Credit,
            withholding: None,
        };
        write_transaction(conn, |c| purchase::register(c, &tenant, &input)).map_err(fail)?;
    }
    Ok(())
}
