//! Branch offices (sucursales = SRI establecimientos, code `001`…).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::list::{ListParams, Page, SortKey, paginate};
use crate::db::schema::branch_offices;
use crate::db::search::search_fold;
use crate::db::{DbBackend, DbConnection};
use crate::models::CompanyId;
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

type Query = diesel::dsl::IntoBoxed<
    'static,
    diesel::dsl::Select<branch_offices::table, diesel::dsl::AsSelect<BranchOffice, DbBackend>>,
    DbBackend,
>;

/// Sortable keys of the list (the first is the default).
const SORTS: &[SortKey<Query>] = crate::sort_keys![Query, branch_offices::id;
    "code" => branch_offices::code,
    "name" => branch_offices::name,
];

/// The company's branches, to filter further.
fn of(company: CompanyId) -> branch_offices::BoxedQuery<'static, DbBackend> {
    branch_offices::table
        .filter(branch_offices::company_id.eq(company.get()))
        .into_boxed()
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

    /// One branch, only if it belongs to `company_id`.
    pub fn find_in_company(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<BranchOffice>> {
        of(company)
            .filter(branch_offices::id.eq(id))
            .select(BranchOffice::as_select())
            .first(conn)
            .optional()
    }

    /// One page of the company's branches, by code.
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        params: &ListParams,
    ) -> QueryResult<Page<BranchOffice>> {
        let filtered = || {
            let mut query: Query = branch_offices::table
                .select(BranchOffice::as_select())
                .filter(branch_offices::company_id.eq(company.get()))
                .into_boxed();
            if params.only_active {
                query = query.filter(branch_offices::active.eq(true));
            }
            if let Some(pattern) = params.search_pattern() {
                query = query.filter(
                    search_fold(branch_offices::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(branch_offices::code.like(pattern).escape('\\')),
                );
            }
            query
        };
        paginate(conn, params, filtered, SORTS)
    }

    /// Saves what an administrator edits on the company's branch `id`.
    pub fn update(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        fields: &BranchFields,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(branch_offices, company, id))
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

    /// Sets the lock of the company's branch `id`.
    pub fn set_locked(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        locked: bool,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(branch_offices, company, id))
            .set((
                branch_offices::locked.eq(locked),
                branch_offices::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Deletes the company's branch `id`.
    pub fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<usize> {
        diesel::delete(crate::company_row!(branch_offices, company, id)).execute(conn)
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
