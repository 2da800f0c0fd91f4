//! Authentication: password hashing, sessions and the request extractors, CSRF protection and
//! sign-in throttling.

pub mod csrf;
pub mod extract;
pub mod licence;
pub mod password;
pub mod roles;
pub mod throttle;

pub use extract::{CurrentUser, MaybeUser};
