//! The header-plus-lines sales document as stored: what the sales note, the quote and the credit
//! note (and the invoice next) have in common — a header of the company and a branch, listed with
//! its client's name, searched and filtered by date the same way; lines reached only through
//! their header; priced lines of one shape. A new document declares its header, its
//! [`document_line!`](crate::models::sales::document::document_line) and its list through
//! [`branch_documents!`](crate::models::sales::document::branch_documents).

use crate::db::DbBackend;
use crate::db::schema::clients;

/// The list query of a document header table `T` (row `H`): joined with its client for the
/// name, boxed so that the search and the date range can be added.
pub type DocumentQuery<T, H> = diesel::dsl::IntoBoxed<
    'static,
    diesel::dsl::Select<
        diesel::dsl::InnerJoin<T, clients::table>,
        (diesel::dsl::AsSelect<H, DbBackend>, clients::name),
    >,
    DbBackend,
>;

/// Declares the line row of a priced sales document (a sale line, a quote line): its table, its
/// parent's column, the columns every priced line carries, then the document's own.
macro_rules! document_line {
    (
        $(#[$meta:meta])*
        pub struct $name:ident in $table:ident, parent $parent:ident {
            $($(#[$extra_meta:meta])* pub $extra:ident: $extra_ty:ty,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Queryable, Selectable, Insertable)]
        #[diesel(table_name = $table, treat_none_as_default_value = false)]
        pub struct $name {
            #[diesel(skip_insertion)]
            pub id: i64,
            pub $parent: i64,
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
            $($(#[$extra_meta])* pub $extra: $extra_ty,)*
        }
    };
}

/// One page of a branch's documents of header table `$table` (row `$header`, boxed query type
/// `$query_ty`) with the client's name: the company and the branch, then the search `$search`
/// (given the query and the `LIKE` pattern), then the date range on `created_at`, sorted by
/// `$sorts`. An optional `where |query| …` narrows the documents first (the sales of one kind).
macro_rules! branch_documents {
    (
        $conn:expr, $company:expr, $branch:expr, $params:expr,
        $table:ident: $header:ty as $query_ty:ty, $sorts:expr,
        |$query:ident, $pattern:ident| $search:expr
    ) => {
        $crate::models::sales::document::branch_documents!(
            $conn, $company, $branch, $params,
            $table: $header as $query_ty, $sorts,
            where |$query| $query,
            |$query, $pattern| $search
        )
    };
    (
        $conn:expr, $company:expr, $branch:expr, $params:expr,
        $table:ident: $header:ty as $query_ty:ty, $sorts:expr,
        where |$kept:ident| $keep:expr,
        |$query:ident, $pattern:ident| $search:expr
    ) => {{
        let params: &$crate::db::list::ListParams = $params;
        let (from, to) =
            params.time_range($crate::models::config::company::Company::zone($conn, $company)?);
        let filtered = || {
            let $kept: $query_ty = $table::table
                .inner_join($crate::db::schema::clients::table)
                .select((<$header>::as_select(), $crate::db::schema::clients::name))
                .filter($table::company_id.eq($company.get()))
                .filter($table::branch_office_id.eq($branch))
                .into_boxed();
            let mut $query: $query_ty = $keep;
            if let Some($pattern) = params.search_pattern() {
                $query = $search;
            }
            if let Some(from) = from {
                $query = $query.filter($table::created_at.ge(from));
            }
            if let Some(to) = to {
                $query = $query.filter($table::created_at.lt(to));
            }
            $query
        };
        $crate::db::list::paginate($conn, params, filtered, $sorts)
    }};
}

/// The queries of a sales document header of several kinds that may carry an SRI document (the
/// sale, whose facturas do; the credit note, whose electronic ones do), declared inside its
/// `impl`: the branch's list of one kind (boxed query type `$query_ty`, sorted by `$sorts`), the
/// lookups by id, by id and kind and by SRI document, and the link to that document.
macro_rules! sri_linked_header {
    ($table:ident: $row:ty as $query_ty:ty, $sorts:expr) => {
        /// One page of the branch's documents of `kind` with the client's name (search: number or
        /// client name; date range).
        pub fn list(
            conn: &mut $crate::db::DbConnection,
            company: $crate::models::CompanyId,
            branch_office_id: i64,
            kind: &str,
            params: &$crate::db::list::ListParams,
        ) -> ::diesel::QueryResult<$crate::db::list::Page<($row, String)>> {
            let kind = kind.to_string();
            $crate::models::sales::document::branch_documents!(
                conn, company, branch_office_id, params,
                $table: $row as $query_ty, $sorts,
                where |query| query.filter($table::kind.eq(kind.clone())),
                |query, pattern| query.filter(
                    $crate::db::search::search_fold($crate::db::schema::clients::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or($table::number.like(pattern).escape('\\')),
                )
            )
        }

        /// One document of the company.
        pub fn find(
            conn: &mut $crate::db::DbConnection,
            company: $crate::models::CompanyId,
            id: i64,
        ) -> ::diesel::QueryResult<Option<$row>> {
            $table::table
                .filter($table::company_id.eq(company.get()))
                .filter($table::id.eq(id))
                .select(<$row>::as_select())
                .first(conn)
                .optional()
        }

        /// One document of `kind` of the company.
        pub fn find_of_kind(
            conn: &mut $crate::db::DbConnection,
            company: $crate::models::CompanyId,
            id: i64,
            kind: &str,
        ) -> ::diesel::QueryResult<Option<$row>> {
            $table::table
                .filter($table::company_id.eq(company.get()))
                .filter($table::id.eq(id))
                .filter($table::kind.eq(kind))
                .select(<$row>::as_select())
                .first(conn)
                .optional()
        }

        /// The document of the company (a factura, an electronic credit note) that carries SRI
        /// document `document_id`.
        pub fn of_document(
            conn: &mut $crate::db::DbConnection,
            company: $crate::models::CompanyId,
            document_id: i64,
        ) -> ::diesel::QueryResult<Option<$row>> {
            $table::table
                .filter($table::company_id.eq(company.get()))
                .filter($table::sri_document_id.eq(document_id))
                .select(<$row>::as_select())
                .first(conn)
                .optional()
        }

        /// Links document `id` to its SRI document (in the transaction that inserted both).
        pub fn set_sri_document(
            conn: &mut $crate::db::DbConnection,
            id: i64,
            document_id: i64,
        ) -> ::diesel::QueryResult<usize> {
            ::diesel::update($table::table.filter($table::id.eq(id)))
                .set($table::sri_document_id.eq(Some(document_id)))
                .execute(conn)
        }
    };
}

pub(crate) use {branch_documents, document_line, sri_linked_header};
