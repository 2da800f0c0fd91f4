//! Sign-up and e-mail verification.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::{mail_limit, password};
use crate::db::{DbConnection, write_transaction};
use crate::error::{AppError, AppResult};
use crate::http::client_ip::ClientIp;
use crate::http::form::QueryParams;
use crate::http::json::JsonBody;
use crate::mail::Email;
use crate::models::auth::email_token::{self, Purpose, TokenProblem};
use crate::models::auth::user::{NewUser, Role, User, normalize_email};
use crate::util::time::now;
use crate::validation::{EMAIL_TAKEN, check_fields, email_problem, name_problem};
use crate::views::MessageResponse;

/// `POST /api/auth/signup` body. Fields are optional here so a missing one gets a Spanish
/// message naming it instead of a deserialization error.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct SignupBody {
    email: Option<String>,
    password: Option<String>,
    name: Option<String>,
}

/// Creates an unverified account and e-mails a verification link.
pub async fn signup(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<SignupBody>,
) -> AppResult<(StatusCode, Json<MessageResponse>)> {
    let email = body.email.unwrap_or_default();
    let password = body.password.unwrap_or_default();
    let name = body.name.unwrap_or_default();
    check_fields([
        ("email", email_problem(&email)),
        (
            "password",
            if password.is_empty() {
                Some("La contraseña es obligatoria".into())
            } else {
                password::problem(&password)
            },
        ),
        ("name", name_problem(&name)),
    ])?;
    let email = normalize_email(&email);
    let name = name.trim().to_string();
    let link_base = state.config.public_url();
    let mailer = state.mailer.clone();
    let shown = email.clone();
    state
        .db
        .run(move |conn| {
            let hash = password::hash(&password)?;
            write_transaction(conn, |conn| {
                if User::find_by_email(conn, &email)?.is_some() {
                    return Err(taken());
                }
                let at = now();
                let user = User::insert(
                    conn,
                    &NewUser {
                        company_id: None,
                        email: &email,
                        name: &name,
                        password_hash: &hash,
                        role: Role::default().as_str(),
                        is_email_verified: false,
                        selected_branch_office_id: None,
                        created_at: at,
                        updated_at: at,
                    },
                )
                .map_err(unique_to_conflict)?;
                queue_verification(conn, &mailer, &user, &link_base)
            })
        })
        .await?;
    state.mailer.wake();
    Ok((
        StatusCode::CREATED,
        Json(MessageResponse {
            message: format!("Cuenta creada. Le enviamos un correo a {shown} para verificarla."),
        }),
    ))
}

fn taken() -> AppError {
    AppError::Conflict {
        message: EMAIL_TAKEN.into(),
        errors: [("email".to_string(), EMAIL_TAKEN.to_string())].into(),
    }
}

/// Two sign-ups racing for one e-mail: the unique index decides, the loser gets the same 409.
fn unique_to_conflict(err: diesel::result::Error) -> AppError {
    match err {
        diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            _,
        ) => taken(),
        other => other.into(),
    }
}

fn queue_verification(
    conn: &mut DbConnection,
    mailer: &crate::mail::Mailer,
    user: &User,
    base: &str,
) -> AppResult<()> {
    let token = email_token::issue(conn, user.id, Purpose::VerifyEmail)?;
    let email = Email::VerifyEmail {
        to: user.email.clone(),
        name: user.name.clone(),
        link: format!("{base}/verify-email?token={token}"),
    };
    mailer.queue(conn, &email)?;
    Ok(())
}

/// `?token=` of the verification link.
#[derive(Debug, Deserialize)]
pub struct TokenQuery {
    token: Option<String>,
}

/// What happened to a verification link (used by the API and by the `/verify-email` page).
pub async fn verify_token(state: &AppState, token: String) -> AppResult<String> {
    if token.trim().is_empty() {
        return Err(AppError::BadRequest(
            "Falta el código de verificación en el enlace".into(),
        ));
    }
    state
        .db
        .run(move |conn| {
            write_transaction(conn, |conn| match email_token::consume(conn, &token, Purpose::VerifyEmail)? {
                Ok(user_id) => {
                    User::mark_verified(conn, user_id)?;
                    Ok("Su correo fue verificado. Ya puede iniciar sesión.".to_string())
                }
                Err(TokenProblem::Used) => Err(AppError::BadRequest(
                    "Este enlace de verificación ya fue utilizado. Si su correo ya está verificado, inicie sesión.".into(),
                )),
                Err(TokenProblem::Expired) => Err(AppError::BadRequest(
                    "El enlace de verificación venció. Solicite uno nuevo desde la página de inicio de sesión.".into(),
                )),
                Err(TokenProblem::Unknown) => Err(AppError::BadRequest("El enlace de verificación no es válido.".into())),
            })
        })
        .await
}

/// `GET /api/auth/verify-email?token=`.
pub async fn verify_email(
    State(state): State<AppState>,
    QueryParams(query): QueryParams<TokenQuery>,
) -> AppResult<Json<MessageResponse>> {
    let message = verify_token(&state, query.token.unwrap_or_default()).await?;
    Ok(Json(MessageResponse { message }))
}

/// `POST /api/auth/resend-verification` body.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct ResendBody {
    email: Option<String>,
}

/// Sends a new verification link to an unverified account. Answers the same whether or not the
/// account exists, so it cannot be used to probe for accounts.
pub async fn resend_verification(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    JsonBody(body): JsonBody<ResendBody>,
) -> AppResult<Json<MessageResponse>> {
    let email = body.email.unwrap_or_default();
    check_fields([("email", email_problem(&email))])?;
    let email = normalize_email(&email);
    let base = state.config.public_url();
    let mailer = state.mailer.clone();
    state
        .db
        .write(move |conn| {
            // Over the limits nothing is sent, and the answer is the same.
            if !mail_limit::allow(conn, &email, &ip)? {
                return Ok(());
            }
            if let Some(user) =
                User::find_by_email(conn, &email)?.filter(|u| !u.is_email_verified && !u.locked)
            {
                email_token::revoke_unused(conn, user.id, Purpose::VerifyEmail)?;
                queue_verification(conn, &mailer, &user, &base)?;
            }
            Ok(())
        })
        .await?;
    state.mailer.wake();
    Ok(Json(MessageResponse {
        message:
            "Si la cuenta existe y no está verificada, recibirá un nuevo enlace de verificación."
                .into(),
    }))
}
