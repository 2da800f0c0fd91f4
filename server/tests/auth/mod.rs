//! `/api/auth/*` and `/api/user`.

mod branch;
mod csrf;
mod login;
mod password;
mod session;
mod signup;
