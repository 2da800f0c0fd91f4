//! Purchases (merchandise, expenses, manual) and their lines. A purchase is never deleted or
//! edited: a cancellation marks it (`cancelled`) and the service posts the linked reversals.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::db::schema::{purchase_lines, purchases};
use crate::db::search::search_fold;
use crate::models::CompanyId;

/// A purchase row (amounts in millionths of a dollar).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = purchases)]
pub struct Purchase {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub kind: String,
    pub idempotency_key: String,
    pub supplier_id: i64,
    pub document_number: Option<String>,
    pub authorization_number: Option<String>,
    pub date: NaiveDate,
    pub warehouse_id: Option<i64>,
    pub category: Option<String>,
    pub subtotal: i64,
    pub discount: i64,
    pub iva: i64,
    pub total: i64,
    pub payment_method: String,
    pub bank_account_id: Option<i64>,
    pub turn_id: Option<i64>,
    pub cancelled: bool,
    pub cancel_reason: Option<String>,
    pub cancelled_by: Option<i64>,
    pub cancelled_at: Option<NaiveDateTime>,
    pub user_id: i64,
    pub created_at: NaiveDateTime,
}

/// A purchase to insert.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = purchases)]
pub struct NewPurchase {
    pub company_id: i64,
    pub branch_office_id: i64,
    pub kind: String,
    pub idempotency_key: String,
    pub supplier_id: i64,
    pub document_number: Option<String>,
    pub authorization_number: Option<String>,
    pub date: NaiveDate,
    pub warehouse_id: Option<i64>,
    pub category: Option<String>,
    pub subtotal: i64,
    pub discount: i64,
    pub iva: i64,
    pub total: i64,
    pub payment_method: String,
    pub bank_account_id: Option<i64>,
    pub turn_id: Option<i64>,
    pub user_id: i64,
    pub created_at: NaiveDateTime,
}

/// A line of a purchase: a product (merchandise) or a free text; `stock_cost` is the unit cost the
/// stock came in at (net of the line's discount), 0 without a product.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = purchase_lines)]
pub struct PurchaseLine {
    pub purchase_id: i64,
    pub product_id: Option<i64>,
    pub description: String,
    pub quantity: i64,
    pub unit_cost: i64,
    pub discount: i64,
    pub iva_code: String,
    pub net: i64,
    pub stock_cost: i64,
}

/// Filters of a purchases list besides the generic ones.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub kind: &'static str,
    pub supplier_id: Option<i64>,
}

type Query = crate::models::ListQuery<purchases::table, Purchase>;

const SORTS: &[crate::db::list::SortKey<Query>] = &[
    crate::db::list::SortKey::by::<purchases::date, purchases::id>("date"),
    crate::db::list::SortKey::by::<purchases::document_number, purchases::id>("documentNumber"),
    crate::db::list::SortKey::by::<purchases::total, purchases::id>("total"),
    crate::db::list::SortKey::by::<purchases::id, purchases::id>("createdAt"),
];

impl Purchase {
    /// One page of the company's purchases of a kind: search by document number, filter by
    /// supplier and date (`from`/`to`, the purchase's own date).
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        filter: &Filter,
        params: &ListParams,
    ) -> QueryResult<Page<Purchase>> {
        let filtered = || {
            let mut query: Query = purchases::table
                .select(Purchase::as_select())
                .filter(purchases::company_id.eq(company.get()))
                .filter(purchases::kind.eq(filter.kind))
                .into_boxed();
            if let Some(supplier) = filter.supplier_id {
                query = query.filter(purchases::supplier_id.eq(supplier));
            }
            if let Some(pattern) = params.search_pattern() {
                query = query.filter(
                    search_fold(purchases::document_number.assume_not_null())
                        .like(pattern)
                        .escape('\\'),
                );
            }
            if let Some(from) = params.from {
                query = query.filter(purchases::date.ge(from));
            }
            if let Some(to) = params.to {
                query = query.filter(purchases::date.le(to));
            }
            query
        };
        crate::db::list::paginate(conn, params, filtered, SORTS)
    }

    /// The company's purchase `id`.
    pub fn find(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<Option<Self>> {
        purchases::table
            .filter(purchases::company_id.eq(company.get()))
            .filter(purchases::id.eq(id))
            .select(Self::as_select())
            .first(conn)
            .optional()
    }

    /// The purchase registered with this idempotency key, if any.
    pub fn find_by_key(
        conn: &mut DbConnection,
        company: CompanyId,
        key: &str,
    ) -> QueryResult<Option<Self>> {
        purchases::table
            .filter(purchases::company_id.eq(company.get()))
            .filter(purchases::idempotency_key.eq(key))
            .select(Self::as_select())
            .first(conn)
            .optional()
    }

    /// Whether the supplier's document is already registered in an active purchase.
    pub fn document_taken(
        conn: &mut DbConnection,
        company: CompanyId,
        supplier: i64,
        number: &str,
    ) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            purchases::table
                .filter(purchases::company_id.eq(company.get()))
                .filter(purchases::supplier_id.eq(supplier))
                .filter(purchases::document_number.eq(number))
                .filter(purchases::cancelled.eq(false)),
        ))
        .get_result(conn)
    }

    /// Inserts a purchase and its lines; its id.
    pub fn insert(
        conn: &mut DbConnection,
        new: &NewPurchase,
        lines: &mut [PurchaseLine],
    ) -> QueryResult<i64> {
        let id: i64 = diesel::insert_into(purchases::table)
            .values(new)
            .returning(purchases::id)
            .get_result(conn)?;
        // One statement per line: the two-backend connection has no multi-row insert, and a
        // purchase has few lines.
        for line in lines.iter_mut() {
            line.purchase_id = id;
            diesel::insert_into(purchase_lines::table)
                .values(&*line)
                .execute(conn)?;
        }
        Ok(id)
    }

    /// The unit cost and the date of the last purchase (not cancelled) of `product_id` in the
    /// company: the newest by the purchase's own date, then by the order it was recorded in.
    pub fn last_cost(
        conn: &mut DbConnection,
        company: CompanyId,
        product_id: i64,
    ) -> QueryResult<Option<(i64, NaiveDate)>> {
        purchase_lines::table
            .inner_join(purchases::table)
            .filter(purchases::company_id.eq(company.get()))
            .filter(purchases::cancelled.eq(false))
            .filter(purchase_lines::product_id.eq(product_id))
            .order((purchases::date.desc(), purchase_lines::id.desc()))
            .select((purchase_lines::unit_cost, purchases::date))
            .first(conn)
            .optional()
    }

    /// The lines of these purchases of the company, in order (one query for a page).
    pub fn lines_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<PurchaseLine>> {
        purchase_lines::table
            .inner_join(purchases::table)
            .filter(purchases::company_id.eq(company.get()))
            .filter(purchase_lines::purchase_id.eq_any(ids.to_vec()))
            .order(purchase_lines::id.asc())
            .select(PurchaseLine::as_select())
            .load(conn)
    }

    /// Marks the company's purchase cancelled unless it already is: `false` when it was (the
    /// row's lock on PostgreSQL makes a second cancellation wait and then find it cancelled).
    pub fn mark_cancelled(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        reason: &str,
        by: i64,
        at: NaiveDateTime,
    ) -> QueryResult<bool> {
        let changed = diesel::update(
            purchases::table
                .filter(purchases::company_id.eq(company.get()))
                .filter(purchases::id.eq(id))
                .filter(purchases::cancelled.eq(false)),
        )
        .set((
            purchases::cancelled.eq(true),
            purchases::cancel_reason.eq(reason),
            purchases::cancelled_by.eq(by),
            purchases::cancelled_at.eq(at),
        ))
        .execute(conn)?;
        Ok(changed == 1)
    }
}

impl Purchase {
    /// Records where a paid purchase's money came from (a shift or a bank account).
    pub fn set_paid_from(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        turn: Option<i64>,
        bank_account: Option<i64>,
    ) -> QueryResult<usize> {
        diesel::update(
            purchases::table
                .filter(purchases::company_id.eq(company.get()))
                .filter(purchases::id.eq(id)),
        )
        .set((
            purchases::turn_id.eq(turn),
            purchases::bank_account_id.eq(bank_account),
        ))
        .execute(conn)
    }
}

impl Purchase {
    /// `(id, document number)` of these purchases of the company.
    pub fn numbers(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<(i64, Option<String>)>> {
        purchases::table
            .filter(purchases::company_id.eq(company.get()))
            .filter(purchases::id.eq_any(ids.to_vec()))
            .select((purchases::id, purchases::document_number))
            .load(conn)
    }
}
