//! The signed-in user as handlers and services see it: plain data, apart from the extractors in
//! [`crate::auth::extract`] that find it (which need the application state), so that the role
//! table and the services that take a tenant do not depend on the server's state.

use crate::error::AppError;
use crate::models::CompanyId;
use crate::models::auth::user::{Role, User};
use crate::util::time::Zone;

/// A signed-in user and the session they used.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub user: User,
    pub session_id: i64,
    /// The company's time zone (the default for an account without a company): every date and
    /// time this user sees is in it.
    pub zone: Zone,
}

impl AuthUser {
    /// The user's role.
    pub fn role(&self) -> Role {
        self.user.role()
    }

    /// The user's company, or 403 for an account no company has taken in yet.
    pub fn company(&self) -> Result<CompanyId, AppError> {
        self.user.company().ok_or_else(|| {
            AppError::Forbidden("Su cuenta aún no pertenece a ninguna empresa".into())
        })
    }
}
