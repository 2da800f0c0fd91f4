//! Warehouses (bodegas): each belongs to a branch; every branch has exactly one default warehouse,
//! created with the branch ([`Warehouse::create_default`]).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::native;
use crate::db::schema::warehouses;
use crate::db::search::search_fold;
use crate::models::CompanyId;
use crate::util::time::now;

/// Name of the warehouse every branch starts with.
pub const DEFAULT_NAME: &str = "Bodega principal";

/// A warehouse row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = warehouses)]
pub struct Warehouse {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub name: String,
    pub is_default: bool,
    pub active: bool,
    pub locked: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// The editable fields.
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = warehouses)]
pub struct WarehouseFields {
    pub name: String,
    pub active: bool,
}

crate::catalogue! {
    Warehouse in warehouses {
        active: active,
        scope: branch_office_id,
        update: WarehouseFields,
        find: own,
        unique: name in branch_office_id,
        search: |pattern| search_fold(warehouses::name).like(pattern).escape('\\'),
        sort: warehouses::id;
            "name" => warehouses::name,
            "active" => warehouses::active,
            "createdAt" => warehouses::id,
    }
}

impl Warehouse {
    /// Creates the default warehouse of a new branch (called by `BranchOffice::insert`, so every
    /// way of creating a branch gets one).
    pub fn create_default(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
    ) -> QueryResult<i64> {
        Self::insert(
            conn,
            company,
            branch_office_id,
            &WarehouseFields {
                name: DEFAULT_NAME.into(),
                active: true,
            },
            true,
        )
    }

    /// The warehouses of a branch (default first, then by name).
    pub fn of_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
    ) -> QueryResult<Vec<Warehouse>> {
        of(company)
            .filter(warehouses::branch_office_id.eq(branch_office_id))
            .order((warehouses::is_default.desc(), warehouses::name.asc()))
            .select(Warehouse::as_select())
            .load(conn)
    }

    /// Every warehouse of the company.
    pub fn all(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<Warehouse>> {
        of(company)
            .order((warehouses::branch_office_id.asc(), warehouses::name.asc()))
            .select(Warehouse::as_select())
            .load(conn)
    }

    /// One warehouse of the company.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<Warehouse>> {
        let one = warehouses::table
            .filter(warehouses::company_id.eq(company.get()))
            .filter(warehouses::id.eq(id))
            .select(native::columns::<Warehouse>());
        native::first(conn, one).optional()
    }

    /// The default warehouse of a branch.
    pub fn default_of(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
    ) -> QueryResult<Option<Warehouse>> {
        of(company)
            .filter(warehouses::branch_office_id.eq(branch_office_id))
            .filter(warehouses::is_default.eq(true))
            .select(Warehouse::as_select())
            .first(conn)
            .optional()
    }

    /// Inserts; returns the new id.
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        fields: &WarehouseFields,
        is_default: bool,
    ) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(warehouses::table)
            .values((
                warehouses::company_id.eq(company.get()),
                warehouses::branch_office_id.eq(branch_office_id),
                fields,
                warehouses::is_default.eq(is_default),
                warehouses::locked.eq(false),
                warehouses::created_at.eq(at),
                warehouses::updated_at.eq(at),
            ))
            .returning(warehouses::id)
            .get_result(conn)
    }

    /// Deletes the warehouses of a branch being deleted (fails on a foreign key when one has
    /// stock or movements).
    pub fn delete_for_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
    ) -> QueryResult<usize> {
        diesel::delete(
            warehouses::table
                .filter(warehouses::company_id.eq(company.get()))
                .filter(warehouses::branch_office_id.eq(branch_office_id)),
        )
        .execute(conn)
    }
}
