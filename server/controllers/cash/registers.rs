//! `/api/cashRegister`: the cash registers (cajas) of the selected branch. Admins manage them
//! (generic list); every role reads the ones it may use and their state.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::auth::signed_in::AuthUser;
use crate::controllers::answer;
use crate::controllers::cash::turns::turn_view;
use crate::controllers::catalogue::{Catalogue, PageFn, load};
use crate::controllers::records::{Record, ensure_unlocked};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppResult, constraint_conflict};
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
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct CashRegisterBody {
    name: Option<String>,
    code: Option<String>,
    active: Option<bool>,
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

/// Every register of the user's branch with its state, for every role.
async fn states(
    state: AppState,
    auth: AuthUser,
    only_usable: bool,
) -> AppResult<Json<Vec<CashRegisterStateView>>> {
    answer::read(&state, &auth, move |conn, tenant| {
        branch_states(conn, tenant, only_usable)
    })
    .await
}

/// `GET /api/cashRegister/getMyCash`: registers the user may open in the selected branch.
pub async fn get_my_cash(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Vec<CashRegisterStateView>>> {
    states(state, auth, true).await
}

/// `GET /api/cashRegister/getGeneralCash`: every register of the branch with its state.
pub async fn get_general_cash(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Vec<CashRegisterStateView>>> {
    states(state, auth, false).await
}

/// `GET /api/cashRegister/getCashOpen`: the open shifts of the branch.
pub async fn get_cash_open(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Vec<TurnView>>> {
    answer::read(&state, &auth, move |conn, tenant| {
        let branch = tenant.branch(conn)?;
        Turn::open_of_branch(conn, tenant.company, branch.id)?
            .iter()
            .map(|t| turn_view(conn, tenant.company, t))
            .collect::<AppResult<Vec<_>>>()
    })
    .await
}

/// `GET /api/cashRegister/getMyCashOpen`: my open shift, `null` when none.
pub async fn get_my_cash_open(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Option<TurnView>>> {
    answer::read(&state, &auth, my_open).await
}

/// `GET /api/cashRegister/{id}/checkIfOpen`: `{open, turn}`.
pub async fn check_if_open(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<CheckIfOpenView>> {
    answer::read(&state, &auth, move |conn, tenant| {
        let register = load::<CashRegister>(conn, tenant.company, id)?;
        let state = state_view(conn, tenant.company, &register)?;
        Ok(CheckIfOpenView {
            open: state.open,
            turn: state.turn,
        })
    })
    .await
}

/// Registers in the generic list handlers (admin only).
pub struct CashRegisters;

impl Record for CashRegisters {
    type View = CashRegisterView;
    const READ: &'static [Role] = roles::ADMIN;
    const WRITE: &'static [Role] = roles::ADMIN;
    const DELETED: &'static str = "Caja eliminada";

    crate::row_lock!(CashRegister);

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<CashRegisterView> {
        Ok((&load::<CashRegister>(conn, company, id)?).into())
    }

    /// Refused once it has shifts (they are the audit trail).
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        CashRegister::delete(conn, company, id).map_err(|e| constraint_conflict(e, "_id", ""))?;
        Ok(())
    }
}

impl Catalogue for CashRegisters {
    type Body = CashRegisterBody;
    const EDIT: &'static [Role] = roles::ADMIN;
    const PAGE: PageFn<CashRegisterView> = list_page;

    /// A new register of the selected branch.
    fn create(conn: &mut DbConnection, tenant: &Tenant, body: CashRegisterBody) -> AppResult<i64> {
        let fields = fields(&body)?;
        let branch = tenant.branch(conn)?;
        CashRegister::insert(conn, tenant.company, branch.id, &fields)
            .map_err(|e| constraint_conflict(e, "code", CODE_TAKEN))
    }

    fn edit(
        conn: &mut DbConnection,
        tenant: &Tenant,
        id: i64,
        body: CashRegisterBody,
    ) -> AppResult<()> {
        ensure_unlocked::<Self>(conn, tenant.company, id)?;
        let fields = fields(&body)?;
        CashRegister::update(conn, tenant.company, id, &fields)
            .map_err(|e| constraint_conflict(e, "code", CODE_TAKEN))?;
        Ok(())
    }
}
