//! Users: a person who signs in. E-mail is unique on the whole platform.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use crate::db::schema::{user_branch_offices, users};
use crate::db::{DbBackend, DbConnection, lower};
use crate::http::list::ListParams;
use crate::util::time::now;

/// A user's role (specification §6). Default `user`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
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

/// A user row.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
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

fn filtered(company_id: i64, params: &ListParams) -> users::BoxedQuery<'static, DbBackend> {
    let mut query = users::table
        .filter(users::company_id.eq(company_id))
        .into_boxed();
    if params.only_active {
        query = query.filter(users::locked.eq(false));
    }
    if let Some(pattern) = params.like() {
        query = query.filter(
            lower(users::name)
                .like(pattern.clone())
                .escape('\\')
                .or(users::email.like(pattern).escape('\\')),
        );
    }
    query
}

/// E-mails are compared and stored trimmed and lower-cased.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

impl User {
    /// The role as an enum.
    pub fn role(&self) -> Role {
        Role::parse(&self.role)
    }

    /// By id.
    pub fn find(conn: &mut DbConnection, id: i64) -> QueryResult<User> {
        users::table.find(id).select(User::as_select()).first(conn)
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

    /// One page of a company's users, and how many match in all.
    pub fn list(
        conn: &mut DbConnection,
        company_id: i64,
        params: &ListParams,
    ) -> QueryResult<(Vec<User>, i64)> {
        let total = filtered(company_id, params).count().get_result(conn)?;
        let query = filtered(company_id, params).select(User::as_select());
        let query = match (params.sort.as_deref(), params.descending) {
            (Some("email"), false) => query.order(users::email.asc()),
            (Some("email"), true) => query.order(users::email.desc()),
            (Some("role"), false) => query.order((users::role.asc(), users::name.asc())),
            (Some("role"), true) => query.order((users::role.desc(), users::name.asc())),
            (_, true) => query.order(users::name.desc()),
            (_, false) => query.order(users::name.asc()),
        };
        Ok((
            query
                .limit(params.limit)
                .offset(params.offset())
                .load(conn)?,
            total,
        ))
    }

    /// One user of the company.
    pub fn find_in_company(
        conn: &mut DbConnection,
        company_id: i64,
        id: i64,
    ) -> QueryResult<Option<User>> {
        users::table
            .filter(users::company_id.eq(company_id))
            .filter(users::id.eq(id))
            .select(User::as_select())
            .first(conn)
            .optional()
    }

    /// Unlocked administrators of the company.
    pub fn active_admins(conn: &mut DbConnection, company_id: i64) -> QueryResult<i64> {
        users::table
            .filter(users::company_id.eq(company_id))
            .filter(users::role.eq(Role::Admin.as_str()))
            .filter(users::locked.eq(false))
            .count()
            .get_result(conn)
    }

    /// Unlocked users of the company (what the licence counts).
    pub fn active_users(conn: &mut DbConnection, company_id: i64) -> QueryResult<i64> {
        users::table
            .filter(users::company_id.eq(company_id))
            .filter(users::locked.eq(false))
            .count()
            .get_result(conn)
    }

    /// Saves what an administrator edits.
    pub fn update(conn: &mut DbConnection, id: i64, fields: &UserFields) -> QueryResult<usize> {
        diesel::update(users::table.find(id))
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
        company_id: i64,
        fields: &UserFields,
    ) -> QueryResult<usize> {
        diesel::update(users::table.find(id).filter(users::company_id.is_null()))
            .set((
                users::company_id.eq(company_id),
                users::updated_at.eq(now()),
            ))
            .execute(conn)?;
        Self::update(conn, id, fields)
    }

    /// Sets the lock.
    pub fn set_locked(conn: &mut DbConnection, id: i64, locked: bool) -> QueryResult<usize> {
        diesel::update(users::table.find(id))
            .set((users::locked.eq(locked), users::updated_at.eq(now())))
            .execute(conn)
    }

    /// Sets whether the e-mail counts as verified.
    pub fn set_verified(conn: &mut DbConnection, id: i64, verified: bool) -> QueryResult<usize> {
        diesel::update(users::table.find(id))
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

    /// Replaces the user's branch access list (and clears a selected branch no longer in it).
    pub fn set_branch_access(
        conn: &mut DbConnection,
        id: i64,
        branches: &[i64],
    ) -> QueryResult<()> {
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

    /// Access lists of several users at once.
    pub fn branch_access_of(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
        user_branch_offices::table
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

    /// Users with access to a branch.
    pub fn count_with_branch(conn: &mut DbConnection, branch: i64) -> QueryResult<i64> {
        user_branch_offices::table
            .filter(user_branch_offices::branch_office_id.eq(branch))
            .count()
            .get_result(conn)
    }

    /// Deletes a user (sessions and tokens go with it).
    pub fn delete(conn: &mut DbConnection, id: i64) -> QueryResult<usize> {
        diesel::delete(users::table.find(id)).execute(conn)
    }

    /// Grants access to a branch (no-op when already granted).
    pub fn grant_branch(conn: &mut DbConnection, id: i64, branch: i64) -> QueryResult<()> {
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
