//! What the pages of several areas offer to pick from, or print at the top: the company's bank
//! accounts, the branch's warehouses, the categories and a ticket's header. Read here once, so
//! that no area's controller imports another's.

use crate::auth::roles::{self, Tenant};
use crate::db::DbConnection;
use crate::error::AppResult;
use crate::models::CompanyId;
use crate::models::cash::bank::{BankAccount, BankMovement};
use crate::models::config::branch_office::BranchOffice;
use crate::models::config::company::Company;
use crate::models::inventory::category::Category;
use crate::models::inventory::warehouse::Warehouse;
use crate::views::cash::pages::TicketHeader;
use crate::views::inventory::category::CategoryView;
use crate::views::inventory::warehouse::CellarOptionView;
use crate::views::sales::pages::BankOptionView;

/// The company's usable bank accounts (active, not locked) as the payment forms offer them: the
/// one list the POS, collections and purchases choose from. Each carries what it holds now only
/// for the roles that may read the accounts (admin and user): a cashier picks an account for a
/// transfer without learning its balance.
pub fn bank_accounts(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<Vec<BankOptionView>> {
    let company = tenant.company;
    let sums = match roles::ADMIN_USER.contains(&tenant.role()) {
        true => Some(BankMovement::sums(conn, company)?),
        false => None,
    };
    Ok(BankAccount::all(conn, company, true)?
        .into_iter()
        .filter(|a| !a.locked)
        .map(|a| BankOptionView {
            id: a.id,
            label: format!("{} {}", a.bank, a.number),
            balance: sums.as_ref().map(|sums| {
                crate::domain::money::money_text(
                    a.opening_balance + sums.get(&a.id).copied().unwrap_or(0),
                )
            }),
        })
        .collect())
}

/// The header of a ticket of the user's company and a branch.
pub fn ticket_header(
    conn: &mut DbConnection,
    tenant: &Tenant,
    branch: i64,
) -> AppResult<TicketHeader> {
    let company = Company::find(conn, tenant.company)?;
    let branch = BranchOffice::find_in_company(conn, tenant.company, branch)?;
    Ok(TicketHeader {
        ruc: company.ruc,
        business_name: company.business_name,
        trade_name: company.trade_name,
        address: branch
            .as_ref()
            .map_or(company.main_address.clone(), |b| b.address.clone()),
        branch_name: branch.map(|b| b.name).unwrap_or_default(),
    })
}

/// The options of the branch's selectors: active warehouses, default first.
pub fn cellars(conn: &mut DbConnection, tenant: &Tenant) -> AppResult<Vec<CellarOptionView>> {
    let branch = tenant.branch(conn)?.id;
    Ok(Warehouse::of_branch(conn, tenant.company, branch)?
        .iter()
        .filter(|w| w.active)
        .map(|w| CellarOptionView {
            id: w.id,
            name: w.name.clone(),
            is_default: w.is_default,
        })
        .collect())
}

/// Every category of the company with its parent's name (active ones only with
/// `only_active`), by name: `GET /api/item/category/all` and the categories page's selector.
pub fn categories(
    conn: &mut DbConnection,
    company: CompanyId,
    only_active: bool,
) -> AppResult<Vec<CategoryView>> {
    let rows = Category::all(conn, company, only_active)?;
    Ok(rows
        .iter()
        .map(|c| {
            let parent = c
                .parent_id
                .and_then(|p| rows.iter().find(|r| r.id == p))
                .map(|p| p.name.clone());
            CategoryView::new(c, parent)
        })
        .collect())
}
