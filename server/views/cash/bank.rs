//! Bank accounts and their movements.

use serde::Serialize;
use ts_rs::TS;

use crate::domain::money::money_text;
use crate::models::cash::bank::{BankAccount, BankMovement};
use crate::util::time::Zone;

/// A bank account.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BankAccountView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub bank: String,
    /// `ahorros` or `corriente`.
    pub account_type: String,
    pub number: String,
    pub holder: String,
    pub opening_balance: String,
    pub active: bool,
    pub locked: bool,
}

impl From<&BankAccount> for BankAccountView {
    fn from(a: &BankAccount) -> Self {
        Self {
            id: a.id,
            bank: a.bank.clone(),
            account_type: a.account_type.clone(),
            number: a.number.clone(),
            holder: a.holder.clone(),
            opening_balance: money_text(a.opening_balance),
            active: a.active,
            locked: a.locked,
        }
    }
}

/// A movement with the balance after it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BankMovementView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `opening`, `shift_deposit`, `transfer_in`, `transfer_out`, `card_settlement`, `manual`,
    /// `collection`, `collection_reversal`.
    #[serde(rename = "type")]
    pub kind: String,
    pub amount: String,
    pub description: String,
    pub turn_id: Option<i64>,
    pub created_at: String,
    pub balance: String,
}

/// `GET /api/bank/{id}/movements`: the account, its lines with a running balance (from the
/// opening balance) and the final balance.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BankMovementsView {
    pub account: BankAccountView,
    pub movements: Vec<BankMovementView>,
    pub balance: String,
}

impl BankMovementsView {
    /// Runs the balance over the lines, oldest first; times in the company's `zone`.
    pub fn new(account: &BankAccount, lines: &[BankMovement], zone: Zone) -> Self {
        let mut balance = account.opening_balance;
        let movements = lines
            .iter()
            .map(|m| {
                balance += m.amount;
                BankMovementView {
                    id: m.id,
                    kind: m.kind.clone(),
                    amount: money_text(m.amount),
                    description: m.description.clone(),
                    turn_id: m.turn_id,
                    created_at: zone.iso(m.created_at),
                    balance: money_text(balance),
                }
            })
            .collect();
        Self {
            account: account.into(),
            movements,
            balance: money_text(balance),
        }
    }
}
