//! Catalogues: the simple company-owned tables behind the generic list screens (banks,
//! categories, clients, branches, registers, holidays, warehouses, promotions, and the suppliers,
//! zones and tables to come).
//!
//! Their queries are the same but for the table, its columns and the search: one page of the
//! company's rows (only the active ones with `?onlyActive=`, a search, a sort key), one row, insert
//! and update of the editable fields (with the timestamps), the lock, and delete. [`catalogue!`]
//! writes them once for a table; a model file keeps only its row, its editable fields (derived
//! `Insertable` and `AsChangeset`) and the queries that are its own. Every query is company-scoped:
//! reads start from `company_id = company`, writes go through [`company_row!`](crate::company_row).

use diesel::QueryResult;

use crate::db::DbConnection;
use crate::models::CompanyId;

/// A catalogue row as the generic handlers (`controllers::catalogue`) see it. [`catalogue!`]
/// implements it; the model's own functions of the same names are what other code calls.
pub trait CatalogueRow: Sized + Send + 'static {
    /// The company's row `id`, if it is theirs.
    fn find(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<Option<Self>>;
    /// Whether the row is locked (locked rows are read-only until unlocked).
    fn is_locked(&self) -> bool;
    /// Sets the lock of the company's row `id` (0 rows when it is not theirs).
    fn set_locked(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        locked: bool,
    ) -> QueryResult<usize>;
    /// Deletes the company's row `id` (0 rows when it is not theirs).
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<usize>;
}

/// Writes the queries of a catalogue table in the calling model file: the list's boxed `Query`
/// type, its `SORTS`, `of(company)` (the company's rows, to filter further), and on the row
/// `list`, `list_narrowed`, `find`, `set_locked`, `delete` (and `insert` / `update` when asked),
/// plus [`CatalogueRow`].
///
/// ```ignore
/// crate::catalogue! {
///     BankAccount in bank_accounts {
///         active: active,                    // optional: `?onlyActive=` filters on this column
///         scope: branch_office_id,           // optional: list and insert take the parent's id
///         insert: BankAccountFields,         // optional: `insert(conn, company, [scope,] &fields)`
///         update: BankAccountFields,         // optional: `update(conn, company, id, &fields)`
///         then: set_products,                // optional: runs after a saved insert or update
///         writable: bank_accounts::x.eq(1),  // optional: rows that update/lock/delete may touch
///         children: child_table.parent_id,   // optional: company rows deleted with the row
///         find: own,                         // optional: the model writes `find` itself
///         unique: name in branch_office_id,  // optional: `name_taken(conn, company, scope, …)`
///         search: |pattern| search_fold(bank_accounts::bank).like(pattern).escape('\\'),
///         sort: bank_accounts::id; "bank" => bank_accounts::bank, "createdAt" => bank_accounts::id,
///     }
/// }
/// ```
///
/// The editable fields' struct derives `Insertable` and `AsChangeset` for the table (with
/// `treat_none_as_null` and `treat_none_as_default_value = false` when it has optional columns, so
/// `None` writes NULL on both backends).
///
/// Why a macro and not a trait with default methods: what it writes are inherent methods
/// (`Client::list`, `Warehouse::find`, `Category::insert`…) that about 120 calls in controllers,
/// services, the CLI, benches and tests make without importing anything; as trait methods every
/// one of those files would have to import the trait. And the provided methods would be generic
/// over the table: each write (`UPDATE`/`DELETE` of `company_row!` with an optional guard, the
/// `INSERT … RETURNING id` of the fields with the timestamps) needs where-clauses on diesel's
/// statement types for both backends, longer than the queries themselves. The list's part that is
/// generic is plain Rust already ([`crate::db::list::paginate`], [`crate::db::list::SortKey::by`]).
#[macro_export]
macro_rules! catalogue {
    (
        $row:ident in $table:ident {
            $(active: $active:ident,)?
            $(scope: $scope:ident,)?
            $(insert: $insert:ty,)?
            $(update: $update:ty,)?
            $(then: $then:path,)?
            $(writable: $guard:expr,)?
            $(children: $child:ident . $child_key:ident,)?
            $(find: $own:ident,)?
            $(unique: $unique:ident in $unique_scope:ident,)?
            search: |$pattern:ident| $search:expr,
            sort: $default:path; $($key:literal => $column:path),+ $(,)?
        }
    ) => {
        /// The list's query: the table's rows selected as the row struct, built at run time.
        type Query = diesel::dsl::IntoBoxed<
            'static,
            diesel::dsl::Select<$table::table, diesel::dsl::AsSelect<$row, $crate::db::DbBackend>>,
            $crate::db::DbBackend,
        >;

        /// Sortable keys of the list (the first is the default).
        const SORTS: &[$crate::db::list::SortKey<Query>] =
            &[$($crate::db::list::SortKey::by::<$column, $default>($key)),+];

        /// The company's rows, to filter further.
        fn of(
            company: $crate::models::CompanyId,
        ) -> $table::BoxedQuery<'static, $crate::db::DbBackend> {
            $table::table
                .filter($table::company_id.eq(company.get()))
                .into_boxed()
        }

        impl $row {
            /// One page of the company's rows (of the parent's, for a scoped table): the active
            /// ones only with `?onlyActive=`, the search, the sort key.
            pub fn list(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                $($scope: i64,)?
                params: &$crate::db::list::ListParams,
            ) -> diesel::QueryResult<$crate::db::list::Page<$row>> {
                Self::list_narrowed(conn, company, params, |query| {
                    query $(.filter($table::$scope.eq($scope)))?
                })
            }

            /// [`Self::list`] with the model's own filters (`narrow`) on the company's rows.
            pub fn list_narrowed(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                params: &$crate::db::list::ListParams,
                narrow: impl Fn(Query) -> Query,
            ) -> diesel::QueryResult<$crate::db::list::Page<$row>> {
                let filtered = || {
                    let mut query: Query = narrow(
                        $table::table
                            .select($row::as_select())
                            .filter($table::company_id.eq(company.get()))
                            .into_boxed(),
                    );
                    $(
                        if params.only_active {
                            query = query.filter($table::$active.eq(true));
                        }
                    )?
                    if let Some($pattern) = params.search_pattern() {
                        query = query.filter($search);
                    }
                    query
                };
                $crate::db::list::paginate(conn, params, filtered, SORTS)
            }

            /// Sets the lock of the company's row `id` (0 rows when it is not theirs).
            pub fn set_locked(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                id: i64,
                locked: bool,
            ) -> diesel::QueryResult<usize> {
                diesel::update($crate::company_row!($table, company, id) $(.filter($guard))?)
                    .set((
                        $table::locked.eq(locked),
                        $table::updated_at.eq($crate::util::time::now()),
                    ))
                    .execute(conn)
            }

            /// Deletes the company's row `id` (0 rows when it is not theirs); a row other rows
            /// point at is kept by the foreign key, an error the caller turns into a 409.
            pub fn delete(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                id: i64,
            ) -> diesel::QueryResult<usize> {
                $(
                    diesel::delete(
                        $child::table
                            .filter($child::company_id.eq(company.get()))
                            .filter($child::$child_key.eq(id)),
                    )
                    .execute(conn)?;
                )?
                diesel::delete($crate::company_row!($table, company, id) $(.filter($guard))?)
                    .execute(conn)
            }
        }

        impl $crate::models::catalogue::CatalogueRow for $row {
            fn find(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                id: i64,
            ) -> diesel::QueryResult<Option<Self>> {
                $row::find(conn, company, id)
            }

            fn is_locked(&self) -> bool {
                self.locked
            }

            fn set_locked(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                id: i64,
                locked: bool,
            ) -> diesel::QueryResult<usize> {
                $row::set_locked(conn, company, id, locked)
            }

            fn delete(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                id: i64,
            ) -> diesel::QueryResult<usize> {
                $row::delete(conn, company, id)
            }
        }

        $crate::catalogue!(@find [$($own)?] $row $table);
        $crate::catalogue!(@unique [$($unique $unique_scope)?] $row $table);
        $crate::catalogue!(@insert [$($insert)?] [$($scope)?] [$($then)?] $row $table);
        $crate::catalogue!(@update [$($update)?] [$($then)?] [$($guard)?] $row $table);
    };

    (@find [own] $row:ident $table:ident) => {};
    (@find [] $row:ident $table:ident) => {
        impl $row {
            /// The company's row `id`, if it is theirs.
            pub fn find(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                id: i64,
            ) -> diesel::QueryResult<Option<$row>> {
                of(company)
                    .filter($table::id.eq(id))
                    .select($row::as_select())
                    .first(conn)
                    .optional()
            }
        }
    };

    (@unique [] $row:ident $table:ident) => {};
    (@unique [$unique:ident $scope:ident] $row:ident $table:ident) => {
        impl $row {
            /// Whether another row of the same parent (`scope`) already has this `name` in the
            /// unique column (case-insensitive); `except` is the row being edited.
            pub fn name_taken(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                scope: i64,
                name: &str,
                except: Option<i64>,
            ) -> diesel::QueryResult<bool> {
                let mut query = of(company)
                    .filter($table::$scope.eq(scope))
                    .filter($crate::db::lower($table::$unique).eq(name.to_lowercase()));
                if let Some(id) = except {
                    query = query.filter($table::id.ne(id));
                }
                Ok(query.count().get_result::<i64>(conn)? > 0)
            }
        }
    };

    (@insert [] [$($scope:ident)?] [$($then:path)?] $row:ident $table:ident) => {};
    (@insert [$fields:ty] [$($scope:ident)?] [$($then:path)?] $row:ident $table:ident) => {
        impl $row {
            /// Inserts the company's row (in the parent `scope`, for a scoped table); returns the
            /// new id.
            pub fn insert(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                $($scope: i64,)?
                fields: &$fields,
            ) -> diesel::QueryResult<i64> {
                let at = $crate::util::time::now();
                let id = diesel::insert_into($table::table)
                    .values((
                        $table::company_id.eq(company.get()),
                        $($table::$scope.eq($scope),)?
                        fields,
                        $table::created_at.eq(at),
                        $table::updated_at.eq(at),
                    ))
                    .returning($table::id)
                    .get_result(conn)?;
                $($then(conn, company, id, fields)?;)?
                Ok(id)
            }
        }
    };

    (@update [] [$($then:path)?] [$($guard:expr)?] $row:ident $table:ident) => {};
    (@update [$fields:ty] [$($then:path)?] [$($guard:expr)?] $row:ident $table:ident) => {
        impl $row {
            /// Saves the editable fields of the company's row `id` (0 rows when it is not
            /// theirs).
            pub fn update(
                conn: &mut $crate::db::DbConnection,
                company: $crate::models::CompanyId,
                id: i64,
                fields: &$fields,
            ) -> diesel::QueryResult<usize> {
                let changed =
                    diesel::update($crate::company_row!($table, company, id) $(.filter($guard))?)
                        .set((fields, $table::updated_at.eq($crate::util::time::now())))
                        .execute(conn)?;
                $(
                    if changed > 0 {
                        $then(conn, company, id, fields)?;
                    }
                )?
                Ok(changed)
            }
        }
    };
}
