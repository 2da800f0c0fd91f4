//! Payables (cuentas por pagar): what the company owes a supplier for a purchase on credit, and
//! the payments made on it. The balance only changes through a guarded update, so two payments at
//! once never take it below zero.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::db::schema::{payable_payments, payables, purchases};
use crate::models::CompanyId;
use crate::util::time::now;

/// A payable row (millionths).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = payables)]
pub struct Payable {
    pub id: i64,
    pub company_id: i64,
    pub supplier_id: i64,
    pub purchase_id: i64,
    pub amount: i64,
    pub balance: i64,
    pub issue_date: NaiveDate,
    pub due_date: NaiveDate,
    pub cancelled: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// A payment on a payable.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = payable_payments)]
pub struct PayablePayment {
    pub id: i64,
    pub company_id: i64,
    pub payable_id: i64,
    pub method: String,
    pub amount: i64,
    pub bank_account_id: Option<i64>,
    pub turn_id: Option<i64>,
    pub user_id: i64,
    pub created_at: NaiveDateTime,
}

/// A payment to insert.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = payable_payments)]
pub struct NewPayablePayment {
    pub company_id: i64,
    pub payable_id: i64,
    pub method: String,
    pub amount: i64,
    pub bank_account_id: Option<i64>,
    pub turn_id: Option<i64>,
    pub user_id: i64,
    pub created_at: NaiveDateTime,
}

/// Filters of the payables list.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub supplier_id: Option<i64>,
    /// Only those with a balance (not cancelled).
    pub open: bool,
    /// Only those with a balance due before this day.
    pub overdue_on: Option<NaiveDate>,
}

type Query = crate::models::ListQuery<payables::table, Payable>;

const SORTS: &[crate::db::list::SortKey<Query>] = &[
    crate::db::list::SortKey::by::<payables::due_date, payables::id>("dueDate"),
    crate::db::list::SortKey::by::<payables::issue_date, payables::id>("issueDate"),
    crate::db::list::SortKey::by::<payables::balance, payables::id>("balance"),
    crate::db::list::SortKey::by::<payables::id, payables::id>("createdAt"),
];

/// The company's payable `id` while it is not cancelled: what a payment or a cancellation may
/// change.
#[diesel::dsl::auto_type(no_type_alias)]
fn open_payable(company: i64, id: i64) -> _ {
    payables::table
        .filter(payables::company_id.eq(company))
        .filter(payables::id.eq(id))
        .filter(payables::cancelled.eq(false))
}

impl Payable {
    /// Opens the payable of a purchase on credit; its id.
    #[allow(clippy::too_many_arguments)]
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        supplier_id: i64,
        purchase_id: i64,
        amount: i64,
        issue_date: NaiveDate,
        due_date: NaiveDate,
    ) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(payables::table)
            .values((
                payables::company_id.eq(company.get()),
                payables::supplier_id.eq(supplier_id),
                payables::purchase_id.eq(purchase_id),
                payables::amount.eq(amount),
                payables::balance.eq(amount),
                payables::issue_date.eq(issue_date),
                payables::due_date.eq(due_date),
                payables::created_at.eq(at),
                payables::updated_at.eq(at),
            ))
            .returning(payables::id)
            .get_result(conn)
    }

    /// One page of the company's payables (by due date unless sorted otherwise).
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        filter: &Filter,
        params: &ListParams,
    ) -> QueryResult<Page<Payable>> {
        let filtered = || {
            let mut query: Query = payables::table
                .select(Payable::as_select())
                .filter(payables::company_id.eq(company.get()))
                .into_boxed();
            if let Some(supplier) = filter.supplier_id {
                query = query.filter(payables::supplier_id.eq(supplier));
            }
            if filter.open {
                query = query
                    .filter(payables::cancelled.eq(false))
                    .filter(payables::balance.gt(0));
            }
            if let Some(day) = filter.overdue_on {
                query = query
                    .filter(payables::cancelled.eq(false))
                    .filter(payables::balance.gt(0))
                    .filter(payables::due_date.lt(day));
            }
            if let Some(from) = params.from {
                query = query.filter(payables::issue_date.ge(from));
            }
            if let Some(to) = params.to {
                query = query.filter(payables::issue_date.le(to));
            }
            query
        };
        crate::db::list::paginate(conn, params, filtered, SORTS)
    }

    /// The company's payable `id`.
    pub fn find(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<Option<Self>> {
        payables::table
            .filter(payables::company_id.eq(company.get()))
            .filter(payables::id.eq(id))
            .select(Payable::as_select())
            .first(conn)
            .optional()
    }

    /// The payable of a purchase, if it was bought on credit.
    pub fn of_purchase(
        conn: &mut DbConnection,
        company: CompanyId,
        purchase_id: i64,
    ) -> QueryResult<Option<Self>> {
        payables::table
            .filter(payables::company_id.eq(company.get()))
            .filter(payables::purchase_id.eq(purchase_id))
            .select(Payable::as_select())
            .first(conn)
            .optional()
    }

    /// Takes `amount` off the balance when the payable is open and owes at least that much;
    /// `false` otherwise (nothing changed).
    pub fn take(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        amount: i64,
    ) -> QueryResult<bool> {
        let changed =
            diesel::update(open_payable(company.get(), id).filter(payables::balance.ge(amount)))
                .set((
                    payables::balance.eq(payables::balance - amount),
                    payables::updated_at.eq(now()),
                ))
                .execute(conn)?;
        Ok(changed == 1)
    }

    /// Changes what the open payable owes by `delta` (its amount and its balance alike, so a
    /// payable with nothing paid on it still reads so): a retención issued takes its amount off,
    /// one annulled puts it back. `false` when the payable is not open or the balance would go
    /// below zero (nothing changed).
    pub fn change_owed(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        delta: i64,
    ) -> QueryResult<bool> {
        let changed =
            diesel::update(open_payable(company.get(), id).filter(payables::balance.ge(-delta)))
                .set((
                    payables::amount.eq(payables::amount + delta),
                    payables::balance.eq(payables::balance + delta),
                    payables::updated_at.eq(now()),
                ))
                .execute(conn)?;
        Ok(changed == 1)
    }

    /// Cancels the payable when nothing was paid on it; `false` otherwise.
    pub fn cancel_unpaid(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<bool> {
        let changed = diesel::update(
            open_payable(company.get(), id).filter(payables::balance.eq(payables::amount)),
        )
        .set((
            payables::cancelled.eq(true),
            payables::balance.eq(0),
            payables::updated_at.eq(now()),
        ))
        .execute(conn)?;
        Ok(changed == 1)
    }

    /// Records a payment; its id.
    pub fn insert_payment(conn: &mut DbConnection, new: &NewPayablePayment) -> QueryResult<i64> {
        diesel::insert_into(payable_payments::table)
            .values(new)
            .returning(payable_payments::id)
            .get_result(conn)
    }

    /// The payments of these payables of the company, oldest first.
    pub fn payments_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<PayablePayment>> {
        payable_payments::table
            .filter(payable_payments::company_id.eq(company.get()))
            .filter(payable_payments::payable_id.eq_any(ids.to_vec()))
            .order(payable_payments::id.asc())
            .select(PayablePayment::as_select())
            .load(conn)
    }

    /// Every payable of a supplier with its purchase's document number, by issue date (the
    /// statement).
    pub fn of_supplier(
        conn: &mut DbConnection,
        company: CompanyId,
        supplier: i64,
    ) -> QueryResult<Vec<(Payable, Option<String>)>> {
        payables::table
            .inner_join(purchases::table.on(purchases::id.eq(payables::purchase_id)))
            .filter(payables::company_id.eq(company.get()))
            .filter(payables::supplier_id.eq(supplier))
            .order((payables::issue_date.asc(), payables::id.asc()))
            .select((Payable::as_select(), purchases::document_number))
            .load(conn)
    }
}

impl Payable {
    /// `(purchase, payable)` of these purchases of the company that were bought on credit.
    pub fn ids_of_purchases(
        conn: &mut DbConnection,
        company: CompanyId,
        purchase_ids: &[i64],
    ) -> QueryResult<Vec<(i64, i64)>> {
        payables::table
            .filter(payables::company_id.eq(company.get()))
            .filter(payables::purchase_id.eq_any(purchase_ids.to_vec()))
            .select((payables::purchase_id, payables::id))
            .load(conn)
    }
}
