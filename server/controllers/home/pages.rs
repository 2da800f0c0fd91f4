//! Data of the back-office home page: the same dashboard `GET /api/dashboard` answers.

use serde_json::Value;

use super::dashboard;
use crate::auth::roles;
use crate::controllers::pages::loaders::PageContext;

/// Routes this area loads.
pub const ROUTES: &[&str] = &["admin-home"];

/// Data for route `id`, if it is one of this area's.
pub async fn load(ctx: &PageContext<'_>, id: &str) -> Option<Value> {
    match id {
        // An account no company has taken in yet has nothing to show (`null`, as the API).
        "admin-home" => Some(match ctx.user.and_then(|u| u.user.company_id) {
            Some(_) => {
                ctx.tenant_data(roles::ALL, |conn, tenant, _| dashboard::load(conn, tenant))
                    .await
            }
            None => Value::Null,
        }),
        _ => None,
    }
}
