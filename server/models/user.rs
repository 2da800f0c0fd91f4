//! Users: a person who signs in. E-mail is unique on the whole platform.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use crate::db::DbConnection;
use crate::db::schema::{user_branch_offices, users};
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
        let id: i64 = diesel::insert_into(users::table).values(new).returning(users::id).get_result(conn)?;
        Self::find(conn, id)
    }

    /// Marks the e-mail verified.
    pub fn mark_verified(conn: &mut DbConnection, id: i64) -> QueryResult<usize> {
        diesel::update(users::table.find(id))
            .set((users::is_email_verified.eq(true), users::updated_at.eq(now())))
            .execute(conn)
    }

    /// Replaces the password hash.
    pub fn set_password_hash(conn: &mut DbConnection, id: i64, hash: &str) -> QueryResult<usize> {
        diesel::update(users::table.find(id))
            .set((users::password_hash.eq(hash), users::updated_at.eq(now())))
            .execute(conn)
    }

    /// Sets the branch the user is working in.
    pub fn set_selected_branch(conn: &mut DbConnection, id: i64, branch: i64) -> QueryResult<usize> {
        diesel::update(users::table.find(id))
            .set((users::selected_branch_office_id.eq(branch), users::updated_at.eq(now())))
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

    /// Grants access to a branch (no-op when already granted).
    pub fn grant_branch(conn: &mut DbConnection, id: i64, branch: i64) -> QueryResult<()> {
        let exists: i64 = user_branch_offices::table
            .filter(user_branch_offices::user_id.eq(id))
            .filter(user_branch_offices::branch_office_id.eq(branch))
            .count()
            .get_result(conn)?;
        if exists == 0 {
            diesel::insert_into(user_branch_offices::table)
                .values((user_branch_offices::user_id.eq(id), user_branch_offices::branch_office_id.eq(branch)))
                .execute(conn)?;
        }
        Ok(())
    }
}
