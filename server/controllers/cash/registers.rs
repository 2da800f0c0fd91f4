//! `/api/cashRegister`: the cash registers (cajas) of the selected branch. Admins manage them
//! (generic list); every role reads the ones it may use and their state.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::controllers::cash::turns::turn_view;
use crate::controllers::records::{Record, ensure_unlocked};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppResult, constraint_conflict, not_in_table};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::cash::register::{CashRegister, CashRegisterFields};
use crate::models::cash::turn::Turn;
use crate::validation::{check_fields, required_text};
use crate::views::cash::register::{CashRegisterStateView, CashRegisterView, CheckIfOpenView};
use crate::views::cash::turn::TurnView;

/// Duplicate code in the branch.
pub const CODE_TAKEN: &str = "Ya existe una caja con ese código en la sucursal";

/// Body of register and update.
#[derive(Debug, Deserialize)]
pub struct CashRegisterBody {
    name: Option<String>,
    code: Option<String>,
    active: Option<bool>,
}

fn load(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<CashRegister> {
    CashRegister::find(conn, company, id)?.ok_or_else(not_in_table)
}

fn fields(body: &CashRegisterBody) -> AppResult<CashRegisterFields> {
    let name = body.name.clone().unwrap_or_default().trim().to_string();
    let code = body.code.clone().unwrap_or_default().trim().to_string();
    check_fields([
        ("name", required_text(&name, "El nombre", 60)),
        ("code", required_text(&code, "El código", 20)),
    ])?;
    Ok(CashRegisterFields {
        name,
        code,
        active: body.active.unwrap_or(true),
    })
}

/// A register with its open shift, if any.
fn state_view(
    conn: &mut DbConnection,
    company: CompanyId,
    register: &CashRegister,
) -> AppResult<CashRegisterStateView> {
    let turn = Turn::open_of_register(conn, company, register.id)?;
    Ok(CashRegisterStateView {
        cash_register: register.into(),
        open: turn.is_some(),
        turn: turn.map(|t| turn_view(conn, company, &t)).transpose()?,
    })
}

/// Every register of the user's branch with its state (`only_usable`: active and unlocked).
pub fn branch_states(
    conn: &mut DbConnection,
    tenant: &Tenant,
    only_usable: bool,
) -> AppResult<Vec<CashRegisterStateView>> {
    let branch = tenant.branch(conn)?;
    CashRegister::of_branch(conn, tenant.company, branch.id)?
        .into_iter()
        .filter(|r| !only_usable || (r.active && !r.locked))
        .map(|r| state_view(conn, tenant.company, &r))
        .collect()
}

/// The user's open shift, if any.
pub fn my_open(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<Option<TurnView>> {
    Turn::open_of_user(conn, tenant.company, tenant.user_id())?
        .map(|t| turn_view(conn, tenant.company, &t))
        .transpose()
}

/// One page of the branch's registers (the API and the listacaja page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<CashRegisterView>> {
    let branch = tenant.branch(conn)?;
    Ok(CashRegister::list(conn, tenant.company, branch.id, params)?.map(|r| (&r).into()))
}

/// `GET /api/cashRegister`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Page<CashRegisterView>>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    Ok(Json(
        state
            .db
            .run(move |conn| list_page(conn, &tenant, &params))
            .await?,
    ))
}

/// `POST /api/cashRegister/register`: a new register of the selected branch.
pub async fn register(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<CashRegisterBody>,
) -> AppResult<(StatusCode, Json<CashRegisterView>)> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let created = state
        .db
        .write(move |conn| {
            let fields = fields(&body)?;
            let branch = tenant.branch(conn)?;
            let id = CashRegister::insert(conn, tenant.company, branch.id, &fields)
                .map_err(|e| constraint_conflict(e, "code", CODE_TAKEN))?;
            Ok(CashRegisterView::from(&load(conn, tenant.company, id)?))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// `POST /api/cashRegister/{id}/update`.
pub async fn update(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<CashRegisterBody>,
) -> AppResult<Json<CashRegisterView>> {
    let tenant = auth.tenant(roles::ADMIN)?;
    let updated = state
        .db
        .write(move |conn| {
            ensure_unlocked::<CashRegisters>(conn, tenant.company, id)?;
            let fields = fields(&body)?;
            CashRegister::update(conn, tenant.company, id, &fields)
                .map_err(|e| constraint_conflict(e, "code", CODE_TAKEN))?;
            Ok(CashRegisterView::from(&load(conn, tenant.company, id)?))
        })
        .await?;
    Ok(Json(updated))
}

/// `GET /api/cashRegister/getMyCash`: registers the user may open in the selected branch.
pub async fn get_my_cash(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Vec<CashRegisterStateView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(
        state
            .db
            .run(move |conn| branch_states(conn, &tenant, true))
            .await?,
    ))
}

/// `GET /api/cashRegister/getGeneralCash`: every register of the branch with its state.
pub async fn get_general_cash(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Vec<CashRegisterStateView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(
        state
            .db
            .run(move |conn| branch_states(conn, &tenant, false))
            .await?,
    ))
}

/// `GET /api/cashRegister/getCashOpen`: the open shifts of the branch.
pub async fn get_cash_open(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Vec<TurnView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    let views = state
        .db
        .run(move |conn| {
            let branch = tenant.branch(conn)?;
            Turn::open_of_branch(conn, tenant.company, branch.id)?
                .iter()
                .map(|t| turn_view(conn, tenant.company, t))
                .collect::<AppResult<Vec<_>>>()
        })
        .await?;
    Ok(Json(views))
}

/// `GET /api/cashRegister/getMyCashOpen`: my open shift, `null` when none.
pub async fn get_my_cash_open(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Option<TurnView>>> {
    let tenant = auth.tenant(roles::ALL)?;
    Ok(Json(
        state.db.run(move |conn| my_open(conn, &tenant)).await?,
    ))
}

/// `GET /api/cashRegister/{id}/checkIfOpen`: `{open, turn}`.
pub async fn check_if_open(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<CheckIfOpenView>> {
    let tenant = auth.tenant(roles::ALL)?;
    let view = state
        .db
        .run(move |conn| {
            let register = load(conn, tenant.company, id)?;
            let state = state_view(conn, tenant.company, &register)?;
            Ok(CheckIfOpenView {
                open: state.open,
                turn: state.turn,
            })
        })
        .await?;
    Ok(Json(view))
}

/// Registers in the generic record handlers (admin only).
pub struct CashRegisters;

impl Record for CashRegisters {
    type View = CashRegisterView;
    const READ: &'static [Role] = roles::ADMIN;
    const WRITE: &'static [Role] = roles::ADMIN;
    const DELETED: &'static str = "Caja eliminada";

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<CashRegisterView> {
        Ok((&load(conn, company, id)?).into())
    }

    fn is_locked(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<bool> {
        Ok(load(conn, company, id)?.locked)
    }

    fn set_locked(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        locked: bool,
    ) -> AppResult<()> {
        CashRegister::set_locked(conn, company, id, locked)?;
        Ok(())
    }

    /// Refused once it has shifts (they are the audit trail).
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        CashRegister::delete(conn, company, id).map_err(|e| constraint_conflict(e, "_id", ""))?;
        Ok(())
    }
}
