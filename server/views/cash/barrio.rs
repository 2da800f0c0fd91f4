//! Banco del Barrio: configuration, operations, day report. Money as decimal strings.

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

use crate::domain::money::money_text as money;
use crate::models::cash::cnb::{CnbConfig, CnbOperation, TYPES, cupo_used};
use crate::util::time::Zone;

/// The agent's configuration of a branch.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CnbConfigView {
    pub agent_code: String,
    pub cupo: String,
    /// Commission per operation type.
    pub commissions: BTreeMap<String, String>,
}

impl From<&CnbConfig> for CnbConfigView {
    fn from(c: &CnbConfig) -> Self {
        Self {
            agent_code: c.agent_code.clone(),
            cupo: money(c.cupo),
            commissions: c
                .commission_map()
                .into_iter()
                .map(|(k, v)| (k, money(v)))
                .collect(),
        }
    }
}

/// An operation at the counter.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CnbOperationView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `deposito`, `retiro`, `pago_servicio`, `recarga`, `envio_giro`, `pago_giro`,
    /// `efectivo_movil`.
    #[serde(rename = "type")]
    pub op_type: String,
    pub label: String,
    /// Its cash entered the drawer.
    pub cash_in: bool,
    pub amount: String,
    pub commission: String,
    pub transaction_number: String,
    pub control_number: String,
    pub reference: String,
    pub reversal_of: Option<i64>,
    pub reversed: bool,
    pub turn_id: i64,
    pub created_at: String,
}

impl CnbOperationView {
    /// An operation, its time in the company's `zone`.
    pub fn new(o: &CnbOperation, zone: Zone) -> Self {
        let label = TYPES.iter().find(|t| t.0 == o.op_type).map_or("", |t| t.1);
        Self {
            id: o.id,
            op_type: o.op_type.clone(),
            label: if o.reversal_of.is_some() {
                format!("Reversa de {label}")
            } else {
                label.to_string()
            },
            cash_in: o.is_cash_in(),
            amount: money(o.amount),
            commission: money(o.commission),
            transaction_number: o.transaction_number.clone(),
            control_number: o.control_number.clone(),
            reference: o.reference.clone(),
            reversal_of: o.reversal_of,
            reversed: o.reversed,
            turn_id: o.turn_id,
            created_at: zone.iso(o.created_at),
        }
    }
}

/// The day's CNB report of a branch: ins, outs, 'SALDO EN CAJA', commissions, cupo.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CnbReportView {
    pub date: String,
    pub agent_code: Option<String>,
    pub cupo: String,
    /// Cash received per type (reversed operations and reversals left out).
    pub ins: BTreeMap<String, String>,
    pub total_ins: String,
    /// Cash paid out per type.
    pub outs: BTreeMap<String, String>,
    pub total_outs: String,
    /// Ins − outs.
    pub saldo_en_caja: String,
    pub commissions: String,
    pub cupo_used: String,
    pub cupo_available: String,
    pub operations: Vec<CnbOperationView>,
}

impl CnbReportView {
    /// The report of `operations` (one branch, one day), times in the company's `zone`.
    pub fn new(
        date: String,
        config: Option<&CnbConfig>,
        operations: &[CnbOperation],
        zone: Zone,
    ) -> Self {
        let mut ins: BTreeMap<String, i64> = BTreeMap::new();
        let mut outs: BTreeMap<String, i64> = BTreeMap::new();
        let mut commissions = 0;
        for o in operations.iter().filter(|o| o.counts()) {
            let side = if o.is_cash_in() { &mut ins } else { &mut outs };
            *side.entry(o.op_type.clone()).or_default() += o.amount;
            commissions += o.commission;
        }
        let total_ins: i64 = ins.values().sum();
        let total_outs: i64 = outs.values().sum();
        let cupo = config.map_or(0, |c| c.cupo);
        let used = cupo_used(operations);
        let fmt = |m: BTreeMap<String, i64>| m.into_iter().map(|(k, v)| (k, money(v))).collect();
        Self {
            date,
            agent_code: config.map(|c| c.agent_code.clone()),
            cupo: money(cupo),
            ins: fmt(ins),
            total_ins: money(total_ins),
            outs: fmt(outs),
            total_outs: money(total_outs),
            saldo_en_caja: money(total_ins - total_outs),
            commissions: money(commissions),
            cupo_used: money(used),
            cupo_available: money(cupo - used),
            operations: operations
                .iter()
                .map(|o| CnbOperationView::new(o, zone))
                .collect(),
        }
    }
}
