//! Data of the cash pages, from the same functions as their APIs.

use super::{barrio, registers, turns};
use crate::auth::roles::Tenant;
use crate::controllers::options;
use crate::controllers::page_loader::{Loaders, PageQuery};
use crate::db::DbConnection;
use crate::error::{AppResult, not_in_table};
use crate::models::auth::user::User;
use crate::models::cash::bank::BankAccount;
use crate::models::cash::count::DENOMINATIONS;
use crate::models::cash::register::CashRegister;
use crate::models::cash::turn::{self, Turn};
use crate::util::time::now;
use crate::views::cash::pages::{
    CashCountTicket, CashDrawerPage, CashHubPage, CnbPage, CnbReportTicket, TurnFilterOption,
    TurnHistoryPage, TurnsPage,
};
use crate::views::route_id::RouteId;

/// The loader of each page of this area, by route id.
pub const LOADERS: Loaders = &[
    (RouteId::AdminCash, |ctx| {
        ctx.tenant(|conn, tenant, _| {
            Ok(CashHubPage {
                my_turn: registers::my_open(conn, tenant)?,
                registers: registers::branch_states(conn, tenant, false)?,
            })
        })
    }),
    (RouteId::AdminCashOpenClose, |ctx| {
        ctx.tenant(|conn, tenant, _| drawer(conn, tenant))
    }),
    (RouteId::AdminCashMovement, |ctx| {
        ctx.tenant(|conn, tenant, _| drawer(conn, tenant))
    }),
    (RouteId::AdminCashMyTurns, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            Ok(TurnsPage {
                list: turns::list_page(
                    conn,
                    tenant,
                    &turns::TurnFilter {
                        state: query.get("state").map(str::to_string),
                        mine: Some("true".into()),
                        ..Default::default()
                    },
                    &query.list()?,
                )?,
                bank_accounts: Vec::new(),
            })
        })
    }),
    (RouteId::AdminCashConfirm, |ctx| ctx.tenant(confirm_page)),
    (RouteId::AdminCashHistory, |ctx| ctx.tenant(history_page)),
    (RouteId::AdminCashCountTicket, |ctx| {
        ctx.tenant(|conn, tenant, query| ticket(conn, tenant, Some(turn_id(query.param("id"))?)))
    }),
    (RouteId::CashCountTicket, |ctx| {
        ctx.tenant(|conn, tenant, query| {
            let id = query.get("turno").map(turn_id).transpose()?;
            ticket(conn, tenant, id)
        })
    }),
    (RouteId::AdminBankBarrio, |ctx| ctx.tenant(barrio_page)),
    (RouteId::CnbReportTicket, |ctx| ctx.tenant(barrio_ticket)),
];

/// My open shift in detail, the registers I may open, the denominations.
fn drawer(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<CashDrawerPage> {
    let my_turn = Turn::open_of_user(conn, tenant.company, tenant.user_id())?
        .map(|t| turns::detail(conn, tenant, &t))
        .transpose()?;
    Ok(CashDrawerPage {
        my_turn,
        registers: registers::branch_states(conn, tenant, true)?,
        denominations: DENOMINATIONS.iter().map(|(_, l)| l.to_string()).collect(),
    })
}

/// The arqueo ticket of shift `id` (the user's last shift when `None`).
fn ticket(conn: &mut DbConnection, tenant: &Tenant, id: Option<i64>) -> AppResult<CashCountTicket> {
    let turn = match id {
        Some(id) => Some(turns::visible_detail(conn, tenant, id)?),
        None => Turn::last_of_user(conn, tenant.company, tenant.user_id())?
            .map(|t| turns::detail(conn, tenant, &t))
            .transpose()?,
    };
    let branch = match &turn {
        Some(t) => t.turn.branch_office_id,
        None => tenant.branch(conn)?.id,
    };
    Ok(CashCountTicket {
        header: options::ticket_header(conn, tenant, branch)?,
        turn,
        printed_at: tenant.zone().iso(now()),
    })
}

/// A shift id of the URL: digits, else 404.
fn turn_id(text: &str) -> AppResult<i64> {
    text.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(not_in_table)
}

/// Closed shifts to confirm (`?state=` to see others) and the accounts to deposit in.
fn confirm_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &PageQuery,
) -> AppResult<TurnsPage> {
    Ok(TurnsPage {
        list: turns::list_page(
            conn,
            tenant,
            &turns::TurnFilter {
                state: Some(query.get("state").unwrap_or(turn::CLOSED).to_string()),
                ..Default::default()
            },
            &query.list()?,
        )?,
        bank_accounts: BankAccount::all(conn, tenant.company, true)?
            .iter()
            .map(Into::into)
            .collect(),
    })
}

/// The owner's history of the branch's shifts (`?cashRegisterId=`, `?userId=`, `?state=`, dates)
/// with the registers and cashiers to filter by.
fn history_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &PageQuery,
) -> AppResult<TurnHistoryPage> {
    let filter = turns::TurnFilter {
        state: query.get("state").map(str::to_string),
        cash_register_id: query.get("cashRegisterId").map(str::to_string),
        user_id: query.get("userId").map(str::to_string),
        ..Default::default()
    };
    let branch = tenant.branch(conn)?.id;
    let registers = CashRegister::of_branch(conn, tenant.company, branch)?
        .into_iter()
        .map(|r| TurnFilterOption {
            id: r.id,
            name: r.name,
        })
        .collect();
    let mut cashiers = Vec::new();
    for id in Turn::users_of_branch(conn, tenant.company, branch)? {
        cashiers.push(TurnFilterOption {
            id,
            name: User::find(conn, id)?.name,
        });
    }
    Ok(TurnHistoryPage {
        list: turns::list_page(conn, tenant, &filter, &query.list()?)?,
        registers,
        cashiers,
    })
}

/// Banco del Barrio: its configuration and the report of `?date=`.
fn barrio_page(conn: &mut DbConnection, tenant: &Tenant, query: &PageQuery) -> AppResult<CnbPage> {
    Ok(CnbPage {
        config: barrio::config_view(conn, tenant)?,
        report: barrio::report_view(conn, tenant, query.get("date"))?,
        can_configure: tenant.role() == crate::models::auth::user::Role::Admin,
        has_open_turn: Turn::open_of_user(conn, tenant.company, tenant.user_id())?.is_some(),
    })
}

/// The printable Banco del Barrio report of `?date=`.
fn barrio_ticket(
    conn: &mut DbConnection,
    tenant: &Tenant,
    query: &PageQuery,
) -> AppResult<CnbReportTicket> {
    let report = barrio::report_view(conn, tenant, query.get("date"))?;
    let branch = tenant.branch(conn)?.id;
    Ok(CnbReportTicket {
        header: options::ticket_header(conn, tenant, branch)?,
        report,
        printed_at: tenant.zone().iso(now()),
    })
}
