//! `/api/bank`: the company's bank accounts (admin and user) and their movements with a running
//! balance. Shift deposits arrive from `confirmClose`.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::roles::{self, Tenant};
use crate::command::NumberInput;
use crate::controllers::catalogue::{Catalogue, PageFn, load};
use crate::controllers::records::{Record, ensure_unlocked};
use crate::db::DbConnection;
use crate::db::list::{ListParams, Page};
use crate::error::{AppResult, constraint_conflict};
use crate::http::params::PathId;
use crate::models::CompanyId;
use crate::models::auth::user::Role;
use crate::models::cash::bank::{BankAccount, BankAccountFields, BankMovement};
use crate::models::config::company::Company;
use crate::validation::{check_fields, required_text};
use crate::views::cash::bank::{BankAccountView, BankMovementsView};

/// Duplicate account.
pub const NUMBER_TAKEN: &str = "Ya existe una cuenta con ese número en ese banco";

/// Body of register and update.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[serde(rename_all = "camelCase")]
pub struct BankAccountBody {
    bank: Option<String>,
    account_type: Option<String>,
    number: Option<String>,
    holder: Option<String>,
    #[ts(optional = nullable)]
    opening_balance: NumberInput,
    active: Option<bool>,
}

fn fields(body: &BankAccountBody) -> AppResult<BankAccountFields> {
    let text = |v: &Option<String>| v.clone().unwrap_or_default().trim().to_string();
    let (bank, number, holder) = (text(&body.bank), text(&body.number), text(&body.holder));
    let account_type = text(&body.account_type).to_lowercase();
    let opening = body.opening_balance.amount("El saldo inicial");
    let number_problem = required_text(&number, "El número de cuenta", 30).or_else(|| {
        (!number.bytes().all(|b| b.is_ascii_digit() || b == b'-'))
            .then(|| "El número de cuenta solo admite dígitos y guiones".to_string())
    });
    check_fields([
        ("bank", required_text(&bank, "El banco", 80)),
        (
            "accountType",
            (!["ahorros", "corriente"].contains(&account_type.as_str()))
                .then(|| "El tipo de cuenta debe ser «ahorros» o «corriente»".to_string()),
        ),
        ("number", number_problem),
        ("holder", required_text(&holder, "El titular", 120)),
        ("openingBalance", opening.clone().err()),
    ])?;
    Ok(BankAccountFields {
        bank,
        account_type,
        number,
        holder,
        opening_balance: opening.ok().flatten().unwrap_or(0),
        active: body.active.unwrap_or(true),
    })
}

/// One page of the accounts (the API and the accounts page).
pub fn list_page(
    conn: &mut DbConnection,
    tenant: &Tenant,
    params: &ListParams,
) -> AppResult<Page<BankAccountView>> {
    Ok(BankAccount::list(conn, tenant.company, params)?.map(|a| (&a).into()))
}

/// `GET /api/bank/all`: every account (active ones with `?onlyActive=true`), for selectors.
pub async fn all(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    params: ListParams,
) -> AppResult<Json<Vec<BankAccountView>>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    let views = state
        .db
        .run(move |conn| {
            Ok(BankAccount::all(conn, tenant.company, params.only_active)?
                .iter()
                .map(Into::into)
                .collect())
        })
        .await?;
    Ok(Json(views))
}

/// The account's lines with a running balance.
pub fn movements_view(
    conn: &mut DbConnection,
    company: CompanyId,
    id: i64,
) -> AppResult<BankMovementsView> {
    let account = load::<BankAccount>(conn, company, id)?;
    let lines = BankMovement::of_account(conn, company, id)?;
    Ok(BankMovementsView::new(
        &account,
        &lines,
        Company::zone(conn, company)?,
    ))
}

/// `GET /api/bank/{id}/movements`.
pub async fn movements(
    State(state): State<AppState>,
    CurrentUser(auth): CurrentUser,
    PathId(id): PathId,
) -> AppResult<Json<BankMovementsView>> {
    let tenant = auth.tenant(roles::ADMIN_USER)?;
    Ok(Json(
        state
            .db
            .run(move |conn| movements_view(conn, tenant.company, id))
            .await?,
    ))
}

/// Accounts in the generic list handlers.
pub struct BankAccounts;

impl Record for BankAccounts {
    type View = BankAccountView;
    const READ: &'static [Role] = roles::ADMIN_USER;
    const WRITE: &'static [Role] = roles::ADMIN_USER;
    const DELETED: &'static str = "Cuenta bancaria eliminada";

    crate::row_lock!(BankAccount);

    fn view(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<BankAccountView> {
        Ok((&load::<BankAccount>(conn, company, id)?).into())
    }

    /// Refused once it has movements or shift deposits.
    fn delete(conn: &mut DbConnection, company: CompanyId, id: i64) -> AppResult<()> {
        BankAccount::delete(conn, company, id).map_err(|e| constraint_conflict(e, "_id", ""))?;
        Ok(())
    }
}

impl Catalogue for BankAccounts {
    type Body = BankAccountBody;
    const EDIT: &'static [Role] = roles::ADMIN_USER;
    const PAGE: PageFn<BankAccountView> = list_page;

    fn create(conn: &mut DbConnection, tenant: &Tenant, body: BankAccountBody) -> AppResult<i64> {
        let fields = fields(&body)?;
        BankAccount::insert(conn, tenant.company, &fields)
            .map_err(|e| constraint_conflict(e, "number", NUMBER_TAKEN))
    }

    fn edit(
        conn: &mut DbConnection,
        tenant: &Tenant,
        id: i64,
        body: BankAccountBody,
    ) -> AppResult<()> {
        ensure_unlocked::<Self>(conn, tenant.company, id)?;
        let fields = fields(&body)?;
        BankAccount::update(conn, tenant.company, id, &fields)
            .map_err(|e| constraint_conflict(e, "number", NUMBER_TAKEN))?;
        Ok(())
    }
}
