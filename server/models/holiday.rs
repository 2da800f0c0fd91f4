//! Holidays (feriados) of a company, used to compute due dates.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::schema::holidays;
use crate::db::{DbBackend, DbConnection, lower};
use crate::http::list::ListParams;
use crate::util::time::now;

/// A holiday row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = holidays)]
pub struct Holiday {
    pub id: i64,
    pub company_id: i64,
    pub date: NaiveDate,
    pub name: String,
    pub locked: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

fn filtered(
    company_id: i64,
    params: &ListParams,
    year: Option<i32>,
) -> holidays::BoxedQuery<'static, DbBackend> {
    let mut query = holidays::table
        .filter(holidays::company_id.eq(company_id))
        .into_boxed();
    if let Some(year) = year
        && let (Some(first), Some(last)) = (
            NaiveDate::from_ymd_opt(year, 1, 1),
            NaiveDate::from_ymd_opt(year, 12, 31),
        )
    {
        query = query.filter(holidays::date.between(first, last));
    }
    if let Some(pattern) = params.like() {
        query = query.filter(lower(holidays::name).like(pattern).escape('\\'));
    }
    query
}

impl Holiday {
    /// One page of the company's holidays (of `year`, if given), by date.
    pub fn list(
        conn: &mut DbConnection,
        company_id: i64,
        params: &ListParams,
        year: Option<i32>,
    ) -> QueryResult<(Vec<Holiday>, i64)> {
        let total = filtered(company_id, params, year)
            .count()
            .get_result(conn)?;
        let query = filtered(company_id, params, year).select(Holiday::as_select());
        let query = match (params.sort.as_deref(), params.descending) {
            (Some("name"), false) => query.order(holidays::name.asc()),
            (Some("name"), true) => query.order(holidays::name.desc()),
            (_, true) => query.order(holidays::date.desc()),
            (_, false) => query.order(holidays::date.asc()),
        };
        Ok((
            query
                .limit(params.limit)
                .offset(params.offset())
                .load(conn)?,
            total,
        ))
    }

    /// One holiday of the company.
    pub fn find(conn: &mut DbConnection, company_id: i64, id: i64) -> QueryResult<Option<Holiday>> {
        holidays::table
            .filter(holidays::company_id.eq(company_id))
            .filter(holidays::id.eq(id))
            .select(Holiday::as_select())
            .first(conn)
            .optional()
    }

    /// Whether the company already has a holiday on `date` (other than `except`).
    pub fn date_taken(
        conn: &mut DbConnection,
        company_id: i64,
        date: NaiveDate,
        except: Option<i64>,
    ) -> QueryResult<bool> {
        let mut query = holidays::table
            .filter(holidays::company_id.eq(company_id))
            .filter(holidays::date.eq(date))
            .into_boxed();
        if let Some(id) = except {
            query = query.filter(holidays::id.ne(id));
        }
        Ok(query.count().get_result::<i64>(conn)? > 0)
    }

    /// Inserts; returns the new id.
    pub fn insert(
        conn: &mut DbConnection,
        company_id: i64,
        date: NaiveDate,
        name: &str,
    ) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(holidays::table)
            .values((
                holidays::company_id.eq(company_id),
                holidays::date.eq(date),
                holidays::name.eq(name),
                holidays::created_at.eq(at),
                holidays::updated_at.eq(at),
            ))
            .returning(holidays::id)
            .get_result(conn)
    }

    /// Saves date and name.
    pub fn update(
        conn: &mut DbConnection,
        id: i64,
        date: NaiveDate,
        name: &str,
    ) -> QueryResult<usize> {
        diesel::update(holidays::table.find(id))
            .set((
                holidays::date.eq(date),
                holidays::name.eq(name),
                holidays::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Sets the lock.
    pub fn set_locked(conn: &mut DbConnection, id: i64, locked: bool) -> QueryResult<usize> {
        diesel::update(holidays::table.find(id))
            .set((holidays::locked.eq(locked), holidays::updated_at.eq(now())))
            .execute(conn)
    }

    /// Deletes.
    pub fn delete(conn: &mut DbConnection, id: i64) -> QueryResult<usize> {
        diesel::delete(holidays::table.find(id)).execute(conn)
    }

    /// Holidays of the company from `from` on (for the dashboard).
    pub fn upcoming(
        conn: &mut DbConnection,
        company_id: i64,
        from: NaiveDate,
        limit: i64,
    ) -> QueryResult<Vec<Holiday>> {
        holidays::table
            .filter(holidays::company_id.eq(company_id))
            .filter(holidays::date.ge(from))
            .order(holidays::date.asc())
            .limit(limit)
            .select(Holiday::as_select())
            .load(conn)
    }
}
