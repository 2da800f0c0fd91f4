//! Bank accounts of the company and their movements (signed amounts, running balance).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::{bank_accounts, bank_movements};
use crate::db::search::search_fold;
use crate::models::CompanyId;
use crate::util::time::now;

/// An account row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = bank_accounts)]
pub struct BankAccount {
    pub id: i64,
    pub company_id: i64,
    pub bank: String,
    pub account_type: String,
    pub number: String,
    pub holder: String,
    pub opening_balance: i64,
    pub active: bool,
    pub locked: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// The editable fields.
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = bank_accounts)]
pub struct BankAccountFields {
    pub bank: String,
    pub account_type: String,
    pub number: String,
    pub holder: String,
    pub opening_balance: i64,
    pub active: bool,
}

/// A movement row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = bank_movements)]
pub struct BankMovement {
    pub id: i64,
    pub company_id: i64,
    pub bank_account_id: i64,
    pub kind: String,
    pub amount: i64,
    pub description: String,
    pub turn_id: Option<i64>,
    pub created_by: Option<i64>,
    pub created_at: NaiveDateTime,
}

crate::catalogue! {
    BankAccount in bank_accounts {
        active: active,
        insert: BankAccountFields,
        update: BankAccountFields,
        search: |pattern| search_fold(bank_accounts::bank)
            .like(pattern.clone())
            .escape('\\')
            .or(search_fold(bank_accounts::holder)
                .like(pattern.clone())
                .escape('\\'))
            .or(bank_accounts::number.like(pattern).escape('\\')),
        sort: bank_accounts::id;
            "bank" => bank_accounts::bank,
            "number" => bank_accounts::number,
            "holder" => bank_accounts::holder,
            "createdAt" => bank_accounts::id,
    }
}

impl BankAccount {
    /// Every account (active ones with `only_active`), by bank.
    pub fn all(
        conn: &mut DbConnection,
        company: CompanyId,
        only_active: bool,
    ) -> QueryResult<Vec<BankAccount>> {
        let mut query = of(company);
        if only_active {
            query = query.filter(bank_accounts::active.eq(true));
        }
        query
            .order((bank_accounts::bank.asc(), bank_accounts::id.asc()))
            .select(BankAccount::as_select())
            .load(conn)
    }
}

impl BankMovement {
    /// Inserts a movement of the company's account.
    #[allow(clippy::too_many_arguments)]
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        account: i64,
        kind: &str,
        amount: i64,
        description: &str,
        turn: Option<i64>,
        by: Option<i64>,
    ) -> QueryResult<i64> {
        diesel::insert_into(bank_movements::table)
            .values((
                bank_movements::company_id.eq(company.get()),
                bank_movements::bank_account_id.eq(account),
                bank_movements::kind.eq(kind),
                bank_movements::amount.eq(amount),
                bank_movements::description.eq(description),
                bank_movements::turn_id.eq(turn),
                bank_movements::created_by.eq(by),
                bank_movements::created_at.eq(now()),
            ))
            .returning(bank_movements::id)
            .get_result(conn)
    }

    /// The sum of each account's movements, by account id (accounts without movements are
    /// absent): with the opening balance, what each account holds now.
    pub fn sums(
        conn: &mut DbConnection,
        company: CompanyId,
    ) -> QueryResult<std::collections::HashMap<i64, i64>> {
        let rows: Vec<(i64, Option<i64>)> = bank_movements::table
            .filter(bank_movements::company_id.eq(company.get()))
            .group_by(bank_movements::bank_account_id)
            .select((
                bank_movements::bank_account_id,
                // SUM of BIGINT is NUMERIC on PostgreSQL; the cast keeps one integer type.
                diesel::dsl::sql::<diesel::sql_types::Nullable<diesel::sql_types::BigInt>>(
                    "CAST(SUM(bank_movements.amount) AS BIGINT)",
                ),
            ))
            .load(conn)?;
        Ok(rows
            .into_iter()
            .map(|(account, sum)| (account, sum.unwrap_or(0)))
            .collect())
    }

    /// Every movement of an account, oldest first.
    pub fn of_account(
        conn: &mut DbConnection,
        company: CompanyId,
        account: i64,
    ) -> QueryResult<Vec<BankMovement>> {
        bank_movements::table
            .filter(bank_movements::company_id.eq(company.get()))
            .filter(bank_movements::bank_account_id.eq(account))
            .order(bank_movements::id.asc())
            .select(BankMovement::as_select())
            .load(conn)
    }
}
