//! The sales report's summary, kept by the transaction that writes each sale and credit note.
//!
//! Why: the report over 100,000 sales of 5 lines joined 500,000 lines and their kardex exits and
//! counted distinct sales per product (about 1.5 s on SQLite). The summary tables hold, per local
//! day (the company's zone) of a branch, the sums every grouping needs, so the report sums a few
//! thousand rows (`models::reports::summary`):
//! - `report_sales` per cashier, register and client: the headers' subtotal and IVA (the IVA the
//!   document states) and the kardex cost — day, cashier, register, client and the totals;
//! - `report_products` per product and category: the lines' net and IVA, the kardex cost per
//!   product (a recipe's cost is what its ingredients cost as they left, on the dish:
//!   [`attribute`]), the units sold less returned, a sale counted once per product and once per
//!   category (on its first product of the category), so the counts stay sums;
//! - `report_methods` per payment method: a sale's base, IVA and cost split over its payments in
//!   proportion, to the cent (the last payment takes the rest), the sale counted once under each
//!   payment; a credit note's under the method that paid its refund out (cash, or the
//!   receivable it lowered), whatever paid the sale.
//!
//! A credit note subtracts its amounts (count 0) on its own date from the groups of its sale.
//! Every document is summed by one code path from a [`Summed`]: a sale passes the one it has in
//! memory to [`record_sale`] (so its transaction, which holds the locks of its emission point,
//! stock and shift, reads nothing back), with its writes in the sale's batch; a credit note is
//! read back after it is written ([`record_credit_note`]), and [`rebuild`] reads every document
//! of a company into the same shape (after the migration, and in tests that move a sale in
//! time). A company's day is its zone's when the document is written.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;

use crate::db::DbConnection;
use crate::db::batch::Batch;
use crate::db::schema::companies;
use crate::domain::amount::{CENT, div_round};
use crate::error::AppResult;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::reports::summary::{
    self as q, Header, HeaderRow, LineSums, MethodRow, ProductRow,
};
use crate::util::time::Zone;

/// A document as the summary adds it up.
#[derive(Debug, Clone)]
pub struct Summed {
    pub header: Header,
    /// `(document, product, category, net, iva)` of each line.
    pub lines: Vec<LineSums>,
    /// `(product, category, total cost)` of each kardex row.
    pub costs: Vec<Costed>,
    /// `(method, amount)` of each payment of the sale.
    pub payments: Vec<(String, i64)>,
}

/// Adds the sale `summed` (written in the caller's transaction, by the same `batch`) to the
/// summary.
pub fn record_sale(
    batch: &mut Batch<'_, '_>,
    company: CompanyId,
    zone: Zone,
    summed: Summed,
) -> AppResult<()> {
    sums(company, zone, Source::Sales, vec![summed]).write(batch)
}

/// Subtracts the credit note `note_id` (written in the caller's transaction) from the summary.
pub fn record_credit_note(
    conn: &mut DbConnection,
    company: CompanyId,
    zone: Zone,
    note_id: i64,
) -> AppResult<()> {
    let documents = load(conn, company, Source::CreditNotes, &[note_id])?;
    sums(company, zone, Source::CreditNotes, documents).write_apart(conn)
}

/// Sums the company's sales and credit notes again (in the caller's transaction).
pub fn rebuild(conn: &mut DbConnection, company: CompanyId) -> AppResult<()> {
    let zone = Company::zone(conn, company)?;
    // Without statistics (a database just restored or migrated) PostgreSQL plans the batch reads
    // as scans of every row: 381 s for 100,000 sales, against seconds once analysed.
    crate::db::bulk::analyze(conn, SOURCES)?;
    q::clear(conn, company)?;
    let (sold, returned) = q::document_ids(conn, company)?;
    for (source, ids) in [(Source::Sales, sold), (Source::CreditNotes, returned)] {
        for chunk in ids.chunks(BATCH) {
            let documents = load(conn, company, source, chunk)?;
            sums(company, zone, source, documents).write_apart(conn)?;
        }
    }
    Ok(())
}

/// After the migrations: sums every company's documents when the summary was never built (a
/// database older than it), in one transaction.
pub fn backfill(conn: &mut DbConnection) -> AppResult<bool> {
    use diesel::prelude::*;
    if !q::missing(conn)? {
        return Ok(false);
    }
    crate::db::write_transaction(conn, |conn| {
        let ids: Vec<i64> = companies::table.select(companies::id).load(conn)?;
        for id in ids {
            rebuild(conn, CompanyId::trusted(id))?;
        }
        Ok(true)
    })
}

/// The tables [`rebuild`] reads, analysed before it reads them.
const SOURCES: &[&str] = &[
    "sales",
    "sale_lines",
    "sale_payments",
    "credit_notes",
    "credit_note_lines",
    "kardex",
    "products",
    "turns",
];

/// Documents read at once by [`rebuild`].
const BATCH: usize = 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Sales,
    CreditNotes,
}

/// Sums of one summary row.
#[derive(Debug, Clone, Copy, Default)]
struct Acc {
    sales: i64,
    category_sales: i64,
    base: i64,
    iva: i64,
    cost: i64,
    units: i64,
}

/// The documents `ids` of `source` of the company, read back as [`Summed`].
fn load(
    conn: &mut DbConnection,
    company: CompanyId,
    source: Source,
    ids: &[i64],
) -> AppResult<Vec<Summed>> {
    let (headers, lines, costs) = match source {
        Source::Sales => (
            q::sale_headers(conn, company, ids)?,
            q::sale_lines_of(conn, company, ids)?,
            q::kardex_costs(conn, company, "sale", ids)?,
        ),
        Source::CreditNotes => (
            q::note_headers(conn, company, ids)?,
            q::note_lines_of(conn, company, ids)?,
            q::kardex_costs(conn, company, "credit_note", ids)?,
        ),
    };
    // A sale's payments, by sale; a credit note's refund (its one way out), by note.
    let mut payments: HashMap<i64, Vec<(String, i64)>> = HashMap::new();
    match source {
        Source::Sales => {
            for (sale, method, amount) in q::payments_of(conn, company, ids)? {
                payments.entry(sale).or_default().push((method, amount));
            }
        }
        Source::CreditNotes => {
            for (note, method, total) in q::note_refunds(conn, company, ids)? {
                payments.insert(note, vec![(method, total)]);
            }
        }
    }
    let mut lines_of: HashMap<i64, Vec<LineSums>> = HashMap::new();
    for l in lines {
        lines_of.entry(l.document).or_default().push(l);
    }
    let mut cost_of: HashMap<i64, Vec<KardexCost>> = HashMap::new();
    for (doc, product, category, cost, consumed) in costs {
        cost_of
            .entry(doc)
            .or_default()
            .push((product, category, cost, consumed));
    }
    Ok(headers
        .into_iter()
        .map(|header| {
            let lines = lines_of.remove(&header.id).unwrap_or_default();
            let costs = attribute(&lines, &cost_of.remove(&header.id).unwrap_or_default());
            Summed {
                lines,
                costs,
                payments: payments.remove(&header.id).unwrap_or_default(),
                header,
            }
        })
        .collect())
}

/// The summary rows of some documents, sorted by key, to add to the tables.
struct Rows {
    headers: Vec<HeaderRow>,
    products: Vec<ProductRow>,
    methods: Vec<MethodRow>,
}

impl Rows {
    /// Adds the rows to their tables as writes of `batch`, always in this order (and each sorted
    /// by key): the same lock order in every transaction.
    fn write(&self, batch: &mut Batch<'_, '_>) -> AppResult<()> {
        q::add_headers(batch, &self.headers)?;
        q::add_products(batch, &self.products)?;
        q::add_methods(batch, &self.methods)?;
        Ok(())
    }

    /// [`Rows::write`] with each table sent on its own (a rebuild's rows of many documents: one
    /// statement for the three could pass PostgreSQL's limit of binds).
    fn write_apart(&self, conn: &mut DbConnection) -> AppResult<()> {
        let mut batch = Batch::on(conn);
        q::add_headers(&mut batch, &self.headers)?;
        batch.send()?;
        let mut batch = Batch::on(conn);
        q::add_products(&mut batch, &self.products)?;
        batch.send()?;
        let mut batch = Batch::on(conn);
        q::add_methods(&mut batch, &self.methods)?;
        batch.send()?;
        Ok(())
    }
}

/// The summary rows of `documents` of `source` (negative for credit notes).
fn sums(company: CompanyId, zone: Zone, source: Source, mut documents: Vec<Summed>) -> Rows {
    let (sign, counted) = match source {
        Source::Sales => (1, 1),
        Source::CreditNotes => (-1, 0),
    };
    let c = company.get();
    let mut by_header: BTreeMap<HeaderKey, Acc> = BTreeMap::new();
    let mut by_product: BTreeMap<ProductKey, Acc> = BTreeMap::new();
    let mut by_method: BTreeMap<MethodKey, Acc> = BTreeMap::new();
    for d in &mut documents {
        let h = &d.header;
        let day = zone.date_of(h.at);
        let cost: i64 = d.costs.iter().map(|(_, _, c)| c).sum();
        add_header(&mut by_header, h, day, sign, counted, cost);
        add_products(
            &mut by_product,
            h.branch,
            day,
            &d.lines,
            &d.costs,
            sign,
            counted,
        );
        if !d.payments.is_empty() {
            d.payments.sort();
            add_methods(&mut by_method, h, day, &d.payments, sign, counted, cost);
        }
    }
    let headers: Vec<HeaderRow> = by_header
        .into_iter()
        .map(|((branch, day, user, register, client), a)| HeaderRow {
            company_id: c,
            branch_office_id: branch,
            day,
            user_id: user,
            register_id: register,
            client_id: client,
            sales: a.sales,
            base: a.base,
            iva: a.iva,
            cost: a.cost,
        })
        .collect();
    let products: Vec<ProductRow> = by_product
        .into_iter()
        .map(|((branch, day, product, category), a)| ProductRow {
            company_id: c,
            branch_office_id: branch,
            day,
            product_id: product,
            category_id: category,
            sales: a.sales,
            category_sales: a.category_sales,
            base: a.base,
            iva: a.iva,
            cost: a.cost,
            units: a.units,
        })
        .collect();
    let methods: Vec<MethodRow> = by_method
        .into_iter()
        .map(|((branch, day, method), a)| MethodRow {
            company_id: c,
            branch_office_id: branch,
            day,
            method,
            sales: a.sales,
            base: a.base,
            iva: a.iva,
            cost: a.cost,
        })
        .collect();
    Rows {
        headers,
        products,
        methods,
    }
}

/// Product, category, cost of a document (after [`attribute`]).
pub type Costed = (i64, Option<i64>, i64);
/// A kardex row of a document: product, category, total cost, and whether it is an ingredient a
/// recipe consumed.
pub type KardexCost = (i64, Option<i64>, i64, bool);

/// A document's cost per product: each kardex row on its own product, except what the recipes
/// consumed, which goes to the recipe lines — the dish is what was sold, so its row carries its
/// cost and margin instead of its ingredients carrying a cost without a sale. The consumed cost is
/// split over the lines with no kardex row of their own in proportion to what they cost as they
/// left (`quantity × unit_cost`, by quantity when that is zero), the last taking the rest. Both the
/// sale's transaction and the rebuild call this, so they agree.
pub fn attribute(lines: &[LineSums], kardex: &[KardexCost]) -> Vec<Costed> {
    let consumed: i64 = kardex.iter().filter(|k| k.3).map(|k| k.2).sum();
    let own: std::collections::HashSet<i64> = kardex.iter().filter(|k| !k.3).map(|k| k.0).collect();
    let recipes: Vec<&LineSums> = lines.iter().filter(|l| !own.contains(&l.product)).collect();
    let mut out: Vec<Costed> = kardex
        .iter()
        .filter(|k| !k.3 || recipes.is_empty())
        .map(|k| (k.0, k.1, k.2))
        .collect();
    if recipes.is_empty() || kardex.iter().all(|k| !k.3) {
        return out;
    }
    let by_cost: Vec<i128> = recipes
        .iter()
        .map(|l| i128::from(l.quantity) * i128::from(l.unit_cost))
        .collect();
    let weights: Vec<i128> = if by_cost.iter().any(|w| *w > 0) {
        by_cost
    } else {
        recipes.iter().map(|l| i128::from(l.quantity)).collect()
    };
    let total: i128 = weights.iter().sum::<i128>().max(1);
    let mut left = consumed;
    for (i, line) in recipes.iter().enumerate() {
        let share = if i + 1 == recipes.len() {
            left
        } else {
            i64::try_from(i128::from(consumed) * weights[i] / total).unwrap_or(0)
        };
        left -= share;
        out.push((line.product, line.category, share));
    }
    out
}
/// Branch, day, cashier, register, client.
type HeaderKey = (i64, NaiveDate, i64, i64, i64);
/// Branch, day, product, category.
type ProductKey = (i64, NaiveDate, i64, i64);
/// Branch, day, method.
type MethodKey = (i64, NaiveDate, String);

fn add_header(
    rows: &mut BTreeMap<HeaderKey, Acc>,
    h: &Header,
    day: NaiveDate,
    sign: i64,
    counted: i64,
    cost: i64,
) {
    let key = (
        h.branch,
        day,
        h.user_id,
        h.register_id.unwrap_or(0),
        h.client_id,
    );
    let a = rows.entry(key).or_default();
    a.sales += counted;
    a.base += sign * h.base;
    a.iva += sign * h.iva;
    a.cost += sign * cost;
}

/// A document's lines and kardex costs per product; the sale counted once per product, and
/// once per category on the row of its first (lowest id) product of that category.
fn add_products(
    rows: &mut BTreeMap<ProductKey, Acc>,
    branch: i64,
    day: NaiveDate,
    lines: &[LineSums],
    costs: &[Costed],
    sign: i64,
    counted: i64,
) {
    let mut doc: BTreeMap<(i64, i64), Acc> = BTreeMap::new();
    for l in lines {
        let a = doc.entry((l.product, l.category.unwrap_or(0))).or_default();
        a.sales = counted;
        a.base += sign * l.net;
        a.iva += sign * l.iva;
        a.units += sign * l.quantity;
    }
    for (product, category, cost) in costs {
        doc.entry((*product, category.unwrap_or(0)))
            .or_default()
            .cost += sign * cost;
    }
    let mut first_of_category: BTreeMap<i64, i64> = BTreeMap::new();
    for ((product, category), a) in &doc {
        if a.sales > 0 {
            first_of_category.entry(*category).or_insert(*product);
        }
    }
    for ((product, category), mut a) in doc {
        if first_of_category.get(&category) == Some(&product) {
            a.category_sales = counted;
        }
        let r = rows.entry((branch, day, product, category)).or_default();
        r.sales += a.sales;
        r.category_sales += a.category_sales;
        r.base += a.base;
        r.iva += a.iva;
        r.cost += a.cost;
        r.units += a.units;
    }
}

/// A document's base, IVA and cost split over its sale's payments (sorted), the sale counted
/// under each payment.
fn add_methods(
    rows: &mut BTreeMap<MethodKey, Acc>,
    h: &Header,
    day: NaiveDate,
    paid: &[(String, i64)],
    sign: i64,
    counted: i64,
    cost: i64,
) {
    let amounts: Vec<i64> = paid.iter().map(|(_, a)| *a).collect();
    let (base, iva, cost) = (
        split(h.base, &amounts),
        split(h.iva, &amounts),
        split(cost, &amounts),
    );
    for (i, (method, _)) in paid.iter().enumerate() {
        let a = rows.entry((h.branch, day, method.clone())).or_default();
        a.sales += counted;
        a.base += sign * base[i];
        a.iva += sign * iva[i];
        a.cost += sign * cost[i];
    }
}

/// `value` split over `payments` (amounts) in proportion, to the cent; the last takes the rest.
pub fn split(value: i64, payments: &[i64]) -> Vec<i64> {
    let paid: i64 = payments.iter().sum();
    let mut out = Vec::with_capacity(payments.len());
    let mut left = value;
    for (i, amount) in payments.iter().enumerate() {
        if i + 1 == payments.len() {
            out.push(left);
        } else {
            let share =
                div_round(i128::from(value) * i128::from(*amount), i128::from(paid)).unwrap_or(0);
            let share = div_round(i128::from(share), i128::from(CENT)).unwrap_or(0) * CENT;
            out.push(share);
            left -= share;
        }
    }
    out
}
