//! Quotes (cotizaciones): a client, priced lines, a validity date and a note. Written once by
//! `services::sales::quote::register`; a quote never moves stock. Numbered per branch
//! (`quotes (branch_office_id, number)` is unique), the next number taken under the branch's
//! numbering lock. Money and quantities in millionths.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page, SortKey, dated_page};
use crate::db::schema::{clients, quote_lines, quotes};
use crate::db::search::search_fold;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::models::sales::document::DocumentQuery;
use crate::models::sales::note::SaleLine;

/// A quote header.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = quotes)]
pub struct Quote {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub number: i64,
    pub client_id: i64,
    pub user_id: i64,
    pub valid_until: NaiveDate,
    pub note: Option<String>,
    pub gross: i64,
    pub discount: i64,
    pub subtotal: i64,
    pub iva: i64,
    pub total: i64,
    pub created_at: NaiveDateTime,
    /// The sale it was converted into (a quote converts once).
    pub sale_id: Option<i64>,
}

/// A header to insert.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = quotes)]
pub struct NewQuote<'a> {
    pub company_id: i64,
    pub branch_office_id: i64,
    pub number: i64,
    pub client_id: i64,
    pub user_id: i64,
    pub valid_until: NaiveDate,
    pub note: Option<&'a str>,
    pub gross: i64,
    pub discount: i64,
    pub subtotal: i64,
    pub iva: i64,
    pub total: i64,
    pub created_at: NaiveDateTime,
}

/// A line of a quote: a sale line without a cost (the same priced columns as
/// [`SaleLine`], which [`QuoteLine::as_sale_line`] checks by naming each).
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = quote_lines, treat_none_as_default_value = false)]
pub struct QuoteLine {
    #[diesel(skip_insertion)]
    pub id: i64,
    pub quote_id: i64,
    pub position: i32,
    pub product_id: i64,
    pub code: String,
    pub name: String,
    pub unit: String,
    pub quantity: i64,
    pub unit_price: i64,
    pub discount: i64,
    pub promotion_id: Option<i64>,
    pub promotion_name: Option<String>,
    pub promotion_discount: i64,
    pub iva_code: String,
    pub iva_rate: i32,
    pub net: i64,
    pub iva: i64,
}

impl QuoteLine {
    /// The same line in the shape of a sale line (no cost, no sale), so the sales views and the
    /// stored-totals calculation serve quotes too.
    pub fn as_sale_line(&self) -> SaleLine {
        SaleLine {
            id: self.id,
            sale_id: 0,
            position: self.position,
            product_id: self.product_id,
            code: self.code.clone(),
            name: self.name.clone(),
            unit: self.unit.clone(),
            quantity: self.quantity,
            unit_price: self.unit_price,
            discount: self.discount,
            promotion_id: self.promotion_id,
            promotion_name: self.promotion_name.clone(),
            promotion_discount: self.promotion_discount,
            iva_code: self.iva_code.clone(),
            iva_rate: self.iva_rate,
            net: self.net,
            iva: self.iva,
            unit_cost: 0,
        }
    }
}

impl From<SaleLine> for QuoteLine {
    /// A priced line in the shape of a sale line (see `services::sales::document::lines_of`)
    /// stored as a quote's line: its cost is dropped, its parent id kept.
    fn from(l: SaleLine) -> Self {
        QuoteLine {
            id: l.id,
            quote_id: l.sale_id,
            position: l.position,
            product_id: l.product_id,
            code: l.code,
            name: l.name,
            unit: l.unit,
            quantity: l.quantity,
            unit_price: l.unit_price,
            discount: l.discount,
            promotion_id: l.promotion_id,
            promotion_name: l.promotion_name,
            promotion_discount: l.promotion_discount,
            iva_code: l.iva_code,
            iva_rate: l.iva_rate,
            net: l.net,
            iva: l.iva,
        }
    }
}

/// A row of the list: the header and the client's name.
pub type QuoteRow = (Quote, String);

type Query = DocumentQuery<quotes::table, Quote>;

const SORTS: &[SortKey<Query>] = &[
    SortKey::by::<quotes::id, quotes::id>("date"),
    SortKey::by::<quotes::number, quotes::id>("number"),
    SortKey::by::<quotes::total, quotes::id>("total"),
    SortKey::by::<quotes::valid_until, quotes::id>("validUntil"),
    SortKey::by::<clients::name, quotes::id>("client"),
];

impl Quote {
    /// One page of the branch's quotes (search: client name or number; date range).
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        params: &ListParams,
    ) -> QueryResult<Page<QuoteRow>> {
        let number: Option<i64> = params
            .search
            .as_deref()
            .map(str::trim)
            .and_then(|s| s.parse().ok());
        let zone = Company::zone(conn, company)?;
        dated_page(
            conn,
            params,
            zone,
            || -> Query {
                quotes::table
                    .inner_join(clients::table)
                    .select((Quote::as_select(), clients::name))
                    .filter(quotes::company_id.eq(company.get()))
                    .filter(quotes::branch_office_id.eq(branch_office_id))
                    .into_boxed()
            },
            |query, pattern| {
                let by_name = search_fold(clients::name).like(pattern).escape('\\');
                match number {
                    Some(n) => query.filter(by_name.or(quotes::number.eq(n))),
                    None => query.filter(by_name),
                }
            },
            quotes::created_at,
            SORTS,
        )
    }

    /// Marks quote `id` as converted into sale `sale_id` unless it already was; answers whether
    /// it was marked. One conditional update, so of two conversions at once only one marks it.
    pub fn mark_converted(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        sale_id: i64,
    ) -> QueryResult<bool> {
        let updated = diesel::update(
            quotes::table
                .filter(quotes::company_id.eq(company.get()))
                .filter(quotes::id.eq(id))
                .filter(quotes::sale_id.is_null()),
        )
        .set(quotes::sale_id.eq(sale_id))
        .execute(conn)?;
        Ok(updated == 1)
    }

    /// One quote of the company.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<Quote>> {
        quotes::table
            .filter(quotes::company_id.eq(company.get()))
            .filter(quotes::id.eq(id))
            .select(Quote::as_select())
            .first(conn)
            .optional()
    }

    /// The next number of the branch. Call under
    /// [`crate::models::inventory::transfer::lock_branch_numbering`] in the write transaction.
    pub fn next_number(conn: &mut DbConnection, branch_office_id: i64) -> QueryResult<i64> {
        let last: Option<i64> = quotes::table
            .filter(quotes::branch_office_id.eq(branch_office_id))
            .select(diesel::dsl::max(quotes::number))
            .first(conn)?;
        Ok(last.unwrap_or(0) + 1)
    }

    /// Inserts the header; returns its id.
    pub fn insert(conn: &mut DbConnection, new: &NewQuote) -> QueryResult<i64> {
        diesel::insert_into(quotes::table)
            .values(new)
            .returning(quotes::id)
            .get_result(conn)
    }

    /// Inserts the lines.
    pub fn insert_lines(conn: &mut DbConnection, lines: &[QuoteLine]) -> QueryResult<usize> {
        let mut n = 0;
        for line in lines {
            n += diesel::insert_into(quote_lines::table)
                .values(line)
                .execute(conn)?;
        }
        Ok(n)
    }

    /// The lines of a quote of the company, in order, reached through their quote (a join).
    pub fn lines(
        conn: &mut DbConnection,
        company: CompanyId,
        quote_id: i64,
    ) -> QueryResult<Vec<QuoteLine>> {
        quote_lines::table
            .inner_join(quotes::table)
            .filter(quotes::company_id.eq(company.get()))
            .filter(quote_lines::quote_id.eq(quote_id))
            .order(quote_lines::position.asc())
            .select(QuoteLine::as_select())
            .load(conn)
    }
}
