//! The role table of the specification (§6), as the server enforces it. Each endpoint names the
//! group of roles it admits; the UI's route table applies the same groups to pages.

use crate::auth::extract::AuthUser;
use crate::error::AppError;
use crate::models::user::Role;

/// 'admin only' (configuration, uploads, all cash registers).
pub const ADMIN: &[Role] = &[Role::Admin];
/// 'admin and user' (catalogue, inventory, accounts…).
pub const ADMIN_USER: &[Role] = &[Role::Admin, Role::User];
/// 'include cashier' and 'no restriction': every signed-in role.
pub const ALL: &[Role] = &[Role::Admin, Role::User, Role::Cashier];

/// Message for a role that may not use an endpoint.
pub const FORBIDDEN: &str = "No tiene permisos para realizar esta acción";

/// A signed-in user acting inside their company with a role the endpoint admits.
#[derive(Debug, Clone)]
pub struct Tenant {
    pub auth: AuthUser,
    pub company_id: i64,
}

impl Tenant {
    /// The user's id.
    pub fn user_id(&self) -> i64 {
        self.auth.user.id
    }
}

impl AuthUser {
    /// The user as a member of their company, if their role is one of `roles` (403 otherwise, and
    /// 403 for an account that no company has taken in yet).
    pub fn tenant(&self, roles: &[Role]) -> Result<Tenant, AppError> {
        if !roles.contains(&self.role()) {
            return Err(AppError::Forbidden(FORBIDDEN.into()));
        }
        Ok(Tenant {
            company_id: self.company_id()?,
            auth: self.clone(),
        })
    }
}
