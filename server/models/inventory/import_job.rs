//! Bulk product imports: one row per uploaded file with its progress and row errors (JSON), so an
//! import can be left and its progress seen later.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::import_jobs;
use crate::models::CompanyId;
use crate::util::time::now;

/// An import job.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = import_jobs)]
pub struct ImportJob {
    pub id: i64,
    pub company_id: i64,
    pub user_id: Option<i64>,
    pub file_name: String,
    pub status: String,
    pub total: i64,
    pub processed: i64,
    pub created: i64,
    pub updated: i64,
    /// `[{row, column, message}]`.
    pub errors: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl ImportJob {
    /// Starts a job of `total` rows; returns its id.
    pub fn start(
        conn: &mut DbConnection,
        company: CompanyId,
        user_id: i64,
        file_name: &str,
        total: i64,
    ) -> QueryResult<i64> {
        let at = now();
        diesel::insert_into(import_jobs::table)
            .values((
                import_jobs::company_id.eq(company.get()),
                import_jobs::user_id.eq(user_id),
                import_jobs::file_name.eq(file_name),
                import_jobs::status.eq("running"),
                import_jobs::total.eq(total),
                import_jobs::processed.eq(0i64),
                import_jobs::created.eq(0i64),
                import_jobs::updated.eq(0i64),
                import_jobs::errors.eq("[]"),
                import_jobs::created_at.eq(at),
                import_jobs::updated_at.eq(at),
            ))
            .returning(import_jobs::id)
            .get_result(conn)
    }

    /// Saves the progress (and the final status).
    #[allow(clippy::too_many_arguments)]
    pub fn progress(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
        status: &str,
        processed: i64,
        created: i64,
        updated: i64,
        errors: &str,
    ) -> QueryResult<usize> {
        diesel::update(crate::company_row!(import_jobs, company, id))
            .set((
                import_jobs::status.eq(status),
                import_jobs::processed.eq(processed),
                import_jobs::created.eq(created),
                import_jobs::updated.eq(updated),
                import_jobs::errors.eq(errors),
                import_jobs::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// Marks a job failed (it stopped before its end).
    pub fn fail(conn: &mut DbConnection, company: CompanyId, id: i64) -> QueryResult<usize> {
        diesel::update(crate::company_row!(import_jobs, company, id))
            .set((
                import_jobs::status.eq("failed"),
                import_jobs::updated_at.eq(now()),
            ))
            .execute(conn)
    }

    /// One job of the company.
    pub fn find(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<ImportJob>> {
        import_jobs::table
            .filter(import_jobs::company_id.eq(company.get()))
            .filter(import_jobs::id.eq(id))
            .select(ImportJob::as_select())
            .first(conn)
            .optional()
    }
}
