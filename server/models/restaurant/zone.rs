//! Zones of a branch's floor (salón, terraza, barra…): a catalogue scoped to the branch.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::{restaurant_tables, restaurant_zones};
use crate::db::search::search_fold;
use crate::models::CompanyId;

/// A zone row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = restaurant_zones)]
pub struct RestaurantZone {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub name: String,
    pub active: bool,
    pub locked: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// The editable fields, already validated.
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = restaurant_zones)]
pub struct ZoneFields {
    pub name: String,
    pub active: bool,
}

crate::catalogue! {
    RestaurantZone in restaurant_zones {
        active: active,
        scope: branch_office_id,
        insert: ZoneFields,
        update: ZoneFields,
        unique: name in branch_office_id,
        search: |pattern| search_fold(restaurant_zones::name).like(pattern).escape('\\'),
        sort: restaurant_zones::id;
            "name" => restaurant_zones::name,
            "active" => restaurant_zones::active,
            "createdAt" => restaurant_zones::id,
    }
}

impl RestaurantZone {
    /// Every zone of a branch, in the order they were created.
    pub fn of_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
    ) -> QueryResult<Vec<RestaurantZone>> {
        of(company)
            .filter(restaurant_zones::branch_office_id.eq(branch))
            .order(restaurant_zones::id.asc())
            .select(RestaurantZone::as_select())
            .load(conn)
    }

    /// How many tables the company's zone `id` has.
    pub fn table_count(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<i64> {
        restaurant_tables::table
            .filter(restaurant_tables::company_id.eq(company.get()))
            .filter(restaurant_tables::zone_id.eq(id))
            .count()
            .get_result(conn)
    }
}
