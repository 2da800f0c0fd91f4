//! Limits on the e-mails anyone can make the server send (password reset, new verification
//! link): [`PER_ACCOUNT`] an hour to one address and [`PER_IP`] an hour asked from one client
//! address. Over a limit the request is answered exactly as when the e-mail is sent — the forms
//! never tell whether an account exists — and nothing is queued. Counts live in the database
//! (table `login_failures`, scopes `mail_account` and `mail_ip`) so every app server agrees.

use chrono::TimeDelta;

use crate::db::DbConnection;
use crate::error::AppError;
use crate::models::auth::login_failure::{self, Scope};

/// Window of the limits.
pub const WINDOW: TimeDelta = TimeDelta::hours(1);
/// E-mails per account (normalised address) in the window.
pub const PER_ACCOUNT: i64 = 3;
/// Requests per client address in the window (an office may share one address).
pub const PER_IP: i64 = 10;

/// Whether an e-mail for `email` asked from `ip` may be sent now; counts the request when it may.
/// Requests for addresses without an account count too, so probing costs the same.
pub fn allow(conn: &mut DbConnection, email: &str, ip: &str) -> Result<bool, AppError> {
    if login_failure::count_recent(conn, Scope::MailIp, ip, WINDOW)? >= PER_IP
        || login_failure::count_recent(conn, Scope::MailAccount, email, WINDOW)? >= PER_ACCOUNT
    {
        return Ok(false);
    }
    login_failure::record(conn, Scope::MailIp, ip, WINDOW)?;
    login_failure::record(conn, Scope::MailAccount, email, WINDOW)?;
    Ok(true)
}
