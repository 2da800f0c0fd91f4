//! Limits on the e-mails anyone can make the server send.
//!
//! - Asked without signing in (password reset, new verification link): [`PER_ACCOUNT`] an hour
//!   to one address and [`PER_IP`] an hour asked from one client address. Over a limit the
//!   request is answered exactly as when the e-mail is sent — the forms never tell whether an
//!   account exists — and nothing is queued.
//! - Sent by a signed-in user (a document again, an account statement): [`PER_USER`] a minute
//!   per user and [`PER_COMPANY`] an hour per company; over a limit the request is refused with
//!   429 and a Spanish message that says how long to wait ([`allow_sending`]).
//!
//! Counts live in the database (table `login_failures`, scopes `mail_account`, `mail_ip`,
//! `mail_user`, `mail_company`) so every app server agrees.

use chrono::TimeDelta;

use crate::auth::roles::Tenant;
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

/// Window of the per-user limit.
pub const USER_WINDOW: TimeDelta = TimeDelta::minutes(1);
/// E-mails one user may have sent in [`USER_WINDOW`].
pub const PER_USER: i64 = 10;
/// E-mails one company's users may have sent in [`WINDOW`] (an hour).
pub const PER_COMPANY: i64 = 120;

/// Refusal over the per-user limit.
pub fn user_refusal() -> AppError {
    AppError::TooManyRequests(format!(
        "Envió demasiados correos seguidos: se admiten {PER_USER} por minuto. Espere un minuto e intente de nuevo."
    ))
}

/// Refusal over the per-company limit.
pub fn company_refusal() -> AppError {
    AppError::TooManyRequests(format!(
        "La empresa alcanzó el límite de {PER_COMPANY} correos por hora enviados a pedido. Intente de nuevo más tarde."
    ))
}

/// Whether the signed-in user may have one more e-mail sent now (429 otherwise); counts it when
/// it may. Called in the transaction that queues the e-mail.
pub fn allow_sending(conn: &mut DbConnection, tenant: &Tenant) -> Result<(), AppError> {
    let user = tenant.user_id().to_string();
    let company = tenant.company.get().to_string();
    if login_failure::count_recent(conn, Scope::MailUser, &user, USER_WINDOW)? >= PER_USER {
        return Err(user_refusal());
    }
    if login_failure::count_recent(conn, Scope::MailCompany, &company, WINDOW)? >= PER_COMPANY {
        return Err(company_refusal());
    }
    login_failure::record(conn, Scope::MailUser, &user, USER_WINDOW)?;
    login_failure::record(conn, Scope::MailCompany, &company, WINDOW)?;
    Ok(())
}
