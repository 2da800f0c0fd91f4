//! Users: a person who signs in. E-mail is unique on the whole platform.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use crate::db::list::{ListParams, Page, SortKey, paginate};
use crate::db::native;
use crate::db::schema::{user_branch_offices, users};
use crate::db::search::search_fold;
use crate::db::{DbBackend, DbConnection};
use crate::models::CompanyId;
use crate::util::time::now;

/// A user's role (specification §6). Default `user`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Admin,
    #[default]
    User,
    Cashier,
}

impl Role {
    /// As stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::User => "user",
            Role::Cashier => "cashier",
        }
    }

    /// Parses a stored role; unknown text falls back to the default, `user`.
    pub fn parse(text: &str) -> Role {
        match text {
            "admin" => Role::Admin,
            "cashier" => Role::Cashier,
            _ => Role::User,
        }
    }
}

/// A user row (also read by column name, in the sign-in lookup `db::signed_in`).
#[derive(Debug, Clone, Queryable, QueryableByName, Selectable, Identifiable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: i64,
    pub company_id: Option<i64>,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    pub role: String,
    pub is_email_verified: bool,
    pub locked: bool,
    pub default_menu: Option<String>,
    pub selected_branch_office_id: Option<i64>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// 'light' or 'dark'.
    pub theme: String,
    /// Name of the primary colour (see `views::user::PRIMARY_COLORS`).
    pub primary_color: String,
}

/// A user to insert.
#[derive(Debug, Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub company_id: Option<i64>,
    pub email: &'a str,
    pub name: &'a str,
    pub password_hash: &'a str,
    pub role: &'a str,
    pub is_email_verified: bool,
    pub selected_branch_office_id: Option<i64>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// What an administrator edits on a user.
#[derive(Debug, Clone)]
pub struct UserFields {
    pub name: String,
    pub role: Role,
    pub default_menu: Option<String>,
}

type Query = crate::models::ListQuery<users::table, User>;

/// Sortable keys of the list (the first is the default).
const SORTS: &[SortKey<Query>] = &[
    SortKey::by::<users::name, users::id>("name"),
    SortKey::by::<users::email, users::id>("email"),
    SortKey::by::<users::role, users::id>("role"),
];

/// The company's users, to filter further.
fn of(company: CompanyId) -> users::BoxedQuery<'static, DbBackend> {
    users::table
        .filter(users::company_id.eq(company.get()))
        .into_boxed()
}

/// E-mails are compared and stored trimmed and lower-cased.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

impl User {
    /// The user's company, if one has taken them in.
    pub fn company(&self) -> Option<CompanyId> {
        self.company_id.map(CompanyId::trusted)
    }

    /// The role as an enum.
    pub fn role(&self) -> Role {
        Role::parse(&self.role)
    }

    /// By id.
    pub fn find(conn: &mut DbConnection, id: i64) -> QueryResult<User> {
        native::first(
            conn,
            users::table.find(id).select(native::columns::<User>()),
        )
    }

    /// By (normalized) e-mail.
    pub fn find_by_email(conn: &mut DbConnection, email: &str) -> QueryResult<Option<User>> {
        users::table
            .filter(users::email.eq(normalize_email(email)))
            .select(User::as_select())
            .first(conn)
            .optional()
    }

    /// Inserts and returns the new user.
    pub fn insert(conn: &mut DbConnection, new: &NewUser) -> QueryResult<User> {
        // (The two-backend connection cannot return a whole row from an insert; fetch it by id.)
        let id: i64 = diesel::insert_into(users::table)
            .values(new)
            .returning(users::id)
            .get_result(conn)?;
        Self::find(conn, id)
    }

    /// Marks the e-mail verified.
    pub fn mark_verified(conn: &mut DbConnection, id: i64) -> QueryResult<usize> {
        diesel::update(users::table.find(id))
            .set((
                users::is_email_verified.eq(true),
                users::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Replaces the password hash.
    pub fn set_password_hash(conn: &mut DbConnection, id: i64, hash: &str) -> QueryResult<usize> {
        diesel::update(users::table.find(id))
            .set((users::password_hash.eq(hash), users::updated_at.eq(now())))
            .execute(conn)
    }

    /// Sets the branch the user is working in.
    pub fn set_selected_branch(
        conn: &mut DbConnection,
        id: i64,
        branch: i64,
    ) -> QueryResult<usize> {
        diesel::update(users::table.find(id))
            .set((
                users::selected_branch_office_id.eq(branch),
                users::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Ids of the branches the user may work in (branchOfficesAccess).
    pub fn branch_access(conn: &mut DbConnection, id: i64) -> QueryResult<Vec<i64>> {
        user_branch_offices::table
            .filter(user_branch_offices::user_id.eq(id))
            .select(user_branch_offices::branch_office_id)
            .order(user_branch_offices::branch_office_id.asc())
            .load(conn)
    }

    /// One page of a company's users.
    pub fn list(
        conn: &mut DbConnection,
        company: CompanyId,
        params: &ListParams,
    ) -> QueryResult<Page<User>> {
        let filtered = || {
            let mut query: Query = users::table
                .select(User::as_select())
                .filter(users::company_id.eq(company.get()))
                .into_boxed();
            if params.only_active {
                query = query.filter(users::locked.eq(false));
            }
            if let Some(pattern) = params.search_pattern() {
                query = query.filter(
                    search_fold(users::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(users::email.like(pattern).escape('\\')),
                );
            }
            query
        };
        paginate(conn, params, filtered, SORTS)
    }

    /// One user of the company.
    pub fn find_in_company(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<User>> {
        of(company)
            .filter(users::id.eq(id))
            .select(User::as_select())
            .first(conn)
            .optional()
    }

    /// Unlocked administrators of the company.
    pub fn active_admins(conn: &mut DbConnection, company: CompanyId) -> QueryResult<i64> {
        of(company)
            .filter(users::role.eq(Role::Admin.as_str()))
            .filter(users::locked.eq(false))
            .count()
            .get_result(conn)
    }

    /// Unlocked users of the company (what the licence counts).
    pub fn active_users(conn: &mut DbConnection, company: CompanyId) -> QueryResult<i64> {
        of(company)
            .filter(users::locked.eq(false))
            .count()
            .get_result(conn)
    }

    /// Every user of the company (dashboard counts).
    pub fn count(conn: &mut DbConnection, company: CompanyId) -> QueryResult<i64> {
        of(company).count().get_result(conn)
    }

    /// Saves what an administrator edits on the company's user `id`.
    pub fn update(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        fields: &UserFields,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(users, company, id))
            .set((
                users::name.eq(&fields.name),
                users::role.eq(fields.role.as_str()),
                users::default_menu.eq(&fields.default_menu),
                users::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Takes a sign-up account (no company yet) into a company.
    pub fn join_company(
        conn: &mut DbConnection,
        id: i64,
        company: CompanyId,
        fields: &UserFields,
    ) -> QueryResult<usize> {
        diesel::update(users::table.find(id).filter(users::company_id.is_null()))
            .set((
                users::company_id.eq(company.get()),
                users::updated_at.eq(now()),
            ))
            .execute(conn)?;
        Self::update(conn, company, id, fields)
    }

    /// Sets the lock of the company's user `id`.
    pub fn set_locked(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        locked: bool,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(users, company, id))
            .set((users::locked.eq(locked), users::updated_at.eq(now())))
            .execute(conn)
    }

    /// Sets whether the e-mail of the company's user `id` counts as verified.
    pub fn set_verified(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        verified: bool,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(users, company, id))
            .set((
                users::is_email_verified.eq(verified),
                users::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Saves the user's theme.
    pub fn set_theme(
        conn: &mut DbConnection,
        id: i64,
        theme: &str,
        primary_color: &str,
    ) -> QueryResult<usize> {
        diesel::update(users::table.find(id))
            .set((
                users::theme.eq(theme),
                users::primary_color.eq(primary_color),
                users::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Replaces the access list of the company's user `id` (and moves a selected branch no longer
    /// in it to the first one). The branches must be the company's (the caller checks them).
    pub fn set_branch_access(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        branches: &[i64],
    ) -> QueryResult<()> {
        if Self::find_in_company(conn, company, id)?.is_none() {
            return Err(diesel::result::Error::NotFound);
        }
        diesel::delete(user_branch_offices::table.filter(user_branch_offices::user_id.eq(id)))
            .execute(conn)?;
        for branch in branches {
            diesel::insert_into(user_branch_offices::table)
                .values((
                    user_branch_offices::user_id.eq(id),
                    user_branch_offices::branch_office_id.eq(branch),
                ))
                .execute(conn)?;
        }
        diesel::update(
            users::table
                .find(id)
                .filter(users::selected_branch_office_id.ne_all(branches.to_vec())),
        )
        .set(users::selected_branch_office_id.eq(branches.first().copied()))
        .execute(conn)?;
        Ok(())
    }

    /// Access lists of several users of the company at once.
    pub fn branch_access_of(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<(i64, i64)>> {
        user_branch_offices::table
            .inner_join(users::table)
            .filter(users::company_id.eq(company.get()))
            .filter(user_branch_offices::user_id.eq_any(ids))
            .select((
                user_branch_offices::user_id,
                user_branch_offices::branch_office_id,
            ))
            .order((
                user_branch_offices::user_id.asc(),
                user_branch_offices::branch_office_id.asc(),
            ))
            .load(conn)
    }

    /// Users of the company with access to a branch.
    pub fn count_with_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        branch: i64,
    ) -> QueryResult<i64> {
        user_branch_offices::table
            .inner_join(users::table)
            .filter(users::company_id.eq(company.get()))
            .filter(user_branch_offices::branch_office_id.eq(branch))
            .count()
            .get_result(conn)
    }

    /// Deletes the company's user `id` (sessions and tokens go with it).
    pub fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<usize> {
        diesel::delete(crate::company_row!(users, company, id)).execute(conn)
    }

    /// Grants the company's user `id` access to a branch of the company (no-op when already
    /// granted).
    pub fn grant_branch(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        branch: i64,
    ) -> QueryResult<()> {
        if Self::find_in_company(conn, company, id)?.is_none() {
            return Err(diesel::result::Error::NotFound);
        }
        let exists: i64 = user_branch_offices::table
            .filter(user_branch_offices::user_id.eq(id))
            .filter(user_branch_offices::branch_office_id.eq(branch))
            .count()
            .get_result(conn)?;
        if exists == 0 {
            diesel::insert_into(user_branch_offices::table)
                .values((
                    user_branch_offices::user_id.eq(id),
                    user_branch_offices::branch_office_id.eq(branch),
                ))
                .execute(conn)?;
        }
        Ok(())
    }
}
