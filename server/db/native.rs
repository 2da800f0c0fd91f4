//! Statements on the hot path of a sale, run the cheap way.
//!
//! Two costs of diesel 2.3 that a sale pays on every statement, measured with `perf` on SQLite's
//! writer thread (about a third of its time before this module):
//!
//! - Through `#[derive(MultiConnection)]` every statement is wrapped in a serialised query whose
//!   `walk_ast` rebuilds the whole SQL text on each execution, even when the prepared statement
//!   is cached. [`native!`] runs the statement on the backend's own connection instead, where a
//!   statement whose type fixes its SQL is found in the cache by its type, without building
//!   any text.
//! - diesel never caches an `UPDATE` (its changeset might skip `None` fields, so it cannot know
//!   the SQL is fixed): every stock, counter and shift update was prepared again. [`fixed`] marks an
//!   update whose SQL its type does fix, so it is prepared once per connection.
//!
//! Models run such statements through [`first`], [`load`], [`get_result`] and [`execute`], which
//! do the [`native!`] dispatch for them (a model never names a backend), selecting rows with
//! [`columns`] instead of `as_select()`.
//!
//! Everything else goes through [`super::DbConnection`] as usual: these are only for statements
//! run many times a second.

use std::any::TypeId;

use diesel::backend::Backend;
use diesel::dsl::Limit;
use diesel::pg::PgConnection;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::query_dsl::methods::{ExecuteDsl, LimitDsl, LoadQuery};
use diesel::sqlite::{Sqlite, SqliteConnection};
use diesel::{QueryResult, RunQueryDsl, Selectable};

use super::DbConnection;

/// Runs `$body` with `$c` bound to the backend's own connection (`&mut SqliteConnection` or
/// `&mut PgConnection`); the body is compiled once per backend. Only for statements built with
/// diesel's static DSL (not boxed queries, which are tied to the multi-backend connection).
#[macro_export]
macro_rules! native {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            $crate::db::DbConnection::Sqlite($c) => $body,
            $crate::db::DbConnection::Postgres($c) => $body,
        }
    };
}

/// A statement whose SQL is fixed by its type, so it may be prepared once and cached under that
/// type. Build it with [`fixed`].
#[derive(Debug, Clone, Copy)]
pub struct Fixed<Q>(Q);

/// Marks `query` as a statement whose SQL text depends only on its Rust type: no changeset with
/// `Option` fields (diesel leaves `None` out of the `SET`), no `eq_any` (one placeholder per
/// value), no boxed or raw SQL. For such a statement the type is a sound cache key, which is what
/// [`QueryId`] states below. Run it inside [`native!`] to skip the SQL building as well.
pub fn fixed<Q: 'static>(query: Q) -> Fixed<Q> {
    Fixed(query)
}

impl<Q: 'static> QueryId for Fixed<Q> {
    type QueryId = Self;
    const HAS_STATIC_QUERY_ID: bool = true;

    fn query_id() -> Option<TypeId> {
        Some(TypeId::of::<Self>())
    }
}

impl<Q: QueryFragment<DB>, DB: Backend> QueryFragment<DB> for Fixed<Q> {
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.0.walk_ast(pass)
    }

    fn is_safe_to_cache_prepared(&self, _backend: &DB) -> QueryResult<bool> {
        // See `fixed`: the caller vouches that the type determines the SQL.
        Ok(true)
    }
}

impl<Q, Conn> RunQueryDsl<Conn> for Fixed<Q> {}

/// The columns a `Selectable` row reads (`T::as_select()`'s), as the plain tuple of columns the
/// derive generates, which is one type for both backends: `as_select()` names the backend in its
/// type, so a statement built with it outside [`native!`] could run on one backend only. Same SQL
/// and same cache key ([`QueryId`]) as `as_select()`; the row is built by its `Queryable` derive,
/// whose fields are in the same order.
pub fn columns<T: Selectable<Sqlite>>() -> T::SelectExpression {
    T::construct_selection()
}

/// `query.first(conn)` on the backend's own connection ([`native!`]). `query` is built with the
/// static DSL (select with [`columns`], not `as_select()`).
pub fn first<'q, Q, U>(conn: &mut DbConnection, query: Q) -> QueryResult<U>
where
    Q: LimitDsl + RunQueryDsl<SqliteConnection> + RunQueryDsl<PgConnection>,
    Limit<Q>: LoadQuery<'q, SqliteConnection, U> + LoadQuery<'q, PgConnection, U>,
{
    crate::native!(conn, |c| query.first(c))
}

/// `query.load(conn)` on the backend's own connection ([`native!`]).
pub fn load<'q, Q, U>(conn: &mut DbConnection, query: Q) -> QueryResult<Vec<U>>
where
    Q: RunQueryDsl<SqliteConnection> + RunQueryDsl<PgConnection>,
    Q: LoadQuery<'q, SqliteConnection, U> + LoadQuery<'q, PgConnection, U>,
{
    crate::native!(conn, |c| query.load(c))
}

/// `query.get_result(conn)` (an insert or update `RETURNING`) on the backend's own connection
/// ([`native!`]).
pub fn get_result<'q, Q, U>(conn: &mut DbConnection, query: Q) -> QueryResult<U>
where
    Q: RunQueryDsl<SqliteConnection> + RunQueryDsl<PgConnection>,
    Q: LoadQuery<'q, SqliteConnection, U> + LoadQuery<'q, PgConnection, U>,
{
    crate::native!(conn, |c| query.get_result(c))
}

/// `query.execute(conn)` on the backend's own connection ([`native!`]); with [`fixed`] for an
/// update, so that it is prepared once.
pub fn execute<Q>(conn: &mut DbConnection, query: Q) -> QueryResult<usize>
where
    Q: RunQueryDsl<SqliteConnection> + RunQueryDsl<PgConnection>,
    Q: ExecuteDsl<SqliteConnection> + ExecuteDsl<PgConnection>,
{
    crate::native!(conn, |c| query.execute(c))
}

/// A raw statement (`sql_query` with its binds) prepared once per connection and kept, found
/// again by its SQL text. Build it with [`kept`].
#[derive(Debug, Clone)]
pub struct Kept<Q>(Q);

/// Marks raw `query` as safe to keep prepared: diesel prepares every `sql_query` anew, which on
/// PostgreSQL is a parse and plan on the server each time, and on SQLite a compile of the SQL.
/// Its cache key is its SQL text (and bind types), never its Rust type, which is the same for
/// any text with the same binds. For statements whose text is fixed (a constant) and run many
/// times a second: the session lookup, a sale's number, its line in the shift.
pub fn kept<Q>(query: Q) -> Kept<Q> {
    Kept(query)
}

impl<Q> QueryId for Kept<Q> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q: QueryFragment<DB>, DB: Backend> QueryFragment<DB> for Kept<Q> {
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.0.walk_ast(pass)
    }

    fn is_safe_to_cache_prepared(&self, _backend: &DB) -> QueryResult<bool> {
        // See `kept`: cached under its SQL text.
        Ok(true)
    }
}

impl<Q: diesel::query_builder::Query> diesel::query_builder::Query for Kept<Q> {
    type SqlType = Q::SqlType;
}

impl<Q, Conn> RunQueryDsl<Conn> for Kept<Q> {}
