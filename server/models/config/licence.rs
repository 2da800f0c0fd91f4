//! Licences: what plan a company has and until when. The newest row is the one in force. An
//! expired (or missing) licence leaves the company's data readable but not writable.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::licences;
use crate::models::CompanyId;
use crate::util::time::now;

/// A licence row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = licences)]
pub struct Licence {
    pub id: i64,
    pub company_id: i64,
    pub plan: String,
    /// Last day the licence is valid (Ecuador date).
    pub valid_until: NaiveDate,
    pub users_allowed: i32,
    pub created_at: NaiveDateTime,
}

/// Plan and length of the licence a new company starts with.
pub const TRIAL_PLAN: &str = "Prueba";
/// Days of the trial licence.
pub const TRIAL_DAYS: i64 = 30;
/// Users allowed by the trial licence.
pub const TRIAL_USERS: i32 = 5;

impl Licence {
    /// The licence in force (the newest), if any.
    pub fn current(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Option<Licence>> {
        licences::table
            .filter(licences::company_id.eq(company.get()))
            .order(licences::id.desc())
            .select(Licence::as_select())
            .first(conn)
            .optional()
    }

    /// Records a new licence for the company.
    pub fn grant(
        conn: &mut DbConnection,
        company: CompanyId,
        plan: &str,
        valid_until: NaiveDate,
        users_allowed: i32,
    ) -> QueryResult<i64> {
        diesel::insert_into(licences::table)
            .values((
                licences::company_id.eq(company.get()),
                licences::plan.eq(plan),
                licences::valid_until.eq(valid_until),
                licences::users_allowed.eq(users_allowed),
                licences::created_at.eq(now()),
            ))
            .returning(licences::id)
            .get_result(conn)
    }

    /// Whether the licence still allows changes on `today`.
    pub fn is_valid_on(&self, today: NaiveDate) -> bool {
        Self::valid_until_allows(self.valid_until, today)
    }

    /// Whether a licence valid until `valid_until` still allows changes on `today` (the sign-in
    /// lookup reads only that day, `crate::db::signed_in`).
    pub fn valid_until_allows(valid_until: NaiveDate, today: NaiveDate) -> bool {
        today <= valid_until
    }
}
