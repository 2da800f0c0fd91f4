//! Tables of a branch's floor: zone, name, seats, shape and place on the floor plan (x, y in plan
//! units 0..1000). A catalogue scoped to the branch; what is on a table now (its open order) is
//! read here from `restaurant_orders` for the floor plan's state.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::{restaurant_orders, restaurant_tables};
use crate::db::search::search_fold;
use crate::models::CompanyId;

/// A table row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = restaurant_tables)]
pub struct RestaurantTable {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub zone_id: i64,
    pub name: String,
    pub seats: i32,
    pub shape: String,
    pub x: i32,
    pub y: i32,
    pub active: bool,
    pub locked: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// The editable fields, already validated.
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = restaurant_tables)]
pub struct TableFields {
    pub zone_id: i64,
    pub name: String,
    pub seats: i32,
    pub shape: String,
    pub x: i32,
    pub y: i32,
    pub active: bool,
}

/// The open order on a table: its id, when it was opened and whether the bill was asked for.
#[derive(Debug, Clone, Queryable)]
pub struct OpenOrder {
    pub table_id: i64,
    pub order_id: i64,
    pub opened_at: NaiveDateTime,
    pub bill_requested: bool,
}

crate::catalogue! {
    RestaurantTable in restaurant_tables {
        active: active,
        scope: branch_office_id,
        insert: TableFields,
        update: TableFields,
        unique: name in branch_office_id,
        search: |pattern| search_fold(restaurant_tables::name).like(pattern).escape('\\'),
        sort: restaurant_tables::id;
            "name" => restaurant_tables::name,
            "zoneId" => restaurant_tables::zone_id,
            "seats" => restaurant_tables::seats,
            "active" => restaurant_tables::active,
            "createdAt" => restaurant_tables::id,
    }
}

impl RestaurantTable {
    /// Every table of a branch, by zone and creation.
    pub fn of_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
    ) -> QueryResult<Vec<RestaurantTable>> {
        of(company)
            .filter(restaurant_tables::branch_office_id.eq(branch))
            .order((
                restaurant_tables::zone_id.asc(),
                restaurant_tables::id.asc(),
            ))
            .select(RestaurantTable::as_select())
            .load(conn)
    }

    /// The company's tables among `ids` in a branch.
    pub fn of_ids(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
        ids: &[i64],
    ) -> QueryResult<Vec<RestaurantTable>> {
        of(company)
            .filter(restaurant_tables::branch_office_id.eq(branch))
            .filter(restaurant_tables::id.eq_any(ids.to_vec()))
            .order(restaurant_tables::id.asc())
            .select(RestaurantTable::as_select())
            .load(conn)
    }

    /// Names of the company's tables among `ids`, by id.
    pub fn names(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<(i64, String)>> {
        of(company)
            .filter(restaurant_tables::id.eq_any(ids.to_vec()))
            .order(restaurant_tables::id.asc())
            .select((restaurant_tables::id, restaurant_tables::name))
            .load(conn)
    }

    /// The open orders on the company's tables among `ids`.
    pub fn open_orders(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<OpenOrder>> {
        restaurant_orders::table
            .filter(restaurant_orders::company_id.eq(company.get()))
            .filter(restaurant_orders::state.eq("open"))
            .filter(restaurant_orders::table_id.eq_any(ids.to_vec()))
            .select((
                restaurant_orders::table_id.assume_not_null(),
                restaurant_orders::id,
                restaurant_orders::created_at,
                restaurant_orders::bill_requested,
            ))
            .load(conn)
    }
}
