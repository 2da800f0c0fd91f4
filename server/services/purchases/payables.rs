//! Paying a payable (cuenta por pagar): cash out of the user's open shift or out of a bank
//! account, never beyond the balance, in one transaction with the payment's row.

use serde::Deserialize;

use crate::auth::roles::Tenant;
use crate::command::{IdInput, NumberInput};
use crate::db::DbConnection;
use crate::domain::limits::AMOUNT;
use crate::domain::money::{money_text, to_micros};
use crate::error::{AppError, AppResult, conflict, not_in_table};

use crate::models::purchases::payable::{NewPayablePayment, Payable};
use crate::models::purchases::supplier::Supplier;
use crate::util::time::now;

use super::money::{Pay, Source, pay_out};

/// The payable is cancelled or paid.
pub const NOTHING_OWED: &str = "La cuenta por pagar no tiene saldo pendiente";

/// `{method: "cash"|"bank", amount, bankAccountId?}`.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct PayBody {
    pub method: Option<String>,
    #[ts(optional = nullable)]
    pub amount: NumberInput,
    #[ts(optional = nullable)]
    pub bank_account_id: IdInput,
}

/// Pays `body.amount` of payable `id` in the caller's write transaction.
pub fn pay(conn: &mut DbConnection, tenant: &Tenant, id: i64, body: &PayBody) -> AppResult<()> {
    let company = tenant.company;
    let payable = Payable::find(conn, company, id)?.ok_or_else(not_in_table)?;
    let pay = match body.method.as_deref().map(str::trim) {
        Some("cash") => Pay::Cash,
        Some("bank") => Pay::Bank {
            account: body
                .bank_account_id
                .optional()
                .map_err(|_| AppError::field("bankAccountId", "Elija la cuenta bancaria"))?,
            field: "bankAccountId",
        },
        _ => {
            return Err(AppError::field(
                "method",
                "Elija la forma de pago: efectivo o banco",
            ));
        }
    };
    let amount = body
        .amount
        .money("El monto")
        .and_then(|m| m.map_or(Ok(0), |d| AMOUNT.check(to_micros(d), "El monto")))
        .map_err(|e| AppError::field("amount", e))?;
    if amount <= 0 {
        return Err(AppError::field(
            "amount",
            "El monto debe ser mayor que cero",
        ));
    }
    if payable.cancelled || payable.balance == 0 {
        return Err(conflict(NOTHING_OWED));
    }
    if amount > payable.balance {
        return Err(AppError::field(
            "amount",
            format!(
                "El monto supera el saldo de la cuenta por pagar ({})",
                money_text(payable.balance)
            ),
        ));
    }
    // The guarded update settles two payments at once: the second finds the balance lower.
    if !Payable::take(conn, company, id, amount)? {
        return Err(conflict(NOTHING_OWED));
    }
    let supplier = Supplier::find(conn, company, payable.supplier_id)?.ok_or_else(not_in_table)?;
    let what = format!("Pago a proveedor — {}", supplier.name);
    let source = pay_out(conn, tenant, pay, amount, &what, ("payable", id))?;
    let (method, turn, bank) = match source {
        Source::Shift(t) => ("cash", Some(t), None),
        Source::Bank(b) => ("bank", None, Some(b)),
    };
    Payable::insert_payment(
        conn,
        &NewPayablePayment {
            company_id: company.get(),
            payable_id: id,
            method: method.into(),
            amount,
            bank_account_id: bank,
            turn_id: turn,
            user_id: tenant.user_id(),
            created_at: now(),
        },
    )?;
    Ok(())
}
