//! Data of the sales pages, from the same functions as their APIs.

use serde_json::Value;

use super::clients;
use crate::auth::roles;
use crate::controllers::pages::loaders::PageContext;
use crate::views::sales::client::ClientsPage;

/// Routes this area loads.
pub const ROUTES: &[&str] = &["sales-clients"];

/// Data for route `id`, if it is one of this area's.
pub async fn load(ctx: &PageContext<'_>, id: &str) -> Option<Value> {
    Some(match id {
        "sales-clients" => {
            ctx.tenant_data(roles::ALL, |conn, tenant, query| {
                Ok(ClientsPage {
                    list: clients::list_page(conn, tenant, &query.list()?)?,
                })
            })
            .await
        }
        _ => return None,
    })
}
