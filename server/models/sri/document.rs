//! Electronic documents on their way to the SRI: one row per comprobante, holding its clave de
//! acceso, the exact signed bytes that are sent, and where it is in reception and authorization.
//! The row is the truth the background worker resumes from after a restart; the lease columns
//! (`locked_until`, `locked_by`) keep two app servers from working on the same document at once.
//! The lifecycle is described in `server/sri/README.md` and [`crate::sri::queue`].

use chrono::{NaiveDate, NaiveDateTime, TimeDelta};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::sri_documents;
use crate::domain::document_status::DocumentStatus;
use crate::models::CompanyId;
use crate::util::time::now;

/// A stored electronic document.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = sri_documents)]
pub struct SriDocument {
    pub id: i64,
    pub company_id: i64,
    pub branch_office_id: i64,
    /// `codDoc`: 01 factura, 04 nota de crédito, 06 guía de remisión.
    pub doc_type: String,
    /// Version of the XSD the document follows (`1.1.0`, `2.1.0`).
    pub version: String,
    /// `ambiente`: 1 pruebas, 2 producción (chooses the SRI endpoints).
    pub environment: String,
    /// Clave de acceso (49 digits), generated once and kept on every resend.
    pub access_key: String,
    /// `estab`.
    pub establishment: String,
    /// `ptoEmi`.
    pub emission_point: String,
    /// `secuencial`.
    pub sequential: i64,
    /// `fechaEmision`.
    pub issue_date: NaiveDate,
    /// `importeTotal` (factura) or `valorModificacion` (nota de crédito) as decimal text; none for
    /// a guía de remisión.
    pub total: Option<String>,
    /// The model the XML was built from (JSON of [`crate::sri::model::Comprobante`]), for the RIDE
    /// and for corrections.
    pub document_json: String,
    /// The signed XML exactly as sent to the SRI.
    pub signed_xml: String,
    /// See [`DocumentStatus`].
    pub status: String,
    /// Reception requests made (`validarComprobante`), over the document's life.
    pub attempts: i32,
    /// Authorization queries since the last reception (drives the polling backoff).
    pub polls: i32,
    /// Consecutive failures to get an answer from the SRI (drives the retry backoff).
    pub errors: i32,
    /// Rejections (DEVUELTA, NO AUTORIZADO) over the document's life.
    pub failed_attempts: i32,
    /// Ecuador date of the last rejection, for the SRI's limit of rejections per day.
    pub failed_day: Option<NaiveDate>,
    /// Rejections on `failed_day`.
    pub failed_today: i32,
    /// The worker looks at the document again from this moment (UTC).
    pub next_attempt_at: NaiveDateTime,
    /// End of the current worker's lease.
    pub locked_until: Option<NaiveDateTime>,
    /// Which worker holds the lease.
    pub locked_by: Option<String>,
    /// When the current signed bytes were last sent.
    pub last_sent_at: Option<NaiveDateTime>,
    /// Last failure to talk to the SRI (Spanish), cleared by the next answer.
    pub last_error: Option<String>,
    /// `numeroAutorizacion`.
    pub authorization_number: Option<String>,
    /// `fechaAutorizacion` exactly as the SRI sent it (with its offset).
    pub authorization_date: Option<String>,
    /// `fechaAutorizacion` in UTC.
    pub authorized_at: Option<NaiveDateTime>,
    /// The `autorizacion` element with the authorized comprobante, to store and e-mail.
    pub authorized_xml: Option<String>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// A document to insert (always as `signed`, due at once).
#[derive(Debug, Insertable)]
#[diesel(table_name = sri_documents)]
pub struct NewSriDocument<'a> {
    pub company_id: i64,
    pub branch_office_id: i64,
    pub doc_type: &'a str,
    pub version: &'a str,
    pub environment: &'a str,
    pub access_key: &'a str,
    pub establishment: &'a str,
    pub emission_point: &'a str,
    pub sequential: i64,
    pub issue_date: NaiveDate,
    pub total: Option<String>,
    pub document_json: &'a str,
    pub signed_xml: &'a str,
    pub status: &'a str,
    pub next_attempt_at: NaiveDateTime,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// Columns a state change writes; `None` leaves a column as it is (`Some(None)` sets NULL).
#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = sri_documents)]
pub struct DocumentChanges {
    pub status: Option<String>,
    pub version: Option<String>,
    pub signed_xml: Option<String>,
    pub document_json: Option<String>,
    pub total: Option<Option<String>>,
    pub attempts: Option<i32>,
    pub polls: Option<i32>,
    pub errors: Option<i32>,
    pub failed_attempts: Option<i32>,
    pub failed_day: Option<Option<NaiveDate>>,
    pub failed_today: Option<i32>,
    pub next_attempt_at: Option<NaiveDateTime>,
    pub locked_until: Option<Option<NaiveDateTime>>,
    pub locked_by: Option<Option<String>>,
    pub last_sent_at: Option<Option<NaiveDateTime>>,
    pub last_error: Option<Option<String>>,
    pub authorization_number: Option<Option<String>>,
    pub authorization_date: Option<Option<String>>,
    pub authorized_at: Option<Option<NaiveDateTime>>,
    pub authorized_xml: Option<Option<String>>,
    pub updated_at: Option<NaiveDateTime>,
}

impl DocumentChanges {
    /// Also gives the lease back, so the document is free for whichever worker finds it due.
    pub fn releasing(mut self) -> DocumentChanges {
        self.locked_until = Some(None);
        self.locked_by = Some(None);
        self
    }
}

/// Statuses the worker has something to do for.
fn workable() -> Vec<&'static str> {
    DocumentStatus::ALL
        .into_iter()
        .filter(|s| s.is_pending())
        .map(DocumentStatus::as_str)
        .collect()
}

/// Legal window to get a document to the SRI, from its generation (sri.md §5: 72 hours).
pub const WINDOW: chrono::TimeDelta = chrono::TimeDelta::hours(72);

impl SriDocument {
    /// The limit to get the document authorized (UTC): [`WINDOW`] after its generation.
    pub fn deadline(&self) -> chrono::NaiveDateTime {
        self.created_at + WINDOW
    }

    /// Inserts and returns the new id.
    pub fn insert(conn: &mut DbConnection, new: &NewSriDocument) -> QueryResult<i64> {
        diesel::insert_into(sri_documents::table)
            .values(new)
            .returning(sri_documents::id)
            .get_result(conn)
    }

    /// By id.
    pub fn find(conn: &mut DbConnection, id: i64) -> QueryResult<SriDocument> {
        sri_documents::table
            .find(id)
            .select(SriDocument::as_select())
            .first(conn)
    }

    /// By id within a company (a document of another company is "not found").
    pub fn find_for_company(
        conn: &mut DbConnection,
        company: CompanyId,
        id: i64,
    ) -> QueryResult<Option<SriDocument>> {
        sri_documents::table
            .find(id)
            .filter(sri_documents::company_id.eq(company.get()))
            .select(SriDocument::as_select())
            .first(conn)
            .optional()
    }

    /// These documents of a company (those of another company are left out).
    pub fn find_many(
        conn: &mut DbConnection,
        company: CompanyId,
        ids: &[i64],
    ) -> QueryResult<Vec<SriDocument>> {
        sri_documents::table
            .filter(sri_documents::company_id.eq(company.get()))
            .filter(sri_documents::id.eq_any(ids))
            .select(SriDocument::as_select())
            .load(conn)
    }

    /// The document with clave `access_key`, of whichever company (the clave is unique): only for
    /// callers that authorized the request by other means (a signed RIDE link).
    pub fn find_by_access_key_anywhere(
        conn: &mut DbConnection,
        access_key: &str,
    ) -> QueryResult<Option<SriDocument>> {
        sri_documents::table
            .filter(sri_documents::access_key.eq(access_key))
            .select(SriDocument::as_select())
            .first(conn)
            .optional()
    }

    /// By clave de acceso within a company.
    pub fn find_by_access_key(
        conn: &mut DbConnection,
        company: CompanyId,
        access_key: &str,
    ) -> QueryResult<Option<SriDocument>> {
        sri_documents::table
            .filter(sri_documents::company_id.eq(company.get()))
            .filter(sri_documents::access_key.eq(access_key))
            .select(SriDocument::as_select())
            .first(conn)
            .optional()
    }

    /// A company's documents in one status, oldest first (e.g. the rejected ones to correct).
    pub fn with_status(
        conn: &mut DbConnection,
        company: CompanyId,
        status: DocumentStatus,
    ) -> QueryResult<Vec<SriDocument>> {
        sri_documents::table
            .filter(sri_documents::company_id.eq(company.get()))
            .filter(sri_documents::status.eq(status.as_str()))
            .order(sri_documents::id.asc())
            .select(SriDocument::as_select())
            .load(conn)
    }

    /// Takes a lease on up to `limit` due documents for `worker`. Each lease is won by a
    /// conditional update on the row's previous lease: of two servers racing for a row, the second
    /// one's update matches nothing (on PostgreSQL it waits for the first to commit and then sees
    /// the new lease), so a document is never claimed twice.
    pub fn claim(
        conn: &mut DbConnection,
        worker: &str,
        limit: i64,
        lease: TimeDelta,
    ) -> QueryResult<Vec<SriDocument>> {
        let at = now();
        let due = || {
            sri_documents::status
                .eq_any(workable())
                .and(sri_documents::next_attempt_at.le(at))
                .and(
                    sri_documents::locked_until
                        .is_null()
                        .or(sri_documents::locked_until.lt(at)),
                )
        };
        let candidates: Vec<i64> = sri_documents::table
            .filter(due())
            .order((
                sri_documents::next_attempt_at.asc(),
                sri_documents::id.asc(),
            ))
            .limit(limit)
            .select(sri_documents::id)
            .load(conn)?;
        let mut claimed = Vec::with_capacity(candidates.len());
        for id in candidates {
            let won = diesel::update(sri_documents::table.find(id).filter(due()))
                .set((
                    sri_documents::locked_until.eq(at + lease),
                    sri_documents::locked_by.eq(worker),
                ))
                .execute(conn)?;
            if won == 1 {
                claimed.push(Self::find(conn, id)?);
            }
        }
        Ok(claimed)
    }

    /// The earliest moment a document not leased by anyone becomes due (for an idle worker to
    /// sleep until then instead of polling).
    pub fn next_due(conn: &mut DbConnection) -> QueryResult<Option<NaiveDateTime>> {
        sri_documents::table
            .filter(sri_documents::status.eq_any(workable()))
            .filter(sri_documents::locked_until.is_null())
            .select(diesel::dsl::min(sri_documents::next_attempt_at))
            .first(conn)
    }

    /// Applies `changes` only while `worker` holds the lease (and, with `require_live_lease`, only
    /// while that lease has not expired: the check before a send). Returns false when another worker has taken the document over, in
    /// which case this one must drop it without acting.
    pub fn update_leased(
        conn: &mut DbConnection,
        id: i64,
        worker: &str,
        require_live_lease: bool,
        changes: &DocumentChanges,
    ) -> QueryResult<bool> {
        let mut changes = changes.clone();
        changes.updated_at = Some(now());
        let target = sri_documents::table
            .find(id)
            .filter(sri_documents::locked_by.eq(worker));
        let updated = if require_live_lease {
            diesel::update(target.filter(sri_documents::locked_until.gt(now())))
                .set(&changes)
                .execute(conn)?
        } else {
            diesel::update(target).set(&changes).execute(conn)?
        };
        Ok(updated == 1)
    }

    /// Applies `changes` only if the document is in one of `statuses` and not leased (corrections
    /// replace rejected documents, which no worker holds). Returns false otherwise.
    pub fn update_if_status(
        conn: &mut DbConnection,
        id: i64,
        statuses: &[&str],
        changes: &DocumentChanges,
    ) -> QueryResult<bool> {
        let mut changes = changes.clone();
        changes.updated_at = Some(now());
        let updated = diesel::update(
            sri_documents::table
                .find(id)
                .filter(sri_documents::status.eq_any(statuses))
                .filter(sri_documents::locked_by.is_null()),
        )
        .set(&changes)
        .execute(conn)?;
        Ok(updated == 1)
    }
}
