//! Quotes (cotizaciones): a client, priced lines, a validity date and a note. Written once by
//! `controllers::sales::quotes::register_in`; a quote never moves stock. Numbered per branch
//! (`quotes (branch_office_id, number)` is unique), the next number taken under the branch's
//! numbering lock. Money and quantities in millionths.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::list::{ListParams, Page, SortKey, paginate};
use crate::db::schema::{clients, quote_lines, quotes};
use crate::db::search::search_fold;
use crate::db::{DbBackend, DbConnection};
use crate::models::CompanyId;
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

/// A line of a quote: a sale line without a cost.
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

/// A row of the list: the header and the client's name.
pub type QuoteRow = (Quote, String);

type Query = diesel::dsl::IntoBoxed<
    'static,
    diesel::dsl::Select<
        diesel::dsl::InnerJoin<quotes::table, clients::table>,
        (diesel::dsl::AsSelect<Quote, DbBackend>, clients::name),
    >,
    DbBackend,
>;

const SORTS: &[SortKey<Query>] = crate::sort_keys![Query, quotes::id;
    "date" => quotes::id,
    "number" => quotes::number,
    "total" => quotes::total,
    "validUntil" => quotes::valid_until,
    "client" => clients::name,
];

impl Quote {
    /// One page of the branch's quotes (search: client name or number; date range).
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        params: &ListParams,
    ) -> QueryResult<Page<QuoteRow>> {
        let (from, to) = params.time_range();
        let number: Option<i64> = params
            .search
            .as_deref()
            .map(str::trim)
            .and_then(|s| s.parse().ok());
        let filtered = || {
            let mut query: Query = quotes::table
                .inner_join(clients::table)
                .select((Quote::as_select(), clients::name))
                .filter(quotes::company_id.eq(company.get()))
                .filter(quotes::branch_office_id.eq(branch_office_id))
                .into_boxed();
            if let Some(pattern) = params.search_pattern() {
                let by_name = search_fold(clients::name).like(pattern).escape('\\');
                query = match number {
                    Some(n) => query.filter(by_name.or(quotes::number.eq(n))),
                    None => query.filter(by_name),
                };
            }
            if let Some(from) = from {
                query = query.filter(quotes::created_at.ge(from));
            }
            if let Some(to) = to {
                query = query.filter(quotes::created_at.lt(to));
            }
            query
        };
        paginate(conn, params, filtered, SORTS)
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
