//! The header-plus-lines sales document as stored: what the sales note, the quote and the credit
//! note (and the invoice next) have in common — a header of the company and a branch, listed with
//! its client's name, searched and filtered by date the same way; lines reached only through
//! their header; priced lines of one shape (`SaleLine` and `QuoteLine`, written out). A new
//! document declares its header, its line and its list through
//! `crate::db::list::dated_page`.

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
