//! A collection (cobro) of a client's receivables, and its reversal.
//!
//! **Allocation.** The money received plus the client's credit (saldo a favor) left over by
//! earlier collections is spread over the client's open receivables, oldest first, or as the
//! user allocated it by hand. No receivable gets more than its balance; what is not allocated
//! stays as the client's credit (`amount − applied` of each receipt not reversed), which the next
//! collection uses.
//!
//! **Money.** Cash goes to the collecting user's open shift through the one cash service
//! (`post_to_shift`, refused without an open shift); transfer, card and cheque go to a bank
//! account through the one bank service (`services::cash::bank::post`).
//!
//! **Numbers.** Receipts are numbered per company with a company counter taken at the start of
//! the write transaction (`sequence::lock_company`): gapless, never repeated.
//!
//! **Reversal.** A receipt is never deleted: its reversal marks it, restores the balances it
//! lowered and takes the money back out of the shift it went into (the user's open shift when
//! that one is closed) or out of the bank account. A receipt whose left-over credit a later
//! collection already used cannot be reversed until that one is.

use std::collections::HashMap;

use crate::auth::roles::Tenant;
use crate::db::DbConnection;
use crate::domain::money::money_text;
use crate::error::{AppError, AppResult, conflict};
use crate::models::CompanyId;
use crate::models::cash::bank::BankAccount;
use crate::models::cash::movement::{MovementKind, NewMovement};
use crate::models::cash::turn::{self, Turn};
use crate::models::receivables::ledger::{self, ReceivableRow};
use crate::models::receivables::receipt::{NewReceipt, Receipt};
use crate::models::sales::client::Client;
use crate::models::sales::receivable::Receivable;
use crate::services::cash::bank;
use crate::services::cash::posting::{ShiftTarget, post_to_shift};
use crate::services::sales::sequence::{self, CompanyDoc};
use crate::util::time::now;

/// 404 of a receipt that is not the company's.
pub const RECEIPT_NOT_FOUND: &str = "No se encontró el cobro";
/// 409 of a second reversal.
pub const ALREADY_REVERSED: &str = "El cobro ya fue anulado";
/// 409: the receipt's credit was used by a later collection.
pub const CREDIT_USED: &str =
    "El saldo a favor que dejó este cobro ya se usó en otro cobro: anule primero ese cobro";
/// 400: nothing to collect.
pub const NOTHING_OWED: &str = "El cliente no tiene cuentas por cobrar pendientes";

/// How the money came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Cash,
    Transfer,
    /// Credit card.
    Card,
    /// Debit card.
    Debit,
    Cheque,
}

impl Method {
    /// Parses the API's name.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "cash" => Some(Self::Cash),
            "transfer" => Some(Self::Transfer),
            "card" => Some(Self::Card),
            "debit" => Some(Self::Debit),
            "cheque" => Some(Self::Cheque),
            _ => None,
        }
    }

    /// As stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cash => "cash",
            Self::Transfer => "transfer",
            Self::Card => "card",
            Self::Debit => "debit",
            Self::Cheque => "cheque",
        }
    }

    /// Spanish name (receipts, shift lines).
    pub fn label(self) -> &'static str {
        match self {
            Self::Cash => "efectivo",
            Self::Transfer => "transferencia",
            Self::Card => "tarjeta de crédito",
            Self::Debit => "tarjeta de débito",
            Self::Cheque => "cheque",
        }
    }
}

/// A validated collection.
#[derive(Debug, Clone)]
pub struct Collect {
    pub key: String,
    pub client_id: i64,
    pub method: Method,
    /// Micros, positive.
    pub amount: i64,
    pub bank_account_id: Option<i64>,
    pub reference: Option<String>,
    /// By hand: `(receivable id, micros)`; `None`: oldest first.
    pub allocations: Option<Vec<(i64, i64)>>,
}

/// What [`collect`] did, with the receipt's id.
pub enum Collected {
    Created(i64),
    /// The receipt already registered under the same key.
    Existing(i64),
}

/// Spreads `available` over the `open` receivables, oldest first, each up to its balance; 400
/// when the client owes nothing.
fn oldest_first(open: &[ReceivableRow], available: i64) -> AppResult<Vec<(i64, i64)>> {
    if open.is_empty() {
        return Err(AppError::field("clientId", NOTHING_OWED));
    }
    let mut left = available;
    let mut rows = Vec::new();
    for r in open {
        if left == 0 {
            break;
        }
        let take = left.min(r.receivable.balance);
        rows.push((r.receivable.id, take));
        left -= take;
    }
    Ok(rows)
}

/// Checks the user's own allocation: each one an open receivable of the client, once, positive
/// and within its balance, all of them within `available`.
fn by_hand(
    open: &[ReceivableRow],
    given: &[(i64, i64)],
    available: i64,
) -> AppResult<Vec<(i64, i64)>> {
    let balances: HashMap<i64, (i64, &str)> = open
        .iter()
        .map(|r| (r.receivable.id, (r.receivable.balance, r.document.as_str())))
        .collect();
    let mut seen = Vec::new();
    let mut total: i64 = 0;
    for (i, (id, amount)) in given.iter().enumerate() {
        let at = |m: String| AppError::field("allocations", format!("Abono {}: {m}", i + 1));
        let Some((balance, document)) = balances.get(id) else {
            return Err(at(
                "la cuenta por cobrar no es del cliente o ya está pagada".into(),
            ));
        };
        if seen.contains(id) {
            return Err(at("la cuenta por cobrar está repetida".into()));
        }
        seen.push(*id);
        if *amount <= 0 {
            return Err(at("el monto debe ser mayor que cero".into()));
        }
        if amount > balance {
            return Err(at(format!(
                "el monto ({}) supera el saldo de {document} ({})",
                money_text(*amount),
                money_text(*balance)
            )));
        }
        total += amount;
    }
    if total > available {
        return Err(AppError::field(
            "allocations",
            format!(
                "Los abonos ({}) superan el monto recibido más el saldo a favor ({})",
                money_text(total),
                money_text(available)
            ),
        ));
    }
    Ok(given.to_vec())
}

/// Lowers the balance of each allocated receivable; 409 when one changed under the collection.
fn lower_balances(
    conn: &mut DbConnection,
    company: CompanyId,
    rows: &[(i64, i64)],
) -> AppResult<()> {
    for (receivable, amount) in rows {
        if Receivable::lower(conn, company, *receivable, *amount)? != 1 {
            return Err(conflict("El saldo por cobrar cambió: vuelva a intentarlo"));
        }
    }
    Ok(())
}

/// Puts the money of receipt `id` where it went: cash into the user's open shift (and the
/// receipt gets that shift), anything else into `bank_account`.
fn post_money(
    conn: &mut DbConnection,
    tenant: &Tenant,
    body: &Collect,
    bank_account: Option<&BankAccount>,
    id: i64,
    description: String,
) -> AppResult<()> {
    match bank_account {
        None => {
            let movement = post_to_shift(
                conn,
                tenant.company,
                ShiftTarget::OpenOf(tenant.user_id()),
                &NewMovement {
                    kind: MovementKind::Collection,
                    amount: body.amount,
                    reason: description,
                    payment_method: Some(Method::Cash.label().into()),
                    source: Some(("collection_receipt".into(), id)),
                    user_id: tenant.user_id(),
                },
            )?;
            set_turn(conn, tenant, id, movement.turn_id)?;
        }
        Some(account) => {
            bank::post(
                conn,
                tenant,
                account,
                "collection",
                body.amount,
                &format!("{description} ({})", body.method.label()),
                None,
            )?;
        }
    }
    Ok(())
}

/// Registers a collection (see the module). Runs inside the caller's write transaction.
pub fn collect(conn: &mut DbConnection, tenant: &Tenant, body: &Collect) -> AppResult<Collected> {
    let company = tenant.company;
    if let Some(existing) = Receipt::find_by_key(conn, company, &body.key)? {
        return Ok(Collected::Existing(existing.id));
    }
    let mut counter = sequence::lock_company(conn, company, CompanyDoc::CollectionReceipt)?;
    let client = Client::find(conn, company, body.client_id)?
        .filter(|c| !c.is_final_consumer)
        .ok_or_else(|| AppError::field("clientId", "El cliente no existe"))?;
    let open = ledger::open(conn, company, Some(client.id))?;
    let credit = Receipt::client_credit(conn, company, client.id)?;
    let available = body
        .amount
        .checked_add(credit)
        .ok_or_else(|| AppError::field("amount", "El monto es demasiado grande"))?;
    let rows: Vec<(i64, i64)> = match &body.allocations {
        None => oldest_first(&open, available)?,
        Some(given) => by_hand(&open, given, available)?,
    };
    let applied: i64 = rows.iter().map(|(_, a)| a).sum();
    let number = counter.next();
    let description = format!("Cobro recibo {number} de {}", client.name);
    let (bank_account, turn_id) = match body.method {
        Method::Cash => (None, None),
        _ => (
            Some(bank::usable_account(
                conn,
                tenant,
                body.bank_account_id,
                "bankAccountId",
            )?),
            None,
        ),
    };
    let at = now();
    let id = Receipt::insert(
        conn,
        &NewReceipt {
            company_id: company.get(),
            number,
            idempotency_key: &body.key,
            client_id: client.id,
            user_id: tenant.user_id(),
            method: body.method.as_str(),
            amount: body.amount,
            applied,
            bank_account_id: bank_account.as_ref().map(|a| a.id),
            reference: body.reference.as_deref(),
            turn_id,
            created_at: at,
        },
    )?;
    sequence::advance_company(conn, &mut counter)?;
    if !rows.is_empty() {
        Receipt::insert_allocations(conn, company, id, &rows)?;
    }
    lower_balances(conn, company, &rows)?;
    post_money(conn, tenant, body, bank_account.as_ref(), id, description)?;
    let receipt = Receipt::find(conn, company, id)?.ok_or_else(crate::error::not_in_table)?;
    Ok(Collected::Created(receipt.id))
}

fn set_turn(conn: &mut DbConnection, tenant: &Tenant, id: i64, turn: i64) -> AppResult<()> {
    use crate::db::schema::collection_receipts;
    use diesel::prelude::*;
    diesel::update(crate::company_row!(collection_receipts, tenant.company, id))
        .set(collection_receipts::turn_id.eq(Some(turn)))
        .execute(conn)?;
    Ok(())
}

/// Reverses receipt `id` with `reason` (see the module). Runs inside the caller's write
/// transaction.
pub fn reverse(conn: &mut DbConnection, tenant: &Tenant, id: i64, reason: &str) -> AppResult<()> {
    let company = tenant.company;
    let receipt = Receipt::find(conn, company, id)?
        .ok_or_else(|| AppError::NotFound(RECEIPT_NOT_FOUND.into()))?;
    if receipt.reversed_at.is_some() {
        return Err(conflict(ALREADY_REVERSED));
    }
    let credit = Receipt::client_credit(conn, company, receipt.client_id)?;
    if credit - (receipt.amount - receipt.applied) < 0 {
        return Err(conflict(CREDIT_USED));
    }
    let at = now();
    if Receipt::mark_reversed(conn, company, id, tenant.user_id(), reason, at)? != 1 {
        return Err(conflict(ALREADY_REVERSED));
    }
    for allocation in Receipt::allocations_of(conn, company, &[id])? {
        if Receivable::raise(conn, company, allocation.receivable_id, allocation.amount)? != 1 {
            return Err(conflict("El saldo por cobrar cambió: vuelva a intentarlo"));
        }
    }
    let description = format!("Anulación del cobro recibo {}: {reason}", receipt.number);
    match receipt.bank_account_id {
        None => {
            // Back out of the shift it went into while that one is open, else the user's.
            let target = match receipt.turn_id {
                Some(t) if Turn::find(conn, company, t)?.is_some_and(|t| t.state == turn::OPEN) => {
                    ShiftTarget::Turn(t)
                }
                _ => ShiftTarget::OpenOf(tenant.user_id()),
            };
            post_to_shift(
                conn,
                company,
                target,
                &NewMovement {
                    kind: MovementKind::CashRefund,
                    amount: receipt.amount,
                    reason: description,
                    payment_method: Some(Method::Cash.label().into()),
                    source: Some(("collection_receipt".into(), id)),
                    user_id: tenant.user_id(),
                },
            )?;
        }
        Some(account) => {
            let account = crate::models::cash::bank::BankAccount::find(conn, company, account)?
                .ok_or_else(crate::error::not_in_table)?;
            bank::post(
                conn,
                tenant,
                &account,
                "collection_reversal",
                -receipt.amount,
                &description,
                None,
            )?;
        }
    }
    Ok(())
}
