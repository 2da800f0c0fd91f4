//! Rows and queries, one folder per business area and one file per table: the row struct, its
//! insert struct, and the queries on it. Models return `diesel::QueryResult` and never word an
//! error: the services (`crate::services`) and handlers decide what a missing row or a refused
//! write means to the user, in Spanish. Nothing here branches on the backend: what differs between
//! SQLite and PostgreSQL lives in `crate::db`.
//!
//! Every query on a company-owned table takes the [`CompanyId`] of the request and filters on it,
//! reads and writes alike, so a handler that forgets to load a row first still cannot touch
//! another company's data.

pub mod auth;
pub mod cash;
pub mod catalogue;
pub mod config;
pub mod ebilling;
pub mod inventory;
pub mod mail;
pub mod purchases;
pub mod receivables;
pub mod reports;
pub mod restaurant;
pub mod sales;
pub mod sri;
pub mod taxes;

mod company_id;
mod row;

pub use company_id::CompanyId;

/// The boxed list query of table `T` selecting rows `R` (`as_select()`): what a list narrows by
/// its filters and sorts by its [`crate::db::list::SortKey`]s.
pub type ListQuery<T, R> = diesel::dsl::IntoBoxed<
    'static,
    diesel::dsl::Select<T, diesel::dsl::AsSelect<R, crate::db::DbBackend>>,
    crate::db::DbBackend,
>;
