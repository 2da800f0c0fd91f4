//! Data of the back-office home page: the same dashboard `GET /api/dashboard` answers.

use serde_json::Value;

use super::dashboard;
use crate::controllers::page_loader::{Loaders, PageContext};
use crate::views::route_id::RouteId;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[(RouteId::AdminHome, |ctx| Box::pin(home(ctx)))];

/// An account no company has taken in yet has nothing to show (`null`, as the API).
async fn home(ctx: &PageContext<'_>) -> Value {
    match ctx.user.and_then(|u| u.user.company_id) {
        Some(_) => {
            ctx.tenant_data(|conn, tenant, _| dashboard::load(conn, tenant))
                .await
        }
        None => Value::Null,
    }
}
