//! `POST /api/ebilling/test` (admin): signs one trial factura with the company's stored
//! certificate and sends it to the SRI's pruebas environment (or `SRI_URL`), answering each
//! step (`services::ebilling::trial`).

use axum::Json;
use axum::extract::State;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles;
use crate::error::{AppError, AppResult};
use crate::models::config::company::Company;
use crate::services::ebilling::trial;
use crate::services::signing::certificate;
use crate::views::ebilling::trial::TrialView;

/// `POST /api/ebilling/test`.
pub async fn run(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<TrialView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let zone = tenant.zone();
    let (doc, identity) = state
        .db
        .run(move |conn| {
            let identity = certificate::identity(conn, tenant.company)?;
            let company = Company::find(conn, tenant.company)?;
            let branch = tenant.branch(conn)?;
            let doc = trial::trial_invoice(&company, &branch.code).map_err(|e| {
                AppError::BadRequest(format!(
                    "Los datos de la empresa no permiten generar la factura de prueba: {e}"
                ))
            })?;
            Ok((doc, identity))
        })
        .await?;
    let sri = state.config.sri.clone();
    let target = crate::views::ebilling::pages::sri_target(&sri)
        .unwrap_or_else(|| "SRI, ambiente de pruebas (celcer.sri.gob.ec)".into());
    let result = trial::run(&doc, &identity, &sri, zone).await;
    Ok(Json(TrialView::of(&result, target)))
}
