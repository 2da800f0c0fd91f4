//! Password reset by e-mail.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::{mail_limit, password};
use crate::db::write_transaction;
use crate::error::{AppError, AppResult};
use crate::http::client_ip::ClientIp;
use crate::http::json::JsonBody;
use crate::mail::Email;
use crate::models::auth::email_token::{self, Purpose, TokenProblem};
use crate::models::auth::session::Session;
use crate::models::auth::user::{User, normalize_email};
use crate::validation::check_fields;
use crate::views::MessageResponse;

/// Always the same answer, so the form cannot be used to find out who has an account.
pub const RESET_SENT: &str =
    "Si el correo está registrado, recibirá un enlace para restablecer su contraseña.";

/// `POST /api/auth/gerateReset-password` body (the specification's spelling).
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct ResetRequestBody {
    username: Option<String>,
}

/// E-mails a reset link `/login/{tokenReset}` to the account, if there is one.
pub async fn generate_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    JsonBody(body): JsonBody<ResetRequestBody>,
) -> AppResult<Json<MessageResponse>> {
    let username = body.username.unwrap_or_default();
    if username.trim().is_empty() {
        return Err(AppError::field("username", "Ingrese su correo electrónico"));
    }
    let email = normalize_email(&username);
    let base = state.config.public_url();
    let mailer = state.mailer.clone();
    state
        .db
        .write(move |conn| {
            // Over the limits nothing is sent, and the answer is the same.
            if !mail_limit::allow(conn, &email, &ip)? {
                return Ok(());
            }
            if let Some(user) = User::find_by_email(conn, &email)?.filter(|u| !u.locked) {
                // A new link replaces any earlier one.
                email_token::revoke_unused(conn, user.id, Purpose::ResetPassword)?;
                let token = email_token::issue(conn, user.id, Purpose::ResetPassword)?;
                let message = Email::ResetPassword {
                    to: user.email.clone(),
                    name: user.name.clone(),
                    link: format!("{base}/login/{token}"),
                };
                mailer.queue(conn, &message)?;
            }
            Ok::<_, AppError>(())
        })
        .await?;
    state.mailer.wake();
    Ok(Json(MessageResponse {
        message: RESET_SENT.into(),
    }))
}

/// `POST /api/auth/reset-password` body.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct ResetBody {
    token: Option<String>,
    password: Option<String>,
}

fn token_error(problem: TokenProblem) -> AppError {
    AppError::BadRequest(
        match problem {
            TokenProblem::Unknown => {
                "El enlace para restablecer la contraseña no es válido. Solicite uno nuevo."
            }
            TokenProblem::Used => {
                "Este enlace ya fue utilizado. Solicite uno nuevo si lo necesita."
            }
            TokenProblem::Expired => {
                "El enlace para restablecer la contraseña venció. Solicite uno nuevo."
            }
        }
        .into(),
    )
}

/// Whether a reset link can still be used (for the `/login/{tokenReset}` page).
pub async fn check_reset_token(state: &AppState, token: String) -> AppResult<()> {
    state
        .db
        .run(move |conn| {
            email_token::check(conn, &token, Purpose::ResetPassword)?
                .map(|_| ())
                .map_err(token_error)
        })
        .await
}

/// Sets the new password, uses the link up and ends every session of the account.
pub async fn reset_password(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<ResetBody>,
) -> AppResult<Json<MessageResponse>> {
    let token = body.token.unwrap_or_default();
    let new_password = body.password.unwrap_or_default();
    check_fields([("password", password::problem(&new_password))])?;
    state
        .db
        .run(move |conn| {
            let hash = password::hash(&new_password)?;
            write_transaction(conn, |conn| {
                let user_id = email_token::consume(conn, &token, Purpose::ResetPassword)?
                    .map_err(token_error)?;
                User::set_password_hash(conn, user_id, &hash)?;
                // Following the link proved the user owns the address.
                User::mark_verified(conn, user_id)?;
                Session::delete_for_user(conn, user_id)?;
                Ok(())
            })
        })
        .await?;
    Ok(Json(MessageResponse {
        message: "Contraseña actualizada. Ya puede iniciar sesión.".into(),
    }))
}

/// `GET /api/auth/reset-password/{token}`: 200 while the link can be used, 400 with the reason
/// otherwise (the page checks before showing the form).
pub async fn check_reset(
    State(state): State<AppState>,
    axum::extract::Path(token): axum::extract::Path<String>,
) -> AppResult<Json<MessageResponse>> {
    check_reset_token(&state, token).await?;
    Ok(Json(MessageResponse {
        message: "Enlace válido".into(),
    }))
}
