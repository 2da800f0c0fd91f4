//! Users as the company's user list shows them.

use serde::Serialize;
use ts_rs::TS;

use crate::models::auth::user::{Role, User};

/// A user in the company's user list.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserRowView {
    #[serde(rename = "_id")]
    pub id: i64,
    pub email: String,
    pub name: String,
    pub role: Role,
    pub is_email_verified: bool,
    pub locked: bool,
    pub branch_offices_access: Vec<i64>,
    pub default_menu: Option<String>,
}

impl UserRowView {
    /// From a row and its access list.
    pub fn new(user: &User, access: Vec<i64>) -> Self {
        Self {
            id: user.id,
            email: user.email.clone(),
            name: user.name.clone(),
            role: user.role(),
            is_email_verified: user.is_email_verified,
            locked: user.locked,
            branch_offices_access: access,
            default_menu: user.default_menu.clone(),
        }
    }
}

/// The users page: one page of the list and the company's branches for the access selector.
#[derive(Debug, Clone, Serialize, TS)]
pub struct UsersPage {
    pub list: crate::db::list::Page<UserRowView>,
    pub branches: Vec<super::branch_office::BranchOfficeView>,
}
