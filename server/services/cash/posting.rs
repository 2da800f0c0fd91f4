//! The cash service: the only code that opens, posts to and closes shifts. Sales, receivables
//! and Banco del Barrio call [`post_to_shift`] inside their own write transaction
//! (`Database::write`), so their document and its cash line land together or not at all.
//!
//! Race with a close: posting and closing both start by taking the shift's row lock through
//! [`Turn::lock_open`] (an `UPDATE … WHERE state = 'open'`). On PostgreSQL the second one waits
//! for the first to commit and then re-reads the row; on SQLite the write transaction
//! (`BEGIN IMMEDIATE`) already serialises them. So a movement either commits before the close
//! reads the totals (and is inside the count) or finds the shift closed and is refused.

use std::collections::BTreeMap;

use crate::db::batch::{Batch, Sent, Write};
use crate::error::{AppError, AppResult, conflict, not_in_table};
use crate::models::CompanyId;
use crate::models::cash::count::Count;
use crate::models::cash::movement::{Movement, MovementKind, NewMovement, Totals};
use crate::models::cash::register::CashRegister;
use crate::models::cash::turn::{self, Closing, Turn};

/// Refusal for a write to a shift that is no longer open.
pub const NOT_OPEN: &str =
    "El turno de caja ya está cerrado: no se pueden registrar más movimientos en él";
/// Refusal when the user has no open shift to post to.
pub const NO_OPEN_SHIFT: &str =
    "No tiene un turno de caja abierto. Abra la caja antes de registrar movimientos de efectivo.";
/// Refusal for cash leaving the drawer beyond what it should hold.
pub const NOT_ENOUGH_CASH: &str = "El monto supera el efectivo esperado en caja";
/// Whether `err` is the refusal of cash leaving the drawer beyond the expected cash.
pub fn is_not_enough_cash(err: &AppError) -> bool {
    matches!(err, AppError::Validation { message, .. } if message.starts_with(NOT_ENOUGH_CASH))
}

/// The register already has an open shift.
pub const REGISTER_BUSY: &str = "La caja ya tiene un turno abierto";
/// The user already has an open shift.
pub const USER_BUSY: &str = "Ya tiene un turno abierto: ciérrelo antes de abrir otro";

/// Which shift a movement goes to.
#[derive(Debug, Clone, Copy)]
pub enum ShiftTarget {
    /// A given shift (cash in/out from its screen).
    Turn(i64),
    /// The open shift of this user (a sale, a collection, a CNB operation at the counter).
    OpenOf(i64),
}

/// Posts one line to a shift under its lock. Refuses a shift that is not open, a non-positive
/// amount, and cash leaving the drawer beyond the expected cash. Call it inside a write
/// transaction.
pub fn post_to_shift(
    conn: &mut crate::db::DbConnection,
    company: CompanyId,
    target: ShiftTarget,
    movement: &NewMovement,
) -> AppResult<Movement> {
    if movement.amount <= 0 {
        return Err(AppError::field(
            "amount",
            "El monto debe ser mayor que cero",
        ));
    }
    let (turn_id, refusal) = match target {
        ShiftTarget::Turn(id) => (id, NOT_OPEN),
        ShiftTarget::OpenOf(user) => {
            let turn =
                Turn::open_of_user(conn, company, user)?.ok_or_else(|| conflict(NO_OPEN_SHIFT))?;
            (turn.id, NO_OPEN_SHIFT)
        }
    };
    // Not open, or (a given shift) not a shift of the company at all.
    let refuse = |conn: &mut crate::db::DbConnection| -> AppResult<Movement> {
        if Turn::find(conn, company, turn_id)?.is_none() {
            return Err(not_in_table());
        }
        Err(conflict(refusal))
    };
    // A line that takes no cash out needs no check under the lock: lock and insert together.
    if movement.kind.drawer_sign() >= 0
        && let Some(posted) = Movement::insert_if_open(conn, company, turn_id, movement)?
    {
        return posted.map_or_else(|| refuse(conn), Ok);
    }
    if !Turn::lock_open(conn, company, turn_id)? {
        return refuse(conn);
    }
    if movement.kind.drawer_sign() < 0 {
        let expected = Movement::totals(conn, company, turn_id)?.expected_cash();
        if movement.amount > expected {
            return Err(AppError::field(
                "amount",
                format!(
                    "{NOT_ENOUGH_CASH} ({})",
                    crate::domain::money::money_from_micros(expected)
                ),
            ));
        }
    }
    Ok(Movement::insert(conn, company, turn_id, movement)?)
}

/// Lines posted by [`post_in`], known to be in their shift once their batch is sent and
/// [`ShiftLines::check`]ed.
#[must_use = "lines posted in a batch must be checked after the batch is sent"]
pub struct ShiftLines {
    lines: Vec<Write>,
    turn: i64,
}

impl ShiftLines {
    /// After the batch was sent: refuses the caller's document (whose transaction then rolls
    /// back) when the shift was no longer open, as [`post_to_shift`] does.
    pub fn check(
        &self,
        conn: &mut crate::db::DbConnection,
        company: CompanyId,
        sent: &Sent,
    ) -> AppResult<()> {
        if self.lines.iter().all(|line| sent.rows(*line) == 1) {
            return Ok(());
        }
        if Turn::find(conn, company, self.turn)?.is_none() {
            return Err(not_in_table());
        }
        Err(conflict(NOT_OPEN))
    }
}

/// [`post_to_shift`] of lines that take no cash out of the drawer (a sale's payments) into shift
/// `turn`, as writes of the caller's `batch`: one lock of the shift, then each line (on
/// PostgreSQL they travel with the document's other writes, no round trip of their own while
/// the shift is locked). Whether the shift was open is known after the batch is sent:
/// [`ShiftLines::check`].
pub fn post_in<'q>(
    batch: &mut Batch<'_, 'q>,
    company: CompanyId,
    turn: i64,
    movements: &'q [NewMovement],
) -> AppResult<ShiftLines> {
    for movement in movements {
        if movement.amount <= 0 {
            return Err(AppError::field(
                "amount",
                "El monto debe ser mayor que cero",
            ));
        }
        if movement.kind.drawer_sign() < 0 {
            return Err(AppError::Internal(anyhow::anyhow!(
                "una salida de caja necesita su control bajo el bloqueo: post_to_shift"
            )));
        }
    }
    let lock = Turn::lock_open_in(batch, company, turn)?;
    let lines = movements
        .iter()
        .map(|movement| Movement::insert_after(batch, lock, company, turn, movement))
        .collect::<Result<_, _>>()?;
    Ok(ShiftLines { lines, turn })
}

/// Opens a shift of `user` on `register` with an opening line; returns the shift. The register
/// must be an active, unlocked register of `branch`.
pub fn open_shift(
    conn: &mut crate::db::DbConnection,
    company: CompanyId,
    branch: i64,
    register: i64,
    user: i64,
    opening: i64,
) -> AppResult<Turn> {
    if opening < 0 {
        return Err(AppError::field(
            "openingAmount",
            "El monto de apertura no puede ser negativo",
        ));
    }
    let found = CashRegister::find(conn, company, register)?
        .filter(|r| r.branch_office_id == branch)
        .ok_or_else(|| AppError::field("cashRegisterId", "La caja no existe en esta sucursal"))?;
    if !found.active || found.locked {
        return Err(AppError::field(
            "cashRegisterId",
            "La caja está inactiva o bloqueada",
        ));
    }
    if Turn::open_of_user(conn, company, user)?.is_some() {
        return Err(conflict(USER_BUSY));
    }
    if Turn::open_of_register(conn, company, register)?.is_some() {
        return Err(conflict(REGISTER_BUSY));
    }
    // The partial unique indexes settle two openings that race past the checks above.
    let id = Turn::insert_open(conn, company, branch, register, user, opening)
        .map_err(|e| crate::error::constraint_conflict(e, "cashRegisterId", REGISTER_BUSY))?;
    Movement::insert(
        conn,
        company,
        id,
        &NewMovement {
            kind: MovementKind::Opening,
            amount: opening,
            reason: "Apertura de caja".into(),
            payment_method: None,
            source: None,
            user_id: user,
        },
    )?;
    Turn::find(conn, company, id)?.ok_or_else(not_in_table)
}

/// Closes an open shift with the count `(denomination, quantity)`: under the shift's lock, reads
/// the totals, stores expected, counted and difference, and the count rows.
pub fn close_shift(
    conn: &mut crate::db::DbConnection,
    company: CompanyId,
    turn_id: i64,
    counts: &[(i64, i64)],
    note: Option<String>,
    by: i64,
) -> AppResult<Closing> {
    if !Turn::lock_open(conn, company, turn_id)? {
        return Err(conflict(NOT_OPEN));
    }
    let expected = Movement::totals(conn, company, turn_id)?.expected_cash();
    let counted = counts.iter().map(|(d, q)| d * q).sum();
    let closing = Closing {
        expected,
        counted,
        note,
        by,
    };
    Count::insert_all(conn, company, turn_id, counts)?;
    Turn::close(conn, company, turn_id, &closing)?;
    Ok(closing)
}

/// The figures of a shift, in micros: live while open, as stored once closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub opening: i64,
    pub expected: i64,
    pub counted: Option<i64>,
    pub difference: Option<i64>,
    /// Sales per payment method (cash sales under `efectivo`).
    pub by_method: BTreeMap<String, i64>,
    /// Totals per line kind.
    pub by_type: BTreeMap<&'static str, i64>,
}

/// The summary of a shift (one grouped query over its lines).
pub fn summary(
    conn: &mut crate::db::DbConnection,
    company: CompanyId,
    turn: &Turn,
) -> AppResult<Summary> {
    let totals = Movement::totals(conn, company, turn.id)?;
    Ok(summarize(turn, &totals))
}

/// [`summary`] from totals already read.
pub fn summarize(turn: &Turn, totals: &Totals) -> Summary {
    let expected = match (turn.state.as_str(), turn.expected) {
        (turn::OPEN, _) | (_, None) => totals.expected_cash(),
        (_, Some(stored)) => stored,
    };
    Summary {
        opening: turn.opening_amount,
        expected,
        counted: turn.counted,
        difference: turn.difference,
        by_method: totals.by_method.clone(),
        by_type: by_type(totals),
    }
}

/// The totals per line type as the arqueo names them: the `CashOut` lines that paid suppliers
/// under `supplier_payment`, apart from the withdrawals left in `cash_out`.
fn by_type(totals: &Totals) -> BTreeMap<&'static str, i64> {
    let mut by_type: BTreeMap<&'static str, i64> = totals
        .by_kind
        .iter()
        .map(|(k, v)| (k.as_str(), *v))
        .collect();
    if totals.paid_to_suppliers != 0 {
        let withdrawals = totals.of(MovementKind::CashOut) - totals.paid_to_suppliers;
        if withdrawals == 0 {
            by_type.remove(MovementKind::CashOut.as_str());
        } else {
            by_type.insert(MovementKind::CashOut.as_str(), withdrawals);
        }
        by_type.insert(SUPPLIER_PAYMENT, totals.paid_to_suppliers);
    }
    by_type
}

/// The arqueo's line type of the cash paid to suppliers from the drawer (not a movement kind:
/// those lines are `CashOut`), with its label for the screens.
pub const SUPPLIER_PAYMENT: &str = "supplier_payment";
pub const SUPPLIER_PAYMENT_LABEL: &str = "Pagos a proveedores (compras y gastos)";
