//! Authentication: password hashing, sessions and the request extractors, CSRF protection,
//! sign-in throttling and the limits on e-mails sent on request.

pub mod csrf;
pub mod extract;
pub mod licence;
pub mod mail_limit;
pub mod password;
pub mod roles;
pub mod signed_in;
pub mod throttle;

pub use extract::{CurrentUser, MaybeUser};
