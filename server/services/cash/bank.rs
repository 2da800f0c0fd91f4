//! Money into and out of the company's bank accounts: the one way a use case (a shift's deposit,
//! a collection by transfer, a purchase paid from the bank, a reversal) posts to an account.

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::cash::bank::{BankAccount, BankMovement};

/// The account `id` of the tenant's company when it can take movements (active, not locked);
/// otherwise a field error on `field` naming the problem in Spanish.
pub fn usable_account(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: Option<i64>,
    field: &str,
) -> AppResult<BankAccount> {
    let Some(id) = id else {
        return Err(AppError::field(field, "Elija la cuenta bancaria"));
    };
    find_usable(conn, tenant.company, id)?
        .ok_or_else(|| AppError::field(field, "La cuenta bancaria no existe o está inactiva"))
}

/// The account `id` of `company` when it can take movements (active, not locked), else `None`:
/// the one rule, for callers that word the refusal their own way.
pub fn find_usable(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
) -> AppResult<Option<BankAccount>> {
    Ok(BankAccount::find(conn, company, id)?.filter(|a| a.active && !a.locked))
}

/// Posts `amount` (positive: money in; negative: money out) to `account` as a movement of `kind`
/// with `description`, linked to shift `turn` when the money came from or went to a drawer.
/// Returns the movement's id. Runs inside the caller's transaction.
pub fn post(
    conn: &mut DbConnection,
    tenant: &Tenant,
    account: &BankAccount,
    kind: &str,
    amount: i64,
    description: &str,
    turn: Option<i64>,
) -> AppResult<i64> {
    Ok(BankMovement::insert(
        conn,
        tenant.company,
        account.id,
        kind,
        amount,
        description,
        turn,
        Some(tenant.user_id()),
    )?)
}
