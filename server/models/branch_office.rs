//! Branch offices (sucursales = SRI establecimientos, code `001`…).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::branch_offices;

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
            .and_then(|id| branch_offices::table.find(id).select(BranchOffice::as_select()).first(conn))
    }

    /// All branches of a company, by code.
    pub fn list_for_company(conn: &mut DbConnection, company_id: i64) -> QueryResult<Vec<BranchOffice>> {
        branch_offices::table
            .filter(branch_offices::company_id.eq(company_id))
            .order(branch_offices::code.asc())
            .select(BranchOffice::as_select())
            .load(conn)
    }

    /// One branch, only if it belongs to `company_id`.
    pub fn find_in_company(conn: &mut DbConnection, company_id: i64, id: i64) -> QueryResult<Option<BranchOffice>> {
        branch_offices::table
            .filter(branch_offices::company_id.eq(company_id))
            .filter(branch_offices::id.eq(id))
            .select(BranchOffice::as_select())
            .first(conn)
            .optional()
    }

    /// A branch by its establecimiento code within a company.
    pub fn find_by_code(conn: &mut DbConnection, company_id: i64, code: &str) -> QueryResult<Option<BranchOffice>> {
        branch_offices::table
            .filter(branch_offices::company_id.eq(company_id))
            .filter(branch_offices::code.eq(code))
            .select(BranchOffice::as_select())
            .first(conn)
            .optional()
    }
}
