//! Banco del Barrio (corresponsal no bancario): the agent's configuration per branch and the
//! operations at the counter, as rows and queries. Operating and reversing (the cupo, the cash
//! that enters or leaves the user's open shift) is `services::cash::barrio`; operations are never
//! sales.
//!
//! Cupo: cash received for the bank (depósito, pago de servicio, recarga, envío de giro) uses the
//! agent's float; cash paid out (retiro, pago de giro, efectivo móvil) restores it. The cupo used
//! is the net of the branch's operations of the day (the bank settles daily); reversed operations
//! and their reversals cancel out.

use std::collections::BTreeMap;

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::{cnb_configs, cnb_operations};
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::util::time::now;

/// Operation types: code, Spanish label, whether cash comes in (true) or goes out.
pub const TYPES: &[(&str, &str, bool)] = &[
    ("deposito", "Depósito", true),
    ("pago_servicio", "Pago de servicio", true),
    ("recarga", "Recarga", true),
    ("envio_giro", "Envío de giro", true),
    ("retiro", "Retiro", false),
    ("pago_giro", "Pago de giro", false),
    ("efectivo_movil", "Efectivo móvil", false),
];

/// Whether cash of `op_type` enters the drawer; `None` for an unknown type.
pub fn cash_in(op_type: &str) -> Option<bool> {
    TYPES.iter().find(|t| t.0 == op_type).map(|t| t.2)
}

/// A configuration row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = cnb_configs)]
pub struct CnbConfig {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub agent_code: String,
    pub cupo: i64,
    /// JSON object `{type: micros}`.
    pub commissions: String,
    pub updated_at: NaiveDateTime,
}

impl CnbConfig {
    /// The commission per type, in micros.
    pub fn commission_map(&self) -> BTreeMap<String, i64> {
        serde_json::from_str(&self.commissions).unwrap_or_default()
    }

    /// The configuration of a branch.
    pub fn of_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
    ) -> QueryResult<Option<CnbConfig>> {
        cnb_configs::table
            .filter(cnb_configs::company_id.eq(company.get()))
            .filter(cnb_configs::branch_office_id.eq(branch))
            .select(CnbConfig::as_select())
            .first(conn)
            .optional()
    }

    /// Creates or replaces the configuration of a branch.
    pub fn save(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
        agent_code: &str,
        cupo: i64,
        commissions: &BTreeMap<String, i64>,
    ) -> QueryResult<()> {
        let json = serde_json::to_string(commissions).unwrap_or_else(|_| "{}".into());
        let updated = diesel::update(
            cnb_configs::table
                .filter(cnb_configs::company_id.eq(company.get()))
                .filter(cnb_configs::branch_office_id.eq(branch)),
        )
        .set((
            cnb_configs::agent_code.eq(agent_code),
            cnb_configs::cupo.eq(cupo),
            cnb_configs::commissions.eq(&json),
            cnb_configs::updated_at.eq(now()),
        ))
        .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(cnb_configs::table)
                .values((
                    cnb_configs::company_id.eq(company.get()),
                    cnb_configs::branch_office_id.eq(branch),
                    cnb_configs::agent_code.eq(agent_code),
                    cnb_configs::cupo.eq(cupo),
                    cnb_configs::commissions.eq(&json),
                    cnb_configs::updated_at.eq(now()),
                ))
                .execute(conn)?;
        }
        Ok(())
    }

    /// Locks the branch's configuration row for the rest of the transaction (an `UPDATE`), so
    /// two operations cannot both pass the cupo check on PostgreSQL; false when there is none.
    pub fn lock(conn: &mut DbConnection, company: CompanyId, branch: i64) -> QueryResult<bool> {
        let touched = diesel::update(
            cnb_configs::table
                .filter(cnb_configs::company_id.eq(company.get()))
                .filter(cnb_configs::branch_office_id.eq(branch)),
        )
        .set(cnb_configs::updated_at.eq(now()))
        .execute(conn)?;
        Ok(touched == 1)
    }
}

/// An operation row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = cnb_operations)]
pub struct CnbOperation {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub turn_id: i64,
    pub user_id: i64,
    pub op_type: String,
    pub amount: i64,
    pub commission: i64,
    pub transaction_number: String,
    pub control_number: String,
    pub reference: String,
    pub reversal_of: Option<i64>,
    pub reversed: bool,
    pub local_date: NaiveDate,
    pub created_at: NaiveDateTime,
}

impl CnbOperation {
    /// Whether its cash came into the drawer (a reversal goes the other way of its original).
    pub fn is_cash_in(&self) -> bool {
        let original = cash_in(&self.op_type).unwrap_or(true);
        if self.reversal_of.is_some() {
            !original
        } else {
            original
        }
    }

    /// Whether it counts in the day's totals (not reversed, not a reversal).
    pub fn counts(&self) -> bool {
        !self.reversed && self.reversal_of.is_none()
    }

    /// One operation of the company.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<CnbOperation>> {
        cnb_operations::table
            .filter(cnb_operations::company_id.eq(company.get()))
            .filter(cnb_operations::id.eq(id))
            .select(CnbOperation::as_select())
            .first(conn)
            .optional()
    }

    /// The operations of a branch on a day of the company's zone, in order.
    pub fn of_day(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
        date: NaiveDate,
    ) -> QueryResult<Vec<CnbOperation>> {
        cnb_operations::table
            .filter(cnb_operations::company_id.eq(company.get()))
            .filter(cnb_operations::branch_office_id.eq(branch))
            .filter(cnb_operations::local_date.eq(date))
            .order(cnb_operations::id.asc())
            .select(CnbOperation::as_select())
            .load(conn)
    }
}

/// Cupo used by a day's operations: cash received for the bank minus cash paid out.
pub fn cupo_used(operations: &[CnbOperation]) -> i64 {
    operations
        .iter()
        .filter(|o| o.counts())
        .map(|o| if o.is_cash_in() { o.amount } else { -o.amount })
        .sum()
}

/// What the counter asks for.
#[derive(Debug, Clone)]
pub struct NewOperation {
    pub op_type: String,
    pub amount: i64,
    /// `None`: the configured commission of the type.
    pub commission: Option<i64>,
    pub transaction_number: String,
    pub control_number: String,
    pub reference: String,
}

/// Inserts an operation (a reversal names its original); returns its id.
#[allow(clippy::too_many_arguments)]
pub fn insert(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: i64,
    turn: i64,
    user: i64,
    new: &NewOperation,
    commission: i64,
    reversal_of: Option<i64>,
) -> QueryResult<i64> {
    diesel::insert_into(cnb_operations::table)
        .values((
            cnb_operations::company_id.eq(company.get()),
            cnb_operations::branch_office_id.eq(branch),
            cnb_operations::turn_id.eq(turn),
            cnb_operations::user_id.eq(user),
            cnb_operations::op_type.eq(&new.op_type),
            cnb_operations::amount.eq(new.amount),
            cnb_operations::commission.eq(commission),
            cnb_operations::transaction_number.eq(&new.transaction_number),
            cnb_operations::control_number.eq(&new.control_number),
            cnb_operations::reference.eq(&new.reference),
            cnb_operations::reversal_of.eq(reversal_of),
            cnb_operations::local_date.eq(Company::zone(conn, company)?.today()),
            cnb_operations::created_at.eq(now()),
        ))
        .returning(cnb_operations::id)
        .get_result(conn)
}

/// Marks an operation reversed; false when it already was (or is not the company's), so two
/// reversals of the same operation cannot both pass.
pub fn mark_reversed(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<bool> {
    let marked = diesel::update(
        cnb_operations::table
            .filter(cnb_operations::company_id.eq(company.get()))
            .filter(cnb_operations::id.eq(id))
            .filter(cnb_operations::reversed.eq(false)),
    )
    .set(cnb_operations::reversed.eq(true))
    .execute(conn)?;
    Ok(marked == 1)
}
