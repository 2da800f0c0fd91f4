//! The sales report's summary tables (`report_sales`, `report_products`, `report_methods`):
//! adding a document's amounts to them, and reading their sums over a range of local days; plus
//! the reads of the documents those amounts come from (headers, lines, kardex costs, payments of
//! a set of sales or credit notes). The rules of what goes where live in
//! `services::reports::summary`.
//!
//! Rows are added with `INSERT … ON CONFLICT DO UPDATE SET x = x + excluded.x` in the order of
//! their keys, so two transactions adding to the same rows take their locks in the same order.

use chrono::NaiveDate;
use diesel::dsl::{self, sql};
use diesel::expression::Expression;
use diesel::prelude::*;
use diesel::query_dsl::LoadQuery;
use diesel::query_dsl::methods;
use diesel::sql_types::{BigInt, Nullable};
use diesel::upsert::excluded;

use crate::db::DbConnection;
use crate::db::batch::Batch;
use crate::db::schema::{
    credit_note_lines, credit_notes, kardex, products, report_methods, report_products,
    report_sales, sale_lines, sale_payments, sales, turns,
};
use crate::models::CompanyId;

/// Loads `query` for the documents `ids` by `column`: by `=` for one document (a sale or credit
/// note being written, which PostgreSQL then answers from its index whatever its statistics say;
/// SQLite also keeps the statement prepared, where an `IN` list of binds is parsed again each
/// time) and by `IN` for a batch of [`rebuild`](crate::services::reports::summary::rebuild).
fn load_documents<'a, Q, C, One, Many, T>(
    conn: &mut DbConnection,
    ids: &'a [i64],
    column: C,
    query: Q,
) -> QueryResult<Vec<T>>
where
    C: Expression<SqlType = BigInt>,
    Q: methods::FilterDsl<dsl::Eq<C, i64>, Output = One>,
    Q: methods::FilterDsl<dsl::EqAny<C, &'a [i64]>, Output = Many>,
    One: LoadQuery<'a, DbConnection, T> + RunQueryDsl<DbConnection>,
    Many: LoadQuery<'a, DbConnection, T> + RunQueryDsl<DbConnection>,
{
    // `FilterDsl::filter`, not `QueryDsl::filter`: `Q` is only known to be filterable.
    match ids {
        [one] => methods::FilterDsl::filter(query, column.eq(*one)).load(conn),
        many => methods::FilterDsl::filter(query, column.eq_any(many)).load(conn),
    }
}

/// A row of `report_sales`: per day, cashier, register and client.
#[derive(Debug, Clone, PartialEq, Eq, Insertable)]
#[diesel(table_name = report_sales)]
pub struct HeaderRow {
    pub company_id: i64,
    pub branch_office_id: i64,
    pub day: NaiveDate,
    pub user_id: i64,
    pub register_id: i64,
    pub client_id: i64,
    pub sales: i64,
    pub base: i64,
    pub iva: i64,
    pub cost: i64,
}

/// A row of `report_products`: per day and product (with its category).
#[derive(Debug, Clone, PartialEq, Eq, Insertable)]
#[diesel(table_name = report_products)]
pub struct ProductRow {
    pub company_id: i64,
    pub branch_office_id: i64,
    pub day: NaiveDate,
    pub product_id: i64,
    pub category_id: i64,
    pub sales: i64,
    pub category_sales: i64,
    pub base: i64,
    pub iva: i64,
    pub cost: i64,
    /// Units sold less units returned, in millionths.
    pub units: i64,
}

/// A row of `report_methods`: per day and payment method.
#[derive(Debug, Clone, PartialEq, Eq, Insertable)]
#[diesel(table_name = report_methods)]
pub struct MethodRow {
    pub company_id: i64,
    pub branch_office_id: i64,
    pub day: NaiveDate,
    pub method: String,
    pub sales: i64,
    pub base: i64,
    pub iva: i64,
    pub cost: i64,
}

// The three summary tables are added to the same way and differ only in their key and their
// sums: `rows` (sorted by key by the caller) become a write of the batch (nothing when there are
// none), on PostgreSQL one `unnest_insert!` with `ON CONFLICT (key) DO UPDATE SET sum = table.sum
// + excluded.sum`, on SQLite the same upsert per row.

/// Adds `rows` (sorted by key by the caller) to `report_sales`.
pub fn add_headers(batch: &mut Batch<'_, '_>, rows: &[HeaderRow]) -> QueryResult<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let tail = " ON CONFLICT (company_id, branch_office_id, day, user_id, register_id, client_id) DO UPDATE SET sales = report_sales.sales + excluded.sales, base = report_sales.base + excluded.base, iva = report_sales.iva + excluded.iva, cost = report_sales.cost + excluded.cost";
    batch.add(
        || crate::unnest_insert!(report_sales, rows, [company_id, branch_office_id, day, user_id, register_id, client_id, sales, base, iva, cost], tail: tail),
        rows.iter().map(|r| {
            diesel::insert_into(report_sales::table)
                .values(r)
                .on_conflict((report_sales::company_id, report_sales::branch_office_id, report_sales::day, report_sales::user_id, report_sales::register_id, report_sales::client_id))
                .do_update()
                .set((report_sales::sales.eq(report_sales::sales + excluded(report_sales::sales)), report_sales::base.eq(report_sales::base + excluded(report_sales::base)), report_sales::iva.eq(report_sales::iva + excluded(report_sales::iva)), report_sales::cost.eq(report_sales::cost + excluded(report_sales::cost))))
        }),
    )?;
    Ok(())
}

/// Adds `rows` (sorted by key by the caller) to `report_products`.
pub fn add_products(batch: &mut Batch<'_, '_>, rows: &[ProductRow]) -> QueryResult<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let tail = " ON CONFLICT (company_id, branch_office_id, day, product_id, category_id) DO UPDATE SET sales = report_products.sales + excluded.sales, category_sales = report_products.category_sales + excluded.category_sales, base = report_products.base + excluded.base, iva = report_products.iva + excluded.iva, cost = report_products.cost + excluded.cost, units = report_products.units + excluded.units";
    batch.add(
        || crate::unnest_insert!(report_products, rows, [company_id, branch_office_id, day, product_id, category_id, sales, category_sales, base, iva, cost, units], tail: tail),
        rows.iter().map(|r| {
            diesel::insert_into(report_products::table)
                .values(r)
                .on_conflict((report_products::company_id, report_products::branch_office_id, report_products::day, report_products::product_id, report_products::category_id))
                .do_update()
                .set((report_products::sales.eq(report_products::sales + excluded(report_products::sales)), report_products::category_sales.eq(report_products::category_sales + excluded(report_products::category_sales)), report_products::base.eq(report_products::base + excluded(report_products::base)), report_products::iva.eq(report_products::iva + excluded(report_products::iva)), report_products::cost.eq(report_products::cost + excluded(report_products::cost)), report_products::units.eq(report_products::units + excluded(report_products::units))))
        }),
    )?;
    Ok(())
}

/// Adds `rows` (sorted by key by the caller) to `report_methods`.
pub fn add_methods(batch: &mut Batch<'_, '_>, rows: &[MethodRow]) -> QueryResult<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let tail = " ON CONFLICT (company_id, branch_office_id, day, method) DO UPDATE SET sales = report_methods.sales + excluded.sales, base = report_methods.base + excluded.base, iva = report_methods.iva + excluded.iva, cost = report_methods.cost + excluded.cost";
    batch.add(
        || crate::unnest_insert!(report_methods, rows, [company_id, branch_office_id, day, method, sales, base, iva, cost], tail: tail),
        rows.iter().map(|r| {
            diesel::insert_into(report_methods::table)
                .values(r)
                .on_conflict((report_methods::company_id, report_methods::branch_office_id, report_methods::day, report_methods::method))
                .do_update()
                .set((report_methods::sales.eq(report_methods::sales + excluded(report_methods::sales)), report_methods::base.eq(report_methods::base + excluded(report_methods::base)), report_methods::iva.eq(report_methods::iva + excluded(report_methods::iva)), report_methods::cost.eq(report_methods::cost + excluded(report_methods::cost))))
        }),
    )?;
    Ok(())
}

/// Deletes the company's summary rows (before summing its documents again).
pub fn clear(conn: &mut DbConnection, company: CompanyId) -> QueryResult<()> {
    let c = company.get();
    diesel::delete(report_sales::table.filter(report_sales::company_id.eq(c))).execute(conn)?;
    diesel::delete(report_products::table.filter(report_products::company_id.eq(c)))
        .execute(conn)?;
    diesel::delete(report_methods::table.filter(report_methods::company_id.eq(c))).execute(conn)?;
    Ok(())
}

/// Whether some sale exists that no summary row counts: the summary was never built (the
/// database is older than the summary).
pub fn missing(conn: &mut DbConnection) -> QueryResult<bool> {
    let any_sale: bool =
        diesel::select(diesel::dsl::exists(sales::table.select(sales::id))).get_result(conn)?;
    if !any_sale {
        return Ok(false);
    }
    let any_row: bool = diesel::select(diesel::dsl::exists(
        report_sales::table.select(report_sales::company_id),
    ))
    .get_result(conn)?;
    Ok(!any_row)
}

// ---- The documents the summary adds up --------------------------------------------------

/// A document's header as the summary reads it: the sale's (for a credit note, the sale's
/// cashier, register and client with the note's branch, time and amounts).
#[derive(Debug, Clone, Queryable)]
pub struct Header {
    pub id: i64,
    pub sale_id: i64,
    pub branch: i64,
    pub at: chrono::NaiveDateTime,
    pub user_id: i64,
    pub register_id: Option<i64>,
    pub client_id: i64,
    pub base: i64,
    pub iva: i64,
}

/// The company's sales among `ids`.
pub fn sale_headers(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<Vec<Header>> {
    let query = sales::table
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(sales::company_id.eq(company.get()))
        .select((
            sales::id,
            sales::id,
            sales::branch_office_id,
            sales::created_at,
            sales::user_id,
            turns::cash_register_id.nullable(),
            sales::client_id,
            sales::subtotal,
            sales::iva,
        ));
    load_documents(conn, ids, sales::id, query)
}

/// The company's credit notes among `ids`, with their sales' cashier, register and client.
pub fn note_headers(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<Vec<Header>> {
    let query = credit_notes::table
        .inner_join(sales::table.on(sales::id.eq(credit_notes::sale_id)))
        .left_join(turns::table.on(turns::id.nullable().eq(sales::turn_id)))
        .filter(credit_notes::company_id.eq(company.get()))
        .filter(sales::company_id.eq(company.get()))
        .select((
            credit_notes::id,
            sales::id,
            credit_notes::branch_office_id,
            credit_notes::created_at,
            sales::user_id,
            turns::cash_register_id.nullable(),
            sales::client_id,
            credit_notes::subtotal,
            credit_notes::iva,
        ));
    load_documents(conn, ids, credit_notes::id, query)
}

/// How the company's credit notes among `ids` paid their refund out: `(note, method, total)`,
/// the method as the sales' payments name it (`cash`, or `credit`: the receivable lowered).
pub fn note_refunds(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<Vec<(i64, String, i64)>> {
    let query = credit_notes::table
        .filter(credit_notes::company_id.eq(company.get()))
        .select((credit_notes::id, credit_notes::refund, credit_notes::total));
    load_documents(conn, ids, credit_notes::id, query)
}

/// A line as the summary adds it up.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct LineSums {
    pub document: i64,
    pub product: i64,
    pub category: Option<i64>,
    pub net: i64,
    pub iva: i64,
    /// Units, in millionths.
    pub quantity: i64,
    /// What one unit cost as it left (a recipe: its ingredients), in millionths; 0 on a
    /// credit note's line.
    pub unit_cost: i64,
}

/// The lines of the sales `ids` (of the company's sales, read through the headers). The headers
/// are picked by primary key, so PostgreSQL starts from them whatever its statistics say
/// (picked by their lines, without statistics it read every sale of the company for each sale
/// written: a sale's transaction grew with the table).
pub fn sale_lines_of(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<Vec<LineSums>> {
    let query = sale_lines::table
        .inner_join(sales::table.on(sales::id.eq(sale_lines::sale_id)))
        .inner_join(products::table.on(products::id.eq(sale_lines::product_id)))
        .filter(sales::company_id.eq(company.get()))
        .select((
            sale_lines::sale_id,
            sale_lines::product_id,
            products::category_id,
            sale_lines::net,
            sale_lines::iva,
            sale_lines::quantity,
            sale_lines::unit_cost,
        ));
    load_documents(conn, ids, sales::id, query)
}

/// The lines of the credit notes `ids`.
pub fn note_lines_of(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<Vec<LineSums>> {
    let query = credit_note_lines::table
        .inner_join(credit_notes::table.on(credit_notes::id.eq(credit_note_lines::credit_note_id)))
        .inner_join(products::table.on(products::id.eq(credit_note_lines::product_id)))
        .filter(credit_notes::company_id.eq(company.get()))
        .select((
            credit_note_lines::credit_note_id,
            credit_note_lines::product_id,
            products::category_id,
            credit_note_lines::net,
            credit_note_lines::iva,
            credit_note_lines::quantity,
            0_i64.into_sql::<diesel::sql_types::BigInt>(),
        ));
    load_documents(conn, ids, credit_notes::id, query)
}

/// `kardex.movement_type` of an ingredient a recipe consumed.
const CONSUMPTION: &str = "consumption";

/// `(document, product, category, total cost, a recipe's ingredient consumed)` of a kardex row.
pub type CostRow = (i64, i64, Option<i64>, i64, bool);

/// `(document, product, category, total cost)` of each kardex row of the documents `ids` of
/// `doc_type` (`sale`: exits; `credit_note`: returns).
pub fn kardex_costs(
    conn: &mut DbConnection,
    company: CompanyId,
    doc_type: &str,
    ids: &[i64],
) -> QueryResult<Vec<CostRow>> {
    let query = kardex::table
        .inner_join(products::table.on(products::id.eq(kardex::product_id)))
        .filter(kardex::company_id.eq(company.get()))
        .filter(kardex::document_type.eq(doc_type))
        .select((
            kardex::document_id,
            kardex::product_id,
            products::category_id,
            kardex::total_cost,
            kardex::movement_type,
        ));
    // By `=`, PostgreSQL seeks the three columns of `kardex_document`; with `= ANY` and no
    // statistics yet it scanned every exit of the company for each sale.
    // `(document, product, category, total cost, movement type)`.
    type Raw = (Option<i64>, i64, Option<i64>, i64, String);
    // The column is nullable; its `= id` is the same SQL and bind as with `Some(id)`.
    let column = kardex::document_id.assume_not_null();
    let rows: Vec<Raw> = load_documents(conn, ids, column, query)?;
    Ok(rows
        .into_iter()
        .filter_map(|(doc, p, c, cost, kind)| doc.map(|d| (d, p, c, cost, kind == CONSUMPTION)))
        .collect())
}

/// `(sale, method, amount)` of the payments of the company's sales `ids`.
pub fn payments_of(
    conn: &mut DbConnection,
    company: CompanyId,
    ids: &[i64],
) -> QueryResult<Vec<(i64, String, i64)>> {
    let query = sale_payments::table
        .inner_join(sales::table.on(sales::id.eq(sale_payments::sale_id)))
        .filter(sales::company_id.eq(company.get()))
        .select((
            sale_payments::sale_id,
            sale_payments::method,
            sale_payments::amount,
        ));
    load_documents(conn, ids, sales::id, query)
}

/// The ids of the company's sales and credit notes, in order.
pub fn document_ids(
    conn: &mut DbConnection,
    company: CompanyId,
) -> QueryResult<(Vec<i64>, Vec<i64>)> {
    let sold = sales::table
        .filter(sales::company_id.eq(company.get()))
        .order(sales::id)
        .select(sales::id)
        .load(conn)?;
    let returned = credit_notes::table
        .filter(credit_notes::company_id.eq(company.get()))
        .order(credit_notes::id)
        .select(credit_notes::id)
        .load(conn)?;
    Ok((sold, returned))
}

// ---- Reading the summary -----------------------------------------------------------------

/// A branch's local days `from..=to`.
#[derive(Debug, Clone, Copy)]
pub struct Days {
    pub company: CompanyId,
    pub branch: i64,
    pub from: NaiveDate,
    pub to: NaiveDate,
}

/// `(key, count, base, iva, cost)` of one group.
pub type Group<K> = (K, i64, i64, i64, i64);

/// `SUM(column)` as BIGINT on both backends (PostgreSQL's SUM of BIGINT is NUMERIC).
fn sum(column: &'static str) -> diesel::expression::SqlLiteral<Nullable<BigInt>> {
    sql::<Nullable<BigInt>>(&format!("CAST(SUM({column}) AS BIGINT)"))
}

type Raw<K> = (K, Option<i64>, Option<i64>, Option<i64>, Option<i64>);

fn groups<K>(rows: Vec<Raw<K>>) -> Vec<Group<K>> {
    rows.into_iter()
        .map(|(k, n, b, i, c)| {
            (
                k,
                n.unwrap_or(0),
                b.unwrap_or(0),
                i.unwrap_or(0),
                c.unwrap_or(0),
            )
        })
        .collect()
}

/// The rows of `report_sales` of the branch's days.
#[dsl::auto_type(no_type_alias)]
fn sales_within(company: i64, branch: i64, from: NaiveDate, to: NaiveDate) -> _ {
    report_sales::table
        .filter(report_sales::company_id.eq(company))
        .filter(report_sales::branch_office_id.eq(branch))
        .filter(report_sales::day.ge(from))
        .filter(report_sales::day.le(to))
}

/// The rows of `report_products` of the branch's days.
#[dsl::auto_type(no_type_alias)]
fn products_within(company: i64, branch: i64, from: NaiveDate, to: NaiveDate) -> _ {
    report_products::table
        .filter(report_products::company_id.eq(company))
        .filter(report_products::branch_office_id.eq(branch))
        .filter(report_products::day.ge(from))
        .filter(report_products::day.le(to))
}

/// The rows of `report_methods` of the branch's days.
#[dsl::auto_type(no_type_alias)]
fn methods_within(company: i64, branch: i64, from: NaiveDate, to: NaiveDate) -> _ {
    report_methods::table
        .filter(report_methods::company_id.eq(company))
        .filter(report_methods::branch_office_id.eq(branch))
        .filter(report_methods::day.ge(from))
        .filter(report_methods::day.le(to))
}

/// Which column of `report_sales` groups the headers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeaderKey {
    Cashier,
    Register,
    Client,
}

/// Σ of `report_sales` per cashier, register or client.
pub fn headers_by(
    conn: &mut DbConnection,
    d: &Days,
    key: HeaderKey,
) -> QueryResult<Vec<Group<i64>>> {
    use report_sales::dsl as t;
    let within = sales_within(d.company.get(), d.branch, d.from, d.to);
    let rows: Vec<Raw<i64>> = match key {
        HeaderKey::Cashier => within
            .group_by(t::user_id)
            .select((
                t::user_id,
                sum("report_sales.sales"),
                sum("report_sales.base"),
                sum("report_sales.iva"),
                sum("report_sales.cost"),
            ))
            .load(conn)?,
        HeaderKey::Register => within
            .group_by(t::register_id)
            .select((
                t::register_id,
                sum("report_sales.sales"),
                sum("report_sales.base"),
                sum("report_sales.iva"),
                sum("report_sales.cost"),
            ))
            .load(conn)?,
        HeaderKey::Client => within
            .group_by(t::client_id)
            .select((
                t::client_id,
                sum("report_sales.sales"),
                sum("report_sales.base"),
                sum("report_sales.iva"),
                sum("report_sales.cost"),
            ))
            .load(conn)?,
    };
    Ok(groups(rows))
}

/// Σ of `report_sales` per day.
pub fn headers_by_day(conn: &mut DbConnection, d: &Days) -> QueryResult<Vec<Group<NaiveDate>>> {
    use report_sales::dsl as t;
    let rows: Vec<Raw<NaiveDate>> = sales_within(d.company.get(), d.branch, d.from, d.to)
        .group_by(t::day)
        .select((
            t::day,
            sum("report_sales.sales"),
            sum("report_sales.base"),
            sum("report_sales.iva"),
            sum("report_sales.cost"),
        ))
        .load(conn)?;
    Ok(groups(rows))
}

/// Σ of `report_products` per product.
pub fn by_product(conn: &mut DbConnection, d: &Days) -> QueryResult<Vec<Group<i64>>> {
    use report_products::dsl as t;
    let rows: Vec<Raw<i64>> = products_within(d.company.get(), d.branch, d.from, d.to)
        .group_by(t::product_id)
        .select((
            t::product_id,
            sum("report_products.sales"),
            sum("report_products.base"),
            sum("report_products.iva"),
            sum("report_products.cost"),
        ))
        .load(conn)?;
    Ok(groups(rows))
}

/// Units sold less returned (millionths) per product, or per category with `by_category`.
pub fn units_by(
    conn: &mut DbConnection,
    d: &Days,
    by_category: bool,
) -> QueryResult<Vec<(i64, i64)>> {
    use report_products::dsl as t;
    let rows: Vec<(i64, Option<i64>)> = if by_category {
        products_within(d.company.get(), d.branch, d.from, d.to)
            .group_by(t::category_id)
            .select((t::category_id, sum("report_products.units")))
            .load(conn)?
    } else {
        products_within(d.company.get(), d.branch, d.from, d.to)
            .group_by(t::product_id)
            .select((t::product_id, sum("report_products.units")))
            .load(conn)?
    };
    Ok(rows.into_iter().map(|(k, u)| (k, u.unwrap_or(0))).collect())
}

/// Σ of `report_products` per category (0: none), the sales counted once per category.
pub fn by_category(conn: &mut DbConnection, d: &Days) -> QueryResult<Vec<Group<i64>>> {
    use report_products::dsl as t;
    let rows: Vec<Raw<i64>> = products_within(d.company.get(), d.branch, d.from, d.to)
        .group_by(t::category_id)
        .select((
            t::category_id,
            sum("report_products.category_sales"),
            sum("report_products.base"),
            sum("report_products.iva"),
            sum("report_products.cost"),
        ))
        .load(conn)?;
    Ok(groups(rows))
}

/// Σ of `report_methods` per payment method.
pub fn by_method(conn: &mut DbConnection, d: &Days) -> QueryResult<Vec<Group<String>>> {
    use report_methods::dsl as t;
    let rows: Vec<Raw<String>> = methods_within(d.company.get(), d.branch, d.from, d.to)
        .group_by(t::method)
        .select((
            t::method,
            sum("report_methods.sales"),
            sum("report_methods.base"),
            sum("report_methods.iva"),
            sum("report_methods.cost"),
        ))
        .load(conn)?;
    Ok(groups(rows))
}

/// The days' totals, from the documents' own amounts (`report_sales` holds each header's
/// subtotal and IVA): sales, base, IVA and cost, whatever grouping the report shows.
pub fn totals(conn: &mut DbConnection, d: &Days) -> QueryResult<(i64, i64, i64, i64)> {
    let (sales, base, iva, cost): (Option<i64>, Option<i64>, Option<i64>, Option<i64>) =
        sales_within(d.company.get(), d.branch, d.from, d.to)
            .select((
                sum("report_sales.sales"),
                sum("report_sales.base"),
                sum("report_sales.iva"),
                sum("report_sales.cost"),
            ))
            .first(conn)?;
    Ok((
        sales.unwrap_or(0),
        base.unwrap_or(0),
        iva.unwrap_or(0),
        cost.unwrap_or(0),
    ))
}
