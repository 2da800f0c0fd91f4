DROP INDEX email_outbox_sri_automatic;
ALTER TABLE email_outbox DROP COLUMN sri_automatic;
ALTER TABLE email_outbox DROP COLUMN sri_document_id;
