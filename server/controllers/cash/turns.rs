//! `/api/Turn`: shifts. A cashier opens one on a free register, takes cash in and out, closes it
//! with a count; a user or admin confirms it. Every cash line goes through
//! `services::cash::posting`.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::command::{IdInput, NumberInput, text};
use crate::controllers::answer;
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppError, AppResult};
use crate::http::json::JsonBody;
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::auth::user::{Role, User};
use crate::models::cash::bank::BankAccount;
use crate::models::cash::count::{Count, DENOMINATIONS};
use crate::models::cash::movement::{Movement, MovementKind};
use crate::models::cash::refusal::RefusedWithdrawal;
use crate::models::cash::register::CashRegister;
use crate::models::cash::turn::{self, Scope, Turn};
use crate::models::config::company::Company;
use crate::models::sales::note::Sale;
use crate::services::cash::{posting, shifts};
use crate::services::sales::input::Method;
use crate::validation::{check_fields, optional_text, required_text};
use crate::views::cash::turn::{RefusedWithdrawalView, TurnDetailView, TurnMovementView, TurnView};

/// Longest reason or note.
const NOTE_MAX: usize = 300;
/// Most pieces of one denomination in a count.
const QUANTITY_MAX: i64 = 1_000_000;

/// The view of a shift with its register's and user's names.
pub fn turn_view(conn: &mut DbConnection, company: CompanyId, t: &Turn) -> AppResult<TurnView> {
    let register = CashRegister::find(conn, company, t.cash_register_id)?
        .map(|r| r.name)
        .unwrap_or_default();
    let user = User::find(conn, t.user_id)?.name;
    let refused = RefusedWithdrawal::counts(conn, company, &[t.id])?
        .remove(&t.id)
        .unwrap_or(0);
    Ok(TurnView::new(
        t,
        (register, user),
        refused,
        Company::zone(conn, company)?,
    ))
}

/// The shift with its lines, count and summary, as `tenant` may see it (blind for a cashier
/// while it is open: [`shifts::is_blind`]).
pub fn detail(conn: &mut DbConnection, tenant: &Tenant, t: &Turn) -> AppResult<TurnDetailView> {
    let company = tenant.company;
    let mut summary = posting::summary(conn, company, t)?;
    // The cashier's sales on credit during the shift: no money came in, yet the arqueo lists
    // them with the methods, so the day's sales add up.
    let on_credit = Sale::on_credit_by_user(
        conn,
        company,
        t.branch_office_id,
        t.user_id,
        t.opened_at,
        t.closed_at,
    )?;
    if on_credit != 0 {
        summary
            .by_method
            .insert(Method::Credit.shift_name().to_string(), on_credit);
    }
    let view = TurnDetailView {
        turn: turn_view(conn, company, t)?,
        movements: Movement::of_turn(conn, company, t.id)?
            .iter()
            .map(|m| TurnMovementView::new(m, tenant.zone()))
            .collect(),
        counts: Count::of_turn(conn, company, t.id)?
            .iter()
            .map(Into::into)
            .collect(),
        summary: (&summary).into(),
        refused_withdrawals: RefusedWithdrawal::of_turn(conn, company, t.id)?
            .iter()
            .map(|r| RefusedWithdrawalView::new(r, tenant.zone()))
            .collect(),
        blind: false,
    };
    Ok(if shifts::is_blind(tenant, t) {
        view.blind()
    } else {
        view
    })
}

/// A shift the user may see, in detail (`GET /api/Turn/{id}` and the ticket).
pub fn visible_detail(
    conn: &mut DbConnection,
    tenant: &Tenant,
    id: i64,
) -> AppResult<TurnDetailView> {
    let t = shifts::visible(conn, tenant, id)?;
    detail(conn, tenant, &t)
}

/// `?state=`, `?mine=true`, `?cashRegisterId=` and `?userId=` of the list (the owner's history
/// of shifts filters by register and cashier; the dates are the list's `from` and `to`).
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnFilter {
    pub state: Option<String>,
    pub mine: Option<String>,
    pub cash_register_id: Option<String>,
    pub user_id: Option<String>,
}

impl TurnFilter {
    /// The model's filter: a known state, ids that are numbers (anything else is no filter).
    fn to_filter(&self) -> turn::Filter {
        let id = |v: &Option<String>| v.as_deref().and_then(|s| s.trim().parse::<i64>().ok());
        turn::Filter {
            state: self
                .state
                .clone()
                .filter(|s| [turn::OPEN, turn::CLOSED, turn::CONFIRMED].contains(&s.as_str())),
            register: id(&self.cash_register_id),
            user: id(&self.user_id),
        }
    }
}

/// One page of shifts: a cashier's own (and anyone's with `mine`), the selected branch's for user
/// and admin.
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    filter: &TurnFilter,
    params: &ListParams,
) -> AppResult<Page<TurnView>> {
    let mine = filter.mine.as_deref() == Some("true");
    let scope = if mine || tenant.role() == Role::Cashier {
        Scope::User(tenant.user_id())
    } else {
        Scope::Branch(tenant.branch(conn)?.id)
    };
    Turn::list(conn, tenant.company, scope, &filter.to_filter(), params)?
        .try_map(|t| turn_view(conn, tenant.company, &t))
}

/// `GET /api/Turn`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    axum::extract::Query(filter): axum::extract::Query<TurnFilter>,
    params: ListParams,
) -> AppResult<Json<Page<TurnView>>> {
    answer::read(&state, &auth, move |conn, tenant| {
        list_page(conn, tenant, &filter, &params)
    })
    .await
}

/// `GET /api/Turn/getMyLastTurn`: my newest shift (`null` when none).
pub async fn my_last(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
) -> AppResult<Json<Option<TurnDetailView>>> {
    answer::read(&state, &auth, move |conn, tenant| {
        Turn::last_of_user(conn, tenant.company, tenant.user_id())?
            .map(|t| detail(conn, tenant, &t))
            .transpose()
    })
    .await
}

/// `GET /api/Turn/{id}`.
pub async fn get(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<TurnDetailView>> {
    answer::read(&state, &auth, move |conn, tenant| {
        visible_detail(conn, tenant, id)
    })
    .await
}

/// Body of open.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(rename = "OpenTurnBody")]
#[serde(rename_all = "camelCase")]
pub struct OpenBody {
    #[ts(optional = nullable)]
    cash_register_id: IdInput,
    #[ts(optional = nullable)]
    opening_amount: NumberInput,
}

/// `POST /api/Turn/open {cashRegisterId, openingAmount}`: a shift of mine on a free register of
/// the selected branch.
pub async fn open(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    JsonBody(body): JsonBody<OpenBody>,
) -> AppResult<(StatusCode, Json<TurnDetailView>)> {
    let tenant = auth.tenant(roles::ALL)?;
    let register = body
        .cash_register_id
        .required()
        .map_err(|_| "Seleccione una caja".to_string());
    let opening = body
        .opening_amount
        .amount("El monto de apertura")
        .and_then(|m| m.ok_or_else(|| "El monto de apertura es obligatorio".to_string()));
    check_fields([
        ("cashRegisterId", register.clone().err()),
        ("openingAmount", opening.clone().err()),
    ])?;
    let (register, opening) = (register.unwrap_or_default(), opening.unwrap_or_default());
    let view = state
        .db
        .write(move |conn| {
            let t = shifts::open(conn, &tenant, register, opening)?;
            detail(conn, &tenant, &t)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// Body of a cash in or out.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct MovementBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    #[ts(optional = nullable)]
    amount: NumberInput,
    reason: Option<String>,
}

/// `POST /api/Turn/{id}/movement {type: "in" | "out", amount, reason}`: cash in or out of my
/// open shift; a cash out cannot exceed the expected cash.
pub async fn movement(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<MovementBody>,
) -> AppResult<(StatusCode, Json<TurnDetailView>)> {
    let tenant = auth.tenant(roles::ALL)?;
    let view = state
        .db
        .write(move |conn| {
            let t = shifts::own_open(conn, &tenant, id)?;
            let kind = match body.kind.as_deref() {
                Some("in") => Ok(MovementKind::CashIn),
                Some("out") => Ok(MovementKind::CashOut),
                _ => Err("El tipo debe ser «in» (ingreso) o «out» (retiro)".to_string()),
            };
            let amount = body.amount.amount("El monto").and_then(|m| {
                m.filter(|m| *m > 0)
                    .ok_or_else(|| "El monto debe ser mayor que cero".to_string())
            });
            let reason = body.reason.clone().unwrap_or_default().trim().to_string();
            check_fields([
                ("type", kind.clone().err()),
                ("amount", amount.clone().err()),
                ("reason", required_text(&reason, "El motivo", NOTE_MAX)),
            ])?;
            match shifts::cash_in_out(
                conn,
                &tenant,
                &t,
                kind.map_err(AppError::BadRequest)?,
                amount.map_err(AppError::BadRequest)?,
                reason,
            )? {
                Ok(()) => detail(conn, &tenant, &t).map(Ok),
                // Committed: the attempt stays on record, the answer is the refusal.
                Err(refusal) => Ok(Err(refusal)),
            }
        })
        .await??;
    Ok((StatusCode::CREATED, Json(view)))
}

/// One denomination of the close form.
#[derive(Debug, Deserialize, ts_rs::TS)]
pub struct CountBody {
    #[ts(optional = nullable)]
    denomination: NumberInput,
    #[ts(optional = nullable)]
    quantity: NumberInput,
}

/// Body of close.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct CloseBody {
    counts: Option<Vec<CountBody>>,
    note: Option<String>,
}

/// The count as `(denomination, quantity)` in micros, one row per denomination (the dollar bill
/// and coin add up), or the Spanish problem.
fn parse_counts(counts: &[CountBody]) -> Result<Vec<(i64, i64)>, String> {
    let mut merged: BTreeMap<i64, i64> = BTreeMap::new();
    for c in counts {
        let denomination = c.denomination.amount("La denominación")?
            .filter(|d| DENOMINATIONS.iter().any(|(v, _)| v == d))
            .ok_or_else(|| {
                "La denominación no es válida (billetes 100, 50, 20, 10, 5, 2, 1; monedas 1, 0.50, 0.25, 0.10, 0.05, 0.01)".to_string()
            })?;
        let quantity = if c.quantity.is_absent() {
            0
        } else {
            c.quantity
                .whole_number()
                .ok_or("La cantidad debe ser un número entero")?
        };
        if !(0..=QUANTITY_MAX).contains(&quantity) {
            return Err(format!("La cantidad debe estar entre 0 y {QUANTITY_MAX}"));
        }
        *merged.entry(denomination).or_default() += quantity;
    }
    Ok(merged.into_iter().rev().filter(|(_, q)| *q > 0).collect())
}

/// `POST /api/Turn/{id}/close {counts: [{denomination, quantity}], note}`: the count of the
/// drawer; stores expected, counted and difference. The shift's cashier closes it; a user or
/// admin may close it for them.
pub async fn close(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<CloseBody>,
) -> AppResult<Json<TurnDetailView>> {
    let tenant = auth.tenant(roles::ALL)?;
    let view = state
        .db
        .write(move |conn| {
            let t = shifts::visible_open(conn, &tenant, id)?;
            let counts = parse_counts(body.counts.as_deref().unwrap_or_default());
            let note = text(&body.note);
            check_fields([
                ("counts", counts.clone().err()),
                ("note", optional_text(note.as_deref(), "La nota", NOTE_MAX)),
            ])?;
            let t = shifts::close(
                conn,
                &tenant,
                &t,
                &counts.map_err(AppError::BadRequest)?,
                note,
            )?;
            detail(conn, &tenant, &t)
        })
        .await?;
    Ok(Json(view))
}

/// Body of confirmClose.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmBody {
    note: Option<String>,
    #[ts(optional = nullable)]
    bank_account_id: IdInput,
}

/// `POST /api/Turn/{id}/confirmClose {note, bankAccountId?}`: a user or admin makes a closed
/// shift final; with a bank account, the counted cash is recorded as deposited there.
pub async fn confirm_close(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
    JsonBody(body): JsonBody<ConfirmBody>,
) -> AppResult<Json<TurnDetailView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let view = state
        .db
        .write(move |conn| {
            let t = shifts::visible(conn, &tenant, id)?;
            let note = text(&body.note);
            check_fields([("note", optional_text(note.as_deref(), "La nota", NOTE_MAX))])?;
            let account = match body.bank_account_id.optional() {
                Ok(None) => None,
                found => Some(
                    found
                        .ok()
                        .flatten()
                        .and_then(|id| BankAccount::find(conn, tenant.company, id).transpose())
                        .transpose()?
                        .filter(|a| a.active)
                        .ok_or_else(|| {
                            AppError::field(
                                "bankAccountId",
                                "La cuenta bancaria no existe o está inactiva",
                            )
                        })?,
                ),
            };
            let t = shifts::confirm(conn, &tenant, &t, note.as_deref(), account.as_ref())?;
            detail(conn, &tenant, &t)
        })
        .await?;
    Ok(Json(view))
}
