//! The receipt of a collection as the API and its pages show it: its allocations with the
//! receivables' balances now, the client's credit and what they still owe. Built by the
//! controllers after the collection service has written (the service answers the receipt's id).

use std::collections::HashMap;

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::domain::money::money_text;
use crate::error::{AppError, AppResult};
use crate::models::auth::user::User;
use crate::models::receivables::ledger;
use crate::models::receivables::receipt::Receipt;
use crate::models::sales::client::Client;
use crate::models::sales::receivable::Receivable;
use crate::services::receivables::collection::RECEIPT_NOT_FOUND;
use crate::views::receivables::{AllocationView, ClientRefView, ReceiptView};

/// Receipt `id` of the company; 404 for another company's.
pub fn receipt(conn: &mut DbConnection, tenant: &Tenant, id: i64) -> AppResult<ReceiptView> {
    let receipt = Receipt::find(conn, tenant.company, id)?
        .ok_or_else(|| AppError::NotFound(RECEIPT_NOT_FOUND.into()))?;
    receipt_view(conn, tenant, &receipt)
}

/// The view of a receipt: its allocations with the receivables' balances now, the client's
/// credit and what they still owe.
pub fn receipt_view(
    conn: &mut DbConnection,
    tenant: &Tenant,
    receipt: &Receipt,
) -> AppResult<ReceiptView> {
    let company = tenant.company;
    let client =
        Client::find(conn, company, receipt.client_id)?.ok_or_else(crate::error::not_in_table)?;
    let allocations = Receipt::allocations_of(conn, company, &[receipt.id])?;
    let ids: Vec<i64> = allocations.iter().map(|a| a.receivable_id).collect();
    let rows: HashMap<i64, ledger::ReceivableRow> = ledger::find_many(conn, company, &ids)?
        .into_iter()
        .map(|r| (r.receivable.id, r))
        .collect();
    let credit = Receipt::client_credit(conn, company, client.id)?;
    let outstanding = Receivable::outstanding(conn, company, client.id)?;
    let user = User::find(conn, receipt.user_id)?.name;
    let zone = tenant.zone();
    Ok(ReceiptView {
        id: receipt.id,
        number: receipt.number,
        date: zone.iso(receipt.created_at),
        client: client_ref(&client),
        method: receipt.method.clone(),
        amount: money_text(receipt.amount),
        applied: money_text(receipt.applied),
        credit_used: money_text((receipt.applied - receipt.amount).max(0)),
        left_over: money_text((receipt.amount - receipt.applied).max(0)),
        bank_account_id: receipt.bank_account_id,
        reference: receipt.reference.clone(),
        allocations: allocations
            .iter()
            .map(|a| AllocationView {
                receivable_id: a.receivable_id,
                document: rows
                    .get(&a.receivable_id)
                    .map(|r| r.document.clone())
                    .unwrap_or_default(),
                amount: money_text(a.amount),
                balance: money_text(
                    rows.get(&a.receivable_id)
                        .map(|r| r.receivable.balance)
                        .unwrap_or(0),
                ),
            })
            .collect(),
        remaining_credit: money_text(credit),
        outstanding: money_text(outstanding),
        user,
        reversed: receipt.reversed_at.is_some(),
        reversed_at: receipt.reversed_at.map(|t| zone.iso(t)),
        reversal_reason: receipt.reversal_reason.clone(),
    })
}

/// The client as receipts and statements name it.
pub fn client_ref(client: &Client) -> ClientRefView {
    ClientRefView {
        id: client.id,
        name: client.name.clone(),
        identification: client.identification.clone(),
        email: client.email.clone(),
    }
}
