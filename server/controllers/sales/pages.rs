//! Data of the sales pages, from the same functions as their APIs.

use serde_json::Value;

use super::clients;
use super::promotions;
use crate::auth::roles;
use crate::controllers::pages::loaders::PageContext;
use crate::views::sales::client::ClientsPage;
use crate::views::sales::promotion::PromotionsPage;

/// Routes this area loads.
pub const ROUTES: &[&str] = &["sales-clients", "sales-promos"];

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
        "sales-promos" => {
            ctx.tenant_data(roles::ADMIN_USER, |conn, tenant, query| {
                Ok(PromotionsPage {
                    list: promotions::list_page(conn, tenant, &query.list()?)?,
                    categories: crate::controllers::inventory::categories::all_views(
                        conn,
                        tenant.company,
                        false,
                    )?,
                })
            })
            .await
        }
        _ => return None,
    })
}
