//! `/api/users`: the company's users (admin only), following the generic list contract, plus the
//! signed-in user's own theme.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;

use super::auth::signup::MessageResponse;
use super::auth::{check_fields, email_problem, name_problem};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::password;
use crate::auth::roles::{self, Tenant};
use crate::db::{DbConnection, write_transaction};
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::list::{IdBody, ListParams, ListResponse, PathId, locked, not_in_table, parse_id};
use crate::mail::Email;
use crate::mail::messages::INVITATION_HOURS;
use crate::models::branch_office::BranchOffice;
use crate::models::company::Company;
use crate::models::email_token::{self, Purpose};
use crate::models::licence::Licence;
use crate::models::session::Session;
use crate::models::user::{NewUser, Role, User, UserFields, normalize_email};
use crate::util::{random, time::now};
use crate::views::admin::UserRowView;
use crate::views::user::{PRIMARY_COLORS, ThemeView};

/// Refusing to leave a company without an administrator.
pub const LAST_ADMIN: &str = "La empresa debe conservar al menos un administrador activo";

/// Body of register and update.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserBody {
    email: Option<String>,
    name: Option<String>,
    role: Option<String>,
    branch_offices_access: Option<Vec<Value>>,
    default_menu: Option<String>,
}

fn parse_role(text: Option<&str>) -> Result<Role, String> {
    match text.unwrap_or("user") {
        "admin" => Ok(Role::Admin),
        "user" => Ok(Role::User),
        "cashier" => Ok(Role::Cashier),
        _ => Err("Seleccione un rol válido: administrador, usuario o cajero".into()),
    }
}

/// Validates the editable fields; branches must belong to the company.
fn fields(
    conn: &mut DbConnection,
    company_id: i64,
    body: &UserBody,
) -> AppResult<(UserFields, Vec<i64>)> {
    let name = body.name.clone().unwrap_or_default();
    let role = parse_role(body.role.as_deref());
    let company_branches: Vec<i64> = BranchOffice::list_for_company(conn, company_id)?
        .iter()
        .map(|b| b.id)
        .collect();
    let mut branches = Vec::new();
    let mut branch_problem = None;
    for value in body.branch_offices_access.iter().flatten() {
        match parse_id(Some(value))
            .ok()
            .filter(|id| company_branches.contains(id))
        {
            Some(id) if !branches.contains(&id) => branches.push(id),
            Some(_) => {}
            None => {
                branch_problem = Some("Una de las sucursales seleccionadas no existe".to_string())
            }
        }
    }
    if branches.is_empty() && branch_problem.is_none() {
        branch_problem = Some("Seleccione al menos una sucursal".into());
    }
    let default_menu = body
        .default_menu
        .clone()
        .map(|m| m.trim().to_string())
        .filter(|m| !m.is_empty());
    let menu_problem = default_menu
        .as_deref()
        .filter(|m| !m.starts_with("/admin") || m.len() > 200)
        .map(|_| "El menú por defecto debe ser una página del sistema (/admin…)".to_string());
    check_fields([
        ("name", name_problem(&name).map(String::from)),
        ("role", role.clone().err()),
        ("branchOfficesAccess", branch_problem),
        ("defaultMenu", menu_problem),
    ])?;
    let role = role.map_err(AppError::BadRequest)?;
    Ok((
        UserFields {
            name: name.trim().to_string(),
            role,
            default_menu,
        },
        branches,
    ))
}

fn row(conn: &mut DbConnection, user: &User) -> AppResult<UserRowView> {
    Ok(UserRowView::new(user, User::branch_access(conn, user.id)?))
}

/// The row view of user `id`, read again after a change.
fn reload(conn: &mut DbConnection, id: i64) -> AppResult<UserRowView> {
    let user = User::find(conn, id)?;
    row(conn, &user)
}

fn load(conn: &mut DbConnection, company_id: i64, id: i64) -> AppResult<User> {
    User::find_in_company(conn, company_id, id)?.ok_or_else(not_in_table)
}

/// Fails when the change would leave the company without an unlocked administrator.
fn keep_an_admin(
    conn: &mut DbConnection,
    company_id: i64,
    target: &User,
    still_admin_after: bool,
) -> AppResult<()> {
    let is_active_admin = target.role() == Role::Admin && !target.locked;
    if is_active_admin && !still_admin_after && User::active_admins(conn, company_id)? <= 1 {
        return Err(AppError::Conflict {
            message: LAST_ADMIN.into(),
            errors: Default::default(),
        });
    }
    Ok(())
}

/// `GET /api/users`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<ListResponse<UserRowView>>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    Ok(Json(
        state
            .db
            .run(move |conn| list_page(conn, &tenant, &params))
            .await?,
    ))
}

/// One page of users (also used by the server-rendered page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<ListResponse<UserRowView>> {
    let (users, total) = User::list(conn, tenant.company_id, params)?;
    let ids: Vec<i64> = users.iter().map(|u| u.id).collect();
    let access = User::branch_access_of(conn, &ids)?;
    let results = users
        .iter()
        .map(|u| {
            UserRowView::new(
                u,
                access
                    .iter()
                    .filter(|(user, _)| *user == u.id)
                    .map(|(_, b)| *b)
                    .collect(),
            )
        })
        .collect();
    Ok(ListResponse::new(results, total, params))
}

/// `GET /api/users/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<UserRowView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    Ok(Json(
        state
            .db
            .run(move |conn| {
                let user = load(conn, tenant.company_id, id)?;
                row(conn, &user)
            })
            .await?,
    ))
}

/// `POST /api/users/register`: adds a person to the company. A new account gets an e-mail to
/// choose its password; an account that signed up on its own (no company yet) is taken in.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<UserBody>,
) -> AppResult<(StatusCode, Json<UserRowView>)> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let email = normalize_email(body.email.as_deref().unwrap_or_default());
    let base = state.config.public_url();
    let mailer = state.mailer.clone();
    let view = state
        .db
        .run(move |conn| {
            check_fields([("email", email_problem(&email).map(String::from))])?;
            let (fields, branches) = fields(conn, tenant.company_id, &body)?;
            let unusable = password::hash(&random::token())?;
            write_transaction(conn, |conn| {
                let allowed = Licence::current(conn, tenant.company_id)?.map_or(0, |l| i64::from(l.users_allowed));
                if User::active_users(conn, tenant.company_id)? >= allowed {
                    return Err(AppError::Conflict {
                        message: format!("La licencia permite {allowed} usuarios activos. Bloquee uno o amplíe la licencia."),
                        errors: Default::default(),
                    });
                }
                let user = match User::find_by_email(conn, &email)? {
                    Some(existing) if existing.company_id.is_none() => {
                        User::join_company(conn, existing.id, tenant.company_id, &fields)?;
                        User::find(conn, existing.id)?
                    }
                    Some(_) => {
                        return Err(AppError::Conflict {
                            message: super::auth::signup::EMAIL_TAKEN.into(),
                            errors: [("email".to_string(), super::auth::signup::EMAIL_TAKEN.to_string())].into(),
                        });
                    }
                    None => {
                        let at = now();
                        let user = User::insert(
                            conn,
                            &NewUser {
                                company_id: Some(tenant.company_id),
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
                        User::update(conn, user.id, &fields)?;
                        let token = email_token::issue_for(
                            conn,
                            user.id,
                            Purpose::ResetPassword,
                            chrono::TimeDelta::hours(INVITATION_HOURS),
                        )?;
                        let company = Company::find(conn, tenant.company_id)?;
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
                User::set_branch_access(conn, user.id, &branches)?;
                reload(conn, user.id)
            })
        })
        .await?;
    state.mailer.wake();
    Ok((StatusCode::CREATED, Json(view)))
}

/// `POST /api/users/{id}/update`.
pub async fn update(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<UserBody>,
) -> AppResult<Json<UserRowView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let view = state
        .db
        .run(move |conn| {
            let (fields, branches) = fields(conn, tenant.company_id, &body)?;
            write_transaction(conn, |conn| {
                let target = load(conn, tenant.company_id, id)?;
                if target.locked {
                    return Err(locked());
                }
                keep_an_admin(conn, tenant.company_id, &target, fields.role == Role::Admin)?;
                User::update(conn, id, &fields)?;
                User::set_branch_access(conn, id, &branches)?;
                reload(conn, id)
            })
        })
        .await?;
    Ok(Json(view))
}

/// `POST /api/users/{id}/lock`: locks or unlocks; locking ends the user's sessions.
pub async fn lock(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<UserRowView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let view = state
        .db
        .write(move |conn| {
            let target = load(conn, tenant.company_id, id)?;
            let locking = !target.locked;
            if locking {
                keep_an_admin(conn, tenant.company_id, &target, false)?;
                Session::delete_for_user(conn, id)?;
            } else {
                let allowed = Licence::current(conn, tenant.company_id)?
                    .map_or(0, |l| i64::from(l.users_allowed));
                if User::active_users(conn, tenant.company_id)? >= allowed {
                    return Err(AppError::Conflict {
                        message: format!("La licencia permite {allowed} usuarios activos."),
                        errors: Default::default(),
                    });
                }
            }
            User::set_locked(conn, id, locking)?;
            reload(conn, id)
        })
        .await?;
    Ok(Json(view))
}

/// `POST /api/users/delete` `{_id}`.
pub async fn delete(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<IdBody>,
) -> AppResult<Json<MessageResponse>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let id = parse_id(body.id.as_ref())?;
    state
        .db
        .write(move |conn| {
            let target = load(conn, tenant.company_id, id)?;
            if target.id == tenant.user_id() {
                return Err(AppError::Conflict {
                    message: "No puede eliminar su propio usuario".into(),
                    errors: Default::default(),
                });
            }
            if target.locked {
                return Err(locked());
            }
            keep_an_admin(conn, tenant.company_id, &target, false)?;
            User::delete(conn, id)
                .map_err(|e| crate::http::list::constraint_conflict(e, "_id", ""))?;
            Ok(())
        })
        .await?;
    Ok(Json(MessageResponse {
        message: "Usuario eliminado".into(),
    }))
}

/// `POST /api/users/{id}/{action}`: `setVerifyEmail` toggles the verification flag;
/// `resetPassword` e-mails the user a link to choose a new password.
pub async fn action(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    Path((raw_id, action)): Path<(String, String)>,
) -> AppResult<Json<Value>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let id = parse_id(Some(&Value::String(raw_id)))?;
    let base = state.config.public_url();
    let mailer = state.mailer.clone();
    let result = state
        .db
        .write(move |conn| {
            let target = load(conn, tenant.company_id, id)?;
            match action.as_str() {
                "setVerifyEmail" => {
                    User::set_verified(conn, id, !target.is_email_verified)?;
                    Ok(serde_json::to_value(reload(conn, id)?).map_err(anyhow::Error::from)?)
                }
                "resetPassword" => {
                    if target.locked {
                        return Err(locked());
                    }
                    email_token::revoke_unused(conn, id, Purpose::ResetPassword)?;
                    let token = email_token::issue(conn, id, Purpose::ResetPassword)?;
                    mailer.queue(
                        conn,
                        &Email::ResetPassword { to: target.email.clone(), name: target.name.clone(), link: format!("{base}/login/{token}") },
                    )?;
                    Ok(serde_json::json!({ "message": format!("Enviamos a {} un enlace para crear una nueva contraseña", target.email) }))
                }
                _ => Err(AppError::NotFound(format!("Acción desconocida: {action}"))),
            }
        })
        .await?;
    state.mailer.wake();
    Ok(Json(result))
}

/// `POST /api/users/theme` body.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThemeBody {
    theme: Option<String>,
    primary_color: Option<String>,
}

/// `POST /api/users/theme`: saves the signed-in user's theme (any role).
pub async fn set_theme(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<ThemeBody>,
) -> AppResult<Json<ThemeView>> {
    let mode = body.theme.unwrap_or_else(|| "light".into());
    let color = body.primary_color.unwrap_or_else(|| "green".into());
    check_fields([
        (
            "theme",
            (!matches!(mode.as_str(), "light" | "dark"))
                .then(|| "Elija tema claro u oscuro".to_string()),
        ),
        (
            "primaryColor",
            (!PRIMARY_COLORS.contains(&color.as_str()))
                .then(|| "Elija uno de los colores disponibles".to_string()),
        ),
    ])?;
    let id = auth.user.id;
    let (m, c) = (mode.clone(), color.clone());
    state
        .db
        .run(move |conn| Ok(User::set_theme(conn, id, &m, &c)?))
        .await?;
    Ok(Json(ThemeView {
        mode,
        primary_color: color,
    }))
}
