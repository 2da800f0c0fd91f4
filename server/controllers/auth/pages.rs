//! Data of the account pages: sign-in, e-mail verification, password reset, and the back-office
//! frame (the branches for the selector).

use serde::Serialize;
use serde_json::Value;

use super::password::check_reset_token;
use super::signup::verify_token;
use crate::auth::extract::LOCKED;
use crate::controllers::page_loader::{Loaders, PageContext, route_error};
use crate::views::auth::pages::{AdminFrame, LoginPage, ResetPasswordPage, VerifyEmailPage};
use crate::views::config::branch_office::accessible_branches;
use crate::views::route_id::RouteId;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[
    (RouteId::Login, |ctx| {
        Box::pin(std::future::ready(login(ctx)))
    }),
    (RouteId::VerifyEmail, |ctx| Box::pin(verify_email(ctx))),
    (RouteId::ResetPassword, |ctx| Box::pin(reset_password(ctx))),
    (RouteId::Admin, |ctx| Box::pin(admin_frame(ctx))),
];

fn value(data: impl Serialize) -> Value {
    serde_json::to_value(data).unwrap_or(Value::Null)
}

/// The sign-in page, with why the visitor was sent there (`?motivo=`).
fn login(ctx: &PageContext<'_>) -> Value {
    value(match ctx.query.get("motivo").map(String::as_str) {
        Some("sesion") => LoginPage {
            auth_required: Some(true),
            ..LoginPage::default()
        },
        Some("bloqueado") => LoginPage {
            error: Some(LOCKED.into()),
            ..LoginPage::default()
        },
        _ => LoginPage::default(),
    })
}

/// Verifies the e-mail of `?token=` and tells how it went.
async fn verify_email(ctx: &PageContext<'_>) -> Value {
    let token = ctx.query.get("token").cloned().unwrap_or_default();
    value(match verify_token(ctx.state, token).await {
        Ok(message) => VerifyEmailPage { ok: true, message },
        Err(err) => VerifyEmailPage {
            ok: false,
            message: err.public_message(),
        },
    })
}

/// Whether the reset link is still good.
async fn reset_password(ctx: &PageContext<'_>) -> Value {
    value(
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
    )
}

/// The back-office frame: the branches of the selector.
async fn admin_frame(ctx: &PageContext<'_>) -> Value {
    let Some(auth) = ctx.user else {
        return Value::Null;
    };
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
