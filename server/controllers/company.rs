//! The company's branch offices.

use axum::Json;
use axum::extract::State;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{AppError, AppResult};
use crate::models::branch_office::BranchOffice;
use crate::models::company::Company;
use crate::models::user::User;
use crate::views::branch_office::{BranchConfigView, BranchOfficeView, CompanyView};
use crate::views::user::selected_branch;

/// `GET /api/company/branchOffice/all`: every branch of the user's company.
pub async fn all_branch_offices(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Vec<BranchOfficeView>>> {
    let company_id = auth.company_id()?;
    let branches = state
        .db
        .run(move |conn| {
            Ok(BranchOffice::list_for_company(conn, company_id)?
                .iter()
                .map(BranchOfficeView::from)
                .collect())
        })
        .await?;
    Ok(Json(branches))
}

/// `GET /api/company/branchOffice/getConfig`: the selected branch with its company's issuer data.
pub async fn branch_office_config(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<BranchConfigView>> {
    let company_id = auth.company_id()?;
    let view = state
        .db
        .run(move |conn| {
            let access = User::branch_access(conn, auth.user.id)?;
            let branch_id = selected_branch(&auth.user, &access)
                .ok_or_else(|| AppError::NotFound("No tiene una sucursal asignada".into()))?;
            let branch =
                BranchOffice::find_in_company(conn, company_id, branch_id)?.ok_or_else(|| {
                    AppError::NotFound("No se encontró la sucursal seleccionada".into())
                })?;
            let company = Company::find(conn, company_id)?;
            Ok(BranchConfigView {
                branch: BranchOfficeView::from(&branch),
                company: CompanyView::from(&company),
            })
        })
        .await?;
    Ok(Json(view))
}
