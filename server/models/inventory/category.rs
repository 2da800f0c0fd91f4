//! Product categories (name, optional parent, active), per company.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::list::{ListParams, Page, SortKey, paginate};
use crate::db::schema::categories;
use crate::db::search::search_fold;
use crate::db::{DbBackend, DbConnection, lower};
use crate::models::CompanyId;
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

type Query = diesel::dsl::IntoBoxed<
    'static,
    diesel::dsl::Select<categories::table, diesel::dsl::AsSelect<Category, DbBackend>>,
    DbBackend,
>;

/// Sortable keys of the list (the first is the default).
const SORTS: &[SortKey<Query>] = crate::sort_keys![Query, categories::id;
    "name" => categories::name,
    "active" => categories::active,
    "createdAt" => categories::id,
];

fn of(company: CompanyId) -> categories::BoxedQuery<'static, DbBackend> {
    categories::table
        .filter(categories::company_id.eq(company.get()))
        .into_boxed()
}

impl Category {
    /// One page of the company's categories.
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        params: &ListParams,
    ) -> QueryResult<Page<Category>> {
        let filtered = || {
            let mut query: Query = categories::table
                .select(Category::as_select())
                .filter(categories::company_id.eq(company.get()))
                .into_boxed();
            if params.only_active {
                query = query.filter(categories::active.eq(true));
            }
            if let Some(pattern) = params.search_pattern() {
                query = query.filter(search_fold(categories::name).like(pattern).escape('\\'));
            }
            query
        };
        paginate(conn, params, filtered, SORTS)
    }

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

    /// One category of the company.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<Category>> {
        of(company)
            .filter(categories::id.eq(id))
            .select(Category::as_select())
            .first(conn)
            .optional()
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

    /// Inserts; returns the new id.
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        fields: &CategoryFields,
    ) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(categories::table)
            .values((
                categories::company_id.eq(company.get()),
                categories::name.eq(&fields.name),
                categories::parent_id.eq(fields.parent_id),
                categories::active.eq(fields.active),
                categories::created_at.eq(at),
                categories::updated_at.eq(at),
            ))
            .returning(categories::id)
            .get_result(conn)
    }

    /// Saves the editable fields of the company's category `id` (0 rows when it is not theirs).
    pub fn update(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        fields: &CategoryFields,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(categories, company, id))
            .set((
                categories::name.eq(&fields.name),
                categories::parent_id.eq(fields.parent_id),
                categories::active.eq(fields.active),
                categories::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Sets the lock of the company's category `id`.
    pub fn set_locked(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        locked: bool,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(categories, company, id))
            .set((
                categories::locked.eq(locked),
                categories::updated_at.eq(now()),
            ))
            .execute(conn)
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

    /// Deletes the company's category `id`.
    pub fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<usize> {
        diesel::delete(crate::company_row!(categories, company, id)).execute(conn)
    }

    /// How many categories the company has (dashboard).
    pub fn count(conn: &mut DbConnection, company: CompanyId) -> QueryResult<i64> {
        of(company).count().get_result(conn)
    }
}
