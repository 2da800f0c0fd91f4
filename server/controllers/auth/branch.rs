//! Choosing the branch office to work in.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::params::parse_id;
use crate::models::auth::user::User;
use crate::models::config::company::Company;
use crate::views::auth::user::CompanySelectedData;

/// `POST /api/auth/changeBranchOffice` body: `{branchOffice}` is the branch id (number or numeric text).
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ChangeBranchBody {
    #[ts(optional = nullable, type = "number | string | null")]
    branch_office: Option<Value>,
}

fn branch_id(value: Option<Value>) -> Result<i64, AppError> {
    let id = match value {
        Some(Value::Number(n)) => n.as_i64(),
        // Plain digits only, as for record ids (`+1` is not branch 1).
        Some(text @ Value::String(_)) => parse_id(Some(&text)).ok(),
        Some(Value::Object(o)) => o.get("_id").and_then(|v| v.as_i64()),
        _ => None,
    };
    id.ok_or_else(|| AppError::field("branchOffice", "Seleccione una sucursal válida"))
}

/// Stores the new branch (only one in the user's access list) and returns the new
/// `companySelectedData`.
pub async fn change_branch_office(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<ChangeBranchBody>,
) -> AppResult<Json<CompanySelectedData>> {
    let branch = branch_id(body.branch_office)?;
    let company = auth.company()?;
    let user_id = auth.user.id;
    let data = state
        .db
        .run(move |conn| {
            if !User::branch_access(conn, user_id)?.contains(&branch) {
                return Err(AppError::Forbidden("No tiene acceso a esa sucursal".into()));
            }
            User::set_selected_branch(conn, user_id, branch)?;
            let company = Company::find(conn, company)?;
            Ok(CompanySelectedData::load(
                conn,
                Some(&company),
                Some(branch),
            )?)
        })
        .await?;
    Ok(Json(data))
}
