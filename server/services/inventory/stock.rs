//! The inventory service: the only way stock changes. Sales, credit notes, purchases, the
//! restaurant, adjustments, transfers and imports call [`post_movements`] inside their own write
//! transaction; it locks the stock rows it touches in one fixed order (product, then warehouse),
//! applies the weighted average cost ([`crate::models::inventory::cost`]), refuses to take stock below zero unless
//! the company allows negative stock, and appends one kardex row per movement.

use chrono::{NaiveDate, NaiveDateTime};
use std::collections::{BTreeMap, HashSet};

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::batch::Batch;
use crate::domain::limits::{STOCK, UNIT_PRICE, VALUE};
use crate::domain::money::qty_from_micros;
use crate::error::{AppError, AppResult, conflict};
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::inventory::cost::{Balance, Step, per_unit, times};
use crate::models::inventory::kardex::{KardexRow, NewKardexRow};
use crate::models::inventory::product::{Product, StockFacts};
use crate::models::inventory::stock::Stock;
use crate::models::inventory::warehouse::Warehouse;
use crate::util::time::now;

/// Kinds of movement, as the kardex stores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MovementType {
    Opening,
    Purchase,
    Sale,
    SaleReturn,
    AdjustmentIn,
    AdjustmentOut,
    TransferOut,
    TransferIn,
    Consumption,
}

impl MovementType {
    /// Every kind, in the order the kardex legend lists them.
    pub const ALL: [MovementType; 9] = [
        Self::Opening,
        Self::Purchase,
        Self::Sale,
        Self::SaleReturn,
        Self::AdjustmentIn,
        Self::AdjustmentOut,
        Self::TransferOut,
        Self::TransferIn,
        Self::Consumption,
    ];

    /// The Spanish name the kardex shows, exported to the UI as `INVENTORY_MOVEMENT_LABELS`.
    pub fn label(self) -> &'static str {
        match self {
            Self::Opening => "Saldo inicial",
            Self::Purchase => "Compra",
            Self::Sale => "Venta",
            Self::SaleReturn => "Devolución de venta",
            Self::AdjustmentIn => "Ajuste (entrada)",
            Self::AdjustmentOut => "Ajuste (salida)",
            Self::TransferOut => "Transferencia (salida)",
            Self::TransferIn => "Transferencia (entrada)",
            Self::Consumption => "Consumo de receta",
        }
    }

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Opening => "opening",
            Self::Purchase => "purchase",
            Self::Sale => "sale",
            Self::SaleReturn => "sale_return",
            Self::AdjustmentIn => "adjustment_in",
            Self::AdjustmentOut => "adjustment_out",
            Self::TransferOut => "transfer_out",
            Self::TransferIn => "transfer_in",
            Self::Consumption => "consumption",
        }
    }

    /// Whether the movement brings stock in.
    pub fn is_entry(self) -> bool {
        matches!(
            self,
            Self::Opening
                | Self::Purchase
                | Self::SaleReturn
                | Self::AdjustmentIn
                | Self::TransferIn
        )
    }
}

/// The documents a kardex row comes from (its stored `document_type`) and their Spanish names,
/// the one table the kardex screen (as `INVENTORY_DOCUMENT_LABELS`), its CSV and XLSX use, so
/// that no internal code ever reaches a user.
pub const DOCUMENT_LABELS: [(&str, &str); 7] = [
    ("opening", "Saldo inicial"),
    ("import", "Importación"),
    ("purchase", "Compra"),
    ("sale", "Venta"),
    ("credit_note", "Nota de crédito"),
    ("adjustment", "Ajuste"),
    ("transfer", "Transferencia"),
];

/// The Spanish name of a stored document type (the code itself if the table lacks it).
pub fn document_label(code: &str) -> &str {
    DOCUMENT_LABELS
        .iter()
        .find(|(c, _)| *c == code)
        .map_or(code, |(_, label)| label)
}

/// The Spanish name of a stored movement type (the code itself if unknown).
pub fn movement_label(code: &str) -> &str {
    MovementType::ALL
        .into_iter()
        .find(|k| k.as_str() == code)
        .map_or(code, |k| k.label())
}

/// The unit cost of an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitCost {
    /// The current average of the stock (refused when it has no stock).
    Average,
    /// A given cost in millionths (purchases, openings).
    Given(i64),
    /// The unit cost of an earlier movement of the same call (a transfer's entry takes the cost
    /// its exit left at).
    SameAs(usize),
}

/// One movement to post. `quantity` is positive millionths; exits always leave at the average.
#[derive(Debug, Clone)]
pub struct Movement {
    pub product_id: i64,
    pub warehouse_id: i64,
    pub kind: MovementType,
    pub quantity: i64,
    pub cost: UnitCost,
}

/// The source document the kardex rows point at.
#[derive(Debug, Clone)]
pub struct Document {
    pub doc_type: &'static str,
    pub id: Option<i64>,
    pub number: Option<String>,
    /// The document's own date when it can differ from the day it is recorded (a purchase's
    /// issue date); `None` when it is that day.
    pub date: Option<NaiveDate>,
}

/// What a movement cost (a recipe: its ingredients together; a service: nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Posted {
    pub unit_cost: i64,
    pub total_cost: i64,
}

/// A movement after recipes are expanded into their ingredients.
struct Line {
    origin: usize,
    product: i64,
    warehouse: i64,
    kind: MovementType,
    quantity: i64,
    cost: UnitCost,
}

/// Whether the company lets stock go below zero.
pub fn allows_negative_stock(conn: &mut DbConnection, company: CompanyId) -> AppResult<bool> {
    let query = Company::negative_stock_query(company);
    Ok(crate::native!(conn, |c| query.first(c))?)
}

/// The message for an exit larger than the stock.
pub fn insufficient(name: &str, available: i64) -> AppError {
    conflict(format!(
        "Stock insuficiente de «{name}»: disponible {}",
        qty_from_micros(available.max(0))
    ))
}

/// `step` (of `line` on `before`, `None` when a figure left `i64`) when the stock after it stays
/// within [`STOCK`] and its cost and the stock's value within [`VALUE`]; else a 400 naming the
/// product. The caller's transaction then rolls back: nothing is written, nothing wraps.
fn within_room(step: Option<Step>, before: Balance, line: &Line, name: &str) -> AppResult<Step> {
    let after = if line.kind.is_entry() {
        before.quantity.checked_add(line.quantity)
    } else {
        before.quantity.checked_sub(line.quantity)
    };
    let field = |e| AppError::field("lines", e);
    STOCK
        .check(after, &format!("El stock de «{name}» en la bodega"))
        .map_err(field)?;
    step.filter(|s| VALUE.allows(s.total_cost) && VALUE.allows(s.value))
        .ok_or_else(|| {
            field(VALUE.problem(&format!("El valor del movimiento o del stock de «{name}»")))
        })
}

/// Locks the stock rows of these `(product, warehouse)` keys in the fixed order. Callers that
/// must take another lock (a document number) lock their stock first with this, so every
/// transaction takes stock before anything else.
pub fn lock_keys(
    conn: &mut DbConnection,
    company: CompanyId,
    keys: impl IntoIterator<Item = (i64, i64)>,
) -> AppResult<Vec<Stock>> {
    let mut keys: Vec<(i64, i64)> = keys.into_iter().collect();
    keys.sort_unstable();
    keys.dedup();
    Ok(Stock::lock(conn, company, &keys)?)
}

/// Posts `movements` of `document` for `user`: one kardex row each (recipes: one per ingredient,
/// as `consumption`; services: none), stock and average cost updated. Must run inside the
/// caller's write transaction; an error leaves it to roll everything back.
pub fn post_movements(
    conn: &mut DbConnection,
    company: CompanyId,
    user_id: Option<i64>,
    document: &Document,
    movements: &[Movement],
) -> AppResult<Vec<Posted>> {
    post_movements_of_new(conn, company, user_id, document, movements, &HashSet::new())
}

/// [`post_movements`] where the products of `created` were inserted earlier in the caller's
/// transaction (an import's new products). Their stock rows cannot exist, and no other
/// transaction can make one before this one commits (it cannot see the products), so their
/// balances start at zero without a lock and each row is inserted once with its balance
/// ([`Stock::insert_all`]), instead of inserted empty, locked and then updated: on PostgreSQL
/// the lock and the update were a quarter of the time of importing 100,000 products with
/// opening stock. Same kardex rows, same stock rows.
pub fn post_movements_of_new(
    conn: &mut DbConnection,
    company: CompanyId,
    user_id: Option<i64>,
    document: &Document,
    movements: &[Movement],
    created: &HashSet<i64>,
) -> AppResult<Vec<Posted>> {
    let planned = plan(conn, company, movements)?;
    post_planned(conn, company, user_id, document, planned, created)
}

/// Movements read and checked, not yet posted: what [`plan`] reads before any lock, so a
/// caller that holds a lock others wait on (a sale's document number) can read first and lock
/// after. [`post_planned`] posts them.
pub struct Planned {
    movements: Vec<Movement>,
    lines: Vec<Line>,
    products: BTreeMap<i64, StockFacts>,
    negative_ok: bool,
}

/// The reads of [`post_movements`]: the products (recipes expanded into their ingredients), the
/// warehouses and whether the company allows negative stock; refuses a non-positive quantity, an
/// unknown product or warehouse, and an entry of a recipe. Locks nothing.
pub fn plan(
    conn: &mut DbConnection,
    company: CompanyId,
    movements: &[Movement],
) -> AppResult<Planned> {
    let mut ids: Vec<i64> = movements.iter().map(|m| m.product_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut products: BTreeMap<i64, StockFacts> = StockFacts::of(conn, company, &ids)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let mut lines = Vec::with_capacity(movements.len());
    for (origin, m) in movements.iter().enumerate() {
        if m.quantity <= 0 {
            return Err(AppError::BadRequest(
                "La cantidad de cada movimiento debe ser mayor que cero".into(),
            ));
        }
        let product = products.get(&m.product_id).ok_or_else(|| {
            AppError::BadRequest(format!("El producto {} no existe", m.product_id))
        })?;
        match product.kind.as_str() {
            "service" => {}
            "recipe" if m.kind.is_entry() => {
                return Err(AppError::BadRequest(format!(
                    "«{}» es una receta: no tiene stock propio",
                    product.name
                )));
            }
            "recipe" => {
                for (ingredient, per_unit) in Product::recipe(conn, company, product.id)? {
                    let quantity = STOCK
                        .check(
                            times(m.quantity, per_unit),
                            &format!("El consumo de la receta «{}»", product.name),
                        )
                        .map_err(|e| AppError::field("lines", e))?;
                    lines.push(Line {
                        origin,
                        product: ingredient,
                        warehouse: m.warehouse_id,
                        kind: MovementType::Consumption,
                        quantity: quantity.max(1),
                        cost: UnitCost::Average,
                    });
                }
            }
            _ => lines.push(Line {
                origin,
                product: m.product_id,
                warehouse: m.warehouse_id,
                kind: m.kind,
                quantity: m.quantity,
                cost: m.cost,
            }),
        }
    }
    // Ingredients of recipes, loaded for their names and kinds.
    let missing: Vec<i64> = lines
        .iter()
        .map(|l| l.product)
        .filter(|p| !products.contains_key(p))
        .collect();
    if !missing.is_empty() {
        for p in StockFacts::of(conn, company, &missing)? {
            products.insert(p.id, p);
        }
    }
    let mut warehouses: Vec<i64> = lines.iter().map(|l| l.warehouse).collect();
    warehouses.sort_unstable();
    warehouses.dedup();
    for w in &warehouses {
        if Warehouse::find(conn, company, *w)?.is_none() {
            return Err(AppError::BadRequest("La bodega no existe".into()));
        }
    }
    lines.retain(|l| products.get(&l.product).is_some_and(StockFacts::is_stocked));
    Ok(Planned {
        movements: movements.to_vec(),
        lines,
        products,
        negative_ok: allows_negative_stock(conn, company)?,
    })
}

/// Posts movements [`plan`] read (see [`post_movements`] and, for `created`,
/// [`post_movements_of_new`]): locks their stock rows, appends the kardex and saves the balances.
pub fn post_planned(
    conn: &mut DbConnection,
    company: CompanyId,
    user_id: Option<i64>,
    document: &Document,
    planned: Planned,
    created: &HashSet<i64>,
) -> AppResult<Vec<Posted>> {
    let posting = lock_planned(conn, company, user_id, document, planned, created)?;
    let mut batch = Batch::on(conn);
    posting.write(&mut batch)?;
    batch.send()?;
    Ok(posting.posted)
}

/// Movements whose stock rows are locked and whose kardex rows and balances are computed, not
/// yet written: what [`lock_planned`] gives a caller that sends the writes together with its
/// own ([`Batch`]: a sale's lines, payments and shift line), and [`Posting::write`] writes.
pub struct Posting<'d> {
    company: CompanyId,
    /// What each movement cost, in the order of the movements.
    pub posted: Vec<Posted>,
    kardex: Vec<NewKardexRow<'d>>,
    /// Categories of the kardex rows' products, in the order of the rows.
    categories: Vec<Option<i64>>,
    /// `(stock row, quantity, average cost)` to save.
    saved: Vec<(i64, i64, i64)>,
    /// `(product, warehouse, quantity, average cost)` of rows to insert.
    new: Vec<(i64, i64, i64, i64)>,
}

impl<'d> Posting<'d> {
    /// Adds the kardex rows, the balances and the new stock rows to `batch`.
    pub fn write<'q>(&'q self, batch: &mut Batch<'_, 'q>) -> AppResult<()> {
        KardexRow::append(batch, &self.kardex)?;
        Stock::save_all(batch, self.company, &self.saved)?;
        // In key order, as `lock_keys` would have inserted them.
        Stock::insert_all(batch, self.company, &self.new)?;
        Ok(())
    }

    /// `(product, category, total cost, a recipe's ingredient consumed)` of each kardex row, in
    /// order (a recipe's ingredients each on its own row; services have none).
    pub fn costs(&self) -> Vec<(i64, Option<i64>, i64, bool)> {
        self.kardex
            .iter()
            .zip(&self.categories)
            .map(|(row, category)| {
                (
                    row.product_id,
                    *category,
                    row.total_cost,
                    row.movement_type == MovementType::Consumption.as_str(),
                )
            })
            .collect()
    }
}

impl Planned {
    /// The `(product, warehouse)` keys of the stock rows the movements take, in the fixed lock
    /// order, without the products of `created` (see [`post_movements_of_new`]).
    pub fn stock_keys(&self, created: &HashSet<i64>) -> Vec<(i64, i64)> {
        let mut keys: Vec<(i64, i64)> = self
            .lines
            .iter()
            .filter(|l| !created.contains(&l.product))
            .map(|l| (l.product, l.warehouse))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        keys
    }
}

/// The locks and computations of [`post_planned`], without its writes: locks the stock rows of
/// `planned`, checks each movement against its balance and computes the kardex rows and the new
/// balances, to be written by [`Posting::write`] in the caller's batch.
pub fn lock_planned<'d>(
    conn: &mut DbConnection,
    company: CompanyId,
    user_id: Option<i64>,
    document: &'d Document,
    planned: Planned,
    created: &HashSet<i64>,
) -> AppResult<Posting<'d>> {
    let locked = lock_keys(conn, company, planned.stock_keys(created))?;
    post_locked(company, user_id, document, planned, locked, created)
}

/// [`lock_planned`] of movements whose stock rows (those of [`Planned::stock_keys`]) the caller
/// has already locked: `locked` (a sale takes them with its number, in one statement).
pub fn post_locked<'d>(
    company: CompanyId,
    user_id: Option<i64>,
    document: &'d Document,
    planned: Planned,
    locked: Vec<Stock>,
    created: &HashSet<i64>,
) -> AppResult<Posting<'d>> {
    let Planned {
        movements,
        lines,
        products,
        negative_ok,
    } = planned;
    let movements = movements.as_slice();
    let mut balances = starting_balances(locked, &lines, created);
    let mut posted = vec![Posted::default(); movements.len()];
    let at = now();
    let mut kardex = Vec::with_capacity(lines.len());
    for line in &lines {
        let product = &products[&line.product];
        let Some(&(_, balance)) = balances.get(&(line.product, line.warehouse)) else {
            return Err(AppError::Internal(anyhow::anyhow!(
                "stock row of product {} in warehouse {} not locked",
                line.product,
                line.warehouse
            )));
        };
        let step = line_step(line, &product.name, balance, &posted, negative_ok)?;
        kardex.push(kardex_row(company, user_id, document, at, line, &step));
        if let Some(entry) = balances.get_mut(&(line.product, line.warehouse)) {
            entry.1 = step.after;
        }
        add_cost(&mut posted[line.origin], line, &step, movements, &products)?;
    }
    let (saved, new) = stock_rows(&balances);
    let categories = kardex
        .iter()
        .map(|row| products.get(&row.product_id).and_then(|p| p.category_id))
        .collect();
    Ok(Posting {
        company,
        posted,
        kardex,
        categories,
        saved,
        new,
    })
}

/// The balances a posting starts from, by `(product, warehouse)` key: the stock row's id
/// (`None`: a row to insert, of a product created in this transaction) and its balance.
type Balances = BTreeMap<(i64, i64), (Option<i64>, Balance)>;

/// The balances of the `locked` stock rows, and empty ones for the lines of products `created`
/// in this transaction (they have no stock row yet).
fn starting_balances(locked: Vec<Stock>, lines: &[Line], created: &HashSet<i64>) -> Balances {
    let mut balances: Balances = locked
        .into_iter()
        .map(|s| {
            let balance = Balance {
                quantity: s.quantity,
                average: s.average_cost,
            };
            ((s.product_id, s.warehouse_id), (Some(s.id), balance))
        })
        .collect();
    for line in lines.iter().filter(|l| created.contains(&l.product)) {
        balances
            .entry((line.product, line.warehouse))
            .or_insert((None, Balance::default()));
    }
    balances
}

/// What `line` does to `balance`: an entry at its unit cost (given, an earlier movement's of
/// `posted`, or the average, refused without stock), an exit at the average (refused below zero
/// unless `negative_ok`); checked by [`within_room`].
fn line_step(
    line: &Line,
    name: &str,
    balance: Balance,
    posted: &[Posted],
    negative_ok: bool,
) -> AppResult<Step> {
    let step = if line.kind.is_entry() {
        let cost = match line.cost {
            UnitCost::Given(c) if c >= 0 => c,
            UnitCost::Given(_) => {
                return Err(AppError::BadRequest(format!(
                    "El costo de «{name}» no puede ser negativo"
                )));
            }
            UnitCost::SameAs(i) => posted.get(i).map(|p| p.unit_cost).unwrap_or(0),
            UnitCost::Average if balance.quantity > 0 => balance.average,
            UnitCost::Average => {
                return Err(AppError::field(
                    "unitCost",
                    format!("Indique el costo unitario de «{name}»: no tiene stock en la bodega"),
                ));
            }
        };
        balance.enter(line.quantity, cost)
    } else {
        if !negative_ok && balance.quantity < line.quantity {
            return Err(insufficient(name, balance.quantity));
        }
        balance.leave(line.quantity)
    };
    within_room(step, balance, line, name)
}

/// The kardex row of `line` of `document`, recorded `at`, with what `step` did.
fn kardex_row<'d>(
    company: CompanyId,
    user_id: Option<i64>,
    document: &'d Document,
    at: NaiveDateTime,
    line: &Line,
    step: &Step,
) -> NewKardexRow<'d> {
    let (quantity_in, quantity_out) = if line.kind.is_entry() {
        (line.quantity, 0)
    } else {
        (0, line.quantity)
    };
    NewKardexRow {
        company_id: company.get(),
        product_id: line.product,
        warehouse_id: line.warehouse,
        created_at: at,
        movement_type: line.kind.as_str(),
        document_type: document.doc_type,
        document_id: document.id,
        document_number: document.number.as_deref(),
        quantity_in,
        quantity_out,
        unit_cost: step.unit_cost,
        total_cost: step.total_cost,
        balance_quantity: step.after.quantity,
        average_cost: step.after.average,
        balance_value: step.value,
        user_id,
        document_date: document.date,
    }
}

/// Adds the cost of `line` to what its movement cost (`p`): a recipe's ingredients add up, and
/// its unit cost is then the total over the recipe's quantity.
fn add_cost(
    p: &mut Posted,
    line: &Line,
    step: &Step,
    movements: &[Movement],
    products: &BTreeMap<i64, StockFacts>,
) -> AppResult<()> {
    let what = || {
        format!(
            "El costo de «{}»",
            products[&movements[line.origin].product_id].name
        )
    };
    let field = |e| AppError::field("lines", e);
    p.total_cost = VALUE
        .check(p.total_cost.checked_add(step.total_cost), &what())
        .map_err(field)?;
    let quantity = movements[line.origin].quantity;
    p.unit_cost = if line.product == movements[line.origin].product_id {
        step.unit_cost
    } else {
        per_unit(p.total_cost, quantity).ok_or_else(|| field(UNIT_PRICE.problem(&what())))?
    };
    Ok(())
}

/// `(stock row, quantity, average cost)` of a stock row to save.
type SavedRow = (i64, i64, i64);
/// `(product, warehouse, quantity, average cost)` of a stock row to insert.
type NewRow = (i64, i64, i64, i64);

/// The stock rows to write: `(stock row, quantity, average cost)` of the existing ones and
/// `(product, warehouse, quantity, average cost)` of those to insert, in key order.
fn stock_rows(balances: &Balances) -> (Vec<SavedRow>, Vec<NewRow>) {
    let saved: Vec<SavedRow> = balances
        .values()
        .filter_map(|(id, b)| id.map(|id| (id, b.quantity, b.average)))
        .collect();
    let new: Vec<NewRow> = balances
        .iter()
        .filter(|(_, (id, _))| id.is_none())
        .map(|(&(p, w), (_, b))| (p, w, b.quantity, b.average))
        .collect();
    (saved, new)
}
