//! Registering and cancelling a purchase: the one service every kind goes through (merchandise,
//! expenses, manual purchases, and later the documents the Lector .SRI imports), given an already
//! read [`PurchaseInput`].
//!
//! A purchase is not numbered by the company (its number is the supplier's document), and its
//! lines carry price, discount and IVA, so it does not use the branch-numbered stock document
//! (`services::inventory::documents::register`); it uses the same building blocks: the line
//! checks, [`lock_keys`] first, then [`post_movements`] for the stock (kind `purchase`, at the
//! line's net unit cost: the average cost updates there), the totals from
//! [`crate::domain::totals::compute`], and the money through [`super::money`].

use std::collections::BTreeMap;

use chrono::{Days, NaiveDate};
use rust_decimal::Decimal;

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::domain::money::{qty_from_micros, to_micros};
use crate::domain::totals::Totals;
use crate::error::{AppError, AppResult, conflict, constraint_conflict, not_in_table};
use crate::models::CompanyId;
use crate::models::inventory::cost::per_unit;
use crate::models::inventory::product::Product;
use crate::models::inventory::warehouse::Warehouse;
use crate::models::purchases::payable::Payable;
use crate::models::purchases::purchase::{NewPurchase, Purchase, PurchaseLine};
use crate::models::purchases::supplier::Supplier;
use crate::services::inventory::stock::{
    Document, Movement, MovementType, UnitCost, lock_keys, post_movements,
};
use crate::util::time::now;

use super::money::{Pay, Source, pay_back, pay_out};
use super::totals::totals_of;
use super::withholding::{self, HAS_WITHHOLDING, Settlement, WithholdingInput};
use crate::models::purchases::withholding::Withholding;

/// A supplier's document registered twice (specification wording).
pub const ALREADY_REGISTERED: &str = "La compra ya fue registrada";
/// Cancelling a cancelled purchase.
pub const ALREADY_CANCELLED: &str = "La compra ya está anulada";
/// Cancelling a purchase whose payable was (partly) paid.
pub const PAYABLE_PAID: &str =
    "La cuenta por pagar de esta compra ya tiene pagos: no se puede anular la compra";

/// The kinds of purchase, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Merchandise,
    Expense,
    Manual,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Merchandise => "merchandise",
            Kind::Expense => "expense",
            Kind::Manual => "manual",
        }
    }
}

/// How the purchase is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payment {
    /// Cash out of the user's open shift.
    Cash,
    /// Out of this bank account of the company.
    Bank(Option<i64>),
    /// On credit: a payable due the supplier's credit days after the purchase's date.
    Credit,
}

impl Payment {
    fn as_str(self) -> &'static str {
        match self {
            Payment::Cash => "cash",
            Payment::Bank(_) => "bank",
            Payment::Credit => "credit",
        }
    }
}

/// A read line: a product (merchandise) or a free text; amounts in millionths.
#[derive(Debug, Clone)]
pub struct LineInput {
    pub product: Option<Product>,
    pub description: String,
    pub quantity: i64,
    pub unit_cost: i64,
    pub discount: i64,
    pub iva_code: String,
}

/// A purchase read and checked field by field; [`register`] checks what needs the database.
#[derive(Debug, Clone)]
pub struct PurchaseInput {
    pub kind: Kind,
    pub key: String,
    pub supplier_id: i64,
    pub document_number: Option<String>,
    pub authorization: Option<String>,
    pub date: NaiveDate,
    /// The warehouse the stock comes into (merchandise).
    pub cellar: Option<Warehouse>,
    pub category: Option<String>,
    pub lines: Vec<LineInput>,
    pub payment: Payment,
    /// The retención issued with the purchase (a withholding agent's).
    pub withholding: Option<WithholdingInput>,
}

/// What [`register`] did.
#[derive(Debug, Clone, Copy)]
pub struct Registered {
    pub id: i64,
    /// The key had already registered this purchase: nothing new was written.
    pub again: bool,
}

fn micros(value: Decimal) -> AppResult<i64> {
    to_micros(value)
        .ok_or_else(|| AppError::field("lines", "Los montos de la compra son demasiado grandes"))
}

/// The description of a purchase in the shift and bank movements.
fn description(purchase_number: Option<&str>, supplier: &Supplier, prefix: &str) -> String {
    match purchase_number {
        Some(n) => format!("{prefix} {n} — {}", supplier.name),
        None => format!("{prefix} — {}", supplier.name),
    }
}

/// The purchase's supplier, active and not locked, whose document is not registered yet: checked
/// before anything is written.
fn checked_supplier(
    conn: &mut DbConnection,
    company: CompanyId,
    input: &PurchaseInput,
) -> AppResult<Supplier> {
    let supplier = Supplier::find(conn, company, input.supplier_id)?
        .filter(|s| s.active && !s.locked)
        .ok_or_else(|| AppError::field("supplierId", "El proveedor no existe o está inactivo"))?;
    if let Some(number) = &input.document_number
        && Purchase::document_taken(conn, company, supplier.id, number)?
    {
        return Err(crate::error::field_conflict(
            "documentNumber",
            ALREADY_REGISTERED,
        ));
    }
    Ok(supplier)
}

/// The rows of a purchase's lines and the stock they bring in.
struct CostedLines {
    /// The stored lines, in input order (`purchase_id` set on insert).
    lines: Vec<PurchaseLine>,
    /// One stock movement per product line of a merchandise purchase.
    movements: Vec<Movement>,
}

/// Each line with its net from the totals; a product coming into a warehouse also gets its net
/// unit cost, which is what its stock movement (and so the average cost) takes.
fn costed_lines(input: &PurchaseInput, totals: &Totals) -> AppResult<CostedLines> {
    let mut lines = Vec::with_capacity(input.lines.len());
    let mut movements = Vec::new();
    for (line, amounts) in input.lines.iter().zip(&totals.lines) {
        let net = micros(amounts.net)?;
        let stock_cost = match (&line.product, &input.cellar) {
            (Some(product), Some(cellar)) => {
                let cost = per_unit(net, line.quantity).ok_or_else(|| {
                    AppError::field("lines", "El costo de la línea es demasiado grande")
                })?;
                movements.push(Movement {
                    product_id: product.id,
                    warehouse_id: cellar.id,
                    kind: MovementType::Purchase,
                    quantity: line.quantity,
                    cost: UnitCost::Given(cost),
                });
                cost
            }
            _ => 0,
        };
        lines.push(PurchaseLine {
            purchase_id: 0,
            product_id: line.product.as_ref().map(|p| p.id),
            description: line.description.clone(),
            quantity: line.quantity,
            unit_cost: line.unit_cost,
            discount: line.discount,
            iva_code: line.iva_code.clone(),
            net,
            stock_cost,
        });
    }
    Ok(CostedLines { lines, movements })
}

/// Pays purchase `id` out of the shift or a bank account and records where the money came from,
/// or, on credit, leaves a payable due the supplier's credit days after the purchase's date.
fn settle(
    conn: &mut DbConnection,
    tenant: &Tenant,
    input: &PurchaseInput,
    supplier: &Supplier,
    id: i64,
    total: i64,
) -> AppResult<()> {
    let company = tenant.company;
    let what = description(input.document_number.as_deref(), supplier, "Compra");
    let paid = match input.payment {
        Payment::Cash => Some(pay_out(
            conn,
            tenant,
            Pay::Cash,
            total,
            &what,
            ("purchase", id),
        )?),
        Payment::Bank(account) => Some(pay_out(
            conn,
            tenant,
            Pay::Bank {
                account,
                field: "payment.bankAccountId",
            },
            total,
            &what,
            ("purchase", id),
        )?),
        Payment::Credit => {
            let due = input
                .date
                .checked_add_days(Days::new(supplier.credit_days.max(0) as u64))
                .unwrap_or(input.date);
            Payable::insert(conn, company, supplier.id, id, total, input.date, due)?;
            None
        }
    };
    if let Some(source) = paid {
        let (turn, bank) = match source {
            Source::Shift(t) => (Some(t), None),
            Source::Bank(b) => (None, Some(b)),
        };
        Purchase::set_paid_from(conn, company, id, turn, bank)?;
    }
    Ok(())
}

/// Registers the purchase in the caller's write transaction: supplier and document checks,
/// totals, stock in at cost (merchandise), the payment or the payable. A key already used
/// answers that purchase again.
pub fn register(
    conn: &mut DbConnection,
    tenant: &Tenant,
    input: &PurchaseInput,
) -> AppResult<Registered> {
    let company = tenant.company;
    if let Some(existing) = Purchase::find_by_key(conn, company, &input.key)? {
        return Ok(Registered {
            id: existing.id,
            again: true,
        });
    }
    let supplier = checked_supplier(conn, company, input)?;
    let branch = match &input.cellar {
        Some(cellar) => cellar.branch_office_id,
        None => tenant.branch(conn)?.id,
    };
    let rows: Vec<(i64, i64, i64, &str)> = input
        .lines
        .iter()
        .map(|l| (l.quantity, l.unit_cost, l.discount, l.iva_code.as_str()))
        .collect();
    let totals = totals_of(&rows)?;
    let total = micros(totals.total)?;
    if total <= 0 {
        return Err(AppError::field(
            "lines",
            "El total de la compra debe ser mayor que cero",
        ));
    }
    // Stock first (the fixed order every module follows).
    if let Some(cellar) = &input.cellar {
        lock_keys(
            conn,
            company,
            input
                .lines
                .iter()
                .filter_map(|l| l.product.as_ref().map(|p| (p.id, cellar.id))),
        )?;
    }
    let user = tenant.user_id();
    let CostedLines {
        mut lines,
        movements,
    } = costed_lines(input, &totals)?;
    let new = NewPurchase {
        company_id: company.get(),
        branch_office_id: branch,
        kind: input.kind.as_str().into(),
        idempotency_key: input.key.clone(),
        supplier_id: supplier.id,
        document_number: input.document_number.clone(),
        authorization_number: input.authorization.clone(),
        date: input.date,
        warehouse_id: input.cellar.as_ref().map(|c| c.id),
        category: input.category.clone(),
        subtotal: micros(totals.total_without_taxes)?,
        discount: micros(totals.total_discount)?,
        iva: micros(totals.iva)?,
        total,
        payment_method: input.payment.as_str().into(),
        bank_account_id: None,
        turn_id: None,
        user_id: user,
        created_at: now(),
    };
    // The unique indexes settle two registrations that race past the checks above.
    let id = Purchase::insert(conn, &new, &mut lines)
        .map_err(|e| constraint_conflict(e, "documentNumber", ALREADY_REGISTERED))?;
    if !movements.is_empty() {
        post_movements(
            conn,
            company,
            Some(user),
            &Document {
                doc_type: "purchase",
                id: Some(id),
                number: input.document_number.clone(),
                date: Some(input.date),
            },
            &movements,
        )?;
    }
    // A retención issued now leaves the supplier owed the rest: that is what is paid or owed.
    let withheld = match &input.withholding {
        Some(request) => {
            let purchase = Purchase::find(conn, company, id)?.ok_or_else(not_in_table)?;
            withholding::issue(conn, tenant, &purchase, request, Settlement::AtRegister)?.total
        }
        None => 0,
    };
    settle(conn, tenant, input, &supplier, id, total - withheld)?;
    Ok(Registered { id, again: false })
}

/// Cancels purchase `id` with a linked reversal, in the caller's write transaction: its stock goes
/// back out (refused when it is no longer there), its money back into the shift or account it
/// came from, its payable is cancelled (refused once paid on).
pub fn cancel(conn: &mut DbConnection, tenant: &Tenant, id: i64, reason: &str) -> AppResult<()> {
    let company = tenant.company;
    let purchase = Purchase::find(conn, company, id)?.ok_or_else(not_in_table)?;
    if purchase.cancelled {
        return Err(conflict(ALREADY_CANCELLED));
    }
    if Withholding::live_of_purchase(conn, company, id)?.is_some() {
        return Err(conflict(HAS_WITHHOLDING));
    }
    let lines = Purchase::lines_of(conn, company, &[id])?;
    // What each product brought in, to take back out.
    let mut brought: BTreeMap<i64, i64> = BTreeMap::new();
    for line in &lines {
        if let Some(product) = line.product_id {
            *brought.entry(product).or_default() += line.quantity;
        }
    }
    let mut movements = Vec::new();
    if let (Some(cellar), false) = (purchase.warehouse_id, brought.is_empty()) {
        let stock = lock_keys(conn, company, brought.keys().map(|p| (*p, cellar)))?;
        let names: BTreeMap<i64, String> =
            Product::find_many(conn, company, &brought.keys().copied().collect::<Vec<_>>())?
                .into_iter()
                .map(|p| (p.id, p.name))
                .collect();
        for (product, quantity) in &brought {
            let on_hand = stock
                .iter()
                .find(|s| s.product_id == *product)
                .map_or(0, |s| s.quantity);
            if on_hand < *quantity {
                return Err(conflict(format!(
                    "No se puede anular la compra: de «{}» quedan {} en la bodega y la compra ingresó {}",
                    names.get(product).map_or("", String::as_str),
                    qty_from_micros(on_hand.max(0)),
                    qty_from_micros(*quantity),
                )));
            }
            movements.push(Movement {
                product_id: *product,
                warehouse_id: cellar,
                kind: MovementType::AdjustmentOut,
                quantity: *quantity,
                cost: UnitCost::Average,
            });
        }
    }
    let payable = Payable::of_purchase(conn, company, id)?;
    if let Some(p) = &payable
        && !p.cancelled
        && p.balance != p.amount
    {
        return Err(conflict(PAYABLE_PAID));
    }
    if !Purchase::mark_cancelled(conn, company, id, reason, tenant.user_id(), now())? {
        return Err(conflict(ALREADY_CANCELLED));
    }
    if !movements.is_empty() {
        post_movements(
            conn,
            company,
            Some(tenant.user_id()),
            &Document {
                doc_type: "purchase",
                id: Some(id),
                number: purchase.document_number.clone(),
                date: Some(purchase.date),
            },
            &movements,
        )?;
    }
    let supplier = Supplier::find(conn, company, purchase.supplier_id)?.ok_or_else(not_in_table)?;
    let what = description(
        purchase.document_number.as_deref(),
        &supplier,
        "Anulación de compra",
    );
    let source = match (purchase.turn_id, purchase.bank_account_id) {
        (Some(turn), _) => Some(Source::Shift(turn)),
        (None, Some(account)) => Some(Source::Bank(account)),
        _ => None,
    };
    if let Some(source) = source {
        // A retención issued with the register was never paid out.
        let paid = purchase.total - Withholding::withheld_at_register(conn, company, id)?;
        pay_back(conn, tenant, source, paid, &what, ("purchase", id))?;
    }
    if let Some(p) = payable
        && !Payable::cancel_unpaid(conn, company, p.id)?
    {
        return Err(conflict(PAYABLE_PAID));
    }
    Ok(())
}
