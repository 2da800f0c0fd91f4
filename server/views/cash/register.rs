//! Cash registers.

use serde::Serialize;
use ts_rs::TS;

use crate::models::cash::register::CashRegister;
use crate::views::cash::turn::TurnView;

/// A cash register (caja) of a branch.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CashRegisterView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub name: String,
    pub code: String,
    pub branch_office_id: i64,
    pub active: bool,
    pub locked: bool,
}

impl From<&CashRegister> for CashRegisterView {
    fn from(r: &CashRegister) -> Self {
        Self {
            id: r.id,
            name: r.name.clone(),
            code: r.code.clone(),
            branch_office_id: r.branch_office_id,
            active: r.active,
            locked: r.locked,
        }
    }
}

/// A register with its state: open (and by whom) or free.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CashRegisterStateView {
    pub cash_register: CashRegisterView,
    pub open: bool,
    pub turn: Option<TurnView>,
}

/// `checkIfOpen`: `{open, turn}`.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CheckIfOpenView {
    pub open: bool,
    pub turn: Option<TurnView>,
}
