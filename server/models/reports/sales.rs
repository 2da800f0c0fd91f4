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
use diesel::dsl::{And, Eq, GtEq, Lt, sql};
use diesel::prelude::*;
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

fn total(column: &'static str) -> diesel::expression::SqlLiteral<Nullable<BigInt>> {
    sql::<Nullable<BigInt>>(column)
}

/// Σ of the sold lines (base and IVA of each line) per key, with the sales counted once.
pub fn sold_lines(conn: &mut DbConnection, w: &Window, key: Key) -> QueryResult<Vec<Sums>> {
    let rows: Vec<Row> = sale_lines::table
        .inner_join(sales::table.on(sales::id.eq(sale_lines::sale_id)))
        .inner_join(products::table.on(products::id.eq(sale_lines::product_id)))
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(w.sales())
        .group_by(sql::<BigInt>(key.0))
        .select((
            sql::<BigInt>(key.0),
            sql::<BigInt>("COUNT(DISTINCT sales.id)"),
            total("CAST(SUM(sale_lines.net) AS BIGINT)"),
            total("CAST(SUM(sale_lines.iva) AS BIGINT)"),
        ))
        .load(conn)?;
    Ok(sums(rows))
}

/// Σ of the sale headers (subtotal and IVA as the document states them) per key.
pub fn sold_headers(conn: &mut DbConnection, w: &Window, key: Key) -> QueryResult<Vec<Sums>> {
    let rows: Vec<Row> = sales::table
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(w.sales())
        .group_by(sql::<BigInt>(key.0))
        .select((
            sql::<BigInt>(key.0),
            sql::<BigInt>("COUNT(*)"),
            total("CAST(SUM(sales.subtotal) AS BIGINT)"),
            total("CAST(SUM(sales.iva) AS BIGINT)"),
        ))
        .load(conn)?;
    Ok(sums(rows))
}

/// Σ of the kardex exits of the window's sales (what the goods cost as they left) per key.
pub fn sale_costs(conn: &mut DbConnection, w: &Window, key: Key) -> QueryResult<Vec<Cost>> {
    let rows: Vec<(i64, Option<i64>)> = kardex::table
        .inner_join(sales::table.on(sales::id.nullable().eq(kardex::document_id)))
        .inner_join(products::table.on(products::id.eq(kardex::product_id)))
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(kardex::company_id.eq(w.company.get()))
        .filter(kardex::document_type.eq("sale"))
        .filter(w.sales())
        .group_by(sql::<BigInt>(key.0))
        .select((
            sql::<BigInt>(key.0),
            total("CAST(SUM(kardex.total_cost) AS BIGINT)"),
        ))
        .load(conn)?;
    Ok(costs(rows))
}

/// Σ of the credit-note lines of the window (notes dated in it) per key; the key reads the
/// original sale (a return counts where its sale counted).
pub fn returned_lines(conn: &mut DbConnection, w: &Window, key: Key) -> QueryResult<Vec<Sums>> {
    let rows: Vec<Row> = credit_note_lines::table
        .inner_join(credit_notes::table.on(credit_notes::id.eq(credit_note_lines::credit_note_id)))
        .inner_join(sales::table.on(sales::id.eq(credit_notes::sale_id)))
        .inner_join(products::table.on(products::id.eq(credit_note_lines::product_id)))
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(w.notes())
        .group_by(sql::<BigInt>(key.0))
        .select((
            sql::<BigInt>(key.0),
            sql::<BigInt>("CAST(0 AS BIGINT)"),
            total("CAST(SUM(credit_note_lines.net) AS BIGINT)"),
            total("CAST(SUM(credit_note_lines.iva) AS BIGINT)"),
        ))
        .load(conn)?;
    Ok(sums(rows))
}

/// Σ of the credit-note headers of the window per key (the key reads the original sale, or the
/// note itself with [`Key::NOTE`]).
pub fn returned_headers(conn: &mut DbConnection, w: &Window, key: Key) -> QueryResult<Vec<Sums>> {
    let rows: Vec<Row> = credit_notes::table
        .inner_join(sales::table.on(sales::id.eq(credit_notes::sale_id)))
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(w.notes())
        .group_by(sql::<BigInt>(key.0))
        .select((
            sql::<BigInt>(key.0),
            sql::<BigInt>("CAST(0 AS BIGINT)"),
            total("CAST(SUM(credit_notes.subtotal) AS BIGINT)"),
            total("CAST(SUM(credit_notes.iva) AS BIGINT)"),
        ))
        .load(conn)?;
    Ok(sums(rows))
}

/// Σ of the kardex entries of the window's credit notes (the goods back at the cost they left
/// with) per key.
pub fn return_costs(conn: &mut DbConnection, w: &Window, key: Key) -> QueryResult<Vec<Cost>> {
    let rows: Vec<(i64, Option<i64>)> = kardex::table
        .inner_join(credit_notes::table.on(credit_notes::id.nullable().eq(kardex::document_id)))
        .inner_join(sales::table.on(sales::id.eq(credit_notes::sale_id)))
        .inner_join(products::table.on(products::id.eq(kardex::product_id)))
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(kardex::company_id.eq(w.company.get()))
        .filter(kardex::document_type.eq("credit_note"))
        .filter(w.notes())
        .group_by(sql::<BigInt>(key.0))
        .select((
            sql::<BigInt>(key.0),
            total("CAST(SUM(kardex.total_cost) AS BIGINT)"),
        ))
        .load(conn)?;
    Ok(costs(rows))
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
