//! Accounts: users, their sessions, e-mail tokens and failed sign-in attempts.

pub mod email_token;
pub mod login_failure;
pub mod session;
pub mod user;
