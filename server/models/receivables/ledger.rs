//! Reads over receivables for the area's screens: the list with its filters (client, status,
//! overdue), the open balances of the aging report, and a client's movements for the account
//! statement (charges, collections, their reversals and credit notes on credit).

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page, SortKey, paginate};
use crate::db::schema::{clients, collection_receipts, credit_notes, receivables, sales};
use crate::domain::states::ReceivableStatus;
use crate::models::CompanyId;
use crate::models::sales::receivable::Receivable;

/// A receivable with its client's name and its sale's number and date.
#[derive(Debug, Clone, Queryable, Selectable)]
pub struct ReceivableRow {
    #[diesel(embed)]
    pub receivable: Receivable,
    #[diesel(select_expression = clients::name, select_expression_type = clients::name)]
    pub client_name: String,
    #[diesel(select_expression = sales::number, select_expression_type = sales::number)]
    pub document: String,
    #[diesel(select_expression = sales::created_at, select_expression_type = sales::created_at)]
    pub issued_at: NaiveDateTime,
}

/// Status of a receivable on `today`: pagada, vencida, parcial or pendiente.
pub fn status(r: &Receivable, today: NaiveDate) -> ReceivableStatus {
    if r.balance == 0 {
        ReceivableStatus::Pagada
    } else if r.due_date < today {
        ReceivableStatus::Vencida
    } else if r.balance < r.amount {
        ReceivableStatus::Parcial
    } else {
        ReceivableStatus::Pendiente
    }
}

/// Filters of the receivables list.
#[derive(Debug, Clone, Default)]
pub struct Filters {
    pub client_id: Option<i64>,
    pub status: Option<String>,
    pub overdue: bool,
    /// The company's today (what «vencida» is measured against).
    pub today: NaiveDate,
}

type Source = diesel::dsl::InnerJoin<
    diesel::dsl::InnerJoin<receivables::table, clients::table>,
    sales::table,
>;
type Query = crate::models::ListQuery<Source, ReceivableRow>;

const SORTS: &[SortKey<Query>] = &[
    SortKey::by::<receivables::due_date, receivables::id>("dueDate"),
    SortKey::by::<receivables::id, receivables::id>("date"),
    SortKey::by::<receivables::balance, receivables::id>("balance"),
    SortKey::by::<receivables::amount, receivables::id>("amount"),
    SortKey::by::<clients::name, receivables::id>("client"),
];

fn base(company: CompanyId) -> Query {
    receivables::table
        .inner_join(clients::table)
        .inner_join(sales::table)
        .select(ReceivableRow::as_select())
        .filter(receivables::company_id.eq(company.get()))
        .into_boxed()
}

/// One page of the company's receivables (search: client or document number).
pub fn list(
    conn: &mut DbConnection,
    company: CompanyId,
    filters: &Filters,
    params: &ListParams,
) -> QueryResult<Page<ReceivableRow>> {
    let today = filters.today;
    let filtered = || {
        let mut query = base(company);
        if let Some(client) = filters.client_id {
            query = query.filter(receivables::client_id.eq(client));
        }
        if filters.overdue {
            query = query
                .filter(receivables::balance.gt(0))
                .filter(receivables::due_date.lt(today));
        }
        query = match filters.status.as_deref() {
            Some("pagada") => query.filter(receivables::balance.eq(0)),
            Some("vencida") => query
                .filter(receivables::balance.gt(0))
                .filter(receivables::due_date.lt(today)),
            Some("parcial") => query
                .filter(receivables::balance.gt(0))
                .filter(receivables::balance.lt(receivables::amount))
                .filter(receivables::due_date.ge(today)),
            Some("pendiente") => query
                .filter(receivables::balance.gt(0))
                .filter(receivables::balance.eq(receivables::amount))
                .filter(receivables::due_date.ge(today)),
            _ => query,
        };
        if let Some(pattern) = params.search_pattern() {
            query = query.filter(
                crate::db::search::search_fold(clients::name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(sales::number.like(pattern).escape('\\')),
            );
        }
        query
    };
    paginate(conn, params, filtered, SORTS)
}

/// The receivable `id` of the company with its client and sale.
pub fn find(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
) -> QueryResult<Option<ReceivableRow>> {
    base(company)
        .filter(receivables::id.eq(id))
        .first(conn)
        .optional()
}

/// Receivables `ids` of the company with their client and sale.
pub fn find_many(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<Vec<ReceivableRow>> {
    base(company)
        .filter(receivables::id.eq_any(ids.to_vec()))
        .load(conn)
}

/// Every open receivable (balance > 0) of the company, or of one client, oldest first.
pub fn open(
    conn: &mut DbConnection,
    company: CompanyId,
    client: Option<i64>,
) -> QueryResult<Vec<ReceivableRow>> {
    let mut query = base(company).filter(receivables::balance.gt(0));
    if let Some(client) = client {
        query = query.filter(receivables::client_id.eq(client));
    }
    query.order(receivables::id.asc()).load(conn)
}

/// Every receivable of a client up to `until` (its sale's time), oldest first: the charges of
/// the statement.
pub fn charges(
    conn: &mut DbConnection,
    company: CompanyId,
    client: i64,
    until: NaiveDateTime,
) -> QueryResult<Vec<ReceivableRow>> {
    base(company)
        .filter(receivables::client_id.eq(client))
        .filter(sales::created_at.lt(until))
        .order(receivables::id.asc())
        .load(conn)
}

/// Credit notes that lowered a receivable of the client (refund `credit`) up to `until`:
/// `(number, total, created_at)`.
pub fn credit_notes(
    conn: &mut DbConnection,
    company: CompanyId,
    client: i64,
    until: NaiveDateTime,
) -> QueryResult<Vec<(String, i64, NaiveDateTime)>> {
    credit_notes::table
        .filter(credit_notes::company_id.eq(company.get()))
        .filter(credit_notes::client_id.eq(client))
        .filter(credit_notes::refund.eq("credit"))
        .filter(credit_notes::created_at.lt(until))
        .order(credit_notes::id.asc())
        .select((
            credit_notes::number,
            credit_notes::total,
            credit_notes::created_at,
        ))
        .load(conn)
}

/// A receipt of [`receipts`]: `(number, amount, created_at, reversed_at)`.
pub type ReceiptRow = (i64, i64, NaiveDateTime, Option<NaiveDateTime>);

/// Receipts of the client created before `until`: `(number, amount, created_at, reversed_at)`.
pub fn receipts(
    conn: &mut DbConnection,
    company: CompanyId,
    client: i64,
    until: NaiveDateTime,
) -> QueryResult<Vec<ReceiptRow>> {
    collection_receipts::table
        .filter(collection_receipts::company_id.eq(company.get()))
        .filter(collection_receipts::client_id.eq(client))
        .filter(collection_receipts::created_at.lt(until))
        .order(collection_receipts::id.asc())
        .select((
            collection_receipts::number,
            collection_receipts::amount,
            collection_receipts::created_at,
            collection_receipts::reversed_at,
        ))
        .load(conn)
}

/// Clients with at least one receivable, by name: `(id, name)`.
pub fn clients_with_receivables(
    conn: &mut DbConnection,
    company: CompanyId,
) -> QueryResult<Vec<(i64, String)>> {
    receivables::table
        .inner_join(clients::table)
        .filter(receivables::company_id.eq(company.get()))
        .select((clients::id, clients::name))
        .distinct()
        .order((clients::name.asc(), clients::id.asc()))
        .load(conn)
}
