//! Cash registers (cajas) of a branch: name, code, active, locked.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::list::{ListParams, Page, SortKey, paginate};
use crate::db::schema::cash_registers;
use crate::db::search::search_fold;
use crate::db::{DbBackend, DbConnection};
use crate::models::CompanyId;
use crate::util::time::now;

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
#[derive(Debug, Clone)]
pub struct CashRegisterFields {
    pub name: String,
    pub code: String,
    pub active: bool,
}

type Query = diesel::dsl::IntoBoxed<
    'static,
    diesel::dsl::Select<cash_registers::table, diesel::dsl::AsSelect<CashRegister, DbBackend>>,
    DbBackend,
>;

const SORTS: &[SortKey<Query>] = crate::sort_keys![Query, cash_registers::id;
    "code" => cash_registers::code,
    "name" => cash_registers::name,
    "active" => cash_registers::active,
    "createdAt" => cash_registers::id,
];

fn of(company: CompanyId) -> cash_registers::BoxedQuery<'static, DbBackend> {
    cash_registers::table
        .filter(cash_registers::company_id.eq(company.get()))
        .into_boxed()
}

impl CashRegister {
    /// One page of the registers of a branch of the company.
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
        params: &ListParams,
    ) -> QueryResult<Page<CashRegister>> {
        let filtered = || {
            let mut query: Query = cash_registers::table
                .select(CashRegister::as_select())
                .filter(cash_registers::company_id.eq(company.get()))
                .filter(cash_registers::branch_office_id.eq(branch))
                .into_boxed();
            if params.only_active {
                query = query.filter(cash_registers::active.eq(true));
            }
            if let Some(pattern) = params.search_pattern() {
                query = query.filter(
                    search_fold(cash_registers::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(search_fold(cash_registers::code).like(pattern).escape('\\')),
                );
            }
            query
        };
        paginate(conn, params, filtered, SORTS)
    }

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

    /// One register of the company.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<CashRegister>> {
        of(company)
            .filter(cash_registers::id.eq(id))
            .select(CashRegister::as_select())
            .first(conn)
            .optional()
    }

    /// Inserts a register in `branch`; returns the new id.
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
        fields: &CashRegisterFields,
    ) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(cash_registers::table)
            .values((
                cash_registers::company_id.eq(company.get()),
                cash_registers::branch_office_id.eq(branch),
                cash_registers::name.eq(&fields.name),
                cash_registers::code.eq(&fields.code),
                cash_registers::active.eq(fields.active),
                cash_registers::created_at.eq(at),
                cash_registers::updated_at.eq(at),
            ))
            .returning(cash_registers::id)
            .get_result(conn)
    }

    /// Saves the editable fields.
    pub fn update(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        fields: &CashRegisterFields,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(cash_registers, company, id))
            .set((
                cash_registers::name.eq(&fields.name),
                cash_registers::code.eq(&fields.code),
                cash_registers::active.eq(fields.active),
                cash_registers::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Sets the lock.
    pub fn set_locked(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        locked: bool,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(cash_registers, company, id))
            .set((
                cash_registers::locked.eq(locked),
                cash_registers::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Deletes (the foreign key refuses it once it has shifts).
    pub fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<usize> {
        diesel::delete(crate::company_row!(cash_registers, company, id)).execute(conn)
    }
}
