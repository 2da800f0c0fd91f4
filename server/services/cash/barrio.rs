//! Banco del Barrio at the counter: an operation and its reversal, each with its cash posted to
//! the user's open shift (`cnb_in` / `cnb_out`) through [`posting::post_to_shift`] in the
//! caller's write transaction. The cupo rule is told in [`crate::models::cash::cnb`].

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult, conflict, not_in_table};
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::cash::cnb::{self, CnbConfig, CnbOperation, NewOperation, TYPES};
use crate::models::cash::movement::{MovementKind, NewMovement};
use crate::models::cash::turn::Turn;
use crate::models::config::company::Company;
use crate::services::cash::posting::{self, NO_OPEN_SHIFT, ShiftTarget};

/// Refusal when the branch has no agent configuration.
pub const NOT_CONFIGURED: &str =
    "La sucursal no tiene configurado Banco del Barrio: registre el código de agente y el cupo";
/// Refusal of an operation beyond the cupo.
pub const CUPO_EXCEEDED: &str = "La operación supera el cupo disponible de Banco del Barrio";

/// Posts the operation's cash to the user's open shift.
fn post_cash(
    conn: &mut DbConnection,
    company: CompanyId,
    user: i64,
    id: i64,
    cash_in: bool,
    amount: i64,
    reason: String,
) -> AppResult<()> {
    posting::post_to_shift(
        conn,
        company,
        ShiftTarget::OpenOf(user),
        &NewMovement {
            kind: if cash_in {
                MovementKind::CnbIn
            } else {
                MovementKind::CnbOut
            },
            amount,
            reason,
            payment_method: None,
            source: Some(("cnb_operation".into(), id)),
            user_id: user,
        },
    )?;
    Ok(())
}

/// Records an operation of `user` at `branch` and posts its cash to the user's open shift.
/// Refuses without configuration or open shift, beyond the cupo, or paying out more cash than
/// the drawer holds. Call inside a write transaction.
pub fn operate(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: i64,
    user: i64,
    new: &NewOperation,
) -> AppResult<CnbOperation> {
    let incoming = cnb::cash_in(&new.op_type)
        .ok_or_else(|| AppError::field("type", "El tipo de operación no es válido"))?;
    if !CnbConfig::lock(conn, company, branch)? {
        return Err(conflict(NOT_CONFIGURED));
    }
    let config =
        CnbConfig::of_branch(conn, company, branch)?.ok_or_else(|| conflict(NOT_CONFIGURED))?;
    let turn = Turn::open_of_user(conn, company, user)?.ok_or_else(|| conflict(NO_OPEN_SHIFT))?;
    if incoming {
        let today = Company::zone(conn, company)?.today();
        let used = cnb::cupo_used(&CnbOperation::of_day(conn, company, branch, today)?);
        if used + new.amount > config.cupo {
            return Err(AppError::field(
                "amount",
                format!(
                    "{CUPO_EXCEEDED} ({})",
                    crate::domain::money::money_from_micros((config.cupo - used).max(0))
                ),
            ));
        }
    }
    let commission = new.commission.unwrap_or_else(|| {
        config
            .commission_map()
            .get(&new.op_type)
            .copied()
            .unwrap_or(0)
    });
    let id = cnb::insert(conn, company, branch, turn.id, user, new, commission, None)?;
    let label = TYPES
        .iter()
        .find(|t| t.0 == new.op_type)
        .map_or("", |t| t.1);
    post_cash(
        conn,
        company,
        user,
        id,
        incoming,
        new.amount,
        format!("Banco del Barrio: {label} {}", new.transaction_number),
    )?;
    CnbOperation::find(conn, company, id)?.ok_or_else(not_in_table)
}

/// Reverses a mistaken operation with a linked one that moves the cash back (posted to the
/// reverser's open shift); the original stays, marked reversed.
pub fn reverse(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
    user: i64,
) -> AppResult<CnbOperation> {
    let original = CnbOperation::find(conn, company, id)?.ok_or_else(not_in_table)?;
    if original.reversal_of.is_some() {
        return Err(conflict("Una reversa no se puede reversar"));
    }
    if !cnb::mark_reversed(conn, company, id)? {
        return Err(conflict("La operación ya fue reversada"));
    }
    let turn = Turn::open_of_user(conn, company, user)?.ok_or_else(|| conflict(NO_OPEN_SHIFT))?;
    let new = NewOperation {
        op_type: original.op_type.clone(),
        amount: original.amount,
        commission: Some(0),
        transaction_number: original.transaction_number.clone(),
        control_number: original.control_number.clone(),
        reference: format!("Reversa de la operación #{}", original.id),
    };
    let reversal = cnb::insert(
        conn,
        company,
        original.branch_office_id,
        turn.id,
        user,
        &new,
        0,
        Some(original.id),
    )?;
    post_cash(
        conn,
        company,
        user,
        reversal,
        !original.is_cash_in(),
        original.amount,
        format!("Banco del Barrio: reversa de la operación #{}", original.id),
    )?;
    CnbOperation::find(conn, company, reversal)?.ok_or_else(not_in_table)
}

/// An operation of the user at the selected branch's counter (see [`operate`]); a blind
/// cashier's payout the drawer cannot cover is `Ok(Err(refusal))`, recorded
/// ([`super::shifts::guard_withdrawal`]).
pub fn operate_at_counter(
    conn: &mut DbConnection,
    tenant: &Tenant,
    new: &NewOperation,
) -> AppResult<Result<CnbOperation, AppError>> {
    let branch = tenant.branch(conn)?;
    let blind_shift = Turn::open_of_user(conn, tenant.company, tenant.user_id())?
        .filter(|t| super::shifts::is_blind(tenant, t));
    match blind_shift {
        // A payout the drawer cannot cover must not tell a blind cashier the expected cash.
        Some(t) => super::shifts::guard_withdrawal(
            conn,
            tenant,
            &t,
            new.amount,
            &format!(
                "Banco del Barrio: {} {}",
                new.op_type, new.transaction_number
            ),
            |conn| operate(conn, tenant.company, branch.id, tenant.user_id(), new),
        ),
        None => operate(conn, tenant.company, branch.id, tenant.user_id(), new).map(Ok),
    }
}

/// The user reverses operation `id` (see [`reverse`]); a cashier only their own (404 otherwise).
pub fn reverse_by(conn: &mut DbConnection, tenant: &Tenant, id: i64) -> AppResult<CnbOperation> {
    let op = CnbOperation::find(conn, tenant.company, id)?.ok_or_else(not_in_table)?;
    if tenant.role() == Role::Cashier && op.user_id != tenant.user_id() {
        return Err(not_in_table());
    }
    reverse(conn, tenant.company, id, tenant.user_id())
}
