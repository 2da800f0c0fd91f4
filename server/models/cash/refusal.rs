//! Withdrawals refused to a cashier counting blind (issue 24, defect 8): a refusal says the drawer
//! holds less than asked, so repeated attempts would let a cashier narrow down the expected cash.
//! Each one is kept (it moves no cash) and shown to the owner with the shift.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::turn_refused_withdrawals;
use crate::models::CompanyId;

/// A refused withdrawal.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = turn_refused_withdrawals)]
pub struct RefusedWithdrawal {
    pub id: i64,
    pub company_id: i64,
    pub turn_id: i64,
    pub user_id: i64,
    pub amount: i64,
    pub reason: String,
    pub created_at: NaiveDateTime,
}

impl RefusedWithdrawal {
    /// Records a refused withdrawal of `amount` from shift `turn` by `user`.
    pub fn insert(
        conn: &mut DbConnection,
        company: CompanyId,
        turn: i64,
        user: i64,
        amount: i64,
        reason: &str,
    ) -> QueryResult<()> {
        diesel::insert_into(turn_refused_withdrawals::table)
            .values((
                turn_refused_withdrawals::company_id.eq(company.get()),
                turn_refused_withdrawals::turn_id.eq(turn),
                turn_refused_withdrawals::user_id.eq(user),
                turn_refused_withdrawals::amount.eq(amount),
                turn_refused_withdrawals::reason.eq(reason),
                turn_refused_withdrawals::created_at.eq(crate::util::time::now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// The refusals of a shift, oldest first.
    pub fn of_turn(
        conn: &mut DbConnection,
        company: CompanyId,
        turn: i64,
    ) -> QueryResult<Vec<RefusedWithdrawal>> {
        turn_refused_withdrawals::table
            .filter(turn_refused_withdrawals::company_id.eq(company.get()))
            .filter(turn_refused_withdrawals::turn_id.eq(turn))
            .order(turn_refused_withdrawals::id.asc())
            .select(RefusedWithdrawal::as_select())
            .load(conn)
    }

    /// How many refusals each of `turns` has (a shift without any is absent).
    pub fn counts(
        conn: &mut DbConnection,
        company: CompanyId,
        turns: &[i64],
    ) -> QueryResult<HashMap<i64, i64>> {
        let rows: Vec<(i64, i64)> = turn_refused_withdrawals::table
            .filter(turn_refused_withdrawals::company_id.eq(company.get()))
            .filter(turn_refused_withdrawals::turn_id.eq_any(turns))
            .group_by(turn_refused_withdrawals::turn_id)
            .select((turn_refused_withdrawals::turn_id, diesel::dsl::count_star()))
            .load(conn)?;
        Ok(rows.into_iter().collect())
    }
}
