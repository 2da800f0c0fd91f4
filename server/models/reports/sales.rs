//! The detail queries behind the sales report (the reference its summary is checked against,
//! `services::reports::sales::report_from_detail`; the report itself reads
//! `models::reports::summary`): one `GROUP BY` per source (sold lines or sale
//! headers, their kardex exits, credit-note lines or headers, their kardex returns), each over the
//! branch's documents of a UTC window, grouped by a key the caller picks from [`Key`].
//!
//! The key is a fixed SQL expression over the tables every query joins (`sales`, `products` for
//! line queries, `turns` left-joined), so one query per source serves every grouping. It is
//! always one of the constants of [`Key`], never text from a request. Sums are cast to BIGINT
//! (SUM of BIGINT is NUMERIC on PostgreSQL) so both backends load the same type.

use chrono::NaiveDateTime;
use diesel::dsl::{And, Eq, GtEq, Lt, Select, sql};
use diesel::expression::SqlLiteral;
use diesel::prelude::*;
use diesel::query_dsl::LoadQuery;
use diesel::query_dsl::methods;
use diesel::sql_types::{BigInt, Nullable};

use crate::db::DbConnection;
use crate::db::schema::{
    credit_note_lines, credit_notes, kardex, products, sale_lines, sales, turns,
};
use crate::models::CompanyId;

/// The documents a report covers: a branch's, created in `[from, to)` (UTC).
#[derive(Debug, Clone, Copy)]
pub struct Window {
    pub company: CompanyId,
    pub branch: i64,
    pub from: NaiveDateTime,
    pub to: NaiveDateTime,
}

/// `sales` of a window: company, branch, `created_at` in `[from, to)`.
type SalesIn = And<
    And<
        And<Eq<sales::company_id, i64>, Eq<sales::branch_office_id, i64>>,
        GtEq<sales::created_at, NaiveDateTime>,
    >,
    Lt<sales::created_at, NaiveDateTime>,
>;

/// `credit_notes` of a window, like [`SalesIn`].
type NotesIn = And<
    And<
        And<Eq<credit_notes::company_id, i64>, Eq<credit_notes::branch_office_id, i64>>,
        GtEq<credit_notes::created_at, NaiveDateTime>,
    >,
    Lt<credit_notes::created_at, NaiveDateTime>,
>;

impl Window {
    /// The filter of the window's sales (the one every sales query applies).
    fn sales(&self) -> SalesIn {
        sales::company_id
            .eq(self.company.get())
            .and(sales::branch_office_id.eq(self.branch))
            .and(sales::created_at.ge(self.from))
            .and(sales::created_at.lt(self.to))
    }

    /// The filter of the window's credit notes.
    fn notes(&self) -> NotesIn {
        credit_notes::company_id
            .eq(self.company.get())
            .and(credit_notes::branch_office_id.eq(self.branch))
            .and(credit_notes::created_at.ge(self.from))
            .and(credit_notes::created_at.lt(self.to))
    }
}

/// A grouping key as SQL over the joined tables (constants only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key(&'static str);

impl Key {
    pub const PRODUCT: Key = Key("products.id");
    pub const CATEGORY: Key = Key("COALESCE(products.category_id, 0)");
    pub const CASHIER: Key = Key("sales.user_id");
    pub const CLIENT: Key = Key("sales.client_id");
    /// Sales without a shift (credit only) fall under register 0.
    pub const REGISTER: Key = Key("COALESCE(turns.cash_register_id, 0)");
    /// One group per sale (the day and method groupings fold these in Rust).
    pub const SALE: Key = Key("sales.id");
    /// One group per credit note (returns only: the day grouping dates a return by its note).
    pub const NOTE: Key = Key("credit_notes.id");
}

/// One group of a source: key, sales counted (0 for returns), base, IVA.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sums {
    pub key: i64,
    pub count: i64,
    pub base: i64,
    pub iva: i64,
}

/// A group's cost from the kardex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cost {
    pub key: i64,
    pub cost: i64,
}

type Row = (i64, i64, Option<i64>, Option<i64>);

/// A nullable BIGINT sum (NULL over no rows).
type Total = SqlLiteral<Nullable<BigInt>>;

fn sums(rows: Vec<Row>) -> Vec<Sums> {
    rows.into_iter()
        .map(|(key, count, base, iva)| Sums {
            key,
            count,
            base: base.unwrap_or(0),
            iva: iva.unwrap_or(0),
        })
        .collect()
}

fn costs(rows: Vec<(i64, Option<i64>)>) -> Vec<Cost> {
    rows.into_iter()
        .map(|(key, cost)| Cost {
            key,
            cost: cost.unwrap_or(0),
        })
        .collect()
}

fn total(column: &str) -> Total {
    sql::<Nullable<BigInt>>(column)
}

/// Runs `query` grouped by `key`, selecting `columns` (the key first).
fn grouped<Q, S, R>(conn: &mut DbConnection, query: Q, key: Key, columns: S) -> QueryResult<Vec<R>>
where
    S: Expression,
    Q: methods::GroupByDsl<SqlLiteral<BigInt>>,
    Q::Output: methods::SelectDsl<S>,
    Select<Q::Output, S>: RunQueryDsl<DbConnection> + LoadQuery<'static, DbConnection, R>,
{
    methods::SelectDsl::select(query.group_by(sql::<BigInt>(key.0)), columns).load(conn)
}

/// The [`Sums`] per key of `query`: `count` the documents counted (SQL), `base` and `iva` the
/// columns summed (`CAST(SUM(…) AS BIGINT)`).
fn sums_by<Q>(
    conn: &mut DbConnection,
    query: Q,
    key: Key,
    count: &str,
    base: &str,
    iva: &str,
) -> QueryResult<Vec<Sums>>
where
    Q: methods::GroupByDsl<SqlLiteral<BigInt>>,
    Q::Output: methods::SelectDsl<(SqlLiteral<BigInt>, SqlLiteral<BigInt>, Total, Total)>,
    Select<Q::Output, (SqlLiteral<BigInt>, SqlLiteral<BigInt>, Total, Total)>:
        RunQueryDsl<DbConnection> + LoadQuery<'static, DbConnection, Row>,
{
    let columns = (
        sql::<BigInt>(key.0),
        sql::<BigInt>(count),
        total(&format!("CAST(SUM({base}) AS BIGINT)")),
        total(&format!("CAST(SUM({iva}) AS BIGINT)")),
    );
    Ok(sums(grouped(conn, query, key, columns)?))
}

/// The [`Cost`] per key of `query` (over `kardex`): the sum of its rows' `total_cost`.
fn costs_by<Q>(conn: &mut DbConnection, query: Q, key: Key) -> QueryResult<Vec<Cost>>
where
    Q: methods::GroupByDsl<SqlLiteral<BigInt>>,
    Q::Output: methods::SelectDsl<(SqlLiteral<BigInt>, Total)>,
    Select<Q::Output, (SqlLiteral<BigInt>, Total)>:
        RunQueryDsl<DbConnection> + LoadQuery<'static, DbConnection, (i64, Option<i64>)>,
{
    let columns = (
        sql::<BigInt>(key.0),
        total("CAST(SUM(kardex.total_cost) AS BIGINT)"),
    );
    Ok(costs(grouped(conn, query, key, columns)?))
}

/// Σ of the sold lines (base and IVA of each line) per key, with the sales counted once.
pub fn sold_lines(conn: &mut DbConnection, w: &Window, key: Key) -> QueryResult<Vec<Sums>> {
    let query = sale_lines::table
        .inner_join(sales::table.on(sales::id.eq(sale_lines::sale_id)))
        .inner_join(products::table.on(products::id.eq(sale_lines::product_id)))
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(w.sales());
    sums_by(
        conn,
        query,
        key,
        "COUNT(DISTINCT sales.id)",
        "sale_lines.net",
        "sale_lines.iva",
    )
}

/// Σ of the sale headers (subtotal and IVA as the document states them) per key.
pub fn sold_headers(conn: &mut DbConnection, w: &Window, key: Key) -> QueryResult<Vec<Sums>> {
    let query = sales::table
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(w.sales());
    sums_by(conn, query, key, "COUNT(*)", "sales.subtotal", "sales.iva")
}

/// Σ of the kardex exits of the window's sales (what the goods cost as they left) per key.
pub fn sale_costs(conn: &mut DbConnection, w: &Window, key: Key) -> QueryResult<Vec<Cost>> {
    // The products and the shifts are joined for the key.
    let query = kardex::table
        .inner_join(sales::table.on(sales::id.nullable().eq(kardex::document_id)))
        .inner_join(products::table.on(products::id.eq(kardex::product_id)))
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(kardex::company_id.eq(w.company.get()))
        .filter(kardex::document_type.eq("sale"))
        .filter(w.sales());
    costs_by(conn, query, key)
}

/// Σ of the credit-note lines of the window (notes dated in it) per key; the key reads the
/// original sale (a return counts where its sale counted).
pub fn returned_lines(conn: &mut DbConnection, w: &Window, key: Key) -> QueryResult<Vec<Sums>> {
    let query = credit_note_lines::table
        .inner_join(credit_notes::table.on(credit_notes::id.eq(credit_note_lines::credit_note_id)))
        .inner_join(sales::table.on(sales::id.eq(credit_notes::sale_id)))
        .inner_join(products::table.on(products::id.eq(credit_note_lines::product_id)))
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(w.notes());
    sums_by(
        conn,
        query,
        key,
        "CAST(0 AS BIGINT)",
        "credit_note_lines.net",
        "credit_note_lines.iva",
    )
}

/// Σ of the credit-note headers of the window per key (the key reads the original sale, or the
/// note itself with [`Key::NOTE`]).
pub fn returned_headers(conn: &mut DbConnection, w: &Window, key: Key) -> QueryResult<Vec<Sums>> {
    let query = credit_notes::table
        .inner_join(sales::table.on(sales::id.eq(credit_notes::sale_id)))
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(w.notes());
    sums_by(
        conn,
        query,
        key,
        "CAST(0 AS BIGINT)",
        "credit_notes.subtotal",
        "credit_notes.iva",
    )
}

/// Σ of the kardex entries of the window's credit notes (the goods back at the cost they left
/// with) per key.
pub fn return_costs(conn: &mut DbConnection, w: &Window, key: Key) -> QueryResult<Vec<Cost>> {
    // Through the note to its sale; the products and the shifts are joined for the key.
    let query = kardex::table
        .inner_join(credit_notes::table.on(credit_notes::id.nullable().eq(kardex::document_id)))
        .inner_join(sales::table.on(sales::id.eq(credit_notes::sale_id)))
        .inner_join(products::table.on(products::id.eq(kardex::product_id)))
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(kardex::company_id.eq(w.company.get()))
        .filter(kardex::document_type.eq("credit_note"))
        .filter(w.notes());
    costs_by(conn, query, key)
}

/// When each sale of the window was made: `(id, created_at)`.
pub fn sale_times(conn: &mut DbConnection, w: &Window) -> QueryResult<Vec<(i64, NaiveDateTime)>> {
    sales::table
        .filter(w.sales())
        .select((sales::id, sales::created_at))
        .load(conn)
}

/// The sale of each credit note of the window: `(note id, sale id)`.
pub fn note_sales(conn: &mut DbConnection, w: &Window) -> QueryResult<Vec<(i64, i64)>> {
    credit_notes::table
        .filter(w.notes())
        .select((credit_notes::id, credit_notes::sale_id))
        .load(conn)
}

/// How each credit note of the window paid its refund out: `(note id, method)` (`cash`, or
/// `credit`: the receivable lowered).
pub fn note_refunds(conn: &mut DbConnection, w: &Window) -> QueryResult<Vec<(i64, String)>> {
    credit_notes::table
        .filter(w.notes())
        .select((credit_notes::id, credit_notes::refund))
        .load(conn)
}

/// When each credit note of the window was made: `(id, created_at)`.
pub fn note_times(conn: &mut DbConnection, w: &Window) -> QueryResult<Vec<(i64, NaiveDateTime)>> {
    credit_notes::table
        .filter(w.notes())
        .select((credit_notes::id, credit_notes::created_at))
        .load(conn)
}

/// The payments of the company's sales among `ids`: `(sale id, method, amount)`.
pub fn payments_of(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<Vec<(i64, String, i64)>> {
    use crate::db::schema::sale_payments;
    let mut out = Vec::new();
    // Chunks keep the IN list within SQLite's parameter limit.
    for chunk in ids.chunks(5000) {
        out.extend(
            sale_payments::table
                .inner_join(sales::table)
                .filter(sales::company_id.eq(company.get()))
                .filter(sale_payments::sale_id.eq_any(chunk.to_vec()))
                .select((
                    sale_payments::sale_id,
                    sale_payments::method,
                    sale_payments::amount,
                ))
                .load::<(i64, String, i64)>(conn)?,
        );
    }
    Ok(out)
}

/// Per product: the last time the branch sold it (`None`: never), for the active products.
pub fn last_sold(
    conn: &mut DbConnection,
    company: CompanyId,
    branch: i64,
) -> QueryResult<Vec<(i64, Option<NaiveDateTime>)>> {
    let sold: Vec<(i64, Option<NaiveDateTime>)> = sale_lines::table
        .inner_join(sales::table.on(sales::id.eq(sale_lines::sale_id)))
        .filter(sales::company_id.eq(company.get()))
        .filter(sales::branch_office_id.eq(branch))
        .group_by(sale_lines::product_id)
        .select((sale_lines::product_id, diesel::dsl::max(sales::created_at)))
        .load(conn)?;
    let last: std::collections::HashMap<i64, Option<NaiveDateTime>> = sold.into_iter().collect();
    let active: Vec<i64> = products::table
        .filter(products::company_id.eq(company.get()))
        .filter(products::active.eq(true))
        .select(products::id)
        .load(conn)?;
    Ok(active
        .into_iter()
        .map(|id| (id, last.get(&id).copied().flatten()))
        .collect())
}

/// How many sales the window holds.
pub fn count_sales(conn: &mut DbConnection, w: &Window) -> QueryResult<i64> {
    sales::table.filter(w.sales()).count().get_result(conn)
}
