//! The role table of the specification (§6), as the server enforces it. Each endpoint names the
//! group of roles it admits. These groups are the only definition: the UI's route table reads
//! them from the generated `ui/src/lib/api-types.ts` and the permission tests import them.

use crate::auth::signed_in::AuthUser;
use crate::db::DbConnection;
use crate::error::{AppError, AppResult};
use crate::models::CompanyId;
use crate::models::auth::user::{Role, User};
use crate::models::config::branch_office::BranchOffice;

/// 'admin only' (configuration, uploads, all cash registers).
pub const ADMIN: &[Role] = &[Role::Admin];
/// 'admin and user' (catalogue, inventory, accounts…).
pub const ADMIN_USER: &[Role] = &[Role::Admin, Role::User];
/// 'include cashier' and 'no restriction': every signed-in role.
pub const ALL: &[Role] = &[Role::Admin, Role::User, Role::Cashier];

/// The groups by the names the UI uses (exported to TypeScript).
pub const GROUPS: &[(&str, &[Role])] =
    &[("ADMIN", ADMIN), ("ADMIN_USER", ADMIN_USER), ("ALL", ALL)];

/// Message for a role that may not use an endpoint.
pub const FORBIDDEN: &str = "No tiene permisos para realizar esta acción";

/// Message when the user has no branch to work in.
pub const NO_BRANCH: &str =
    "No tiene una sucursal asignada. Pida a un administrador que le dé acceso a una.";

/// A signed-in user acting inside their company with a role the endpoint admits. Its `company`
/// is what every model function is scoped by.
#[derive(Debug, Clone)]
pub struct Tenant {
    pub auth: AuthUser,
    pub company: CompanyId,
}

impl Tenant {
    /// The user's id.
    pub fn user_id(&self) -> i64 {
        self.auth.user.id
    }

    /// The user's role.
    pub fn role(&self) -> Role {
        self.auth.role()
    }

    /// The company's time zone: what every date and time shown to this user is in.
    pub fn zone(&self) -> crate::util::time::Zone {
        self.auth.zone
    }

    /// The branch the user is working in (`companySelectedData.branchOffice`): the stored choice
    /// while still accessible, else the first branch they may access. Branch-level data (stock,
    /// cash registers, sales) follows it.
    pub fn branch(&self, conn: &mut DbConnection) -> AppResult<BranchOffice> {
        // The user's branches of the company, in one statement, and the choice among them.
        let access = BranchOffice::accessible(conn, self.company, self.user_id())?;
        let ids: Vec<i64> = access.iter().map(|b| b.id).collect();
        selected_branch(&self.auth.user, &ids)
            .and_then(|id| access.into_iter().find(|b| b.id == id))
            .ok_or_else(|| AppError::Conflict {
                message: NO_BRANCH.into(),
                errors: Default::default(),
            })
    }
}

/// The branch a user is working in: the stored choice when still accessible, else the first
/// branch the user may access.
pub fn selected_branch(user: &User, access: &[i64]) -> Option<i64> {
    user.selected_branch_office_id
        .filter(|id| access.contains(id))
        .or_else(|| access.first().copied())
}

impl AuthUser {
    /// The user as a member of their company, if their role is one of `roles` (403 otherwise, and
    /// 403 for an account that no company has taken in yet).
    pub fn tenant(&self, roles: &[Role]) -> Result<Tenant, AppError> {
        if !roles.contains(&self.role()) {
            return Err(AppError::Forbidden(FORBIDDEN.into()));
        }
        Ok(Tenant {
            company: self.company()?,
            auth: self.clone(),
        })
    }
}
