//! `collection_receipts` and `collection_allocations`: a collection (cobro) with its number, the
//! money and how much of it (plus the client's earlier credit) went to each receivable. A receipt
//! is never deleted; a reversal marks it.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::{collection_allocations, collection_receipts};
use crate::models::CompanyId;

/// A receipt row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = collection_receipts)]
pub struct Receipt {
    pub id: i64,
    pub company_id: i64,
    pub number: i64,
    pub idempotency_key: String,
    pub client_id: i64,
    pub user_id: i64,
    pub method: String,
    pub amount: i64,
    pub applied: i64,
    pub bank_account_id: Option<i64>,
    pub reference: Option<String>,
    pub turn_id: Option<i64>,
    pub created_at: NaiveDateTime,
    pub reversed_at: Option<NaiveDateTime>,
    pub reversed_by: Option<i64>,
    pub reversal_reason: Option<String>,
}

/// A receipt to insert.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = collection_receipts)]
pub struct NewReceipt<'a> {
    pub company_id: i64,
    pub number: i64,
    pub idempotency_key: &'a str,
    pub client_id: i64,
    pub user_id: i64,
    pub method: &'a str,
    pub amount: i64,
    pub applied: i64,
    pub bank_account_id: Option<i64>,
    pub reference: Option<&'a str>,
    pub turn_id: Option<i64>,
    pub created_at: NaiveDateTime,
}

/// An allocation row: `amount` of receipt `receipt_id` went to receivable `receivable_id`.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = collection_allocations)]
pub struct Allocation {
    pub id: i64,
    pub company_id: i64,
    pub receipt_id: i64,
    pub receivable_id: i64,
    pub amount: i64,
}

impl Receipt {
    /// Inserts a receipt; answers its id.
    pub fn insert(conn: &mut DbConnection, new: &NewReceipt) -> QueryResult<i64> {
        diesel::insert_into(collection_receipts::table)
            .values(new)
            .returning(collection_receipts::id)
            .get_result(conn)
    }

    /// Inserts the allocations of receipt `receipt`: `(receivable id, amount)`.
    pub fn insert_allocations(
        conn: &mut DbConnection,
        company: CompanyId,
        receipt: i64,
        rows: &[(i64, i64)],
    ) -> QueryResult<usize> {
        let mut inserted = 0;
        for (receivable, amount) in rows {
            inserted += diesel::insert_into(collection_allocations::table)
                .values((
                    collection_allocations::company_id.eq(company.get()),
                    collection_allocations::receipt_id.eq(receipt),
                    collection_allocations::receivable_id.eq(*receivable),
                    collection_allocations::amount.eq(*amount),
                ))
                .execute(conn)?;
        }
        Ok(inserted)
    }

    /// The receipt `id` of the company.
    pub fn find(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<Option<Self>> {
        crate::company_row!(collection_receipts, company, id)
            .select(Self::as_select())
            .first(conn)
            .optional()
    }

    /// The receipt registered with idempotency key `key`.
    pub fn find_by_key(
        conn: &mut DbConnection,
        company: CompanyId,
        key: &str,
    ) -> QueryResult<Option<Self>> {
        collection_receipts::table
            .filter(collection_receipts::company_id.eq(company.get()))
            .filter(collection_receipts::idempotency_key.eq(key))
            .select(Self::as_select())
            .first(conn)
            .optional()
    }

    /// Allocations of receipts `ids`, in order.
    pub fn allocations_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<Allocation>> {
        collection_allocations::table
            .filter(collection_allocations::company_id.eq(company.get()))
            .filter(collection_allocations::receipt_id.eq_any(ids.to_vec()))
            .order(collection_allocations::id.asc())
            .select(Allocation::as_select())
            .load(conn)
    }

    /// Allocations to receivable `receivable`, with their receipts, oldest first.
    pub fn payments_of(
        conn: &mut DbConnection,
        company: CompanyId,
        receivable: i64,
    ) -> QueryResult<Vec<(Allocation, Receipt)>> {
        collection_allocations::table
            .inner_join(collection_receipts::table)
            .filter(collection_allocations::company_id.eq(company.get()))
            .filter(collection_allocations::receivable_id.eq(receivable))
            .order(collection_allocations::id.asc())
            .select((Allocation::as_select(), Receipt::as_select()))
            .load(conn)
    }

    /// The client's credit (saldo a favor): Σ (amount − applied) over receipts not reversed.
    pub fn client_credit(
        conn: &mut DbConnection,
        company: CompanyId,
        client: i64,
    ) -> QueryResult<i64> {
        let rows: Vec<(i64, i64)> = collection_receipts::table
            .filter(collection_receipts::company_id.eq(company.get()))
            .filter(collection_receipts::client_id.eq(client))
            .filter(collection_receipts::reversed_at.is_null())
            .select((collection_receipts::amount, collection_receipts::applied))
            .load(conn)?;
        Ok(rows.iter().map(|(a, b)| a - b).sum())
    }

    /// Every receipt of the client (reversed ones too), oldest first.
    pub fn of_client(
        conn: &mut DbConnection,
        company: CompanyId,
        client: i64,
    ) -> QueryResult<Vec<Self>> {
        collection_receipts::table
            .filter(collection_receipts::company_id.eq(company.get()))
            .filter(collection_receipts::client_id.eq(client))
            .order(collection_receipts::id.asc())
            .select(Self::as_select())
            .load(conn)
    }

    /// Marks the receipt reversed; answers 1, or 0 when it already was.
    pub fn mark_reversed(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        by: i64,
        reason: &str,
        at: NaiveDateTime,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(collection_receipts, company, id))
            .filter(collection_receipts::reversed_at.is_null())
            .set((
                collection_receipts::reversed_at.eq(Some(at)),
                collection_receipts::reversed_by.eq(Some(by)),
                collection_receipts::reversal_reason.eq(Some(reason)),
            ))
            .execute(conn)
    }

    /// Sum of the allocations of each receivable of `ids` from receipts not reversed.
    pub fn paid_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<HashMap<i64, i64>> {
        let rows: Vec<(i64, i64)> = collection_allocations::table
            .inner_join(collection_receipts::table)
            .filter(collection_allocations::company_id.eq(company.get()))
            .filter(collection_allocations::receivable_id.eq_any(ids.to_vec()))
            .filter(collection_receipts::reversed_at.is_null())
            .select((
                collection_allocations::receivable_id,
                collection_allocations::amount,
            ))
            .load(conn)?;
        let mut paid = HashMap::new();
        for (id, amount) in rows {
            *paid.entry(id).or_insert(0) += amount;
        }
        Ok(paid)
    }
}
