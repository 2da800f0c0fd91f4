//! Sign-in throttling: after too many failures in a window, an account (by e-mail) or a client
//! address is refused with 429 until the window passes. Counts live in the database, so every app
//! server enforces the same limit.

use chrono::TimeDelta;

use crate::db::DbConnection;
use crate::error::AppError;
use crate::models::auth::login_failure::{self, Scope};

/// Window over which failures are counted.
pub const WINDOW: TimeDelta = TimeDelta::minutes(15);
/// Failures allowed per account in the window.
pub const MAX_PER_ACCOUNT: i64 = 5;
/// Failures allowed per client address in the window (an office may share one address).
pub const MAX_PER_IP: i64 = 30;

/// Message for a throttled sign-in.
pub const THROTTLED: &str =
    "Demasiados intentos fallidos de inicio de sesión. Espere 15 minutos e intente de nuevo.";

/// Refuses the attempt when the account or the address is over its limit.
pub fn check(conn: &mut DbConnection, email: &str, ip: &str) -> Result<(), AppError> {
    if login_failure::count_recent(conn, Scope::Account, email, WINDOW)? >= MAX_PER_ACCOUNT
        || login_failure::count_recent(conn, Scope::Ip, ip, WINDOW)? >= MAX_PER_IP
    {
        return Err(AppError::TooManyRequests(THROTTLED.into()));
    }
    Ok(())
}

/// Counts a failure against both the account and the address.
pub fn record_failure(conn: &mut DbConnection, email: &str, ip: &str) -> Result<(), AppError> {
    login_failure::record(conn, Scope::Account, email, WINDOW)?;
    login_failure::record(conn, Scope::Ip, ip, WINDOW)?;
    Ok(())
}

/// Clears the account's failures after a successful sign-in.
pub fn record_success(conn: &mut DbConnection, email: &str) -> Result<(), AppError> {
    login_failure::clear(conn, Scope::Account, email)?;
    Ok(())
}
