//! Product categories (name, optional parent, active), per company.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::categories;
use crate::db::{DbBackend, DbConnection, lower};
use crate::http::list::ListParams;
use crate::util::time::now;

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
}

/// The editable fields.
#[derive(Debug, Clone)]
pub struct CategoryFields {
    pub name: String,
    pub parent_id: Option<i64>,
    pub active: bool,
}

fn filtered(company_id: i64, params: &ListParams) -> categories::BoxedQuery<'static, DbBackend> {
    let mut query = categories::table
        .filter(categories::company_id.eq(company_id))
        .into_boxed();
    if params.only_active {
        query = query.filter(categories::active.eq(true));
    }
    if let Some(pattern) = params.like() {
        query = query.filter(lower(categories::name).like(pattern).escape('\\'));
    }
    query
}

impl Category {
    /// One page of the company's categories, and how many match in all.
    pub fn list(
        conn: &mut DbConnection,
        company_id: i64,
        params: &ListParams,
    ) -> QueryResult<(Vec<Category>, i64)> {
        let total = filtered(company_id, params).count().get_result(conn)?;
        let mut query = filtered(company_id, params).select(Category::as_select());
        query = match (params.sort.as_deref(), params.descending) {
            (Some("active"), false) => {
                query.order((categories::active.asc(), categories::name.asc()))
            }
            (Some("active"), true) => {
                query.order((categories::active.desc(), categories::name.asc()))
            }
            (Some("createdAt"), false) => query.order(categories::id.asc()),
            (Some("createdAt"), true) => query.order(categories::id.desc()),
            (_, true) => query.order(categories::name.desc()),
            (_, false) => query.order(categories::name.asc()),
        };
        let rows = query
            .limit(params.limit)
            .offset(params.offset())
            .load(conn)?;
        Ok((rows, total))
    }

    /// Every category of the company (for selectors), by name.
    pub fn all(
        conn: &mut DbConnection,
        company_id: i64,
        only_active: bool,
    ) -> QueryResult<Vec<Category>> {
        let mut query = categories::table
            .filter(categories::company_id.eq(company_id))
            .into_boxed();
        if only_active {
            query = query.filter(categories::active.eq(true));
        }
        query
            .order(categories::name.asc())
            .select(Category::as_select())
            .load(conn)
    }

    /// One category of the company.
    pub fn find(
        conn: &mut DbConnection,
        company_id: i64,
        id: i64,
    ) -> QueryResult<Option<Category>> {
        categories::table
            .filter(categories::company_id.eq(company_id))
            .filter(categories::id.eq(id))
            .select(Category::as_select())
            .first(conn)
            .optional()
    }

    /// Whether another category of the company already has this name under the same parent.
    pub fn name_taken(
        conn: &mut DbConnection,
        company_id: i64,
        fields: &CategoryFields,
        except: Option<i64>,
    ) -> QueryResult<bool> {
        let mut query = categories::table
            .filter(categories::company_id.eq(company_id))
            .filter(lower(categories::name).eq(fields.name.to_lowercase()))
            .into_boxed();
        query = match fields.parent_id {
            Some(parent) => query.filter(categories::parent_id.eq(parent)),
            None => query.filter(categories::parent_id.is_null()),
        };
        if let Some(id) = except {
            query = query.filter(categories::id.ne(id));
        }
        Ok(query.count().get_result::<i64>(conn)? > 0)
    }

    /// Inserts; returns the new id.
    pub fn insert(
        conn: &mut DbConnection,
        company_id: i64,
        fields: &CategoryFields,
    ) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(categories::table)
            .values((
                categories::company_id.eq(company_id),
                categories::name.eq(&fields.name),
                categories::parent_id.eq(fields.parent_id),
                categories::active.eq(fields.active),
                categories::created_at.eq(at),
                categories::updated_at.eq(at),
            ))
            .returning(categories::id)
            .get_result(conn)
    }

    /// Saves the editable fields.
    pub fn update(conn: &mut DbConnection, id: i64, fields: &CategoryFields) -> QueryResult<usize> {
        diesel::update(categories::table.find(id))
            .set((
                categories::name.eq(&fields.name),
                categories::parent_id.eq(fields.parent_id),
                categories::active.eq(fields.active),
                categories::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Sets the lock.
    pub fn set_locked(conn: &mut DbConnection, id: i64, locked: bool) -> QueryResult<usize> {
        diesel::update(categories::table.find(id))
            .set((
                categories::locked.eq(locked),
                categories::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Subcategories of `id`.
    pub fn children(conn: &mut DbConnection, id: i64) -> QueryResult<i64> {
        categories::table
            .filter(categories::parent_id.eq(id))
            .count()
            .get_result(conn)
    }

    /// Ancestors of `id`, nearest first (to refuse a parent that would make a cycle).
    pub fn ancestors(conn: &mut DbConnection, id: i64) -> QueryResult<Vec<i64>> {
        let mut chain = Vec::new();
        let mut current = Some(id);
        while let Some(at) = current {
            current = categories::table
                .find(at)
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

    /// Deletes.
    pub fn delete(conn: &mut DbConnection, id: i64) -> QueryResult<usize> {
        diesel::delete(categories::table.find(id)).execute(conn)
    }
}
