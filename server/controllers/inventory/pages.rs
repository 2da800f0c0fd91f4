//! Data of the inventory pages, from the same functions as their APIs.

use serde_json::Value;

use super::categories;
use crate::auth::roles;
use crate::controllers::pages::loaders::PageContext;
use crate::views::inventory::category::CategoriesPage;

/// Routes this area loads.
pub const ROUTES: &[&str] = &["admin-categories"];

/// Data for route `id`, if it is one of this area's.
pub async fn load(ctx: &PageContext<'_>, id: &str) -> Option<Value> {
    Some(match id {
        "admin-categories" => {
            ctx.tenant_data(roles::ADMIN_USER, |conn, tenant, query| {
                Ok(CategoriesPage {
                    list: categories::list_page(conn, tenant, &query.list()?)?,
                    all: categories::all_views(conn, tenant.company, false)?,
                })
            })
            .await
        }
        _ => return None,
    })
}
