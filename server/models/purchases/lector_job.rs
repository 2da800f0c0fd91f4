//! The Lector's look-up jobs: the access keys of an uploaded report that the SRI is asked for, in
//! the background, with the progress saved after every step and a lease, so a job outlives the
//! server that started it (another server, or the same one after a restart, continues it).

use chrono::{NaiveDateTime, TimeDelta};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::lector_jobs;
use crate::models::CompanyId;
use crate::util::time::now;

/// A job.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = lector_jobs)]
pub struct LectorJob {
    pub id: i64,
    pub company_id: i64,
    pub user_id: Option<i64>,
    pub file_name: String,
    /// `running`, `done` or `failed`.
    pub status: String,
    /// Keys of the upload.
    pub total: i64,
    /// Keys answered: every key before this index.
    pub processed: i64,
    /// Documents read among the keys answered.
    pub found: i64,
    /// `[[line, key], …]`.
    pub keys: String,
    /// `[{line, message}, …]`: the first problems.
    pub errors: String,
    /// Every problem, also those not kept.
    pub error_count: i64,
    pub lease_until: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// The progress of a step.
#[derive(Debug, Clone)]
pub struct Progress<'a> {
    pub processed: i64,
    pub found: i64,
    pub errors: &'a str,
    pub error_count: i64,
    /// `running` until the last step.
    pub status: &'a str,
}

impl LectorJob {
    /// Starts a job held by its starter for `lease`; returns its id.
    #[allow(clippy::too_many_arguments)]
    pub fn start(
        conn: &mut DbConnection,
        company: CompanyId,
        user_id: i64,
        file_name: &str,
        total: i64,
        keys: &str,
        errors: &str,
        error_count: i64,
        lease: TimeDelta,
    ) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(lector_jobs::table)
            .values((
                lector_jobs::company_id.eq(company.get()),
                lector_jobs::user_id.eq(user_id),
                lector_jobs::file_name.eq(file_name),
                lector_jobs::status.eq("running"),
                lector_jobs::total.eq(total),
                lector_jobs::processed.eq(0i64),
                lector_jobs::found.eq(0i64),
                lector_jobs::keys.eq(keys),
                lector_jobs::errors.eq(errors),
                lector_jobs::error_count.eq(error_count),
                lector_jobs::lease_until.eq(at + lease),
                lector_jobs::created_at.eq(at),
                lector_jobs::updated_at.eq(at),
            ))
            .returning(lector_jobs::id)
            .get_result(conn)
    }

    /// One job of the company.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<LectorJob>> {
        lector_jobs::table
            .filter(lector_jobs::company_id.eq(company.get()))
            .filter(lector_jobs::id.eq(id))
            .select(LectorJob::as_select())
            .first(conn)
            .optional()
    }

    /// The company's running job, if any.
    pub fn find_running(
        conn: &mut DbConnection,
        company: CompanyId,
    ) -> QueryResult<Option<LectorJob>> {
        lector_jobs::table
            .filter(lector_jobs::company_id.eq(company.get()))
            .filter(lector_jobs::status.eq("running"))
            .select(LectorJob::as_select())
            .first(conn)
            .optional()
    }

    /// Saves a step's progress and extends the lease, if the job is still where the caller left
    /// it (`processed` was `from`): false when another server continued it meanwhile.
    pub fn advance(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        from: i64,
        progress: &Progress<'_>,
        lease: TimeDelta,
    ) -> QueryResult<bool> {
        let at = now();
        let changed = diesel::update(
            lector_jobs::table
                .filter(lector_jobs::company_id.eq(company.get()))
                .filter(lector_jobs::id.eq(id))
                .filter(lector_jobs::status.eq("running"))
                .filter(lector_jobs::processed.eq(from)),
        )
        .set((
            lector_jobs::status.eq(progress.status),
            lector_jobs::processed.eq(progress.processed),
            lector_jobs::found.eq(progress.found),
            lector_jobs::errors.eq(progress.errors),
            lector_jobs::error_count.eq(progress.error_count),
            lector_jobs::lease_until.eq(at + lease),
            lector_jobs::updated_at.eq(at),
        ))
        .execute(conn)?;
        Ok(changed == 1)
    }

    /// Marks a job failed (it cannot go on: its company or keys are gone).
    pub fn fail(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<usize> {
        diesel::update(crate::company_row!(lector_jobs, company, id))
            .set((
                lector_jobs::status.eq("failed"),
                lector_jobs::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Takes over a running job whose lease ran out (its server stopped), holding it for `lease`;
    /// the job's company and id. Two servers asking at once take different jobs or none.
    pub fn claim_stale(
        conn: &mut DbConnection,
        lease: TimeDelta,
    ) -> QueryResult<Option<(CompanyId, i64)>> {
        let at = now();
        let stale: Option<(i64, i64, Option<NaiveDateTime>)> = lector_jobs::table
            .filter(lector_jobs::status.eq("running"))
            .filter(lector_jobs::lease_until.lt(at))
            .select((
                lector_jobs::id,
                lector_jobs::company_id,
                lector_jobs::lease_until,
            ))
            .order(lector_jobs::lease_until.asc())
            .first(conn)
            .optional()?;
        let Some((id, company, lease_until)) = stale else {
            return Ok(None);
        };
        let taken = diesel::update(
            lector_jobs::table
                .filter(lector_jobs::id.eq(id))
                .filter(lector_jobs::status.eq("running"))
                .filter(lector_jobs::lease_until.eq(lease_until)),
        )
        .set(lector_jobs::lease_until.eq(at + lease))
        .execute(conn)?;
        Ok((taken == 1).then(|| (CompanyId::trusted(company), id)))
    }
}
