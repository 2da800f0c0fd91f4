DROP INDEX email_outbox_sri_automatic;
CREATE UNIQUE INDEX email_outbox_sri_automatic ON email_outbox (sri_document_id) WHERE sri_automatic;
DROP TABLE remission_guide_emails;
