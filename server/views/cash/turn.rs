//! Shifts (turnos), their lines, counts and summary. Money as decimal strings.

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

use crate::domain::money::money_text as money;
use crate::domain::states::TurnState;
use crate::models::cash::count::Count;
use crate::models::cash::movement::{Movement, MovementKind};
use crate::models::cash::refusal::RefusedWithdrawal;
use crate::models::cash::turn::Turn;
use crate::services::cash::posting::Summary;
use crate::util::time::Zone;

/// A shift.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TurnView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub cash_register_id: i64,
    pub cash_register_name: String,
    pub branch_office_id: i64,
    pub user_id: i64,
    pub user_name: String,
    #[ts(as = "TurnState")]
    pub state: String,
    pub opening_amount: String,
    pub opened_at: String,
    pub expected: Option<String>,
    pub counted: Option<String>,
    pub difference: Option<String>,
    pub close_note: Option<String>,
    pub closed_at: Option<String>,
    pub confirm_note: Option<String>,
    pub confirmed_at: Option<String>,
    pub bank_account_id: Option<i64>,
    /// Withdrawals refused to the cashier while counting blind (see
    /// [`TurnDetailView::refused_withdrawals`]): how many; the owner's history shows them.
    pub refused_withdrawal_count: i64,
}

impl TurnView {
    /// From a row, the names and the count of refused withdrawals the caller looked up; times in
    /// the company's `zone`.
    pub fn new(
        t: &Turn,
        (register_name, user_name): (String, String),
        refused_withdrawals: i64,
        zone: Zone,
    ) -> Self {
        Self {
            id: t.id,
            cash_register_id: t.cash_register_id,
            cash_register_name: register_name,
            branch_office_id: t.branch_office_id,
            user_id: t.user_id,
            user_name,
            state: t.state.clone(),
            opening_amount: money(t.opening_amount),
            opened_at: zone.iso(t.opened_at),
            expected: t.expected.map(money),
            counted: t.counted.map(money),
            difference: t.difference.map(money),
            close_note: t.close_note.clone(),
            closed_at: t.closed_at.map(|at| zone.iso(at)),
            confirm_note: t.confirm_note.clone(),
            confirmed_at: t.confirmed_at.map(|at| zone.iso(at)),
            bank_account_id: t.bank_account_id,
            refused_withdrawal_count: refused_withdrawals,
        }
    }
}

/// A line of a shift.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TurnMovementView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `opening`, `cash_sale`, `cash_refund`, `collection`, `cash_in`, `cash_out`, `cnb_in`,
    /// `cnb_out`, `non_cash_sale`.
    #[serde(rename = "type")]
    pub kind: String,
    pub label: String,
    /// +1 enters the drawer, −1 leaves it, 0 only listed.
    pub sign: i64,
    pub payment_method: Option<String>,
    /// `None` for a cashier counting blind: the lines would add up to the expected cash.
    pub amount: Option<String>,
    pub reason: String,
    pub source_type: Option<String>,
    pub source_id: Option<i64>,
    pub user_id: i64,
    pub created_at: String,
}

impl TurnMovementView {
    /// A line, its time in the company's `zone`.
    pub fn new(m: &Movement, zone: Zone) -> Self {
        let kind = MovementKind::parse(&m.kind);
        Self {
            id: m.id,
            kind: m.kind.clone(),
            label: kind.map(|k| k.label()).unwrap_or_default().to_string(),
            sign: kind.map(|k| k.drawer_sign()).unwrap_or(0),
            payment_method: m.payment_method.clone(),
            amount: Some(money(m.amount)),
            reason: m.reason.clone(),
            source_type: m.source_type.clone(),
            source_id: m.source_id,
            user_id: m.user_id,
            created_at: zone.iso(m.created_at),
        }
    }
}

/// A withdrawal refused to a cashier counting blind.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RefusedWithdrawalView {
    pub amount: String,
    pub reason: String,
    pub user_id: i64,
    pub created_at: String,
}

impl RefusedWithdrawalView {
    /// A refusal, its time in the company's `zone`.
    pub fn new(r: &RefusedWithdrawal, zone: Zone) -> Self {
        Self {
            amount: money(r.amount),
            reason: r.reason.clone(),
            user_id: r.user_id,
            created_at: zone.iso(r.created_at),
        }
    }
}

/// One denomination of a count.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TurnCountView {
    pub denomination: String,
    pub quantity: i64,
    pub amount: String,
}

impl From<&Count> for TurnCountView {
    fn from(c: &Count) -> Self {
        Self {
            denomination: money(c.denomination),
            quantity: c.quantity,
            amount: money(c.amount),
        }
    }
}

/// The figures of a shift.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TurnSummaryView {
    pub opening: String,
    /// `None` while a cashier counts blind (see [`TurnDetailView::blind`]).
    pub expected: Option<String>,
    pub counted: Option<String>,
    pub difference: Option<String>,
    /// Sales per payment method (`efectivo`, `tarjeta`…).
    pub by_method: BTreeMap<String, String>,
    /// Totals per line type.
    pub by_type: BTreeMap<String, String>,
}

impl From<&Summary> for TurnSummaryView {
    fn from(s: &Summary) -> Self {
        Self {
            opening: money(s.opening),
            expected: Some(money(s.expected)),
            counted: s.counted.map(money),
            difference: s.difference.map(money),
            by_method: s
                .by_method
                .iter()
                .map(|(k, v)| (k.clone(), money(*v)))
                .collect(),
            by_type: s
                .by_type
                .iter()
                .map(|(k, v)| (k.to_string(), money(*v)))
                .collect(),
        }
    }
}

/// `GET /api/Turn/{id}`: the shift, its lines, its count and its summary.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TurnDetailView {
    #[serde(flatten)]
    pub turn: TurnView,
    pub movements: Vec<TurnMovementView>,
    pub counts: Vec<TurnCountView>,
    pub summary: TurnSummaryView,
    /// Withdrawals refused to the cashier while counting blind, oldest first: attempts to find
    /// out the expected cash show here (empty for the blind cashier themself).
    pub refused_withdrawals: Vec<RefusedWithdrawalView>,
    /// The viewer counts blind: the expected cash and the totals per method and type are left out.
    pub blind: bool,
}

impl TurnDetailView {
    /// The same shift for a cashier counting blind: without the expected cash, the difference, and
    /// the sums per payment method and line type and the amounts of the lines it could be added
    /// up from.
    pub fn blind(mut self) -> Self {
        self.blind = true;
        for m in &mut self.movements {
            m.amount = None;
        }
        self.refused_withdrawals.clear();
        self.turn.refused_withdrawal_count = 0;
        self.turn.expected = None;
        self.turn.difference = None;
        self.summary.expected = None;
        self.summary.difference = None;
        self.summary.by_method.clear();
        self.summary.by_type.clear();
        self
    }
}
