-- E-mail of an electronic document to its buyer (issue 23). A message that names an SRI document
-- is composed when the mail worker sends it, with the document's authorized XML and its RIDE
-- attached (the RIDE is rendered through the same SSR path and cache as its page).
-- `sri_automatic` marks the one message sent when the document became AUTORIZADO; the unique
-- index keeps it to one per document whatever the number of servers (a message queued again on
-- request is not automatic).
ALTER TABLE email_outbox ADD COLUMN sri_document_id BIGINT REFERENCES sri_documents (id);
ALTER TABLE email_outbox ADD COLUMN sri_automatic BOOLEAN NOT NULL DEFAULT FALSE;
CREATE UNIQUE INDEX email_outbox_sri_automatic ON email_outbox (sri_document_id) WHERE sri_automatic;
