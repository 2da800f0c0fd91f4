//! Branch offices (sucursales = SRI establecimientos, code `001`…).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::branch_offices;
use crate::db::{DbBackend, DbConnection, lower};
use crate::http::list::ListParams;
use crate::util::time::now;

/// A branch office.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = branch_offices)]
pub struct BranchOffice {
    pub id: i64,
    pub company_id: i64,
    /// Establecimiento code, three digits.
    pub code: String,
    pub name: String,
    pub address: String,
    pub phone: Option<String>,
    pub active: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub locked: bool,
}

/// What an administrator edits on a branch.
#[derive(Debug, Clone)]
pub struct BranchFields {
    pub code: String,
    pub name: String,
    pub address: String,
    pub phone: Option<String>,
    pub active: bool,
}

fn filtered(
    company_id: i64,
    params: &ListParams,
) -> branch_offices::BoxedQuery<'static, DbBackend> {
    let mut query = branch_offices::table
        .filter(branch_offices::company_id.eq(company_id))
        .into_boxed();
    if params.only_active {
        query = query.filter(branch_offices::active.eq(true));
    }
    if let Some(pattern) = params.like() {
        query = query.filter(
            lower(branch_offices::name)
                .like(pattern.clone())
                .escape('\\')
                .or(branch_offices::code.like(pattern).escape('\\')),
        );
    }
    query
}

/// A branch office to insert.
#[derive(Debug, Insertable)]
#[diesel(table_name = branch_offices)]
pub struct NewBranchOffice<'a> {
    pub company_id: i64,
    pub code: &'a str,
    pub name: &'a str,
    pub address: &'a str,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl BranchOffice {
    /// Inserts and returns the new branch.
    pub fn insert(conn: &mut DbConnection, new: &NewBranchOffice) -> QueryResult<BranchOffice> {
        diesel::insert_into(branch_offices::table)
            .values(new)
            .returning(branch_offices::id)
            .get_result::<i64>(conn)
            .and_then(|id| {
                branch_offices::table
                    .find(id)
                    .select(BranchOffice::as_select())
                    .first(conn)
            })
    }

    /// All branches of a company, by code.
    pub fn list_for_company(
        conn: &mut DbConnection,
        company_id: i64,
    ) -> QueryResult<Vec<BranchOffice>> {
        branch_offices::table
            .filter(branch_offices::company_id.eq(company_id))
            .order(branch_offices::code.asc())
            .select(BranchOffice::as_select())
            .load(conn)
    }

    /// One branch, only if it belongs to `company_id`.
    pub fn find_in_company(
        conn: &mut DbConnection,
        company_id: i64,
        id: i64,
    ) -> QueryResult<Option<BranchOffice>> {
        branch_offices::table
            .filter(branch_offices::company_id.eq(company_id))
            .filter(branch_offices::id.eq(id))
            .select(BranchOffice::as_select())
            .first(conn)
            .optional()
    }

    /// One page of the company's branches, by code.
    pub fn list(
        conn: &mut DbConnection,
        company_id: i64,
        params: &ListParams,
    ) -> QueryResult<(Vec<BranchOffice>, i64)> {
        let total = filtered(company_id, params).count().get_result(conn)?;
        let query = filtered(company_id, params).select(BranchOffice::as_select());
        let query = match (params.sort.as_deref(), params.descending) {
            (Some("name"), false) => query.order(branch_offices::name.asc()),
            (Some("name"), true) => query.order(branch_offices::name.desc()),
            (_, true) => query.order(branch_offices::code.desc()),
            (_, false) => query.order(branch_offices::code.asc()),
        };
        Ok((
            query
                .limit(params.limit)
                .offset(params.offset())
                .load(conn)?,
            total,
        ))
    }

    /// Saves what an administrator edits.
    pub fn update(conn: &mut DbConnection, id: i64, fields: &BranchFields) -> QueryResult<usize> {
        diesel::update(branch_offices::table.find(id))
            .set((
                branch_offices::code.eq(&fields.code),
                branch_offices::name.eq(&fields.name),
                branch_offices::address.eq(&fields.address),
                branch_offices::phone.eq(&fields.phone),
                branch_offices::active.eq(fields.active),
                branch_offices::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Sets the lock.
    pub fn set_locked(conn: &mut DbConnection, id: i64, locked: bool) -> QueryResult<usize> {
        diesel::update(branch_offices::table.find(id))
            .set((
                branch_offices::locked.eq(locked),
                branch_offices::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Deletes.
    pub fn delete(conn: &mut DbConnection, id: i64) -> QueryResult<usize> {
        diesel::delete(branch_offices::table.find(id)).execute(conn)
    }

    /// A branch by its establecimiento code within a company.
    pub fn find_by_code(
        conn: &mut DbConnection,
        company_id: i64,
        code: &str,
    ) -> QueryResult<Option<BranchOffice>> {
        branch_offices::table
            .filter(branch_offices::company_id.eq(company_id))
            .filter(branch_offices::code.eq(code))
            .select(BranchOffice::as_select())
            .first(conn)
            .optional()
    }
}
