//! Cash registers (cajas) of a branch: name, code, active, locked.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::cash_registers;
use crate::db::search::search_fold;
use crate::models::CompanyId;

/// A register row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = cash_registers)]
pub struct CashRegister {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub name: String,
    pub code: String,
    pub active: bool,
    pub locked: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// The editable fields.
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = cash_registers)]
pub struct CashRegisterFields {
    pub name: String,
    pub code: String,
    pub active: bool,
}

crate::catalogue! {
    CashRegister in cash_registers {
        active: active,
        scope: branch_office_id,
        insert: CashRegisterFields,
        update: CashRegisterFields,
        search: |pattern| search_fold(cash_registers::name)
            .like(pattern.clone())
            .escape('\\')
            .or(search_fold(cash_registers::code).like(pattern).escape('\\')),
        sort: cash_registers::id;
            "code" => cash_registers::code,
            "name" => cash_registers::name,
            "active" => cash_registers::active,
            "createdAt" => cash_registers::id,
    }
}

impl CashRegister {
    /// Every register of a branch, by code.
    pub fn of_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
    ) -> QueryResult<Vec<CashRegister>> {
        of(company)
            .filter(cash_registers::branch_office_id.eq(branch))
            .order(cash_registers::code.asc())
            .select(CashRegister::as_select())
            .load(conn)
    }
}
