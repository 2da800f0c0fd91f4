//! The money side of a purchase or a payment to a supplier: cash out of the user's open shift
//! (`services::cash::posting::post_to_shift`), or out of a bank account
//! (`services::cash::bank::post`), and the same ways back when a purchase is cancelled. Never a
//! second way to move cash.

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::AppResult;
use crate::models::cash::movement::{MovementKind, NewMovement};
use crate::models::cash::turn::{self, Turn};
use crate::services::cash::bank;
use crate::services::cash::posting::{ShiftTarget, post_to_shift};

/// Where money paid to a supplier came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The drawer of this shift.
    Shift(i64),
    /// This bank account.
    Bank(i64),
}

/// How the caller asks to pay: cash (the user's open shift) or a bank account (`field` names the
/// account's input for its errors).
#[derive(Debug, Clone, Copy)]
pub enum Pay<'a> {
    Cash,
    Bank {
        account: Option<i64>,
        field: &'a str,
    },
}

/// The shift movement of `amount` for `source`, described by `description`, by the user.
fn movement(
    tenant: &Tenant,
    kind: MovementKind,
    amount: i64,
    description: &str,
    source: (&str, i64),
) -> NewMovement {
    NewMovement {
        kind,
        amount,
        reason: description.to_string(),
        payment_method: None,
        source: Some((source.0.to_string(), source.1)),
        user_id: tenant.user_id(),
    }
}

/// Pays `amount` (> 0 micros) out as `pay` says, for `source` (`("purchase", id)`,
/// `("payable", id)`) described by `description`. Returns where it came from.
pub fn pay_out(
    conn: &mut DbConnection,
    tenant: &Tenant,
    pay: Pay,
    amount: i64,
    description: &str,
    source: (&str, i64),
) -> AppResult<Source> {
    match pay {
        Pay::Cash => {
            let movement = post_to_shift(
                conn,
                tenant.company,
                ShiftTarget::OpenOf(tenant.user_id()),
                &movement(tenant, MovementKind::CashOut, amount, description, source),
            )?;
            Ok(Source::Shift(movement.turn_id))
        }
        Pay::Bank { account, field } => {
            let account = bank::usable_account(conn, tenant, account, field)?;
            bank::post(
                conn,
                tenant,
                &account,
                "transfer_out",
                -amount,
                description,
                None,
            )?;
            Ok(Source::Bank(account.id))
        }
    }
}

/// Puts `amount` back where [`pay_out`] took it from: into the same shift while it is open, else
/// into the open shift of the user cancelling; into the same bank account.
pub fn pay_back(
    conn: &mut DbConnection,
    tenant: &Tenant,
    from: Source,
    amount: i64,
    description: &str,
    source: (&str, i64),
) -> AppResult<()> {
    match from {
        Source::Shift(turn_id) => {
            let still_open =
                Turn::find(conn, tenant.company, turn_id)?.is_some_and(|t| t.state == turn::OPEN);
            let target = if still_open {
                ShiftTarget::Turn(turn_id)
            } else {
                ShiftTarget::OpenOf(tenant.user_id())
            };
            post_to_shift(
                conn,
                tenant.company,
                target,
                &movement(tenant, MovementKind::CashIn, amount, description, source),
            )?;
        }
        Source::Bank(account_id) => {
            let account = bank::usable_account(conn, tenant, Some(account_id), "bankAccountId")?;
            bank::post(
                conn,
                tenant,
                &account,
                "transfer_in",
                amount,
                description,
                None,
            )?;
        }
    }
    Ok(())
}
