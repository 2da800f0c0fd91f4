//! A user's shifts at the counter: who may see and write to a shift, opening one on a register of
//! the selected branch, cash in and out, the close with its count and the confirmation (with the
//! counted cash optionally deposited to a bank account). Each runs in the caller's write
//! transaction; the money itself moves through [`posting`].
//!
//! The blind count (issue 24, defect 8) has two leaks besides the expected figure, both closed
//! here and in the views: the lines of an open shift are listed to its cashier without their
//! amounts (opening + ins − outs would add up to the expected cash), and a withdrawal the drawer
//! cannot cover is refused to the cashier without the figure it was compared with. Such a refusal
//! still tells the cashier "less than this", so trying amounts would narrow the expected cash
//! down: each refused withdrawal of a blind cashier is recorded
//! ([`crate::models::cash::refusal`]) — the refusal committed even though nothing is posted — and
//! the owner sees every attempt with the shift (detail, history and printout), where probing
//! shows up as a row of refused amounts. Refusing without saying why was rejected: the cashier
//! must know the withdrawal did not happen.

use diesel::Connection;

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult, conflict, not_in_table};
use crate::models::auth::user::Role;
use crate::models::cash::bank::BankAccount;
use crate::models::cash::movement::{MovementKind, NewMovement};
use crate::models::cash::refusal::RefusedWithdrawal;
use crate::models::cash::turn::{self, Turn};
use crate::services::cash::bank;
use crate::services::cash::posting::{self, ShiftTarget};

/// Refusal of a cash in or out on another user's shift.
pub const ONLY_OWNER: &str = "Solo el cajero del turno puede registrar ingresos y retiros";

/// Whether `tenant` counts shift `t` blind: a cashier, while the shift is open, is not shown what
/// the drawer should hold (nor the totals it adds up from), so the count is theirs and not a copy
/// of the system's figure; once closed they see the difference. Admin and user always see it.
pub fn is_blind(tenant: &Tenant, t: &Turn) -> bool {
    tenant.role() == Role::Cashier && t.state == turn::OPEN
}

/// A shift the user may see: the company's, and for a cashier only their own (404 otherwise).
pub fn visible(conn: &mut DbConnection, tenant: &Tenant, id: i64) -> AppResult<Turn> {
    let turn = Turn::find(conn, tenant.company, id)?.ok_or_else(not_in_table)?;
    if tenant.role() == Role::Cashier && turn.user_id != tenant.user_id() {
        return Err(not_in_table());
    }
    Ok(turn)
}

/// A visible shift that is still open (409 otherwise).
pub fn visible_open(conn: &mut DbConnection, tenant: &Tenant, id: i64) -> AppResult<Turn> {
    let t = visible(conn, tenant, id)?;
    if t.state != turn::OPEN {
        return Err(conflict(posting::NOT_OPEN));
    }
    Ok(t)
}

/// The user's own open shift, for a cash in or out (403 on another user's).
pub fn own_open(conn: &mut DbConnection, tenant: &Tenant, id: i64) -> AppResult<Turn> {
    let t = visible(conn, tenant, id)?;
    if t.user_id != tenant.user_id() {
        return Err(AppError::Forbidden(ONLY_OWNER.into()));
    }
    if t.state != turn::OPEN {
        return Err(conflict(posting::NOT_OPEN));
    }
    Ok(t)
}

/// Opens a shift of the user on `register` of the selected branch with `opening` cash.
pub fn open(
    conn: &mut DbConnection,
    tenant: &Tenant,
    register: i64,
    opening: i64,
) -> AppResult<Turn> {
    let branch = tenant.branch(conn)?;
    posting::open_shift(
        conn,
        tenant.company,
        branch.id,
        register,
        tenant.user_id(),
        opening,
    )
}

/// Cash in (`CashIn`) or out (`CashOut`) of shift `t` by the user; a blind cashier's withdrawal
/// the drawer cannot cover is `Ok(Err(refusal))`, recorded ([`guard_withdrawal`]).
pub fn cash_in_out(
    conn: &mut DbConnection,
    tenant: &Tenant,
    t: &Turn,
    kind: MovementKind,
    amount: i64,
    reason: String,
) -> AppResult<Result<(), AppError>> {
    let movement = NewMovement {
        kind,
        amount,
        reason,
        payment_method: None,
        source: None,
        user_id: tenant.user_id(),
    };
    guard_withdrawal(conn, tenant, t, amount, &movement.reason, |conn| {
        posting::post_to_shift(conn, tenant.company, ShiftTarget::Turn(t.id), &movement)
    })
    .map(|posted| posted.map(|_| ()))
}

/// A blind cashier's refused withdrawal: no figure, and the attempt is on record.
pub const REFUSED_BLIND: &str = "El monto supera el efectivo esperado en caja: el retiro no se registró y el intento queda anotado en el turno para el supervisor";

/// Runs `post`, which takes `amount` out of shift `t` (a cash out, a Banco del Barrio payout), in
/// a savepoint. When the drawer cannot cover it and `tenant` counts `t` blind, the attempt is
/// recorded and the answer is `Ok(Err(refusal))` without the expected figure: the caller commits
/// (so the record stays) and answers the refusal. Any other outcome is `post`'s own.
pub fn guard_withdrawal<T>(
    conn: &mut DbConnection,
    tenant: &Tenant,
    t: &Turn,
    amount: i64,
    reason: &str,
    post: impl FnOnce(&mut DbConnection) -> AppResult<T>,
) -> AppResult<Result<T, AppError>> {
    match conn.transaction(post) {
        Ok(done) => Ok(Ok(done)),
        Err(err) if posting::is_not_enough_cash(&err) && is_blind(tenant, t) => {
            RefusedWithdrawal::insert(
                conn,
                tenant.company,
                t.id,
                tenant.user_id(),
                amount,
                reason,
            )?;
            Ok(Err(AppError::field("amount", REFUSED_BLIND)))
        }
        Err(err) => Err(err),
    }
}

/// Closes shift `t` with the count `(denomination, quantity)`; returns it closed.
pub fn close(
    conn: &mut DbConnection,
    tenant: &Tenant,
    t: &Turn,
    counts: &[(i64, i64)],
    note: Option<String>,
) -> AppResult<Turn> {
    posting::close_shift(conn, tenant.company, t.id, counts, note, tenant.user_id())?;
    Turn::find(conn, tenant.company, t.id)?.ok_or_else(not_in_table)
}

/// Makes the close of shift `t` final; with `account`, its counted cash is recorded as deposited
/// there. Refuses an open or already confirmed shift. Returns it confirmed.
pub fn confirm(
    conn: &mut DbConnection,
    tenant: &Tenant,
    t: &Turn,
    note: Option<&str>,
    account: Option<&BankAccount>,
) -> AppResult<Turn> {
    if Turn::confirm(
        conn,
        tenant.company,
        t.id,
        note,
        tenant.user_id(),
        account.map(|a| a.id),
    )? == 0
    {
        return Err(conflict(match t.state.as_str() {
            turn::OPEN => "El turno sigue abierto: ciérrelo con el arqueo antes de confirmarlo",
            _ => "El cierre de este turno ya fue confirmado",
        }));
    }
    if let Some(account) = account {
        let counted = t.counted.unwrap_or(0);
        if counted > 0 {
            bank::post(
                conn,
                tenant,
                account,
                "shift_deposit",
                counted,
                &format!("Depósito del turno #{}", t.id),
                Some(t.id),
            )?;
        }
    }
    Turn::find(conn, tenant.company, t.id)?.ok_or_else(not_in_table)
}
