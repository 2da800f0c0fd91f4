//! The stock document building block: a header numbered per branch (adjustments, transfers;
//! purchases next) and its lines `(product, quantity, unit cost)`. Every kind has the same
//! queries on its own two tables, so [`stock_document!`] writes them once for each.

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::models::CompanyId;

/// One line of any stock document, under its document's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable)]
pub struct StockLine {
    pub document_id: i64,
    pub product_id: i64,
    /// Millionths; signed for adjustments (negative leaves).
    pub quantity: i64,
    pub unit_cost: i64,
}

/// A kind of stock document: its header row and the queries on its tables.
pub trait StockDocument: Sized {
    /// The document type the kardex rows name.
    const KIND: &'static str;
    /// The header to insert.
    type New;

    fn id(&self) -> i64;
    fn user_id(&self) -> Option<i64>;

    /// One page of the branch's documents, searched by reason and filtered by date.
    fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        branch_office_id: i64,
        params: &ListParams,
    ) -> QueryResult<Page<Self>>;
    /// One document of the company.
    fn find(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<Option<Self>>;
    /// The lines of these documents of the company, in order (one query for a whole page).
    fn lines_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<StockLine>>;
    /// The next number of the branch (the caller holds the branch's number lock).
    fn next_number(conn: &mut DbConnection, branch_office_id: i64) -> QueryResult<i64>;
    /// Inserts the header; returns its id.
    fn insert(conn: &mut DbConnection, new: &Self::New) -> QueryResult<i64>;
    /// Inserts a line.
    fn insert_line(
        conn: &mut DbConnection,
        document_id: i64,
        product_id: i64,
        quantity: i64,
        unit_cost: i64,
    ) -> QueryResult<usize>;
}

/// `stock_document!(Header, NewHeader, "kind", headers, header_lines, parent_column)`: the
/// [`StockDocument`] queries of a header table and its lines table (the schema modules must be in
/// scope).
macro_rules! stock_document {
    ($header:ident, $new:ident, $kind:literal, $headers:ident, $lines:ident, $parent:ident) => {
        type Query = diesel::dsl::IntoBoxed<
            'static,
            diesel::dsl::Select<
                $headers::table,
                diesel::dsl::AsSelect<$header, $crate::db::DbBackend>,
            >,
            $crate::db::DbBackend,
        >;

        const SORTS: &[$crate::db::list::SortKey<Query>] = $crate::sort_keys![Query, $headers::id;
            "date" => $headers::date,
            "number" => $headers::number,
        ];

        impl $crate::models::inventory::document::StockDocument for $header {
            const KIND: &'static str = $kind;
            type New = $new;

            fn id(&self) -> i64 {
                self.id
            }

            fn user_id(&self) -> Option<i64> {
                self.user_id
            }

            fn list(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                branch_office_id: i64,
                params: &$crate::db::list::ListParams,
            ) -> QueryResult<$crate::db::list::Page<$header>> {
                let (from, to) = params.time_range($crate::models::config::company::Company::zone(
                    conn, company,
                )?);
                let filtered = || {
                    let mut query: Query = $headers::table
                        .select($header::as_select())
                        .filter($headers::company_id.eq(company.get()))
                        .filter($headers::branch_office_id.eq(branch_office_id))
                        .into_boxed();
                    if let Some(pattern) = params.search_pattern() {
                        query = query.filter(
                            $crate::db::search::search_fold($headers::reason)
                                .like(pattern)
                                .escape('\\'),
                        );
                    }
                    if let Some(from) = from {
                        query = query.filter($headers::date.ge(from));
                    }
                    if let Some(to) = to {
                        query = query.filter($headers::date.lt(to));
                    }
                    query
                };
                $crate::db::list::paginate(conn, params, filtered, SORTS)
            }

            fn find(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                id: i64,
            ) -> QueryResult<Option<$header>> {
                $headers::table
                    .filter($headers::company_id.eq(company.get()))
                    .filter($headers::id.eq(id))
                    .select($header::as_select())
                    .first(conn)
                    .optional()
            }

            fn lines_of(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                ids: &[i64],
            ) -> QueryResult<Vec<$crate::models::inventory::document::StockLine>> {
                $lines::table
                    .inner_join($headers::table)
                    .filter($headers::company_id.eq(company.get()))
                    .filter($lines::$parent.eq_any(ids.to_vec()))
                    .order($lines::id.asc())
                    .select((
                        $lines::$parent,
                        $lines::product_id,
                        $lines::quantity,
                        $lines::unit_cost,
                    ))
                    .load(conn)
            }

            fn next_number(
                conn: &mut $crate::db::DbConnection,
                branch_office_id: i64,
            ) -> QueryResult<i64> {
                let max: Option<i64> = $headers::table
                    .filter($headers::branch_office_id.eq(branch_office_id))
                    .select(diesel::dsl::max($headers::number))
                    .first(conn)?;
                Ok(max.unwrap_or(0) + 1)
            }

            fn insert(conn: &mut $crate::db::DbConnection, new: &$new) -> QueryResult<i64> {
                diesel::insert_into($headers::table)
                    .values(new)
                    .returning($headers::id)
                    .get_result(conn)
            }

            fn insert_line(
                conn: &mut $crate::db::DbConnection,
                document_id: i64,
                product_id: i64,
                quantity: i64,
                unit_cost: i64,
            ) -> QueryResult<usize> {
                diesel::insert_into($lines::table)
                    .values((
                        $lines::$parent.eq(document_id),
                        $lines::product_id.eq(product_id),
                        $lines::quantity.eq(quantity),
                        $lines::unit_cost.eq(unit_cost),
                    ))
                    .execute(conn)
            }
        }
    };
}

pub(crate) use stock_document;
