//! Failed sign-ins (per account, per client address and per pair of both) and e-mail requests
//! (per account and per address), counted for throttling (server/auth/throttle.rs). Kept in the
//! database so every app server sees the same counts.

use chrono::TimeDelta;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::login_failures;
use crate::util::time::now;

/// What a failure is counted against.
#[derive(Debug, Clone, Copy)]
pub enum Scope {
    Account,
    Ip,
    /// One account from one client address (`{email}|{address}`).
    AccountIp,
    /// Reset or verification e-mails asked for an account.
    MailAccount,
    /// Reset or verification e-mails asked from an address.
    MailIp,
    /// E-mails a signed-in user had sent (a document, a statement), by user id.
    MailUser,
    /// E-mails a company's users had sent, by company id.
    MailCompany,
}

impl Scope {
    fn as_str(self) -> &'static str {
        match self {
            Scope::Account => "account",
            Scope::Ip => "ip",
            Scope::AccountIp => "account_ip",
            Scope::MailAccount => "mail_account",
            Scope::MailIp => "mail_ip",
            Scope::MailUser => "mail_user",
            Scope::MailCompany => "mail_company",
        }
    }
}

/// Failures of `key` within the last `window`.
pub fn count_recent(
    conn: &mut DbConnection,
    scope: Scope,
    key: &str,
    window: TimeDelta,
) -> QueryResult<i64> {
    login_failures::table
        .filter(login_failures::scope.eq(scope.as_str()))
        .filter(login_failures::key.eq(key))
        .filter(login_failures::failed_at.gt(now() - window))
        .count()
        .get_result(conn)
}

/// Time of the latest failure of `key`, if any.
pub fn latest(
    conn: &mut DbConnection,
    scope: Scope,
    key: &str,
) -> QueryResult<Option<chrono::NaiveDateTime>> {
    login_failures::table
        .filter(login_failures::scope.eq(scope.as_str()))
        .filter(login_failures::key.eq(key))
        .select(diesel::dsl::max(login_failures::failed_at))
        .first(conn)
}

/// Records a failure, dropping this key's entries older than `window`.
pub fn record(
    conn: &mut DbConnection,
    scope: Scope,
    key: &str,
    window: TimeDelta,
) -> QueryResult<()> {
    let at = now();
    diesel::delete(
        login_failures::table
            .filter(login_failures::scope.eq(scope.as_str()))
            .filter(login_failures::key.eq(key))
            .filter(login_failures::failed_at.le(at - window)),
    )
    .execute(conn)?;
    diesel::insert_into(login_failures::table)
        .values((
            login_failures::scope.eq(scope.as_str()),
            login_failures::key.eq(key),
            login_failures::failed_at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

/// Forgets an account's failures after a successful sign-in.
pub fn clear(conn: &mut DbConnection, scope: Scope, key: &str) -> QueryResult<usize> {
    diesel::delete(
        login_failures::table
            .filter(login_failures::scope.eq(scope.as_str()))
            .filter(login_failures::key.eq(key)),
    )
    .execute(conn)
}
