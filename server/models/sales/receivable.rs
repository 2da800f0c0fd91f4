//! Receivables (cuentas por cobrar) of credit sales: what the client owes and until when. A credit
//! note lowers the balance; collections come with the receivables area.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::receivables;
use crate::models::CompanyId;
use crate::util::time::now;

/// A receivable row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = receivables)]
pub struct Receivable {
    pub id: i64,
    pub company_id: i64,
    pub client_id: i64,
    pub sale_id: i64,
    pub amount: i64,
    pub balance: i64,
    pub due_date: NaiveDate,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl Receivable {
    /// Opens a receivable for a credit sale.
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        client_id: i64,
        sale_id: i64,
        amount: i64,
        due_date: NaiveDate,
    ) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(receivables::table)
            .values((
                receivables::company_id.eq(company.get()),
                receivables::client_id.eq(client_id),
                receivables::sale_id.eq(sale_id),
                receivables::amount.eq(amount),
                receivables::balance.eq(amount),
                receivables::due_date.eq(due_date),
                receivables::created_at.eq(at),
                receivables::updated_at.eq(at),
            ))
            .returning(receivables::id)
            .get_result(conn)
    }

    /// What the client owes in all (Σ balances).
    pub fn outstanding(
        conn: &mut DbConnection,
        company: CompanyId,
        client_id: i64,
    ) -> QueryResult<i64> {
        let balances: Vec<i64> = receivables::table
            .filter(receivables::company_id.eq(company.get()))
            .filter(receivables::client_id.eq(client_id))
            .filter(receivables::balance.gt(0))
            .select(receivables::balance)
            .load(conn)?;
        Ok(balances.iter().sum())
    }

    /// The receivable of a sale, if it was sold on credit.
    pub fn of_sale(
        conn: &mut DbConnection,
        company: CompanyId,
        sale_id: i64,
    ) -> QueryResult<Option<Receivable>> {
        receivables::table
            .filter(receivables::company_id.eq(company.get()))
            .filter(receivables::sale_id.eq(sale_id))
            .select(Receivable::as_select())
            .first(conn)
            .optional()
    }

    /// Lowers the balance by `amount` (a credit note); never below zero.
    pub fn lower(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        amount: i64,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(receivables, company, id))
            .filter(receivables::balance.ge(amount))
            .set((
                receivables::balance.eq(receivables::balance - amount),
                receivables::updated_at.eq(now()),
            ))
            .execute(conn)
    }
}

impl Receivable {
    /// Raises the balance by `amount` (a reversed collection); never above the amount owed.
    pub fn raise(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        amount: i64,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(receivables, company, id))
            .filter((receivables::balance + amount).le(receivables::amount))
            .set((
                receivables::balance.eq(receivables::balance + amount),
                receivables::updated_at.eq(now()),
            ))
            .execute(conn)
    }
}
