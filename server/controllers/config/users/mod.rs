//! `/api/users`: the company's users (admin only), following the generic list contract; one file
//! per verb. Shared here: the body, its validation, loading a user of the company and the rule
//! that a company keeps at least one active administrator.

pub mod actions;
pub mod list;
pub mod register;
pub mod update;

use serde::Deserialize;
use serde_json::Value;

use crate::db::DbConnection;
use crate::error::{AppError, AppResult, conflict, not_in_table};
use crate::http::params::parse_id;
use crate::models::CompanyId;
use crate::models::auth::user::{Role, User, UserFields};
use crate::models::config::branch_office::BranchOffice;
use crate::validation::{check_fields, name_problem};
use crate::views::config::user::UserRowView;

/// Refusing to leave a company without an administrator.
pub const LAST_ADMIN: &str = "La empresa debe conservar al menos un administrador activo";

/// Body of register and update.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct UserBody {
    email: Option<String>,
    name: Option<String>,
    role: Option<String>,
    #[ts(optional = nullable, type = "Array<number | string> | null")]
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
    company: CompanyId,
    body: &UserBody,
) -> AppResult<(UserFields, Vec<i64>)> {
    let name = body.name.clone().unwrap_or_default();
    let role = parse_role(body.role.as_deref());
    let company_branches: Vec<i64> = BranchOffice::list_for_company(conn, company)?
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
        ("name", name_problem(&name)),
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

fn row(conn: &mut DbConnection, company: CompanyId, user: &User) -> AppResult<UserRowView> {
    let access = User::branch_access_of(conn, company, &[user.id])?
        .into_iter()
        .map(|(_, branch)| branch)
        .collect();
    Ok(UserRowView::new(user, access))
}

/// The row view of the company's user `id`, read again after a change.
fn reload(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<UserRowView> {
    let user = load(conn, company, id)?;
    row(conn, company, &user)
}

fn load(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<User> {
    User::find_in_company(conn, company, id)?.ok_or_else(not_in_table)
}

/// Fails when the change would leave the company without an unlocked administrator.
fn keep_an_admin(
    conn: &mut DbConnection,
    company: CompanyId,
    target: &User,
    still_admin_after: bool,
) -> AppResult<()> {
    let is_active_admin = target.role() == Role::Admin && !target.locked;
    if is_active_admin && !still_admin_after && User::active_admins(conn, company)? <= 1 {
        return Err(conflict(LAST_ADMIN));
    }
    Ok(())
}

/// Fails when the licence has no room for one more active user.
fn licence_has_room(
    conn: &mut DbConnection,
    company: CompanyId,
    message: impl Fn(i64) -> String,
) -> AppResult<()> {
    let allowed = crate::models::config::licence::Licence::current(conn, company)?
        .map_or(0, |l| i64::from(l.users_allowed));
    if User::active_users(conn, company)? >= allowed {
        return Err(conflict(message(allowed)));
    }
    Ok(())
}
