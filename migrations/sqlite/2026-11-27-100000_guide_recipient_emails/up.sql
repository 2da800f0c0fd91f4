-- E-mail of the destinatarios of an electronic guía de remisión (issue 23): optional, one per
-- recipient (index in the guía's destinatarios, like remission_guide_lines.recipient). The SRI's
-- guía has no e-mail field, so it lives here, not in the signed document; when the guía is
-- AUTORIZADO each address gets the authorized XML and the RIDE (services/ebilling/mail.rs).
CREATE TABLE remission_guide_emails (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id BIGINT NOT NULL REFERENCES companies (id),
    remission_guide_id BIGINT NOT NULL REFERENCES remission_guides (id),
    recipient INTEGER NOT NULL,
    email TEXT NOT NULL
);
CREATE UNIQUE INDEX remission_guide_emails_recipient ON remission_guide_emails (remission_guide_id, recipient);

-- The automatic message of an authorized document is one per document and address (a guía may
-- have several destinatarios), still decided by the index whatever the number of servers.
DROP INDEX email_outbox_sri_automatic;
CREATE UNIQUE INDEX email_outbox_sri_automatic ON email_outbox (sri_document_id, to_address) WHERE sri_automatic;
