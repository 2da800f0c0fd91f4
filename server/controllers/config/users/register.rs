//! `POST /api/users/register`: adds a person to the company.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use super::{UserBody, fields, licence_has_room, reload};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::password;
use crate::auth::roles;
use crate::db::write_transaction;
use crate::error::{AppResult, field_conflict};
use crate::http::json::JsonBody;
use crate::mail::Email;
use crate::mail::messages::INVITATION_HOURS;
use crate::models::auth::email_token::{self, Purpose};
use crate::models::auth::user::{NewUser, User, normalize_email};
use crate::models::config::company::Company;
use crate::util::{random, time::now};
use crate::validation::EMAIL_TAKEN;
use crate::validation::{check_fields, email_problem};
use crate::views::config::user::UserRowView;

/// A new account gets an e-mail to choose its password; an account that signed up on its own (no
/// company yet) is taken in. Refused when the licence has no room for another active user.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<UserBody>,
) -> AppResult<(StatusCode, Json<UserRowView>)> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let email = normalize_email(body.email.as_deref().unwrap_or_default());
    let base = state.config.public_url();
    let mailer = state.mailer.clone();
    let company = tenant.company;
    let view = state
        .db
        .run(move |conn| {
            check_fields([("email", email_problem(&email))])?;
            let (fields, branches) = fields(conn, company, &body)?;
            let unusable = password::hash(&random::token())?;
            write_transaction(conn, |conn| {
                licence_has_room(conn, company, |allowed| {
                    format!("La licencia permite {allowed} usuarios activos. Bloquee uno o amplíe la licencia.")
                })?;
                let user = match User::find_by_email(conn, &email)? {
                    Some(existing) if existing.company_id.is_none() => {
                        User::join_company(conn, existing.id, company, &fields)?;
                        User::find(conn, existing.id)?
                    }
                    Some(_) => return Err(field_conflict("email", EMAIL_TAKEN)),
                    None => {
                        let at = now();
                        let user = User::insert(
                            conn,
                            &NewUser {
                                company_id: Some(company.get()),
                                email: &email,
                                name: &fields.name,
                                password_hash: &unusable,
                                role: fields.role.as_str(),
                                is_email_verified: false,
                                selected_branch_office_id: branches.first().copied(),
                                created_at: at,
                                updated_at: at,
                            },
                        )?;
                        User::update(conn, company, user.id, &fields)?;
                        let token = email_token::issue_for(
                            conn,
                            user.id,
                            Purpose::ResetPassword,
                            chrono::TimeDelta::hours(INVITATION_HOURS),
                        )?;
                        let company = Company::find(conn, company)?;
                        mailer.queue(
                            conn,
                            &Email::Invitation {
                                to: user.email.clone(),
                                name: user.name.clone(),
                                company: company.display_name().to_string(),
                                link: format!("{base}/login/{token}"),
                            },
                        )?;
                        user
                    }
                };
                User::set_branch_access(conn, company, user.id, &branches)?;
                reload(conn, company, user.id)
            })
        })
        .await?;
    state.mailer.wake();
    Ok((StatusCode::CREATED, Json(view)))
}
