//! Shifts (turnos): a user's session on a register, `open` → `closed` (counted) → `confirmed`.
//! The partial unique indexes of the migration keep one open shift per register and per user
//! even when two openings race.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::batch::{Batch, Write};
use crate::db::list::{ListParams, Page, SortKey, paginate};
use crate::db::native;
use crate::db::schema::turns;
use crate::db::{DbBackend, DbConnection};
use crate::domain::states::TurnState;
use crate::models::CompanyId;
use crate::models::config::company::Company;
use crate::util::time::now;

/// States of a shift, as stored ([`TurnState`]).
pub const OPEN: &str = TurnState::Open.as_str();
pub const CLOSED: &str = TurnState::Closed.as_str();
pub const CONFIRMED: &str = TurnState::Confirmed.as_str();

/// A shift row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = turns)]
pub struct Turn {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    pub cash_register_id: i64,
    pub user_id: i64,
    pub state: String,
    pub opening_amount: i64,
    pub opened_at: NaiveDateTime,
    pub expected: Option<i64>,
    pub counted: Option<i64>,
    pub difference: Option<i64>,
    pub close_note: Option<String>,
    pub closed_at: Option<NaiveDateTime>,
    pub closed_by: Option<i64>,
    pub confirm_note: Option<String>,
    pub confirmed_at: Option<NaiveDateTime>,
    pub confirmed_by: Option<i64>,
    pub bank_account_id: Option<i64>,
    pub updated_at: NaiveDateTime,
}

/// What a closing stores.
#[derive(Debug, Clone)]
pub struct Closing {
    pub expected: i64,
    pub counted: i64,
    pub note: Option<String>,
    pub by: i64,
}

/// What a list of shifts narrows to besides its scope and dates.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub state: Option<String>,
    pub register: Option<i64>,
    pub user: Option<i64>,
}

/// Which shifts a list shows.
#[derive(Debug, Clone, Copy)]
pub enum Scope {
    /// A cashier's own shifts.
    User(i64),
    /// Every shift of a branch.
    Branch(i64),
}

type Query = crate::models::ListQuery<turns::table, Turn>;

/// Newest first by default.
const SORTS: &[SortKey<Query>] = &[
    SortKey::by::<turns::opened_at, turns::id>("openedAt"),
    SortKey::by::<turns::state, turns::id>("state"),
    SortKey::by::<turns::cash_register_id, turns::id>("cashRegisterId"),
];

fn of(company: CompanyId) -> turns::BoxedQuery<'static, DbBackend> {
    turns::table
        .filter(turns::company_id.eq(company.get()))
        .into_boxed()
}

impl Turn {
    /// One page of shifts (the filter narrows by state, register and cashier, the dates by
    /// opening; newest first unless sorted).
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        scope: Scope,
        filter: &Filter,
        params: &ListParams,
    ) -> QueryResult<Page<Turn>> {
        let mut params = params.clone();
        if params.sort.is_none() {
            params.descending = true;
        }
        let Filter {
            state,
            register,
            user,
        } = filter.clone();
        let (from, to) = params.time_range(Company::zone(conn, company)?);
        let filtered = || {
            let mut query: Query = turns::table
                .select(Turn::as_select())
                .filter(turns::company_id.eq(company.get()))
                .into_boxed();
            query = match scope {
                Scope::User(id) => query.filter(turns::user_id.eq(id)),
                Scope::Branch(id) => query.filter(turns::branch_office_id.eq(id)),
            };
            if let Some(state) = &state {
                query = query.filter(turns::state.eq(state.clone()));
            }
            if let Some(register) = register {
                query = query.filter(turns::cash_register_id.eq(register));
            }
            if let Some(user) = user {
                query = query.filter(turns::user_id.eq(user));
            }
            if let Some(from) = from {
                query = query.filter(turns::opened_at.ge(from));
            }
            if let Some(to) = to {
                query = query.filter(turns::opened_at.lt(to));
            }
            query
        };
        paginate(conn, &params, filtered, SORTS)
    }

    /// The users who have held a shift in branch `branch`, by id (the history's cashier filter).
    pub fn users_of_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
    ) -> QueryResult<Vec<i64>> {
        of(company)
            .filter(turns::branch_office_id.eq(branch))
            .select(turns::user_id)
            .distinct()
            .order(turns::user_id.asc())
            .load(conn)
    }

    /// One shift of the company.
    pub fn find(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<Option<Turn>> {
        of(company)
            .filter(turns::id.eq(id))
            .select(Turn::as_select())
            .first(conn)
            .optional()
    }

    /// The open shift of a user, if any.
    pub fn open_of_user(
        conn: &mut DbConnection,
        company: CompanyId,
        user: i64,
    ) -> QueryResult<Option<Turn>> {
        let open = turns::table
            .filter(turns::company_id.eq(company.get()))
            .filter(turns::user_id.eq(user))
            .filter(turns::state.eq(OPEN))
            .select(native::columns::<Turn>());
        native::first(conn, open).optional()
    }

    /// The open shift of a register, if any.
    pub fn open_of_register(
        conn: &mut DbConnection,
        company: CompanyId,
        register: i64,
    ) -> QueryResult<Option<Turn>> {
        of(company)
            .filter(turns::cash_register_id.eq(register))
            .filter(turns::state.eq(OPEN))
            .select(Turn::as_select())
            .first(conn)
            .optional()
    }

    /// Open shifts of a branch.
    pub fn open_of_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
    ) -> QueryResult<Vec<Turn>> {
        of(company)
            .filter(turns::branch_office_id.eq(branch))
            .filter(turns::state.eq(OPEN))
            .order(turns::id.asc())
            .select(Turn::as_select())
            .load(conn)
    }

    /// The user's newest shift.
    pub fn last_of_user(
        conn: &mut DbConnection,
        company: CompanyId,
        user: i64,
    ) -> QueryResult<Option<Turn>> {
        of(company)
            .filter(turns::user_id.eq(user))
            .order(turns::id.desc())
            .select(Turn::as_select())
            .first(conn)
            .optional()
    }

    /// Inserts an open shift; returns its id (a unique violation means the register or the user
    /// already has one).
    pub fn insert_open(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
        register: i64,
        user: i64,
        opening: i64,
    ) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(turns::table)
            .values((
                turns::company_id.eq(company.get()),
                turns::branch_office_id.eq(branch),
                turns::cash_register_id.eq(register),
                turns::user_id.eq(user),
                turns::state.eq(OPEN),
                turns::opening_amount.eq(opening),
                turns::opened_at.eq(at),
                turns::updated_at.eq(at),
            ))
            .returning(turns::id)
            .get_result(conn)
    }

    /// Takes the shift's row lock if it is still open: an `UPDATE … WHERE state = 'open'` locks
    /// the row on PostgreSQL until the transaction ends (a concurrent close or post waits, then
    /// re-reads the state) and, inside the SQLite write transaction, the database is already
    /// held. Returns false when the shift is not open (or not the company's).
    pub fn lock_open(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<bool> {
        let update = native::fixed(
            diesel::update(crate::company_row!(turns, company, id))
                .filter(turns::state.eq(OPEN))
                .set(turns::updated_at.eq(now())),
        );
        let touched = native::execute(conn, update)?;
        Ok(touched == 1)
    }

    /// [`Turn::lock_open`] as a write of `batch` (its rows: 1 when the shift was open), for a
    /// line that follows it in the same batch ([`super::movement::Movement::insert_after`]).
    pub fn lock_open_in(
        batch: &mut Batch<'_, '_>,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Write> {
        let update = || {
            native::fixed(
                diesel::update(crate::company_row!(turns, company, id))
                    .filter(turns::state.eq(OPEN))
                    .set(turns::updated_at.eq(now())),
            )
        };
        batch.add(update, [update()])
    }

    /// Marks an open shift closed with its count (the caller holds the lock).
    pub fn close(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        closing: &Closing,
    ) -> QueryResult<usize> {
        let at = now();
        diesel::update(crate::company_row!(turns, company, id))
            .filter(turns::state.eq(OPEN))
            .set((
                turns::state.eq(CLOSED),
                turns::expected.eq(closing.expected),
                turns::counted.eq(closing.counted),
                turns::difference.eq(closing.counted - closing.expected),
                turns::close_note.eq(closing.note.as_deref()),
                turns::closed_at.eq(at),
                turns::closed_by.eq(closing.by),
                turns::updated_at.eq(at),
            ))
            .execute(conn)
    }

    /// Marks a closed shift confirmed; 0 rows when it is not closed.
    pub fn confirm(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        note: Option<&str>,
        by: i64,
        bank_account: Option<i64>,
    ) -> QueryResult<usize> {
        let at = now();
        diesel::update(crate::company_row!(turns, company, id))
            .filter(turns::state.eq(CLOSED))
            .set((
                turns::state.eq(CONFIRMED),
                turns::confirm_note.eq(note),
                turns::confirmed_at.eq(at),
                turns::confirmed_by.eq(by),
                turns::bank_account_id.eq(bank_account),
                turns::updated_at.eq(at),
            ))
            .execute(conn)
    }
}
