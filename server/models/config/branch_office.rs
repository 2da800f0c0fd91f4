//! Branch offices (sucursales = SRI establecimientos, code `001`…).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::{branch_offices, user_branch_offices};
use crate::db::search::search_fold;
use crate::models::CompanyId;

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
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = branch_offices, treat_none_as_null = true)]
pub struct BranchFields {
    pub code: String,
    pub name: String,
    pub address: String,
    pub phone: Option<String>,
    pub active: bool,
}

crate::catalogue! {
    BranchOffice in branch_offices {
        active: active,
        update: BranchFields,
        search: |pattern| search_fold(branch_offices::name)
            .like(pattern.clone())
            .escape('\\')
            .or(branch_offices::code.like(pattern).escape('\\')),
        sort: branch_offices::id;
            "code" => branch_offices::code,
            "name" => branch_offices::name,
    }
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
    /// Inserts and returns the new branch, with its default warehouse (every way of creating a
    /// branch goes through here, so none is left without one).
    pub fn insert(conn: &mut DbConnection, new: &NewBranchOffice) -> QueryResult<BranchOffice> {
        let id = diesel::insert_into(branch_offices::table)
            .values(new)
            .returning(branch_offices::id)
            .get_result::<i64>(conn)?;
        crate::models::inventory::warehouse::Warehouse::create_default(
            conn,
            CompanyId::trusted(new.company_id),
            id,
        )?;
        branch_offices::table
            .find(id)
            .select(BranchOffice::as_select())
            .first(conn)
    }

    /// All branches of a company, by code.
    pub fn list_for_company(
        conn: &mut DbConnection,
        company: CompanyId,
    ) -> QueryResult<Vec<BranchOffice>> {
        of(company)
            .order(branch_offices::code.asc())
            .select(BranchOffice::as_select())
            .load(conn)
    }

    /// One branch, only if it belongs to `company_id` (the name other areas know it by).
    pub fn find_in_company(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<BranchOffice>> {
        Self::find(conn, company, id)
    }

    /// The branches of `company` that user `user_id` may work in, by id: one statement (a join
    /// with the user's access), the branch of every sale and page of the user.
    pub fn accessible(
        conn: &mut DbConnection,
        company: CompanyId,
        user_id: i64,
    ) -> QueryResult<Vec<BranchOffice>> {
        branch_offices::table
            .inner_join(user_branch_offices::table)
            .filter(user_branch_offices::user_id.eq(user_id))
            .filter(branch_offices::company_id.eq(company.get()))
            .order(branch_offices::id.asc())
            .select(BranchOffice::as_select())
            .load(conn)
    }

    /// A branch by its establecimiento code within a company.
    pub fn find_by_code(
        conn: &mut DbConnection,
        company: CompanyId,
        code: &str,
    ) -> QueryResult<Option<BranchOffice>> {
        of(company)
            .filter(branch_offices::code.eq(code))
            .select(BranchOffice::as_select())
            .first(conn)
            .optional()
    }
}
