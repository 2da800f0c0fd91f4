//! What the server tells the browser about its pages.

use serde::Serialize;
use ts_rs::TS;

use crate::models::auth::user::Role;

/// The rule of a page (`GET /api/routes/rule?path=`).
#[derive(Debug, Clone, Serialize, TS)]
pub struct RouteRuleView {
    /// Roles that may open it; `null`: every signed-in role.
    pub roles: Option<Vec<Role>>,
    /// A session is required.
    pub auth: bool,
    /// A printable document (complete HTML, no client scripts).
    pub printable: bool,
}

/// The build of the running server (`GET /api/build`): a new value means a new version.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BuildView {
    pub build_id: String,
}
