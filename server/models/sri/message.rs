//! Every message the SRI returned for a document (identificador, mensaje, informacionAdicional,
//! tipo), in order, with the stage and the state of the answer it came in. Kept forever: it is the
//! record of what the SRI said, shown to the user when a document is rejected.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::schema::sri_document_messages;

/// A stored SRI message.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = sri_document_messages)]
pub struct SriDocumentMessage {
    pub id: i64,
    pub document_id: i64,
    pub company_id: i64,
    /// `reception` (validarComprobante) or `authorization` (autorizacionComprobante).
    pub stage: String,
    /// `estado` of the answer the message came in (RECIBIDA, DEVUELTA, AUTORIZADO, …).
    pub sri_status: String,
    /// `identificador`: the SRI's code (35, 43, 60, 70…).
    pub identifier: String,
    /// `mensaje`.
    pub message: String,
    /// `informacionAdicional` (for 35, the schema validator's text).
    pub additional_info: Option<String>,
    /// `tipo`: ERROR, ADVERTENCIA, INFORMATIVO.
    pub kind: String,
    pub created_at: NaiveDateTime,
}

/// A message to insert.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = sri_document_messages)]
pub struct NewSriDocumentMessage {
    pub document_id: i64,
    pub company_id: i64,
    /// `reception` (validarComprobante) or `authorization` (autorizacionComprobante).
    pub stage: String,
    /// `estado` of the answer the message came in (RECIBIDA, DEVUELTA, AUTORIZADO, …).
    pub sri_status: String,
    /// `identificador`: the SRI's code (35, 43, 60, 70…).
    pub identifier: String,
    /// `mensaje`.
    pub message: String,
    /// `informacionAdicional` (for 35, the schema validator's text).
    pub additional_info: Option<String>,
    /// `tipo`: ERROR, ADVERTENCIA, INFORMATIVO.
    pub kind: String,
    pub created_at: NaiveDateTime,
}

impl SriDocumentMessage {
    /// Inserts messages in order (call inside the transaction that records the answer they came
    /// in; one statement each, as the two-backend connection has no multi-row insert).
    pub fn insert_all(
        conn: &mut DbConnection,
        messages: &[NewSriDocumentMessage],
    ) -> QueryResult<usize> {
        for message in messages {
            diesel::insert_into(sri_document_messages::table)
                .values(message)
                .execute(conn)?;
        }
        Ok(messages.len())
    }

    /// A document's messages, oldest first.
    pub fn for_document(
        conn: &mut DbConnection,
        document_id: i64,
    ) -> QueryResult<Vec<SriDocumentMessage>> {
        sri_document_messages::table
            .filter(sri_document_messages::document_id.eq(document_id))
            .order(sri_document_messages::id.asc())
            .select(SriDocumentMessage::as_select())
            .load(conn)
    }
}
