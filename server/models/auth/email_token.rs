//! Single-use, expiring tokens sent by e-mail (verification, password reset).

use chrono::{NaiveDateTime, TimeDelta};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::email_tokens;
use crate::util::random;
use crate::util::time::now;

/// What a token is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    VerifyEmail,
    ResetPassword,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::VerifyEmail => "verify_email",
            Purpose::ResetPassword => "reset_password",
        }
    }

    /// How long a link stays valid.
    pub fn lifetime(self) -> TimeDelta {
        match self {
            Purpose::VerifyEmail => TimeDelta::hours(48),
            Purpose::ResetPassword => TimeDelta::hours(1),
        }
    }
}

/// Why a token was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenProblem {
    Unknown,
    Used,
    Expired,
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = email_tokens)]
struct EmailToken {
    id: i64,
    user_id: i64,
    purpose: String,
    expires_at: NaiveDateTime,
    used_at: Option<NaiveDateTime>,
}

/// Issues a token for `user_id`; returns the raw token for the link (only its digest is stored).
pub fn issue(conn: &mut DbConnection, user_id: i64, purpose: Purpose) -> QueryResult<String> {
    issue_for(conn, user_id, purpose, purpose.lifetime())
}

/// Like [`issue`], valid for `lifetime` (an invitation to set a first password lasts longer
/// than a reset link).
pub fn issue_for(
    conn: &mut DbConnection,
    user_id: i64,
    purpose: Purpose,
    lifetime: TimeDelta,
) -> QueryResult<String> {
    let token = random::token();
    let at = now();
    diesel::insert_into(email_tokens::table)
        .values((
            email_tokens::token_hash.eq(random::digest(&token)),
            email_tokens::user_id.eq(user_id),
            email_tokens::purpose.eq(purpose.as_str()),
            email_tokens::created_at.eq(at),
            email_tokens::expires_at.eq(at + lifetime),
        ))
        .execute(conn)?;
    Ok(token)
}

/// Checks a token without using it up; returns its user.
pub fn check(
    conn: &mut DbConnection,
    token: &str,
    purpose: Purpose,
) -> QueryResult<Result<i64, TokenProblem>> {
    Ok(find(conn, token, purpose)?.map(|t| t.user_id))
}

/// Uses a token up (single use) and returns its user. Call inside the transaction that applies it.
pub fn consume(
    conn: &mut DbConnection,
    token: &str,
    purpose: Purpose,
) -> QueryResult<Result<i64, TokenProblem>> {
    let found = find(conn, token, purpose)?;
    if let Ok(t) = &found {
        // Guarded by `used_at IS NULL` so two concurrent uses cannot both succeed.
        let updated = diesel::update(
            email_tokens::table
                .find(t.id)
                .filter(email_tokens::used_at.is_null()),
        )
        .set(email_tokens::used_at.eq(now()))
        .execute(conn)?;
        if updated == 0 {
            return Ok(Err(TokenProblem::Used));
        }
    }
    Ok(found.map(|t| t.user_id))
}

fn find(
    conn: &mut DbConnection,
    token: &str,
    purpose: Purpose,
) -> QueryResult<Result<EmailToken, TokenProblem>> {
    let row = email_tokens::table
        .filter(email_tokens::token_hash.eq(random::digest(token)))
        .select(EmailToken::as_select())
        .first(conn)
        .optional()?;
    Ok(match row {
        None => Err(TokenProblem::Unknown),
        Some(t) if t.purpose != purpose.as_str() => Err(TokenProblem::Unknown),
        Some(t) if t.used_at.is_some() => Err(TokenProblem::Used),
        Some(t) if t.expires_at <= now() => Err(TokenProblem::Expired),
        Some(t) => Ok(t),
    })
}

/// Invalidates the unused tokens of a user for a purpose (a new reset link replaces older ones).
pub fn revoke_unused(
    conn: &mut DbConnection,
    user_id: i64,
    purpose: Purpose,
) -> QueryResult<usize> {
    diesel::update(
        email_tokens::table
            .filter(email_tokens::user_id.eq(user_id))
            .filter(email_tokens::purpose.eq(purpose.as_str()))
            .filter(email_tokens::used_at.is_null()),
    )
    .set(email_tokens::used_at.eq(now()))
    .execute(conn)
}
