//! The e-mail outbox: mail is written in the same transaction as the change that causes it and
//! delivered later by the mail worker, so a slow or absent SMTP server never fails a request and
//! never loses a message.

use chrono::{NaiveDateTime, TimeDelta};
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::email_outbox;
use crate::util::time::now;

/// A message to deliver.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = email_outbox)]
pub struct OutboxMail {
    pub id: i64,
    pub to_address: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: String,
    pub created_at: NaiveDateTime,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub locked_until: Option<NaiveDateTime>,
    pub sent_at: Option<NaiveDateTime>,
    /// The electronic document this message carries to its buyer: such a message is composed
    /// when it is sent (text, RIDE link and attachments), see `services::ebilling::mail`.
    pub sri_document_id: Option<i64>,
    /// The one message queued when the document became AUTORIZADO (unique per document).
    pub sri_automatic: bool,
}

/// Delivery gives up after this many attempts (the message stays, with its last error).
pub const MAX_ATTEMPTS: i32 = 10;

/// Queues a message.
pub fn enqueue(
    conn: &mut DbConnection,
    to: &str,
    subject: &str,
    text: &str,
    html: &str,
) -> QueryResult<i64> {
    diesel::insert_into(email_outbox::table)
        .values((
            email_outbox::to_address.eq(to),
            email_outbox::subject.eq(subject),
            email_outbox::body_text.eq(text),
            email_outbox::body_html.eq(html),
            email_outbox::created_at.eq(now()),
        ))
        .returning(email_outbox::id)
        .get_result(conn)
}

/// Queues the e-mail of the electronic document `document` to `to` (composed when sent). With
/// `automatic` (the message of the document's authorization) a second one for the same document
/// is silently not queued — the unique index decides, whichever server tries — and the answer is
/// `false`.
pub fn enqueue_document(
    conn: &mut DbConnection,
    to: &str,
    document: i64,
    automatic: bool,
) -> QueryResult<bool> {
    let row = (
        email_outbox::to_address.eq(to),
        email_outbox::subject.eq(""),
        email_outbox::body_text.eq(""),
        email_outbox::body_html.eq(""),
        email_outbox::created_at.eq(now()),
        email_outbox::sri_document_id.eq(Some(document)),
        email_outbox::sri_automatic.eq(automatic),
    );
    let inserted = crate::db::native::execute(
        conn,
        diesel::insert_into(email_outbox::table)
            .values(row)
            .on_conflict_do_nothing(),
    )?;
    Ok(inserted == 1)
}

/// Messages carrying the electronic document `document`, oldest first (tests, support).
pub fn for_document(conn: &mut DbConnection, document: i64) -> QueryResult<Vec<OutboxMail>> {
    email_outbox::table
        .filter(email_outbox::sri_document_id.eq(document))
        .order(email_outbox::id.asc())
        .select(OutboxMail::as_select())
        .load(conn)
}

/// Takes a lease on up to `limit` pending messages. A lease is claimed by a conditional update on
/// the row's previous lease, so two servers never both claim the same message.
pub fn claim(
    conn: &mut DbConnection,
    limit: i64,
    lease: TimeDelta,
) -> QueryResult<Vec<OutboxMail>> {
    let at = now();
    let candidates: Vec<OutboxMail> = email_outbox::table
        .filter(email_outbox::sent_at.is_null())
        .filter(email_outbox::attempts.lt(MAX_ATTEMPTS))
        .filter(
            email_outbox::locked_until
                .is_null()
                .or(email_outbox::locked_until.lt(at)),
        )
        .order(email_outbox::id.asc())
        .limit(limit)
        .select(OutboxMail::as_select())
        .load(conn)?;
    let mut claimed = Vec::with_capacity(candidates.len());
    for mail in candidates {
        let previous = email_outbox::locked_until
            .is_null()
            .or(email_outbox::locked_until.lt(at));
        let won = diesel::update(email_outbox::table.find(mail.id).filter(previous))
            .set(email_outbox::locked_until.eq(at + lease))
            .execute(conn)?;
        if won == 1 {
            claimed.push(mail);
        }
    }
    Ok(claimed)
}

/// Marks a message delivered.
pub fn mark_sent(conn: &mut DbConnection, id: i64) -> QueryResult<usize> {
    diesel::update(email_outbox::table.find(id))
        .set((
            email_outbox::sent_at.eq(now()),
            email_outbox::locked_until.eq(None::<NaiveDateTime>),
        ))
        .execute(conn)
}

/// Records a failed attempt; the message is retried after `retry_in`.
pub fn mark_failed(
    conn: &mut DbConnection,
    id: i64,
    error: &str,
    retry_in: TimeDelta,
) -> QueryResult<usize> {
    diesel::update(email_outbox::table.find(id))
        .set((
            email_outbox::attempts.eq(email_outbox::attempts + 1),
            email_outbox::last_error.eq(error),
            email_outbox::locked_until.eq(now() + retry_in),
        ))
        .execute(conn)
}

/// Messages to one address, newest first (used by the command line and tests).
pub fn for_address(conn: &mut DbConnection, to: &str) -> QueryResult<Vec<OutboxMail>> {
    email_outbox::table
        .filter(email_outbox::to_address.eq(to))
        .order(email_outbox::id.desc())
        .select(OutboxMail::as_select())
        .load(conn)
}
