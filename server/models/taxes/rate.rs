//! Rows of the dated tax table (`tax_rates`): withholding concepts (`renta`, `iva`) and the IVA
//! rates of sales (`tarifa_iva`), each in force from its `valid_from` until the next row of the
//! same kind and code. National rows (no company) come with Mostrador's migrations; a company's
//! admin adds rows of its own, seen by that company only.
//!
//! Which row is in force on a day is decided in [`in_force`], over the few hundred rows a company
//! sees, so the rule (latest `valid_from` not after the day; the company's row wins a tie with a
//! national one; a `retired` row ends the code) is written once, in Rust, for both backends.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::tax_rates;
use crate::models::CompanyId;
use crate::util::time::now;

/// A row of the tax table.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tax_rates)]
pub struct TaxRate {
    pub id: i64,
    /// `None`: a national row.
    pub company_id: Option<i64>,
    #[diesel(embed)]
    pub fields: RateFields,
    pub created_by: Option<i64>,
    pub created_at: NaiveDateTime,
}

/// What a row says: a code's rate from a day on (the command a company's admin sends).
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = tax_rates)]
pub struct RateFields {
    /// `renta`, `iva` (withholding) or `tarifa_iva` (the IVA rate of a sale).
    pub kind: String,
    pub code: String,
    pub description: String,
    /// Hundredths of a percent (2.75 % is 275).
    pub percent_bp: i64,
    pub valid_from: NaiveDate,
    /// The code is no longer in force from `valid_from` on.
    pub retired: bool,
}

/// A row in force on a day, with the day its successor starts (`None`: still in force).
#[derive(Debug, Clone)]
pub struct RateInForce {
    pub rate: TaxRate,
    /// The first day of the next row of the same kind and code.
    pub next_from: Option<NaiveDate>,
}

impl TaxRate {
    /// Every row the company sees (the national ones and its own), by kind, code and date.
    pub fn visible(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<TaxRate>> {
        tax_rates::table
            .filter(
                tax_rates::company_id
                    .is_null()
                    .or(tax_rates::company_id.eq(company.get())),
            )
            .order((
                tax_rates::kind.asc(),
                tax_rates::code.asc(),
                tax_rates::valid_from.asc(),
                tax_rates::id.asc(),
            ))
            .select(TaxRate::as_select())
            .load(conn)
    }

    /// The rows of one kind and code the company sees, oldest first.
    pub fn history(
        conn: &mut DbConnection,
        company: CompanyId,
        kind: &str,
        code: &str,
    ) -> QueryResult<Vec<TaxRate>> {
        tax_rates::table
            .filter(
                tax_rates::company_id
                    .is_null()
                    .or(tax_rates::company_id.eq(company.get())),
            )
            .filter(tax_rates::kind.eq(kind))
            .filter(tax_rates::code.eq(code))
            .order((tax_rates::valid_from.asc(), tax_rates::id.asc()))
            .select(TaxRate::as_select())
            .load(conn)
    }

    /// Inserts a company's row written by `user`; returns it.
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        user: i64,
        fields: &RateFields,
    ) -> QueryResult<TaxRate> {
        let id = diesel::insert_into(tax_rates::table)
            .values((
                tax_rates::company_id.eq(Some(company.get())),
                fields,
                tax_rates::created_by.eq(Some(user)),
                tax_rates::created_at.eq(now()),
            ))
            .returning(tax_rates::id)
            .get_result::<i64>(conn)?;
        tax_rates::table
            .find(id)
            .select(TaxRate::as_select())
            .first(conn)
    }
}

/// The rows that make up each code's timeline: of rows of one kind and code starting the same
/// day, the company's (the newest of them) replaces the national one. `rows` as
/// [`TaxRate::visible`] or [`TaxRate::history`] return them (by kind, code, date, id).
pub fn timelines(rows: Vec<TaxRate>) -> Vec<RateInForce> {
    let mut kept: Vec<TaxRate> = Vec::with_capacity(rows.len());
    for row in rows {
        match kept.last_mut() {
            Some(last)
                if last.fields.kind == row.fields.kind
                    && last.fields.code == row.fields.code
                    && last.fields.valid_from == row.fields.valid_from =>
            {
                if row.company_id.is_some() || last.company_id.is_none() {
                    *last = row;
                }
            }
            _ => kept.push(row),
        }
    }
    let next: Vec<Option<NaiveDate>> = kept
        .iter()
        .enumerate()
        .map(|(i, row)| {
            kept.get(i + 1)
                .filter(|n| n.fields.kind == row.fields.kind && n.fields.code == row.fields.code)
                .map(|n| n.fields.valid_from)
        })
        .collect();
    kept.into_iter()
        .zip(next)
        .map(|(rate, next_from)| RateInForce { rate, next_from })
        .collect()
}

/// The rows in force on `day` of the [`timelines`]: of each code, the row whose period holds
/// the day, unless that row retires the code.
pub fn in_force(timelines: &[RateInForce], day: NaiveDate) -> impl Iterator<Item = &RateInForce> {
    timelines.iter().filter(move |r| {
        let fields = &r.rate.fields;
        !fields.retired && fields.valid_from <= day && r.next_from.is_none_or(|n| day < n)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64, company: Option<i64>, code: &str, bp: i64, from: &str) -> TaxRate {
        TaxRate {
            id,
            company_id: company,
            fields: RateFields {
                kind: "renta".into(),
                code: code.into(),
                description: format!("{code} desde {from}"),
                percent_bp: bp,
                valid_from: from.parse().unwrap(),
                retired: false,
            },
            created_by: None,
            created_at: NaiveDateTime::default(),
        }
    }

    fn on(rows: &[TaxRate], day: &str) -> Vec<(String, i64)> {
        in_force(&timelines(rows.to_vec()), day.parse().unwrap())
            .map(|r| (r.rate.fields.code.clone(), r.rate.fields.percent_bp))
            .collect()
    }

    #[test]
    fn a_later_row_closes_the_earlier_one_on_the_day_before_it_starts() {
        let rows = [
            row(1, None, "312", 175, "2024-03-01"),
            row(2, None, "312", 200, "2026-03-01"),
            row(3, None, "332", 0, "2024-03-01"),
        ];
        assert_eq!(
            on(&rows, "2026-02-28"),
            [("312".into(), 175), ("332".into(), 0)]
        );
        assert_eq!(
            on(&rows, "2026-03-01"),
            [("312".into(), 200), ("332".into(), 0)]
        );
        assert!(on(&rows, "2024-02-29").is_empty());
        let periods = timelines(rows.to_vec());
        assert_eq!(periods[0].next_from, "2026-03-01".parse().ok());
        assert_eq!(periods[1].next_from, None);
    }

    #[test]
    fn a_companys_row_of_the_same_day_replaces_the_national_one() {
        let rows = [
            row(1, None, "343", 100, "2026-03-01"),
            row(7, Some(5), "343", 200, "2026-03-01"),
        ];
        assert_eq!(on(&rows, "2026-12-07"), [("343".into(), 200)]);
        assert_eq!(timelines(rows.to_vec()).len(), 1);
    }

    #[test]
    fn a_retired_row_ends_the_code() {
        let mut retired = row(2, None, "2", 0, "2024-04-01");
        retired.fields.retired = true;
        let rows = [row(1, None, "2", 1200, "2000-01-01"), retired];
        assert_eq!(on(&rows, "2024-03-31"), [("2".into(), 1200)]);
        assert!(on(&rows, "2024-04-01").is_empty());
    }
}
