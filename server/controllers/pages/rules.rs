//! `GET /api/routes/rule?path=…`: the rule of a page as the server applies it — who may open it,
//! whether it needs a session, whether it is a printable document. The browser asks when its own
//! route table has no entry for a path (a page added by a newer server), instead of guessing.

use axum::Json;
use axum::extract::Query;
use serde::Deserialize;

use crate::error::{AppError, AppResult};
use crate::ssr::routes::{RouteTable, needs_session};
use crate::views::pages::RouteRuleView;
use crate::views::route_id::RouteId;

/// `?path=`.
#[derive(Debug, Deserialize)]
pub struct RuleQuery {
    path: Option<String>,
}

/// Answers the rule of `path`; 404 when no page of the app has that path.
pub async fn route_rule(Query(query): Query<RuleQuery>) -> AppResult<Json<RouteRuleView>> {
    let raw = query.path.unwrap_or_default();
    let path = raw.split(['?', '#']).next().unwrap_or_default().trim();
    if !path.starts_with('/') {
        return Err(AppError::field(
            "path",
            "Indique la ruta de una página (por ejemplo /admin/categorias)",
        ));
    }
    let route = RouteTable::embedded()
        .find(path)
        .filter(|r| {
            r.leaf().is_some_and(|l| l.id != RouteId::NotFound.as_str()) && !r.invalid_params
        })
        .ok_or_else(|| AppError::NotFound(format!("No existe una página con la ruta {path}")))?;
    Ok(Json(RouteRuleView {
        auth: needs_session(path, Some(&route)),
        printable: route.printable,
        roles: route.roles.clone(),
    }))
}
