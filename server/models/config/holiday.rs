//! Holidays (feriados) of a company, used to compute due dates.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::db::schema::holidays;
use crate::db::search::search_fold;
use crate::models::CompanyId;
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

crate::catalogue! {
    Holiday in holidays {
        search: |pattern| search_fold(holidays::name).like(pattern).escape('\\'),
        sort: holidays::id; "date" => holidays::date, "name" => holidays::name,
    }
}

impl Holiday {
    /// One page of the company's holidays (of `year`, if given).
    pub fn list_of_year(
        conn: &mut DbConnection,
        company: CompanyId,
        params: &ListParams,
        year: Option<i32>,
    ) -> QueryResult<Page<Holiday>> {
        let first_and_last = year.and_then(|year| {
            Some((
                NaiveDate::from_ymd_opt(year, 1, 1)?,
                NaiveDate::from_ymd_opt(year, 12, 31)?,
            ))
        });
        Self::list_narrowed(conn, company, params, |query| match first_and_last {
            Some((first, last)) => query.filter(holidays::date.between(first, last)),
            None => query,
        })
    }

    /// Whether the company already has a holiday on `date` (other than `except`).
    pub fn date_taken(
        conn: &mut DbConnection,
        company: CompanyId,
        date: NaiveDate,
        except: Option<i64>,
    ) -> QueryResult<bool> {
        let mut query = of(company).filter(holidays::date.eq(date));
        if let Some(id) = except {
            query = query.filter(holidays::id.ne(id));
        }
        Ok(query.count().get_result::<i64>(conn)? > 0)
    }

    /// Inserts; returns the new id.
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        date: NaiveDate,
        name: &str,
    ) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(holidays::table)
            .values((
                holidays::company_id.eq(company.get()),
                holidays::date.eq(date),
                holidays::name.eq(name),
                holidays::created_at.eq(at),
                holidays::updated_at.eq(at),
            ))
            .returning(holidays::id)
            .get_result(conn)
    }

    /// Saves date and name of the company's holiday `id`.
    pub fn update(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        date: NaiveDate,
        name: &str,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(holidays, company, id))
            .set((
                holidays::date.eq(date),
                holidays::name.eq(name),
                holidays::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Holidays of the company from `from` on (for the dashboard).
    pub fn upcoming(
        conn: &mut DbConnection,
        company: CompanyId,
        from: NaiveDate,
        limit: i64,
    ) -> QueryResult<Vec<Holiday>> {
        of(company)
            .filter(holidays::date.ge(from))
            .order(holidays::date.asc())
            .limit(limit)
            .select(Holiday::as_select())
            .load(conn)
    }
}
