//! Product categories (name, optional parent, active, the restaurant station of their products),
//! per company.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::categories;
use crate::db::search::search_fold;
use crate::db::{DbConnection, lower};
use crate::models::CompanyId;

/// Kitchen stations a category's products go to (value, Spanish label); the first is the default.
/// A closed list, so the kitchen screen's filter and the categories agree.
pub const STATIONS: [(&str, &str); 2] = [("cocina", "Cocina"), ("bar", "Bar")];

/// The quick modifiers of a category without its own, by station: the kitchen's and the bar's
/// (coffee is never offered «término medio»).
pub const STATION_MODIFIERS: [(&str, &[&str]); 2] = [
    (
        "cocina",
        &[
            "sin cebolla",
            "sin sal",
            "sin picante",
            "picante",
            "bien cocido",
            "término medio",
            "para llevar",
        ],
    ),
    (
        "bar",
        &[
            "sin hielo",
            "con hielo",
            "sin azúcar",
            "al clima",
            "para llevar",
        ],
    ),
];

/// A category row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = categories)]
pub struct Category {
    pub id: i64,
    pub company_id: i64,
    pub name: String,
    pub parent_id: Option<i64>,
    pub active: bool,
    pub locked: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// The kitchen station of its products' order items (`cocina`, `bar`).
    pub station: String,
    /// Its own quick modifiers, one per line; empty for its station's ([`STATION_MODIFIERS`]).
    pub modifiers: String,
}

impl Category {
    /// Its own modifiers (one per line), else its station's: what the waiter taps.
    pub fn quick_modifiers(&self) -> Vec<String> {
        let own: Vec<String> = self.modifiers.lines().map(str::to_string).collect();
        if !own.is_empty() {
            return own;
        }
        station_modifiers(&self.station)
    }
}

/// The quick modifiers of `station` (the kitchen's for a product without category).
pub fn station_modifiers(station: &str) -> Vec<String> {
    STATION_MODIFIERS
        .iter()
        .find(|(s, _)| *s == station)
        .unwrap_or(&STATION_MODIFIERS[0])
        .1
        .iter()
        .map(|m| m.to_string())
        .collect()
}

/// The editable fields.
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = categories, treat_none_as_null = true, treat_none_as_default_value = false)]
pub struct CategoryFields {
    pub name: String,
    pub parent_id: Option<i64>,
    pub active: bool,
    pub station: String,
    pub modifiers: String,
}

crate::catalogue! {
    Category in categories {
        active: active,
        insert: CategoryFields,
        update: CategoryFields,
        search: |pattern| search_fold(categories::name).like(pattern).escape('\\'),
        sort: categories::id;
            "name" => categories::name,
            "active" => categories::active,
            "createdAt" => categories::id,
    }
}

impl Category {
    /// Every category of the company (for selectors), by name.
    pub fn all(
        conn: &mut DbConnection,
        company: CompanyId,
        only_active: bool,
    ) -> QueryResult<Vec<Category>> {
        let mut query = of(company);
        if only_active {
            query = query.filter(categories::active.eq(true));
        }
        query
            .order(categories::name.asc())
            .select(Category::as_select())
            .load(conn)
    }

    /// Whether another category of the company already has this name under the same parent.
    pub fn name_taken(
        conn: &mut DbConnection,
        company: CompanyId,
        fields: &CategoryFields,
        except: Option<i64>,
    ) -> QueryResult<bool> {
        let mut query = of(company).filter(lower(categories::name).eq(fields.name.to_lowercase()));
        query = match fields.parent_id {
            Some(parent) => query.filter(categories::parent_id.eq(parent)),
            None => query.filter(categories::parent_id.is_null()),
        };
        if let Some(id) = except {
            query = query.filter(categories::id.ne(id));
        }
        Ok(query.count().get_result::<i64>(conn)? > 0)
    }

    /// Subcategories of the company's category `id`.
    pub fn children(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<i64> {
        of(company)
            .filter(categories::parent_id.eq(id))
            .count()
            .get_result(conn)
    }

    /// Ancestors of `id` within the company, nearest first (to refuse a parent that would make a
    /// cycle).
    pub fn ancestors(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Vec<i64>> {
        let mut chain = Vec::new();
        let mut current = Some(id);
        while let Some(at) = current {
            current = of(company)
                .filter(categories::id.eq(at))
                .select(categories::parent_id)
                .first::<Option<i64>>(conn)
                .optional()?
                .flatten();
            if let Some(parent) = current {
                if chain.contains(&parent) {
                    break;
                }
                chain.push(parent);
            }
        }
        Ok(chain)
    }

    /// How many categories the company has (dashboard).
    pub fn count(conn: &mut DbConnection, company: CompanyId) -> QueryResult<i64> {
        of(company).count().get_result(conn)
    }
}
