//! Data of the account pages: sign-in, e-mail verification, password reset, and the back-office
//! frame (the branches for the selector).

use serde::Serialize;
use serde_json::Value;

use super::password::check_reset_token;
use super::signup::verify_token;
use crate::auth::extract::LOCKED;
use crate::controllers::pages::loaders::{PageContext, route_error};
use crate::views::auth::pages::{AdminFrame, LoginPage, ResetPasswordPage, VerifyEmailPage};
use crate::views::config::branch_office::accessible_branches;

/// Routes this area loads.
pub const ROUTES: &[&str] = &["login", "verify-email", "reset-password", "admin"];

fn value(data: impl Serialize) -> Value {
    serde_json::to_value(data).unwrap_or(Value::Null)
}

/// Data for route `id`, if it is one of this area's.
pub async fn load(ctx: &PageContext<'_>, id: &str) -> Option<Value> {
    Some(match id {
        "login" => value(match ctx.query.get("motivo").map(String::as_str) {
            Some("sesion") => LoginPage {
                auth_required: Some(true),
                ..LoginPage::default()
            },
            Some("bloqueado") => LoginPage {
                error: Some(LOCKED.into()),
                ..LoginPage::default()
            },
            _ => LoginPage::default(),
        }),
        "verify-email" => {
            let token = ctx.query.get("token").cloned().unwrap_or_default();
            value(match verify_token(ctx.state, token).await {
                Ok(message) => VerifyEmailPage { ok: true, message },
                Err(err) => VerifyEmailPage {
                    ok: false,
                    message: err.public_message(),
                },
            })
        }
        "reset-password" => value(
            match check_reset_token(ctx.state, ctx.param("tokenReset")).await {
                Ok(()) => ResetPasswordPage {
                    valid: true,
                    message: None,
                },
                Err(err) => ResetPasswordPage {
                    valid: false,
                    message: Some(err.public_message()),
                },
            },
        ),
        "admin" => match ctx.user {
            Some(auth) => {
                let user = auth.user.clone();
                ctx.state
                    .db
                    .run(move |conn| {
                        Ok(value(AdminFrame {
                            branches: accessible_branches(conn, &user)?,
                        }))
                    })
                    .await
                    .unwrap_or_else(|err| route_error(err.status(), &err.public_message()))
            }
            None => Value::Null,
        },
        _ => return None,
    })
}
