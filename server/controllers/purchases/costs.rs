//! `GET /api/purchases/merchandise/lastCost`: what a product cost the last time it was bought, so a
//! new purchase line starts from it.

use axum::Json;
use axum::extract::State;
use axum::http::Uri;
use serde_json::Value;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles;
use crate::error::{AppError, AppResult, not_in_table};
use crate::http::params::parse_id;
use crate::http::params::query_map;
use crate::models::inventory::product::Product;
use crate::models::purchases::purchase::Purchase;
use crate::views::inventory::product::price;
use crate::views::purchases::purchase::LastCostView;

/// `GET /api/purchases/merchandise/lastCost?productId=`: the unit cost of the product's last
/// purchase in the company (not cancelled), by the purchase's own date; every role that registers
/// purchases reads it. Another company's product is not found.
pub async fn last_cost(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    uri: Uri,
) -> AppResult<Json<LastCostView>> {
    let tenant = auth.tenant(roles::ALL)?;
    let Some(raw) = query_map(&uri).remove("productId") else {
        return Err(AppError::field(
            "productId",
            "Indique el producto (productId)",
        ));
    };
    let product_id = parse_id(Some(&Value::String(raw)))?;
    let view = state
        .db
        .run(move |conn| {
            Product::find(conn, tenant.company, product_id)?.ok_or_else(not_in_table)?;
            let last = Purchase::last_cost(conn, tenant.company, product_id)?;
            Ok(LastCostView {
                product_id,
                unit_cost: last.map(|(cost, _)| price(cost)),
                date: last.map(|(_, date)| date.to_string()),
            })
        })
        .await?;
    Ok(Json(view))
}
