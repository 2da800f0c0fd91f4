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
//! Everything else goes through [`super::DbConnection`] as usual: these are only for statements
//! run many times a second.

use std::any::TypeId;

use diesel::backend::Backend;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::{QueryResult, RunQueryDsl};

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
