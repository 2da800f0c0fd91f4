//! `POST /api/users/{id}/{action}`: `setVerifyEmail` toggles the verification flag;
//! `resetPassword` e-mails the user a link to choose a new password.

use axum::Json;
use axum::extract::{Path, State};
use serde_json::Value;

use super::{load, reload};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles;
use crate::error::{AppError, AppResult, locked};
use crate::http::params::parse_id;
use crate::mail::Email;
use crate::models::auth::email_token::{self, Purpose};
use crate::models::auth::user::User;

/// Runs the action on the company's user `id`.
pub async fn action(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    Path((raw_id, action)): Path<(String, String)>,
) -> AppResult<Json<Value>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let id = parse_id(Some(&Value::String(raw_id)))?;
    let base = state.config.public_url();
    let mailer = state.mailer.clone();
    let company = tenant.company;
    let result = state
        .db
        .write(move |conn| {
            let target = load(conn, company, id)?;
            match action.as_str() {
                "setVerifyEmail" => {
                    User::set_verified(conn, company, id, !target.is_email_verified)?;
                    Ok(serde_json::to_value(reload(conn, company, id)?)
                        .map_err(anyhow::Error::from)?)
                }
                "resetPassword" => {
                    if target.locked {
                        return Err(locked());
                    }
                    email_token::revoke_unused(conn, target.id, Purpose::ResetPassword)?;
                    let token = email_token::issue(conn, target.id, Purpose::ResetPassword)?;
                    mailer.queue(
                        conn,
                        &Email::ResetPassword {
                            to: target.email.clone(),
                            name: target.name.clone(),
                            link: format!("{base}/login/{token}"),
                        },
                    )?;
                    Ok(serde_json::json!({
                        "message": format!("Enviamos a {} un enlace para crear una nueva contraseña", target.email)
                    }))
                }
                _ => Err(AppError::NotFound(format!("Acción desconocida: {action}"))),
            }
        })
        .await?;
    state.mailer.wake();
    Ok(Json(result))
}
